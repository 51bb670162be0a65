// The prompt library (#prompts, the coach's): every prompt of the app and the speaker's own, found by
// words, category, difficulty and done or not, each category's done/total, a prompt of your own,
// and CSV import and export behind the parent gate. "🎤 Use" starts a take with that prompt.
import { api } from "../shared/api.js";
import { h } from "../shared/dom.js";
import { local } from "../shared/safe-storage.js";
import { withParentGate } from "../shared/parent-gate.js";
import { sounds } from "../shared/sounds.js";
import { beginTake } from "./flow.js";
import { humanize, lengthText } from "./format.js";
import { batchSummary, categoryProgress, filterPrompts, importSummary, promptProblem, SHOW } from "./prompt-filter.js";
import { render, state } from "./state.js";
import { choosePrompt } from "./today.js";

const SHOWN_AT_ONCE = 60;
const SHOW_NAMES = { all: "All", todo: "Not done yet", answered: "Done", mine: "My own" };

export const freshLibrary = () => ({
  data: null, error: "", message: "", query: "", category: "all", difficulty: "all", show: "all", limit: SHOWN_AT_ONCE,
  draft: { text: "", category: "", difficulty: "medium" }, busy: false,
});

const view = () => (state.library ??= freshLibrary());
const LAYOUT_KEY = "speakup-library-layout";
/** The list as rows or as cards (kept on this device). */
const layout = () => (local.readText(LAYOUT_KEY) === "cards" ? "cards" : "list");

export async function loadLibrary() {
  const library = view();
  library.error = "";
  try {
    library.data = await api("/api/speakup/prompts");
  } catch (error) {
    library.error = error.message;
  }
  render();
  return library.data;
}

/** Starts a take with `prompt` (the countdown runs on Today). */
export function useLibraryPrompt(prompt) {
  const category = view().data?.categories?.find((item) => item.id === prompt.category);
  choosePrompt({ ...prompt, categoryName: category?.name ?? humanize(prompt.category) });
  location.hash = "#today";
  beginTake({ withPrompt: true });
}

/** Adds the draft: one prompt, or several pasted one a line (added together or not at all; the server names every bad line). */
async function addPrompt(event) {
  event.preventDefault();
  const library = view();
  const { draft } = library;
  const problem = draft.several ? (draft.text.trim() ? "" : "Write one prompt a line.") : promptProblem(draft.text);
  if (problem) { library.error = problem; render(); return; }
  library.busy = true;
  library.error = "";
  try {
    const body = { text: draft.text, category: draft.category || undefined, difficulty: draft.difficulty };
    const answer = await api(draft.several ? "/api/speakup/prompts/batch" : "/api/speakup/prompts", { method: "POST", body });
    library.draft = { ...draft, text: "" };
    library.message = draft.several ? batchSummary(answer) : `Added “${answer.text}” to your prompts.`;
    sounds.success?.();
    await loadLibrary();
  } catch (error) {
    library.error = error.message;
  }
  library.busy = false;
  render();
}

async function deletePrompt(prompt) {
  const library = view();
  try {
    await api(`/api/speakup/prompts/${encodeURIComponent(prompt.id)}`, { method: "DELETE" });
    library.message = "Deleted.";
    await loadLibrary();
  } catch (error) {
    library.error = error.message;
    render();
  }
}

export async function importFile(file) {
  const library = view();
  if (!file) return;
  library.busy = true;
  library.error = "";
  library.message = "";
  render();
  try {
    const text = await file.text();
    const answer = await withParentGate(() => api("/api/speakup/prompts/import", { method: "POST", raw: text, contentType: "text/csv" }),
      { reason: "A grown-up imports prompts from a file." });
    if (answer) { library.message = importSummary(answer); await loadLibrary(); }
  } catch (error) {
    library.error = error.message;
  }
  library.busy = false;
  render();
}

