// The prompt library's rules, pure: which prompts a search and the filters keep, each category's
// done/total, a prompt for the wheel's category (one not answered yet first), and the check a new
// prompt gets before it is sent (the server's rules: 5–400 characters).

/** Lower case without accents, so "café" finds "cafe". */
const fold = (text) => String(text ?? "").normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

export const SHOW = ["all", "todo", "answered", "mine"];

/** The prompts that have every word of `query` and match the category, difficulty and `show` (all, todo, answered, mine). */
export function filterPrompts(prompts, { query = "", category = "all", difficulty = "all", show = "all" } = {}) {
  const words = fold(query).split(/\s+/).filter(Boolean);
  return (prompts ?? []).filter((prompt) => {
    if (category !== "all" && prompt.category !== category) return false;
    if (difficulty !== "all" && prompt.difficulty !== difficulty) return false;
    if (show === "todo" && prompt.answered) return false;
    if (show === "answered" && !prompt.answered) return false;
    if (show === "mine" && !prompt.custom) return false;
    const text = fold(prompt.text);
    return words.every((word) => text.includes(word));
  });
}

/** Each category with its answered and total counts as the library shows them ("3/27"), and whether all are done. */
export function categoryProgress(categories) {
  return (categories ?? []).map((category) => ({
    ...category, label: `${category.answered}/${category.total}`, done: category.total > 0 && category.answered >= category.total,
  }));
}

/** The categories the wheel shows: those with prompts. */
/** What a pasted batch did: "Added 3 prompts. Skipped lines 2 and 5: already yours." */
export function batchSummary(answer) {
  const added = `Added ${answer?.added ?? 0} prompt${answer?.added === 1 ? "" : "s"}.`;
  const skipped = answer?.skipped ?? [];
  if (!skipped.length) return added;
  const lines = skipped.length === 1 ? `line ${skipped[0]}` : `lines ${skipped.slice(0, -1).join(", ")} and ${skipped.at(-1)}`;
  return `${added} Skipped ${lines}: already yours.`;
}

/** The wheel's slices: categories with prompts, less those the speaker switched off (never all of them: then every one is on). */
export function wheelCategories(library, off = []) {
  const withPrompts = (library?.categories ?? []).filter((category) => category.total > 0);
  const on = withPrompts.filter((category) => !off.includes(category.id));
  return on.length ? on : withPrompts;
}

/** Switches one category off or on; the last one on stays on. */
export function toggleWheelCategory(library, off, id) {
  const next = off.includes(id) ? off.filter((item) => item !== id) : [...off, id];
  const withPrompts = (library?.categories ?? []).filter((category) => category.total > 0);
  return withPrompts.some((category) => !next.includes(category.id)) ? next : off;
}

/** A prompt of `category` for the wheel: one not answered yet when there is one. `random()` is in [0, 1). */
export function pickPrompt(prompts, category, random = Math.random) {
  const inCategory = (prompts ?? []).filter((prompt) => prompt.category === category);
  const fresh = inCategory.filter((prompt) => !prompt.answered);
  const pool = fresh.length ? fresh : inCategory;
  return pool.length ? pool[Math.min(pool.length - 1, Math.floor(random() * pool.length))] : null;
}

/** What is wrong with a new prompt's text before it is sent, or null. */
export function promptProblem(text) {
  const clean = String(text ?? "").trim().replace(/\s+/g, " ");
  if ([...clean].length < 5) return "Write at least 5 characters.";
  if ([...clean].length > 400) return "Keep it under 400 characters.";
  return null;
}

/** The words an import's answer is told in. */
export function importSummary({ added = 0, skipped = [], refiled = [], refiledTo = "" } = {}) {
  const parts = [`Added ${added} prompt${added === 1 ? "" : "s"}.`];
  if (skipped.length) parts.push(`Skipped ${skipped.length} already in your library (row${skipped.length === 1 ? "" : "s"} ${skipped.join(", ")}).`);
  if (refiled.length) parts.push(`Put row${refiled.length === 1 ? "" : "s"} ${refiled.join(", ")} under ${refiledTo}: their category was not one we know.`);
  return parts.join(" ");
}
