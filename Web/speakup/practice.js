// Practice (#practice): the tools for between talks. The prompt library and wheel, the drills with
// their best scores, the timed warm-ups by category and the calm exercises, each with how many
// times it was done. Show & Tell's page has the wheel, the breathing warm-ups and the calm ones as
// big buttons that say their names (drills need reading and numbers, so it has none).
import { api } from "../shared/api.js";
import { h } from "../shared/dom.js";
import { drillStats } from "./drill-rules.js";
import { passagesByLevel, readingStats } from "./reading-rules.js";
import { lengthOf } from "./warmup-runner.js";
import { isKid, progressed, render, state } from "./state.js";

const CATEGORY_NAMES = { breathing: "Breathing", tongueTwister: "Tongue twisters", vocal: "Voice", articulation: "Clear words" };
/** Show & Tell's warm-ups: breathing and voice (the twisters and drills need reading). */
const KID_CATEGORIES = new Set(["breathing", "vocal"]);

export const freshPractice = () => ({ exercises: null, done: {}, items: [], error: "" });
const view = () => (state.practice ??= freshPractice());

/** The catalogue (once) and what this speaker has done (each time the page opens). */
export async function loadPractice() {
  const practice = view();
  practice.error = "";
  try {
    const [exercises, done] = await Promise.all([practice.exercises ?? api("/api/speakup/exercises"), api("/api/speakup/practice")]);
    practice.exercises = exercises;
    practice.done = done.counts ?? {};
    practice.items = done.items ?? [];
  } catch (error) {
    practice.error = error.message;
  }
  render();
}

export const warmUpById = (id) => view().exercises?.warmUps?.find((item) => item.id === id) ?? null;
export const calmById = (id) => view().exercises?.calm?.find((item) => item.id === id) ?? null;
export const drillById = (id) => view().exercises?.drills?.find((item) => item.id === id) ?? null;
export const passageById = (id) => view().exercises?.passages?.find((item) => item.id === id) ?? null;

/** A drill's or a reading's result the server kept: first in the log, counted. */
export function keepDrillResult(item) {
  const practice = view();
  practice.items = [item, ...practice.items];
  const key = `${item.kind}:${item.itemId}`;
  practice.done = { ...practice.done, [key]: (practice.done[key] ?? 0) + 1 };
  progressed();
}

/** Keeps one exercise done; the count shows next time the list is drawn. */
export async function recordPractice(kind, itemId, seconds) {
  const practice = view();
  const saved = await api("/api/speakup/practice", { method: "POST", body: { kind, itemId, seconds: Math.round(seconds * 10) / 10 } });
  const key = `${kind}:${itemId}`;
  practice.done = { ...practice.done, [key]: (practice.done[key] ?? 0) + 1 };
  progressed();
  return saved;
}

const doneBadge = (count, kid) => (count ? h("span", { class: "chip done-chip", "aria-label": kid ? "Done before" : `Done ${count} times` }, kid ? "✓" : `✓ ${count}`) : null);

function exerciseLink(href, item, detail, count, kid) {
  return h("li", {}, h("a", { class: `practice-item${kid ? " kid" : ""}`, href, dataset: { say: item.title }, "aria-label": kid ? item.title : null },
    h("span", { class: "practice-emoji", "aria-hidden": "true" }, item.emoji),
    kid ? null : h("span", { class: "practice-text" }, h("span", { class: "practice-title" }, item.title), h("span", { class: "hint" }, detail)),
    doneBadge(count, kid)));
}

