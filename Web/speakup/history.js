// History (the coach): every take, found by the words said in it (the server searches the
// transcripts) or kept as favourites; then progress — the 17-week heatmap (sessions or score), the
// streak, and charts over 7, 30, 90 days or all time of the score, words, fillers, pace and each sub-score;
// the way to Then vs Now (compare.js); the practice between talks (drills with their scores,
// warm-ups and calm exercises).
import { api } from "../shared/api.js";
import { h } from "../shared/dom.js";
import { caption, heatmapSVG } from "./heatmap.js";
import { lineChartFigure } from "./chart-view.js";
import { seriesPoints, summary } from "./charts.js";
import { resultFacts } from "./drill-rules.js";
import { readingFacts } from "./reading-rules.js";
import { DIMENSIONS, lengthText, nextMilestone, scoreBand, shortDate, zoneQuery } from "./format.js";
import { loadPractice } from "./practice.js";
import { isKid, render, state } from "./state.js";
import { draw } from "./svg.js";
import { openJournal } from "./take-page.js";

const RANGES = [["7", "7 days"], ["30", "30 days"], ["90", "90 days"], ["all", "All"]];
export const METRICS = [["score", "Score"], ["wordCount", "Words"], ["fillerCount", "Fillers"], ["wpm", "Pace (WPM)"],
  ...DIMENSIONS.map(([key, name]) => [`sub:${key}`, name])];
let searchTimer = null;
let listAsked = 0;
let progressAsked = 0;

/** Loads the list and the progress (the History route). */
export function loadHistory() {
  loadList();
  loadProgress();
  loadPractice();
}

/** The takes for the search and filter; `more` adds the next page. */
export async function loadList({ more = false } = {}) {
  const view = state.history;
  const asked = ++listAsked;
  const query = new URLSearchParams({ filter: view.filter, limit: "50" });
  if (view.query.trim()) query.set("q", view.query.trim());
  if (more && view.next) query.set("before", view.next);
  try {
    const answer = await api(`/api/speakup/takes?${query}`);
    if (asked !== listAsked) return;  // a newer search answered meanwhile
    view.takes = more ? [...(view.takes ?? []), ...answer.takes] : answer.takes;
    view.next = answer.next ?? null;
    view.error = "";
  } catch (error) {
    if (asked === listAsked) view.error = error.message;
  }
  render();
}

export async function loadProgress() {
  const view = state.history;
  const asked = ++progressAsked;
  try {
    // Show & Tell has no range to pick: all of it (Then and Now plays the very first talk).
    const data = await api(`/api/speakup/history?range=${isKid() ? "all" : view.range}&${zoneQuery()}`);
    if (asked === progressAsked) view.data = data;
  } catch (error) {
    if (asked === progressAsked) view.error = error.message;
  }
  render();
}

/** A search a moment after the last key (the server searches the transcripts). */
function searchFor(text) {
  if (text === state.history.query) return;
  state.history.query = text;
  clearTimeout(searchTimer);
  searchTimer = setTimeout(() => loadList(), 300);
}

function search() {
  const view = state.history;
  const input = h("input", { type: "search", id: "history-search", class: "search", value: view.query, placeholder: "Search what you said…",
    "aria-label": "Search your takes by what you said", autocomplete: "off",
    oninput: (event) => searchFor(event.target.value),
    // The field's own ✕ (type=search) and Escape clear it with a "search" event.
    onsearch: (event) => searchFor(event.target.value) });
  const filter = (id, name) => h("button", { class: `btn segment${view.filter === id ? " selected" : ""}`, type: "button", id: `filter-${id}`,
    "aria-pressed": String(view.filter === id), onclick: () => { view.filter = id; loadList(); render(); } }, name);
  return h("div", { class: "search-row", role: "search" }, input,
    h("div", { class: "segmented", role: "group", "aria-label": "Show" }, filter("all", "All"), filter("favorites", "★ Favourites")));
}

