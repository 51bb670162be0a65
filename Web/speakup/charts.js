// What the charts show (a history series' points for a metric, their summary) and the
// playback waveform's peaks. Pure. The charts themselves are Chart.js (chart-config.js, chart-view.js).

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