export async function exportFile() {
  const library = view();
  library.error = "";
  try {
    const csv = await withParentGate(() => api("/api/speakup/prompts/export", { method: "POST" }),
      { reason: "A grown-up saves the prompts as a file." });
    if (csv === null) return;
    const link = h("a", { href: URL.createObjectURL(new Blob([csv], { type: "text/csv" })), download: "speakup-prompts.csv", hidden: true });
    document.body.append(link);
    link.click();
    setTimeout(() => { URL.revokeObjectURL(link.href); link.remove(); }, 1000);
    library.message = "Saved speakup-prompts.csv.";
  } catch (error) {
    library.error = error.message;
  }
  render();
}

function change(patch) {
  Object.assign(view(), patch, { limit: SHOWN_AT_ONCE });
  render();
}

const select = (id, label, value, options, onchange) => h("label", { class: "field", for: id },
  h("span", { class: "field-name" }, label),
  h("select", { id, onchange: (event) => onchange(event.target.value) },
    options.map(([key, name]) => h("option", { value: key, selected: key === value }, name))));

function filters(library, categories) {
  return h("section", { class: "glass-card library-filters", "aria-label": "Find a prompt" },
    h("label", { class: "field search-field", for: "prompt-search" }, h("span", { class: "field-name" }, "Search"),
      h("input", { type: "search", id: "prompt-search", value: library.query, placeholder: "Words in the prompt", autocomplete: "off",
        oninput: (event) => change({ query: event.target.value }) })),
    h("div", { class: "filter-row" },
      select("prompt-category", "Category", library.category, [["all", "All categories"], ...categories.map((c) => [c.id, `${c.name} (${c.label})`])],
        (category) => change({ category })),
      select("prompt-difficulty", "Difficulty", library.difficulty, [["all", "Any"], ["easy", "Easy"], ["medium", "Medium"], ["hard", "Hard"]],
        (difficulty) => change({ difficulty })),
      select("prompt-show", "Show", library.show, SHOW.map((key) => [key, SHOW_NAMES[key]]), (show) => change({ show }))));
}

function progress(categories) {
  return h("section", { class: "glass-card", "aria-labelledby": "progress-title" },
    h("h2", { class: "section-title", id: "progress-title" }, "Done so far"),
    h("ul", { class: "plain category-progress", id: "category-progress" }, categories.map((category) =>
      h("li", {}, h("button", { class: `chip-button${category.done ? " done" : ""}`, type: "button", "aria-pressed": String(view().category === category.id),
        onclick: () => change({ category: view().category === category.id ? "all" : category.id }) },
      h("span", {}, category.name), h("span", { class: "count" }, category.label))))));
}

function promptRow(prompt, names) {
  return h("li", { class: `library-item${prompt.answered ? " answered" : ""}`, dataset: { promptId: prompt.id } },
    h("p", { class: "library-text" }, prompt.answered ? h("span", { class: "done-mark", "aria-label": "Done" }, "✓ ") : null, prompt.text),
    h("div", { class: "library-meta" },
      h("span", { class: "chip" }, names[prompt.category] ?? humanize(prompt.category)),
      h("span", { class: `chip difficulty-${prompt.difficulty}` }, humanize(prompt.difficulty)),
      h("span", { class: "chip" }, lengthText(prompt.seconds)),
      prompt.custom ? h("span", { class: "chip mine" }, "Mine") : null,
      h("span", { class: "library-actions" },
        prompt.custom ? h("button", { class: "btn ghost", type: "button", "aria-label": `Delete “${prompt.text}”`, onclick: () => deletePrompt(prompt) }, "🗑️") : null,
        h("button", { class: "btn primary use-prompt", type: "button", "aria-label": `Use “${prompt.text}”`, onclick: () => useLibraryPrompt(prompt) }, "🎤 Use"))));
}