function takeRow(take) {
  const score = Number.isFinite(take.score) ? take.score : null;
  return h("li", {}, h("a", { class: "take-row", href: `#take/${encodeURIComponent(take.id)}`, dataset: { takeId: take.id, focusKey: `take-${take.id}` } },
    h("span", { class: "take-row-main" },
      h("span", { class: "take-title" }, take.favorite ? h("span", { class: "fav", "aria-label": "Favourite" }, "★ ") : null, take.title || "Free practice"),
      h("span", { class: "take-meta" }, [shortDate(take.createdAt), lengthText(take.seconds), `${Math.round(take.wpm ?? 0)} WPM`,
        `${take.fillerCount ?? 0} ${take.fillerCount === 1 ? "filler" : "fillers"}`].join(" · ")),
      take.snippet ? h("span", { class: "snippet" }, `“…${take.snippet}…”`) : null),
    h("span", { class: `score-chip score-${scoreBand(score)}`, "aria-label": score == null ? "Not scored" : `Score ${score}` }, score ?? "–")));
}

function list() {
  const view = state.history;
  if (view.takes === null) return h("p", { class: "hint", role: "status" }, "Loading…");
  if (!view.takes.length) {
    return h("p", { class: "glass-card empty", id: "no-takes" }, view.query.trim() ? `No takes with “${view.query.trim()}”.`
      : view.filter === "favorites" ? "No favourites yet: tap ☆ on a take to keep it here." : "No takes yet. Record one on Today!");
  }
  return h("div", {},
    h("ul", { class: "plain take-list", id: "take-list" }, view.takes.map(takeRow)),
    view.next ? h("button", { class: "btn", type: "button", id: "load-more", onclick: () => loadList({ more: true }) }, "Show more") : null);
}

function streakCard(streak) {
  const milestone = streak.nextMilestone ?? nextMilestone(streak.current ?? 0);
  return h("section", { class: "glass-card streak-card", id: "streak-card", "aria-label": "Streak" },
    h("p", { class: "stat" }, h("span", { class: "stat-value" }, `🔥 ${streak.current ?? 0}`), h("span", { class: "stat-name" }, "day streak")),
    h("p", { class: "stat" }, h("span", { class: "stat-value" }, String(streak.longest ?? 0)), h("span", { class: "stat-name" }, "longest")),
    milestone ? h("p", { class: "stat" }, h("span", { class: "stat-value" }, String(milestone)), h("span", { class: "stat-name" }, "next milestone")) : null);
}

function heatmapCard(days) {
  const view = state.history;
  const mode = (id, name) => h("button", { class: `btn segment${view.heatmap === id ? " selected" : ""}`, type: "button", id: `heatmap-${id}`,
    "aria-pressed": String(view.heatmap === id), onclick: () => { view.heatmap = id; render(); } }, name);
  return h("section", { class: "glass-card heatmap-card", id: "heatmap-card", "aria-labelledby": "heatmap-title" },
    h("div", { class: "card-head" }, h("h2", { class: "section-title", id: "heatmap-title" }, "Activity"),
      h("div", { class: "segmented", role: "group", "aria-label": "Colour by" }, mode("sessions", "Sessions"), mode("score", "Score"))),
    draw(heatmapSVG(days, { mode: view.heatmap, label: `Practice over the last 17 weeks: ${caption(days, view.heatmap)}` })),
    h("p", { class: "hint", id: "heatmap-caption" }, caption(days, view.heatmap)));
}

