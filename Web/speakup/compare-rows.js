// Two takes side by side (Compare and Then vs Now): which two to show first, and each measure
// with the change and whether it is better. Pure: the screen (compare.js) draws these.
import { DIMENSIONS } from "./format.js";

/** Then vs Now: the first and the latest scored take of a series (oldest first), or null with fewer than two. */
export function thenAndNow(points = []) {
  const scored = points.filter((point) => Number.isFinite(point.score));
  if (scored.length < 2) return null;
  return { then: scored[0].takeId, now: scored[scored.length - 1].takeId };
}

/** Show & Tell's Then and Now: the first and the newest talk with stars, or null with fewer than two. */
export function kidThenAndNow(points = []) {
  const rated = points.filter((point) => Number.isFinite(point.stars));
  return rated.length >= 2 ? { then: rated[0], now: rated[rated.length - 1] } : null;
}

/** The measures of one take that Compare shows (missing ones are null). */
export function measures(take) {
  const analysis = take?.analysis ?? {};
  const subscores = analysis.scores?.subscores ?? {};
  const pauses = analysis.pauses?.items ?? [];
  const number = (value) => (Number.isFinite(value) ? value : null);
  return {
    score: number(take?.score ?? analysis.scores?.overall),
    wordCount: number(analysis.wordCount ?? take?.wordCount),
    wpm: number(analysis.wpm?.overall ?? take?.wpm),
    fillerCount: number(analysis.fillers?.items?.length ?? take?.fillerCount),
    hesitations: analysis.pauses ? pauses.filter((pause) => pause.kind === "hesitation").length : null,
    ...Object.fromEntries(DIMENSIONS.map(([key]) => [`sub:${key}`, number(subscores[key])])),
  };
}

/**
 * The rows: {key, name, then, now, change, better} with `better` true, false or null (no change,
 * or nothing to judge). Higher is better for scores and words; fewer fillers and hesitations are
 * better; pace is better nearer `targetWPM`.
 */
export function comparisonRows(thenTake, nowTake, targetWPM = 150) {
  const then = measures(thenTake);
  const now = measures(nowTake);
  const rows = [
    ["score", "Score", "higher"], ["wordCount", "Words", "higher"], ["wpm", "Pace (WPM)", "target"],
    ["fillerCount", "Fillers", "lower"], ["hesitations", "Hesitation pauses", "lower"],
    ...DIMENSIONS.map(([key, name]) => [`sub:${key}`, name, "higher"]),
  ];
  return rows.map(([key, name, way]) => {
    const [a, b] = [then[key], now[key]];
    if (a === null || b === null) return { key, name, then: a, now: b, change: null, better: null };
    const change = Math.round(b) - Math.round(a);
    let better = null;
    if (way === "higher" && change !== 0) better = change > 0;
    if (way === "lower" && change !== 0) better = change < 0;
    if (way === "target") {
      const [before, after] = [Math.abs(Math.round(a) - targetWPM), Math.abs(Math.round(b) - targetWPM)];
      if (before !== after) better = after < before;
    }
    return { key, name, then: Math.round(a), now: Math.round(b), change, better };
  });
}

/** The headline: "+12 points", "−3 points", "Same score", or null when either take has no score. */
export function pointsText(thenScore, nowScore) {
  if (!Number.isFinite(thenScore) || !Number.isFinite(nowScore)) return null;
  const change = Math.round(nowScore) - Math.round(thenScore);
  if (change === 0) return "Same score";
  const size = Math.abs(change);
  return `${change > 0 ? "+" : "−"}${size} ${size === 1 ? "point" : "points"}`;
}
