// Line charts of our own (progress over time, pace over a take) and the playback waveform's peaks.
// Pure: numbers in, a picture tree (svg.js) out, so node --test can check the geometry.
import { el, r1 } from "./svg.js";

export const WIDTH = 600;
export const HEIGHT = 240;

/** A chart's width in its own units: narrower on a phone, so its words stay readable when scaled down. */
export const chartWidth = (screenWidth = globalThis.innerWidth ?? 1024) => (screenWidth < 560 ? 380 : 760);
const PAD = { left: 44, right: 14, top: 14, bottom: 30 };

/** About `count` round tick values covering min…max (steps of 1, 2, 2.5 or 5 × a power of ten). */
export function niceTicks(min, max, count = 4) {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  if (min === max) { min -= 1; max += 1; }
  const raw = (max - min) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw);
  const first = Math.floor(min / step) * step;
  const ticks = [];
  for (let value = first; value <= max + step * 1e-9; value += step) ticks.push(Math.round(value * 1e6) / 1e6);
  if (ticks.at(-1) < max) ticks.push(Math.round((ticks.at(-1) + step) * 1e6) / 1e6);
  return ticks;
}

/** A metric of a history series entry: "score", "wordCount", "fillerCount", "wpm", or "sub:<key>". */
export function metricValue(entry, metric) {
  const value = metric.startsWith("sub:") ? entry?.subscores?.[metric.slice(4)] : entry?.[metric];
  return Number.isFinite(value) ? value : null;
}

/** The points of `series` for `metric` ({x: time in ms, y, label}), entries without a value left out. */
export function seriesPoints(series = [], metric = "score") {
  return series.map((entry) => ({ x: Date.parse(entry.at), y: metricValue(entry, metric), id: entry.takeId }))
    .filter((point) => point.y !== null && Number.isFinite(point.x)).sort((a, b) => a.x - b.x);
}

/** Mean, best (highest) and latest of a list of points' y; null when empty. */
export function summary(points) {
  if (!points.length) return null;
  const ys = points.map((p) => p.y);
  return { average: ys.reduce((a, b) => a + b, 0) / ys.length, best: Math.max(...ys), lowest: Math.min(...ys), latest: ys.at(-1), count: ys.length };
}

/**
 * The geometry of a line chart of `points` ({x, y}): {path, dots, ticks, band, average, scaleX, scaleY}.
 * `yDomain` fixes the value range (scores: [0, 100]); `band` [low, high] is a shaded target band.
 */
export function lineChart(points, { yDomain = null, band = null, average = null, width = WIDTH, height = HEIGHT } = {}) {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y).concat(band ?? [], average ?? []);
  const [low, high] = yDomain ?? [Math.min(0, ...ys), Math.max(1, ...ys)];
  const ticks = niceTicks(low, high);
  const yMin = yDomain ? low : ticks[0];
  const yMax = yDomain ? high : ticks.at(-1);
  const xMin = Math.min(...xs);
  const xMax = Math.max(...xs);
  const inner = { left: PAD.left, right: width - PAD.right, top: PAD.top, bottom: height - PAD.bottom };
  const scaleX = (x) => (xMax === xMin ? (inner.left + inner.right) / 2 : inner.left + ((x - xMin) / (xMax - xMin)) * (inner.right - inner.left));
  const scaleY = (y) => inner.bottom - ((y - yMin) / (yMax - yMin || 1)) * (inner.bottom - inner.top);
  const dots = points.map((p) => ({ cx: r1(scaleX(p.x)), cy: r1(scaleY(Math.max(yMin, Math.min(yMax, p.y)))), value: p.y, x: p.x, id: p.id }));
  const path = dots.map((d, i) => `${i ? "L" : "M"}${d.cx},${d.cy}`).join(" ");
  return {
    path, dots, inner,
    ticks: ticks.filter((t) => t >= yMin && t <= yMax).map((value) => ({ value, y: r1(scaleY(value)) })),
    band: band ? { y: r1(scaleY(Math.min(yMax, band[1]))), height: r1(scaleY(Math.max(yMin, band[0])) - scaleY(Math.min(yMax, band[1]))) } : null,
    average: Number.isFinite(average) ? r1(scaleY(average)) : null,
  };
}

/**
 * A line chart as a picture. `xLabel(x)` words an x value (a date, a clock time) for the first and
 * last points; `label` is the chart's accessible name (its summary in words).
 */
export function lineChartSVG(points, { label, xLabel = String, valueText = (v) => String(Math.round(v)), className = "", ...options } = {}) {
  const chart = lineChart(points, options);
  const { inner } = chart;
  const first = chart.dots[0];
  const last = chart.dots.at(-1);
  return el("svg", { class: `line-chart ${className}`.trim(), viewBox: `0 0 ${options.width ?? WIDTH} ${options.height ?? HEIGHT}`, role: "img", "aria-label": label },
    chart.band ? el("rect", { class: "chart-band", x: inner.left, y: chart.band.y, width: inner.right - inner.left, height: Math.max(0, chart.band.height) }) : null,
    chart.ticks.map((tick) => [
      el("line", { class: "chart-grid", x1: inner.left, x2: inner.right, y1: tick.y, y2: tick.y }),
      el("text", { class: "chart-tick", x: inner.left - 6, y: tick.y, "text-anchor": "end", "dominant-baseline": "middle" }, valueText(tick.value)),
    ]),
    chart.average != null ? el("line", { class: "chart-average", x1: inner.left, x2: inner.right, y1: chart.average, y2: chart.average }) : null,
    chart.dots.length > 1 ? el("path", { class: "chart-line", d: chart.path }) : null,
    chart.dots.map((dot) => el("circle", { class: "chart-dot", cx: dot.cx, cy: dot.cy, r: 4 }, el("title", {}, `${xLabel(dot.x)}: ${valueText(dot.value)}`))),
    first ? el("text", { class: "chart-tick", x: inner.left, y: inner.bottom + 20, "text-anchor": "start" }, xLabel(first.x)) : null,
    last && last !== first ? el("text", { class: "chart-tick", x: inner.right, y: inner.bottom + 20, "text-anchor": "end" }, xLabel(last.x)) : null);
}

/** The loudest sample (0…1) in each of `count` equal slices of `samples`: the waveform's bars. */
export function peaks(samples, count) {
  const out = new Array(Math.max(0, count)).fill(0);
  if (!samples?.length || count <= 0) return out;
  const size = samples.length / count;
  for (let bar = 0; bar < count; bar++) {
    let loudest = 0;
    for (let i = Math.floor(bar * size); i < Math.min(samples.length, Math.floor((bar + 1) * size)); i++) {
      const value = Math.abs(samples[i]);
      if (value > loudest) loudest = value;
    }
    out[bar] = Math.min(1, loudest);
  }
  return out;
}