function chartCard(series) {
  const view = state.history;
  const points = seriesPoints(series, view.metric);
  const stats = summary(points);
  const name = METRICS.find(([id]) => id === view.metric)?.[1] ?? "Score";
  const scoreLike = view.metric === "score" || view.metric.startsWith("sub:");
  const range = (id, text) => h("button", { class: `btn segment${view.range === id ? " selected" : ""}`, type: "button", id: `range-${id}`,
    "aria-pressed": String(view.range === id), onclick: () => { view.range = id; loadProgress(); render(); } }, text);
  const words = stats ? `average ${Math.round(stats.average)} · best ${Math.round(view.metric === "fillerCount" ? stats.lowest : stats.best)} · latest ${Math.round(stats.latest)} · ${stats.count} ${stats.count === 1 ? "take" : "takes"}` : "";
  return h("section", { class: "glass-card chart-card", id: "chart-card", "aria-labelledby": "chart-title" },
    h("div", { class: "card-head" }, h("h2", { class: "section-title", id: "chart-title" }, "Progress"),
      h("label", { class: "metric-picker", for: "chart-metric" }, h("span", { class: "visually-hidden" }, "Chart"),
        h("select", { id: "chart-metric", onchange: (event) => { view.metric = event.target.value; render(); } },
          METRICS.map(([id, text]) => h("option", { value: id, selected: id === view.metric }, text))))),
    h("div", { class: "segmented", role: "group", "aria-label": "Time range" }, RANGES.map(([id, text]) => range(id, text))),
    points.length
      ? lineChartFigure("progress-chart", points, { yDomain: scoreLike ? [0, 100] : null, name,
        xLabel: (x) => new Date(x).toLocaleDateString(undefined, { month: "short", day: "numeric" }), label: `${name} over time: ${words}` })
      : h("p", { class: "hint" }, "No takes in this range yet."),
    words ? h("p", { class: "hint", id: "chart-summary" }, `${name}: ${words}`) : null);
}

export function historyScreen() {
  const view = state.history;
  const data = view.data;
  return h("div", { class: "history" },
    h("h1", { class: "screen-title" }, "History"),
    view.error ? h("p", { class: "error-text", role: "alert" }, view.error) : null,
    search(),
    list(),
    data ? h("div", { class: "progress", id: "progress" },
      h("div", { class: "history-links" }, h("a", { class: "btn", href: "#compare", id: "then-vs-now" }, "⏪ Then vs Now"),
        h("a", { class: "btn", href: "#goals", id: "history-goals" }, "🏆 Goals & badges"),
        h("button", { class: "btn", type: "button", id: "history-journal", onclick: openJournal }, "📄 Journal PDF"),
        h("a", { class: "btn", href: "#settings", id: "history-settings" }, "⚙️ Settings")),
      streakCard(data.streak ?? {}), heatmapCard(data.heatmap ?? []), chartCard(data.series ?? []))
      : null,
    practiceCard());
}

/** The newest practice: drills with their scores, warm-ups and calm exercises by name. */
function practiceCard() {
  const practice = state.practice;
  if (!practice?.exercises || !practice.items?.length) return null;
  const names = new Map([...practice.exercises.warmUps, ...practice.exercises.calm, ...(practice.exercises.drills ?? []), ...(practice.exercises.passages ?? [])]
    .map((item) => [item.id, `${item.emoji} ${item.title}`]));
  const row = (item) => h("li", { class: "practice-row", dataset: { kind: item.kind } },
    h("span", { class: "take-row-main" },
      h("span", { class: "take-title" }, names.get(item.itemId) ?? item.itemId),
      h("span", { class: "take-meta" }, [shortDate(item.createdAt), lengthText(item.seconds), ...(item.drill ? resultFacts(item.drill) : []),
        ...(item.reading ? readingFacts(item.reading) : [])].join(" · "))),
    outcomeChip(item.drill ?? item.reading));
  return h("section", { class: "glass-card", id: "practice-log", "aria-labelledby": "practice-log-title" },
    h("h2", { class: "section-title", id: "practice-log-title" }, "Practice"),
    h("ul", { class: "plain take-list" }, practice.items.slice(0, 10).map(row)));
}

function outcomeChip(result) {
  if (!result) return h("span", { class: "chip done-chip" }, "✓");
  return h("span", { class: `score-chip score-${scoreBand(result.score)}`, "aria-label": `Score ${result.score}${result.passed ? ", passed" : ""}` },
    `${result.passed ? "🏆 " : ""}${result.score}`);
}
