// SpeakUp's pictures, drawn by us and checked as data (Web/speakup/radar.js, charts.js, heatmap.js,
// rings.js, svg.js): the radar's geometry, chart paths and ticks, the heatmap's weeks, and dials.
import { test } from "node:test";
import assert from "node:assert/strict";
import { HEIGHT as RADAR_HEIGHT, WIDTH as RADAR_WIDTH, axes, extremes, pointOn, radar } from "../../Web/speakup/radar.js";
import { lineChartConfig } from "../../Web/speakup/chart-config.js";
import { metricValue, peaks, seriesPoints, summary } from "../../Web/speakup/charts.js";
import { caption, cellLabel, cells, heatmapSVG } from "../../Web/speakup/heatmap.js";
import { arc, dial, ringStack } from "../../Web/speakup/rings.js";
import { draw, el, findAll } from "../../Web/speakup/svg.js";

const subscores = { clarity: 80, pace: 60, fillers: 90, pauses: 70, vocalVariety: null, delivery: 75, vocabulary: 55, structure: 65, relevance: undefined };
const texts = (node) => node.children.flatMap((child) => (typeof child === "object" ? texts(child) : [child]));

test("the radar has an axis per sub-score the analysis computed, in a fixed order", () => {
  assert.deepEqual(axes(subscores).map((a) => a.key), ["clarity", "pace", "fillers", "pauses", "delivery", "vocabulary", "structure"]);
  assert.deepEqual(axes({ clarity: 140, pace: -5, fillers: 50 }).map((a) => a.value), [100, 0, 50], "clamped to 0–100");
});

test("the first axis points up; a value's point is that share of the radius from the centre", () => {
  const top = pointOn(0, 4, 100, 100);
  assert.deepEqual([top.x, top.y], [RADAR_WIDTH / 2, RADAR_HEIGHT / 2 - 100]);
  const right = pointOn(1, 4, 50, 100);
  assert.deepEqual([right.x, right.y], [RADAR_WIDTH / 2 + 50, RADAR_HEIGHT / 2]);
  const zero = pointOn(3, 7, 0);
  assert.deepEqual([zero.x, zero.y], [RADAR_WIDTH / 2, RADAR_HEIGHT / 2]);
});

test("the strongest and weakest axes are marked; none when all are level", () => {
  assert.deepEqual(extremes(axes(subscores)), { strongest: "fillers", weakest: "vocabulary" });
  assert.deepEqual(extremes(axes({ clarity: 70, pace: 70, fillers: 70 })), { strongest: null, weakest: null });
  const picture = radar(subscores);
  assert.equal(findAll(picture, (n) => n.attrs?.class === "radar-dot strongest")[0].attrs["data-axis"], "fillers");
  assert.equal(findAll(picture, (n) => n.attrs?.class === "radar-dot weakest")[0].attrs["data-axis"], "vocabulary");
  assert.match(picture.attrs["aria-label"], /^Sub-scores: Clarity 80, Pace 60, .*; strongest Fillers, weakest Vocab$/);
});

test("the radar's area and rings are polygons of one corner per axis; fewer than three axes draw nothing", () => {
  const picture = radar(subscores);
  const area = findAll(picture, (n) => n.attrs?.class === "radar-area")[0];
  assert.equal(area.attrs.points.split(" ").length, 7);
  assert.equal(findAll(picture, (n) => n.attrs?.class === "radar-ring").length, 4);
  for (const point of area.attrs.points.split(" ").map((p) => p.split(",").map(Number))) {
    assert.ok(point[0] >= 0 && point[0] <= RADAR_WIDTH && point[1] >= 0 && point[1] <= RADAR_HEIGHT);
  }
  assert.equal(radar({ clarity: 50, pace: 60 }), null);
  assert.equal(radar(undefined), null);
  const quiet = radar(subscores, { values: false });
  assert.ok(texts(quiet).every((text) => !/\d/.test(text)), "no numbers when asked for none");
});

