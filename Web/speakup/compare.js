// Compare (the coach): two takes side by side — by default Then vs Now, the first scored take and
// the latest — with "+N points", each measure's change marked better or worse, and both
// recordings to hear one after the other. Either take can be swapped for any other.
import { api } from "../shared/api.js";
import { h } from "../shared/dom.js";
import { comparisonRows, pointsText, thenAndNow } from "./compare-rows.js";
import { lengthText, scoreBand, shortDate, zoneQuery } from "./format.js";
import { go, render, state, targetWPM } from "./state.js";

let asked = 0;

/** Loads the takes to choose from and the two the address names (or Then vs Now). */
export async function loadCompare(route) {
  const ask = ++asked;
  const view = state.compare;
  view.error = "";
  try {
    if (!view.points) view.points = (await api(`/api/speakup/history?range=all&${zoneQuery()}`)).series ?? [];
    const pair = route.then && route.now ? { then: route.then, now: route.now } : thenAndNow(view.points);
    if (ask !== asked) return;
    view.pair = pair;
    if (pair) {
      const [then, now] = await Promise.all([pair.then, pair.now].map((id) => view.takes[id] ?? api(`/api/speakup/takes/${encodeURIComponent(id)}`)));
      if (ask !== asked) return;
      view.takes = { [then.id]: then, [now.id]: now };
    }
  } catch (error) {
    if (ask === asked) view.error = error.message;
  }
  render();
}

const optionText = (point) => `${shortDate(point.at)} · ${Number.isFinite(point.score) ? `score ${point.score}` : "no score"} · ${point.wpm} WPM`;

function picker(id, label, chosen, other, side) {
  const points = state.compare.points ?? [];
  return h("label", { class: "field", for: id }, label,
    h("select", { id, onchange: (event) => go(side === "then" ? `#compare/${event.target.value}/${other}` : `#compare/${other}/${event.target.value}`) },
      [...points].reverse().map((point) => h("option", { value: point.takeId, selected: point.takeId === chosen }, optionText(point)))));
}

function takeColumn(take, name, id) {
  const score = take.score ?? take.analysis?.scores?.overall ?? null;
  return h("section", { class: `glass-card compare-take score-${scoreBand(score)}`, id, "aria-label": `${name}: ${take.title || "Free practice"}` },
    h("p", { class: "eyebrow" }, `${name} · ${shortDate(take.createdAt)} · ${lengthText(take.seconds)}`),
    h("h2", { class: "compare-title" }, h("a", { href: `#take/${encodeURIComponent(take.id)}` }, take.title || take.prompt?.text || "Free practice")),
    h("p", { class: "display-numeral compare-score" }, score ?? "–"),
    take.hasAudio === false
      ? h("p", { class: "hint" }, "No recording kept.")
      : h("audio", { controls: true, preload: "none", src: `/api/speakup/takes/${encodeURIComponent(take.id)}/audio`, id: `${id}-audio`,
        "aria-label": `Hear ${name.toLowerCase()}`, onplay: (event) => stopOthers(event.target) }));
}

/** One recording at a time: starting one pauses the other. */
function stopOthers(playing) {
  for (const audio of document.querySelectorAll(".compare-take audio")) if (audio !== playing) audio.pause();
}

function table(rows) {
  const arrow = (row) => (row.better === null ? (row.change === 0 ? "=" : "") : row.better ? "▲ better" : "▼ worse");
  return h("table", { class: "compare-table", id: "compare-table" },
    h("caption", { class: "section-title" }, "What moved"),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Measure"), h("th", { scope: "col" }, "Then"), h("th", { scope: "col" }, "Now"), h("th", { scope: "col" }, "Change"))),
    h("tbody", {}, rows.filter((row) => row.then !== null || row.now !== null).map((row) => h("tr", { dataset: { key: row.key } },
      h("th", { scope: "row" }, row.name),
      h("td", {}, row.then ?? "–"), h("td", {}, row.now ?? "–"),
      h("td", { class: row.better === null ? "same" : row.better ? "up" : "down" },
        row.change === null ? "–" : `${row.change > 0 ? "+" : ""}${row.change} ${arrow(row)}`.trim())))));
}

export function compareScreen() {
  const view = state.compare;
  const back = h("a", { class: "btn ghost back-link", href: "#history", id: "compare-back" }, "← History");
  if (view.error) return h("div", { class: "compare" }, back, h("p", { class: "error-text", role: "alert" }, view.error));
  if (!view.points) return h("p", { class: "hint", role: "status" }, "Loading…");
  if (!view.pair) {
    return h("div", { class: "compare" }, back, h("h1", { class: "screen-title" }, "Then vs Now"),
      h("p", { class: "glass-card empty", id: "compare-empty" }, "Record two scored takes, and this is where you see how far you have come."));
  }
  const then = view.takes[view.pair.then];
  const now = view.takes[view.pair.now];
  if (!then || !now) return h("div", { class: "compare" }, back, h("p", { class: "hint", role: "status" }, "Loading…"));
  const isDefault = (() => { const first = thenAndNow(view.points); return first && first.then === then.id && first.now === now.id; })();
  const headline = pointsText(then.score, now.score);
  return h("div", { class: "compare", id: "compare" },
    back,
    h("h1", { class: "screen-title" }, isDefault ? "Then vs Now" : "Compare takes"),
    headline ? h("p", { class: `compare-headline ${now.score > then.score ? "up" : now.score < then.score ? "down" : "same"}`, id: "compare-points" }, headline) : null,
    h("div", { class: "compare-pickers" }, picker("compare-then", "Then", then.id, now.id, "then"), picker("compare-now", "Now", now.id, then.id, "now")),
    h("div", { class: "compare-takes" }, takeColumn(then, "Then", "compare-then-take"), takeColumn(now, "Now", "compare-now-take")),
    h("section", { class: "glass-card" }, table(comparisonRows(then, now, targetWPM()))));
}