export function practiceScreen() {
  const practice = view();
  const kid = isKid();
  if (!practice.exercises) {
    return h("div", { class: "practice" }, practice.error ? h("p", { class: "error-text", role: "alert" }, practice.error) : h("p", { class: "hint", role: "status" }, "Loading…"));
  }
  const warmUps = practice.exercises.warmUps.filter((item) => !kid || KID_CATEGORIES.has(item.category));
  const groups = Object.keys(CATEGORY_NAMES).map((category) => [category, warmUps.filter((item) => item.category === category)]).filter(([, items]) => items.length);
  return h("div", { class: "practice", id: "practice" },
    h("h1", { class: "screen-title" }, kid ? "Get ready to talk! 🌟" : "Practice"),
    h("section", { class: "glass-card", "aria-labelledby": "tools-title" },
      h("h2", { class: "section-title", id: "tools-title" }, kid ? "Pick a question" : "Prompts"),
      h("div", { class: "row start" },
        h("a", { class: "btn secondary big", href: "#wheel", id: "practice-wheel", dataset: { say: "Spin the question wheel" } }, "🎡 Spin the wheel"),
        kid ? null : h("a", { class: "btn secondary big", href: "#prompts", id: "practice-library" }, "📚 All prompts"),
        kid ? null : h("a", { class: "btn secondary big", href: "#settings", id: "practice-settings" }, "⚙️ Settings"))),
    kid ? null : drillsSection(practice),
    kid ? null : readingSection(practice),
    h("section", { class: "glass-card", "aria-labelledby": "warmups-title" },
      h("h2", { class: "section-title", id: "warmups-title" }, kid ? "Warm up" : "Warm-ups"),
      groups.map(([category, items]) => h("div", { class: "practice-group" },
        kid ? null : h("h3", { class: "group-title" }, CATEGORY_NAMES[category]),
        h("ul", { class: "plain practice-list", id: `warmups-${category}` },
          items.map((item) => exerciseLink(`#warmup/${item.id}`, item, `${lengthOf(item.steps.reduce((sum, step) => sum + step.seconds, 0))} · ${item.summary}`,
            practice.done[`warmUp:${item.id}`], kid)))))),
    h("section", { class: "glass-card", "aria-labelledby": "calm-title" },
      h("h2", { class: "section-title", id: "calm-title" }, kid ? "Feel calm" : "Calm"),
      h("ul", { class: "plain practice-list", id: "calm-list" },
        practice.exercises.calm.map((item) => exerciseLink(`#calm/${item.id}`, item, `About ${item.minutes} min · ${item.steps.length} steps`,
          practice.done[`calm:${item.id}`], kid)))));
}

function drillsSection(practice) {
  return h("section", { class: "glass-card", "aria-labelledby": "drills-title" },
    h("h2", { class: "section-title", id: "drills-title" }, "Drills"),
    h("ul", { class: "plain practice-list", id: "drill-list" }, (practice.exercises.drills ?? []).map((drill) => {
      const stats = drillStats(practice.items, drill.id);
      const detail = `${drill.seconds} s · ${drill.goal}${stats ? ` · best ${stats.best}` : ""}`;
      return h("li", {}, h("a", { class: "practice-item", href: `#drill/${drill.id}` },
        h("span", { class: "practice-emoji", "aria-hidden": "true" }, drill.emoji),
        h("span", { class: "practice-text" }, h("span", { class: "practice-title" }, drill.title), h("span", { class: "hint" }, detail)),
        stats?.passed ? h("span", { class: "chip done-chip", "aria-label": `Passed; tried ${stats.tries} times` }, `🏆 ${stats.tries}`)
          : doneBadge(stats?.tries ?? 0, false)));
    })));
}

function readingSection(practice) {
  return h("section", { class: "glass-card", "aria-labelledby": "reading-title" },
    h("h2", { class: "section-title", id: "reading-title" }, "Read aloud"),
    passagesByLevel(practice.exercises.passages).map(([level, name, passages]) => h("div", { class: "practice-group" },
      h("h3", { class: "group-title" }, name),
      h("ul", { class: "plain practice-list", id: `passages-${level}` }, passages.map((passage) => {
        const stats = readingStats(practice.items, passage.id);
        const detail = `${passage.text.split(/\s+/).length} words${stats ? ` · best ${stats.best}` : ""}`;
        return h("li", {}, h("a", { class: "practice-item", href: `#read/${passage.id}` },
          h("span", { class: "practice-emoji", "aria-hidden": "true" }, passage.emoji),
          h("span", { class: "practice-text" }, h("span", { class: "practice-title" }, passage.title), h("span", { class: "hint" }, detail)),
          stats?.passed ? h("span", { class: "chip done-chip", "aria-label": `Read fluently; read ${stats.tries} times` }, `🏆 ${stats.tries}`)
            : doneBadge(stats?.tries ?? 0, false)));
      })))));
}