test("history series: a metric per entry, sub-scores too, missing values left out, oldest first", () => {
  const series = [
    { takeId: "b", at: "2026-11-20T10:00:00Z", score: 70, wpm: 140, subscores: { pace: 60 } },
    { takeId: "a", at: "2026-11-18T10:00:00Z", score: 64, wpm: 150, subscores: { pace: null } },
    { takeId: "c", at: "2026-11-21T10:00:00Z", score: null, wpm: 160, subscores: {} },
  ];
  assert.deepEqual(seriesPoints(series, "score").map((p) => [p.id, p.y]), [["a", 64], ["b", 70]]);
  assert.deepEqual(seriesPoints(series, "sub:pace").map((p) => p.id), ["b"]);
  assert.deepEqual(seriesPoints(series, "wpm").map((p) => p.y), [150, 140, 160]);
  assert.equal(metricValue({ fillerCount: 0 }, "fillerCount"), 0);
  assert.deepEqual(summary(seriesPoints(series, "wpm")), { average: 150, best: 160, lowest: 140, latest: 160, count: 3 });
  assert.equal(summary([]), null);
});

test("a line chart's Chart.js configuration: the points, the shaded band between its edges, a dashed average, fixed score axis", () => {
  const points = [{ x: 0, y: 0 }, { x: 10, y: 50 }, { x: 20, y: 100 }];
  const config = lineChartConfig(points, { yDomain: [0, 100], band: [40, 60], average: 55, name: "Score", xLabel: (x) => `t${x}` });
  assert.equal(config.type, "line");
  const [low, high, average, line] = config.data.datasets;
  assert.deepEqual(low.data, [{ x: 0, y: 40 }, { x: 20, y: 40 }]);
  assert.deepEqual(high.data, [{ x: 0, y: 60 }, { x: 20, y: 60 }]);
  assert.equal(high.fill, "-1", "the band fills down to its low edge");
  assert.deepEqual(average.borderDash, [6, 6]);
  assert.deepEqual(line.data, points);
  assert.deepEqual([config.options.scales.y.min, config.options.scales.y.max], [0, 100]);
  assert.equal(config.options.scales.x.ticks.callback(10, 1, [{ value: 0 }, { value: 10 }]), "t10");
  const sameDay = lineChartConfig(points, { xLabel: () => "Nov 26" }).options.scales.x.ticks.callback;
  assert.deepEqual([0, 1].map((index) => sameDay(index * 10, index, [{ value: 0 }, { value: 10 }])), ["Nov 26", ""], "a label once");
  assert.equal(config.options.plugins.tooltip.callbacks.label({ parsed: { y: 49.6 } }), "Score: 50");
  assert.equal(config.options.plugins.tooltip.filter({ dataset: { label: "Average" } }), false, "tooltips only for the points");
  assert.notEqual(config.options.animation, false);
  assert.equal(lineChartConfig(points, { reducedMotion: true }).options.animation, false);
});

test("one point is drawn in the middle of a range around it; without a fixed range the axis starts at zero", () => {
  const config = lineChartConfig([{ x: 5, y: 10 }]);
  assert.deepEqual([config.options.scales.x.min, config.options.scales.x.max], [4, 6]);
  assert.equal(config.options.scales.y.beginAtZero, true);
  assert.equal(config.data.datasets.length, 1);
});

test("waveform peaks: the loudest sample in each slice", () => {
  const rounded = (list) => list.map((value) => Math.round(value * 1000) / 1000);
  assert.deepEqual(rounded(peaks(Float32Array.from([0, 0.5, -0.8, 0.1, 0, 0.2, -0.1, 0]), 4)), [0.5, 0.8, 0.2, 0.1]);
  assert.deepEqual(peaks(new Float32Array(0), 3), [0, 0, 0]);
  assert.deepEqual(peaks([2, -3], 1), [1], "clamped to 1");
});

