// A line chart's Chart.js configuration, pure (node --test checks it): the points, a shaded target
// band, a dashed average, axes in the page's words, no animation when motion is reduced. Chart.js
// itself is Debian's libjs-chart.js, served at /vendor/chart.js/ (chart-view.js loads it).

/** Colours the chart reads from the page's design tokens (fallbacks for a page without them). */
export const DEFAULT_COLOURS = Object.freeze({ line: "#2ba8a8", band: "rgba(52, 199, 89, 0.16)", average: "#f5b942", grid: "rgba(255, 255, 255, 0.12)", text: "#c7cbe0" });

/**
 * The configuration of a line chart of `points` ({x, y}). `yDomain` fixes the value range (scores:
 * [0, 100]); `band` [low, high] shades a target band; `average` draws a dashed line; `xLabel(x)` and
 * `valueText(y)` word the axes and tooltips.
 */
export function lineChartConfig(points, { yDomain = null, band = null, average = null, xLabel = String, valueText = (v) => String(Math.round(v)),
  colours = DEFAULT_COLOURS, reducedMotion = false, name = "Value" } = {}) {
  const xs = points.map((p) => p.x);
  const [xMin, xMax] = [Math.min(...xs), Math.max(...xs)];
  const across = (y) => (xMin === xMax ? [{ x: xMin - 1, y }, { x: xMax + 1, y }] : [{ x: xMin, y }, { x: xMax, y }]);
  const datasets = [];
  if (band) {
    datasets.push({ label: "band-low", data: across(band[0]), borderWidth: 0, pointRadius: 0, fill: false, tooltip: false });
    datasets.push({ label: "Target", data: across(band[1]), borderWidth: 0, pointRadius: 0, fill: "-1", backgroundColor: colours.band });
  }
  if (Number.isFinite(average)) {
    datasets.push({ label: "Average", data: across(average), borderColor: colours.average, borderDash: [6, 6], borderWidth: 2, pointRadius: 0, fill: false });
  }
  datasets.push({ label: name, data: points.map(({ x, y }) => ({ x, y })), borderColor: colours.line, backgroundColor: colours.line,
    borderWidth: 3, pointRadius: 4, pointHoverRadius: 6, tension: 0.25, fill: false });
  const axis = { grid: { color: colours.grid }, ticks: { color: colours.text } };
  return {
    type: "line",
    data: { datasets },
    options: {
      responsive: true, maintainAspectRatio: false, animation: reducedMotion ? false : { duration: 400 },
      parsing: false, normalized: true,
      interaction: { mode: "nearest", intersect: false },
      plugins: {
        legend: { display: false },
        tooltip: { filter: (item) => item.dataset.label === name, callbacks: { title: (items) => xLabel(items[0]?.parsed.x), label: (item) => `${name}: ${valueText(item.parsed.y)}` } },
      },
      scales: {
        x: { type: "linear", min: xMin === xMax ? xMin - 1 : xMin, max: xMin === xMax ? xMax + 1 : xMax, ...axis,
          // A label once: ticks of the same day (or second) after the first say nothing.
          ticks: { ...axis.ticks, maxTicksLimit: 4, callback: (value, index, ticks) => (index > 0 && xLabel(ticks[index - 1].value) === xLabel(value) ? "" : xLabel(value)) } },
        y: { type: "linear", ...(yDomain ? { min: yDomain[0], max: yDomain[1] } : { beginAtZero: true }), ...axis,
          ticks: { ...axis.ticks, maxTicksLimit: 5, callback: (value) => valueText(value) } },
      },
    },
  };
}
