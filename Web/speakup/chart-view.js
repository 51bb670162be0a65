// A line chart on the page with Chart.js (Debian's libjs-chart.js, served at /vendor/chart.js/ and
// loaded the first time a chart is drawn). The page is drawn again on every change, so each chart
// is made once for its data and the same figure is moved into each redraw (like the playback bar):
// nothing flickers or animates again. The canvas is an image named by `label`; the words beside it
// say the same numbers.
import { h } from "../shared/dom.js";
import { DEFAULT_COLOURS, lineChartConfig } from "./chart-config.js";

let library = null;
const charts = new Map(); // key -> {data, figure, chart}

const loadChart = () => (library ??= import("/vendor/chart.js/chart.min.js").then((module) => module.default));

/** The chart colours where `element` sits (--chart-line, --chart-text, --chart-grid, --chart-band, --chart-average). */
function colours(element) {
  const style = getComputedStyle(element.isConnected ? element : document.body);
  const token = (name, fallback) => style.getPropertyValue(`--chart-${name}`).trim() || fallback;
  return Object.fromEntries(Object.entries(DEFAULT_COLOURS).map(([name, fallback]) => [name, token(name, fallback)]));
}

/**
 * The chart `id` of `points` ({x, y}) with `options` (chart-config.js), as a <figure>. The same
 * figure comes back while the points and options are the same.
 */
export function lineChartFigure(id, points, { label, className = "", ...options } = {}) {
  const data = JSON.stringify([points, label, options.yDomain, options.band, options.average]);
  const kept = charts.get(id);
  if (kept?.data === data) return kept.figure;
  kept?.chart?.destroy();
  const canvas = h("canvas", { role: "img", "aria-label": label });
  const figure = h("figure", { class: `chart-canvas ${className}`.trim(), id }, h("div", { class: "chart-box" }, canvas));
  const entry = { data, figure, chart: null };
  charts.set(id, entry);
  const reducedMotion = globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  loadChart().then((Chart) => {
    if (charts.get(id) !== entry) return;  // drawn again with other data meanwhile
    entry.chart = new Chart(canvas, lineChartConfig(points, { ...options, reducedMotion, colours: colours(figure) }));
    figure.dataset.drawn = "true";
  }).catch(() => {
    figure.replaceChildren(h("p", { class: "hint" }, label));  // the library is missing: the numbers in words
  });
  return figure;
}