/** `count` days ending on `last` (YYYY-MM-DD), with `sessions(i)` sessions. */
function days(count, last, sessions = () => 0, score = () => null) {
  const end = Date.parse(`${last}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    return { date, sessions: sessions(i), score: score(i) };
  });
}

test("heatmap: Monday at the top, a column a week, today the last cell and outlined", () => {
  const list = cells(days(119, "2026-11-21")); // Saturday
  assert.equal(list.length, 119);
  assert.deepEqual([list[0].date, list[0].row, list[0].col], ["2026-07-26", 6, 0], "the first day, a Sunday, ends the first week");
  const today = list.at(-1);
  assert.deepEqual([today.date, today.row, today.today], ["2026-11-21", 5, true]);
  assert.equal(today.col, 17);
  assert.equal(list.filter((c) => c.today).length, 1);
  for (const cell of list) assert.ok(cell.row >= 0 && cell.row < 7);
});

test("heatmap levels: none, 1, 2, 3+ sessions; score mode uses the score colours", () => {
  const list = cells(days(5, "2026-11-21", (i) => [0, 1, 2, 3, 7][i], (i) => [null, 35, 65, 85, 50][i]));
  assert.deepEqual(list.map((c) => c.level), [0, 1, 2, 3, 3]);
  assert.deepEqual(list.map((c) => c.band), ["none", "low", "good", "high", "mid"]);
  assert.equal(cellLabel(list[2], { locale: "en-US" }), "Thu, Nov 19: 2 sessions, average 65");
  assert.equal(cellLabel(list[0], { scores: false, locale: "en-US" }), "Tue, Nov 17: no practice");
  assert.equal(caption(days(5, "2026-11-21", (i) => [0, 1, 2, 3, 7][i])), "13 sessions · 4 active days");
  assert.equal(caption(days(5, "2026-11-21", (i) => [0, 1, 0, 0, 1][i], (i) => [null, 70, null, null, 81][i]), "score"), "average 76 across 2 days");
  assert.equal(caption([], "score"), "No scores yet");
  assert.equal(caption([]), "0 sessions · 0 active days");
});

test("the heatmap picture: a rect per day with its class; Show & Tell's has no month names", () => {
  const data = days(119, "2026-11-21", (i) => i % 3);
  const picture = heatmapSVG(data, { locale: "en-US" });
  const rects = findAll(picture, (n) => n.tag === "rect");
  assert.equal(rects.length, 119);
  assert.ok(rects.at(-1).attrs.class.includes("today"));
  assert.deepEqual(findAll(picture, (n) => n.attrs?.class === "heatmap-month").map((n) => n.children[0]), ["Aug", "Sep", "Oct", "Nov"],
    "July shows only its last days: August is named instead");
  const kid = heatmapSVG(data, { months: false, cellText: (cell) => (cell.sessions ? "You talked" : "No talk") });
  assert.equal(findAll(kid, (n) => n.attrs?.class === "heatmap-month").length, 0);
  assert.ok(texts(kid).every((text) => !/\d/.test(text)));
  assert.ok(findAll(heatmapSVG(data, { mode: "score" }), (n) => n.tag === "rect").every((r) => /score-/.test(r.attrs.class)));
});

test("dials and rings: an arc shows its share of the circle", () => {
  assert.deepEqual(arc(0.25, 10), { dasharray: 62.8, dashoffset: 47.1 });
  assert.deepEqual(arc(2, 10).dashoffset, 0);
  assert.deepEqual(arc(Number.NaN, 10).dashoffset, 62.8);
  const face = dial({ fraction: 0.5, text: "0:30", phase: "warn", ids: { arc: "a", text: "t" } });
  assert.equal(face.attrs.class, "dial dial-warn");
  assert.deepEqual(texts(face), ["0:30"]);
  assert.equal(findAll(dial({ text: null }), (n) => n.tag === "text").length, 0, "Show & Tell's dial has no numbers");
  const rings = ringStack([{ fraction: 0.6, className: "ring-week" }, { fraction: 0.72 }, { fraction: 0.9 }], { label: "This week" });
  assert.equal(findAll(rings, (n) => /ring-arc/.test(n.attrs?.class ?? "")).length, 3);
});

test("a picture tree becomes SVG elements (with a stand-in document)", () => {
  const made = [];
  const doc = {
    createElementNS: (ns, tag) => { const node = { ns, tag, attrs: {}, kids: [], setAttribute(k, v) { this.attrs[k] = v; }, append(c) { this.kids.push(c); } }; made.push(node); return node; },
    createTextNode: (text) => ({ text }),
  };
  const node = draw(el("svg", { viewBox: "0 0 1 1", hidden: false, skip: null }, el("title", {}, "hi"), null), doc);
  assert.equal(node.ns, "http://www.w3.org/2000/svg");
  assert.deepEqual(node.attrs, { viewBox: "0 0 1 1" });
  assert.deepEqual(node.kids[0].kids, [{ text: "hi" }]);
});