function addCard(library, categories) {
  const { draft } = library;
  return h("form", { class: "glass-card add-prompt", id: "add-prompt", "aria-labelledby": "add-title", onsubmit: addPrompt },
    h("h2", { class: "section-title", id: "add-title" }, "Add your own prompt"),
    h("div", { class: "row start", role: "group", "aria-label": "How many" },
      [[false, "One"], [true, "Several, one a line"]].map(([several, label]) => h("button", { class: "chip-button", type: "button",
        id: several ? "add-several" : "add-one", "aria-pressed": String(Boolean(draft.several) === several),
        onclick: () => { draft.several = several; render(); } }, label))),
    h("label", { class: "field", for: "new-prompt-text" }, h("span", { class: "field-name" }, draft.several ? "Prompts (one a line, up to 50)" : "Prompt"),
      h("textarea", { id: "new-prompt-text", rows: draft.several ? 6 : 2, maxlength: draft.several ? 25_000 : 400,
        placeholder: draft.several ? "One prompt a line" : "What would you like to talk about?",
        oninput: (event) => { draft.text = event.target.value; } }, draft.text)),
    h("div", { class: "filter-row" },
      select("new-prompt-category", "Category", draft.category, [["", "Personal Growth (usual)"], ...categories.map((c) => [c.id, c.name])],
        (category) => { draft.category = category; }),
      select("new-prompt-difficulty", "Difficulty", draft.difficulty, [["easy", "Easy"], ["medium", "Medium"], ["hard", "Hard"]],
        (difficulty) => { draft.difficulty = difficulty; })),
    h("div", { class: "row start" },
      h("button", { class: "btn primary", type: "submit", id: "add-prompt-button", disabled: library.busy }, draft.several ? "➕ Add them" : "➕ Add"),
      h("label", { class: "btn secondary file-button", for: "import-file" }, "⬆️ Import CSV",
        h("input", { type: "file", id: "import-file", accept: ".csv,text/csv", class: "visually-hidden",
          onchange: (event) => { importFile(event.target.files?.[0]); event.target.value = ""; } })),
      h("button", { class: "btn secondary", type: "button", id: "export-prompts", onclick: exportFile, disabled: !library.data?.customCount }, "⬇️ Export CSV")),
    h("p", { class: "hint" }, `A CSV file has one prompt a line: text,category,difficulty. You have ${library.data?.customCount ?? 0} of ${library.data?.customLimit ?? 1000} prompts of your own.`));
}

export function libraryScreen() {
  const library = view();
  if (!library.data) {
    return h("div", { class: "library" }, h("a", { class: "btn ghost back-link", href: "#today" }, "← Today"),
      library.error ? h("p", { class: "error-text", role: "alert" }, library.error) : h("p", { class: "hint", role: "status" }, "Loading the prompts…"));
  }
  const categories = categoryProgress(library.data.categories);
  const names = Object.fromEntries(categories.map((category) => [category.id, category.name]));
  const found = filterPrompts(library.data.prompts, library);
  return h("div", { class: "library", id: "library" },
    h("div", { class: "row start" },
      h("a", { class: "btn ghost back-link", href: "#today", id: "library-back" }, "← Today"),
      h("a", { class: "btn secondary", href: "#wheel", id: "open-wheel" }, "🎡 Spin the wheel")),
    h("h1", { class: "screen-title" }, "Prompt library"),
    library.error ? h("p", { class: "error-text", role: "alert", id: "library-error" }, library.error) : null,
    library.message ? h("p", { class: "hint", role: "status", id: "library-message" }, library.message) : null,
    filters(library, categories),
    progress(categories),
    h("section", { class: "glass-card", "aria-labelledby": "found-title" },
      h("div", { class: "row spread" },
        h("h2", { class: "section-title", id: "found-title", role: "status" }, `${found.length} prompt${found.length === 1 ? "" : "s"}`),
        h("div", { class: "row", role: "group", "aria-label": "Show as" }, [["list", "☰ List"], ["cards", "▦ Cards"]].map(([id, label]) =>
          h("button", { class: "chip-button", type: "button", id: `layout-${id}`, "aria-pressed": String(layout() === id),
            onclick: () => { local.writeText(LAYOUT_KEY, id); render(); } }, label)))),
      found.length
        ? h("ul", { class: `plain library-list${layout() === "cards" ? " cards" : ""}`, id: "library-list" }, found.slice(0, library.limit).map((prompt) => promptRow(prompt, names)))
        : h("p", { class: "hint", id: "library-empty" }, "No prompt has all those words. Try fewer words or another filter."),
      found.length > library.limit
        ? h("button", { class: "btn secondary", type: "button", id: "show-more", onclick: () => { library.limit += SHOWN_AT_ONCE; render(); } },
          `Show more (${found.length - library.limit} left)`) : null),
    addCard(library, categories));
}
