// A drill's rules in the page (pure): its address on the server, what the live feedback says while
// the person speaks (fillers so far, the pace against the green band, the pause markers), and the
// result's words. The server judges the drill on the recording; this only shows how it is going.

/** The green band around the target pace (words a minute either side). */
export const PACE_BAND = 30;
/** A pause marker lights up this long before its second and stays lit this long after it. */
export const MARKER_WINDOW = { before: 0.5, after: 2.5 };
/** Seconds counted down before a drill starts. */
export const DRILL_COUNTDOWN = 3;

/** The upload address for a drill's recording (the fallback when the live stream broke). */
export function drillUploadPath(drillId, topic) {
  const query = drillId === "impromptu-sprint" && Number.isInteger(topic) ? `?topic=${topic}` : "";
  return `/api/speakup/drills/${encodeURIComponent(drillId)}${query}`;
}

/** A random topic index other than `current` (Impromptu Sprint's 🎲). */
export function pickTopic(count, current = -1, random = Math.random) {
  if (count <= 1) return 0;
  if (!(current >= 0 && current < count)) return Math.min(count - 1, Math.floor(random() * count));
  const pick = Math.min(count - 2, Math.floor(random() * (count - 1)));
  return pick >= current ? pick + 1 : pick;
}

/** "slow" | "good" | "fast" for a pace against the target; null before there is one. */
export function paceBand(wpm, target) {
  if (!Number.isFinite(wpm) || !Number.isFinite(target)) return null;
  if (wpm < target - PACE_BAND) return "slow";
  if (wpm > target + PACE_BAND) return "fast";
  return "good";
}

/** Each marker's state at `elapsed` seconds: "upcoming", "now" (pause!) or "past". */
export function markerStates(markers, elapsed) {
  return (markers ?? []).map((marker) => {
    if (elapsed < marker - MARKER_WINDOW.before) return "upcoming";
    if (elapsed <= marker + MARKER_WINDOW.after) return "now";
    return "past";
  });
}

/**
 * What the live panel shows for `drill` at `elapsed` seconds with the stream's `counts`
 * ({words, wpm, fillers}, any of them null when the recogniser hears only whole recordings):
 * {value, label, tone: "good"|"warn"|"bad"|"quiet"}.
 */
export function liveFeedback(drill, counts, elapsed, target) {
  const fillers = counts?.fillers;
  switch (drill.id) {
    case "filler-elimination":
      if (!Number.isFinite(fillers)) return { value: "–", label: "Fillers (counted at the end)", tone: "quiet" };
      return { value: String(fillers), label: fillers === 1 ? "filler" : "fillers", tone: fillers === 0 ? "good" : "bad" };
    case "pace-control": {
      const band = paceBand(counts?.wpm, target);
      if (!band) return { value: "–", label: `words a minute · aim for ${target}`, tone: "quiet" };
      const words = { slow: "a little faster", good: "right on pace", fast: "slow down" }[band];
      return { value: String(Math.round(counts.wpm)), label: `words a minute · ${words}`, tone: band === "good" ? "good" : "warn" };
    }
    case "pause-practice": {
      const now = markerStates(drill.markers, elapsed).includes("now");
      return now ? { value: "⏸", label: "Pause now: stay quiet for a breath", tone: "warn" } : { value: "🗣️", label: "Keep talking", tone: "good" };
    }
    default: {
      if (!Number.isFinite(fillers)) return { value: "–", label: "Fillers (counted at the end)", tone: "quiet" };
      return { value: String(fillers), label: `${fillers === 1 ? "filler" : "fillers"} · at most 2`, tone: fillers <= 2 ? "good" : "bad" };
    }
  }
}

/** The result's lines under the score: what was measured, by drill. */
export function resultFacts(result) {
  const facts = [`${result.words} ${result.words === 1 ? "word" : "words"}`];
  if (result.drill !== "pace-control" && result.drill !== "pause-practice") facts.push(`${result.fillers} ${result.fillers === 1 ? "filler" : "fillers"}`);
  if (result.drill === "pace-control" && Number.isFinite(result.wpm)) facts.push(`${result.wpm} words a minute (aim ${result.targetWPM})`);
  if (result.drill === "pause-practice" && Array.isArray(result.markerHits)) {
    facts.push(`paused at ${result.markerHits.filter(Boolean).length} of ${result.markerHits.length} markers`);
  }
  return facts;
}

/** A drill's best score and how many tries, from the practice log's items (newest first). */
export function drillStats(items, drillId) {
  const tries = (items ?? []).filter((item) => item.kind === "drill" && item.itemId === drillId && item.drill);
  if (!tries.length) return null;
  return { tries: tries.length, best: Math.max(...tries.map((item) => item.drill.score)), passed: tries.some((item) => item.drill.passed),
    last: tries[0].drill };
}
