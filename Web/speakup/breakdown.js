// The Breakdown tab: pace, fillers, words and pauses against the speaker's own averages; the
// sub-scores as a table (what the radar draws, for every reader); pace over the take against the
// target band; the pauses on a timeline, the longest playable.
import { h } from "../shared/dom.js";
import { lineChartFigure } from "./chart-view.js";
import { DIMENSIONS, clock, fillerLabel, pausesLabel, paceLabel, scoreBand, wordsLabel } from "./format.js";
import { playFrom } from "./playback.js";
import { targetWPM } from "./state.js";
import { draw, el } from "./svg.js";
import { paceBuckets } from "./words.js";

const STATUS = { "On pace": "good", Clean: "good", Strategic: "good", Full: "good", Solid: "good", Even: "neutral",
  "A few": "caution", Brief: "caution", Slow: "caution", Fast: "caution", Hesitant: "caution", Many: "bad" };

function metricRow(id, name, value, label, average) {
  return h("div", { class: "metric-row", id },
    h("span", { class: "metric-name" }, name),
    h("span", { class: "metric-value" }, value),
    h("span", { class: `status-pill ${STATUS[label] ?? "neutral"}` }, label),
    h("span", { class: "metric-average" }, average === null || average === undefined ? "" : `your average ${average}`));
}

function metrics(take) {
  const analysis = take.analysis ?? {};
  const wpm = Math.round(analysis.wpm?.overall ?? take.wpm ?? 0);
  const fillers = analysis.fillers?.items?.length ?? take.fillerCount ?? 0;
  const pauses = analysis.pauses?.items ?? [];
  const averages = take.averages ?? {};
  const round = (value) => (Number.isFinite(value) ? Math.round(value) : null);
  return h("div", { class: "metric-rows" },
    metricRow("metric-pace", "Pace", `${wpm} WPM`, paceLabel(wpm, targetWPM()), round(averages.wpm) !== null ? `${round(averages.wpm)} WPM` : null),
    metricRow("metric-fillers", "Fillers", String(fillers), fillerLabel(fillers), round(averages.fillerCount)),
    metricRow("metric-words", "Words", String(analysis.wordCount ?? take.wordCount ?? 0), wordsLabel(analysis.wordCount ?? take.wordCount, analysis.substance?.score ?? analysis.substance), null),
    metricRow("metric-pauses", "Pauses", String(pauses.length), pausesLabel(pauses), null));
}

function subscoreTable(take) {
  const subscores = take.analysis?.scores?.subscores ?? {};
  const averages = take.averages?.subscores ?? {};
  const rows = DIMENSIONS.filter(([key]) => Number.isFinite(subscores[key]));
  if (!rows.length) return null;
  return h("table", { class: "subscores", id: "subscore-table" },
    h("caption", { class: "section-title" }, "Sub-scores"),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Skill"), h("th", { scope: "col" }, "This take"), h("th", { scope: "col" }, "Your average"))),
    h("tbody", {}, rows.map(([key, name]) => h("tr", {},
      h("th", { scope: "row" }, name),
      h("td", { class: `score-text score-${scoreBand(subscores[key])}` }, String(Math.round(subscores[key]))),
      h("td", {}, Number.isFinite(averages[key]) ? String(Math.round(averages[key])) : "–")))));
}

function paceChart(take) {
  const buckets = paceBuckets(take.transcript ?? [], take.analysis?.duration ?? take.seconds ?? 0);
  if (buckets.length < 2) return null;
  const target = targetWPM();
  const overall = take.analysis?.wpm?.overall;
  const points = buckets.map((bucket) => ({ x: (bucket.start + bucket.end) / 2, y: bucket.wpm }));
  return h("figure", { class: "chart-figure", id: "pace-chart" },
    h("figcaption", { class: "section-title" }, "Pace over the take"),
    lineChartFigure(`pace-chart-${take.id}`, points, { band: [target - 20, target + 20], average: overall, xLabel: clock, className: "pace", name: "Words a minute",
      label: `Words a minute every 5 seconds, from ${Math.min(...points.map((p) => p.y))} to ${Math.max(...points.map((p) => p.y))}; target ${target - 20} to ${target + 20}` }),
    h("p", { class: "legend" }, h("span", { class: "key band" }), ` target ${target - 20}–${target + 20} WPM`,
      Number.isFinite(overall) ? [h("span", { class: "key average" }), ` your pace ${Math.round(overall)} WPM`] : null));
}

function pauseTimeline(take) {
  const pauses = take.analysis?.pauses?.items ?? [];
  const duration = take.analysis?.duration ?? take.seconds ?? 0;
  if (!duration) return null;
  const width = 600;
  const scale = (t) => Math.round((t / duration) * width * 10) / 10;
  const picture = el("svg", { class: "pause-timeline", viewBox: `0 0 ${width} 28`, preserveAspectRatio: "none", role: "img",
    "aria-label": pauses.length ? `${pauses.length} pauses: ${pausesLabel(pauses).toLowerCase()}` : "No pauses" },
  el("rect", { class: "timeline-track", x: 0, y: 10, width, height: 8, rx: 4 }),
  pauses.map((pause) => el("rect", { class: `pause pause-${pause.kind}`, x: scale(pause.start), y: 4, width: Math.max(2, scale(pause.end) - scale(pause.start)), height: 20, rx: 2 },
    el("title", {}, `${pause.kind} pause at ${clock(pause.start)}, ${(pause.end - pause.start).toFixed(1)} s`))));
  const longest = [...pauses].sort((a, b) => (b.end - b.start) - (a.end - a.start)).slice(0, 3);
  return h("figure", { class: "chart-figure", id: "pause-figure" },
    h("figcaption", { class: "section-title" }, "Pauses"),
    draw(picture),
    h("p", { class: "legend" }, ["strategic", "hesitation", "short"].flatMap((kind) =>
      [h("span", { class: `key pause-${kind}` }), ` ${kind} ${pauses.filter((p) => p.kind === kind).length} `])),
    longest.length ? h("div", { class: "chips", "aria-label": "Longest pauses" }, longest.map((pause) =>
      h("button", { class: "chip-btn", type: "button", "aria-label": `Hear the ${pause.kind} pause at ${clock(pause.start)}`,
        onclick: () => playFrom(Math.max(0, pause.start - 2)) }, `▶ ${clock(pause.start)} · ${(pause.end - pause.start).toFixed(1)} s`))) : null);
}

export function breakdownTab(take) {
  return h("div", { class: "breakdown" }, metrics(take), subscoreTable(take), paceChart(take), pauseTimeline(take));
}
