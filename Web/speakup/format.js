// SpeakUp's words and numbers as people read them: durations, verdicts, score colours, stars,
// streaks, the greeting, metric labels and days a pre-reader can hear. Pure, so node --test checks it.

/** "0:07", "1:05", "10:00" (a clock); negative seconds read as 0:00. */
export function clock(seconds) {
  const whole = Math.max(0, Math.floor(seconds ?? 0));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** A take's length in words: "30 s", "1 min", "1.5 min", "10 min", "1 min 5 s". */
export function lengthText(seconds) {
  const whole = Math.max(0, Math.round(seconds ?? 0));
  if (whole < 60) return `${whole} s`;
  if (whole % 30 === 0) return `${whole / 60} min`;
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}

/** How long a duration is, for the ear ("30 seconds", "1 minute", "1 and a half minutes"). */
export function lengthSpoken(seconds) {
  if (seconds < 60) return `${seconds} seconds`;
  const minutes = seconds / 60;
  if (minutes === 1) return "1 minute";
  if (minutes === 1.5) return "1 and a half minutes";
  return Number.isInteger(minutes) ? `${minutes} minutes` : `${Math.floor(minutes)} minutes ${seconds % 60} seconds`;
}

/** The durations a speaker picks from: Show & Tell's three short ones, or the coach's seven. */
export const DURATIONS = Object.freeze({
  coach: Object.freeze([30, 60, 90, 120, 180, 300, 600]),
  showAndTell: Object.freeze([30, 45, 60]),
});

/** The duration offered first: `wanted` if it is one of the mode's, else the nearest one. */
export function nearestDuration(wanted, mode = "coach") {
  const choices = DURATIONS[mode] ?? DURATIONS.coach;
  if (!Number.isFinite(wanted)) return choices[0];
  return choices.reduce((best, option) => (Math.abs(option - wanted) < Math.abs(best - wanted) ? option : best), choices[0]);
}

/** The verdict word of an overall score (the original's bands). */
export function verdict(score) {
  if (score === null || score === undefined || !Number.isFinite(score)) return "Not scored";
  if (score >= 80) return "Strong";
  if (score >= 60) return "Solid";
  if (score >= 40) return "Developing";
  return "Needs work";
}

/** The colour band of a score (a CSS class `score-<band>`): high ≥ 80, good 60–79, mid 40–59, low < 40, empty. */
export function scoreBand(score) {
  if (score === null || score === undefined || !Number.isFinite(score)) return "empty";
  if (score >= 80) return "high";
  if (score >= 60) return "good";
  if (score >= 40) return "mid";
  return "low";
}

/** "▲ 6 above your average", "▼ 3 below your average", "Right on your average"; null without an average. */
export function deltaText(score, average) {
  if (!Number.isFinite(score) || !Number.isFinite(average)) return null;
  const delta = Math.round(score - average);
  if (delta === 0) return { text: "Right on your average", direction: "same" };
  return delta > 0
    ? { text: `▲ ${delta} above your average`, direction: "up" }
    : { text: `▼ ${-delta} below your average`, direction: "down" };
}

/** Against the previous take of the same prompt: ±3 is noise (the original's rule). */
export function sincePrevious(score, previous) {
  if (!Number.isFinite(score) || !Number.isFinite(previous)) return null;
  const delta = Math.round(score - previous);
  if (Math.abs(delta) <= 3) return { text: "About the same as last time", direction: "same" };
  return delta > 0 ? { text: `+${delta} since last time`, direction: "up" } : { text: `${delta} since last time`, direction: "down" };
}

/**
 * What moved most against the speaker's averages: the sub-score that rose most and the one that
 * fell most, each by at least `noise` points ({key, name, delta}), or null.
 */
export function moved(subscores = {}, averages = {}, noise = 3) {
  const changes = DIMENSIONS.filter(([key]) => Number.isFinite(subscores?.[key]) && Number.isFinite(averages?.[key]))
    .map(([key, name]) => ({ key, name, delta: Math.round(subscores[key] - averages[key]) }));
  const up = changes.filter((c) => c.delta >= noise).sort((a, b) => b.delta - a.delta)[0] ?? null;
  const down = changes.filter((c) => c.delta <= -noise).sort((a, b) => a.delta - b.delta)[0] ?? null;
  return up || down ? { up, down } : null;
}

/** moved() in words: "Pace ▲ 8 · Fillers ▼ 6 against your average". */
export function movedText(change) {
  if (!change) return null;
  const parts = [change.up && `${change.up.name} ▲ ${change.up.delta}`, change.down && `${change.down.name} ▼ ${-change.down.delta}`].filter(Boolean);
  return `${parts.join(" · ")} against your average`;
}

/** Show & Tell's stars as a row of five (filled and empty), and words for the ear. */
export function starRow(stars) {
  const count = Math.max(0, Math.min(5, Math.round(stars ?? 0)));
  return { filled: count, empty: 5 - count, label: count === 1 ? "1 star out of 5" : `${count} stars out of 5` };
}

/** The day's greeting: morning 5–12, afternoon 12–17, evening 17–22, else "Hello". */
export function greeting(hour, name = "") {
  const part = hour >= 5 && hour < 12 ? "Good morning" : hour >= 12 && hour < 17 ? "Good afternoon" : hour >= 17 && hour < 22 ? "Good evening" : "Hello";
  const who = String(name ?? "").trim();
  return who ? `${part}, ${who}` : "Ready to practise?";
}

/** The streak chip's words: the run of days, or an invitation when it has lapsed. */
export function streakText({ current = 0, alive = false } = {}) {
  if (!alive || current <= 0) return "Start a streak today";
  return current === 1 ? "1-day streak" : `${current}-day streak`;
}

/** The next milestone of a streak (3, 7, 14, 30, 60, 100, 180, 365, 500, 1000 days), or null past them. */
export function nextMilestone(current) {
  return [3, 7, 14, 30, 60, 100, 180, 365, 500, 1000].find((days) => days > current) ?? null;
}

/** Pace against the target: Slow / On pace / Fast at ±40 WPM (the original's Breakdown). */
export function paceLabel(wpm, target) {
  if (!Number.isFinite(wpm)) return "—";
  if (wpm < target - 40) return "Slow";
  if (wpm > target + 40) return "Fast";
  return "On pace";
}

/** Fillers: 0–2 Clean, 3–7 A few, 8+ Many. */
export function fillerLabel(count) {
  if (!Number.isFinite(count)) return "—";
  if (count <= 2) return "Clean";
  return count <= 7 ? "A few" : "Many";
}

/** Words: by substance (0–100: < 30 Brief, < 75 Solid) when the analysis has it, else by count (< 40, < 120). */
export function wordsLabel(wordCount, substance = null) {
  const [measure, brief, solid] = Number.isFinite(substance) ? [substance, 30, 75] : [wordCount ?? 0, 40, 120];
  if (measure < brief) return "Brief";
  return measure < solid ? "Solid" : "Full";
}

/** Pauses: more hesitations than strategic ones = Hesitant, more strategic = Strategic, else Even. */
export function pausesLabel(items = []) {
  const strategic = items.filter((pause) => pause.kind === "strategic").length;
  const hesitation = items.filter((pause) => pause.kind === "hesitation").length;
  if (hesitation > strategic) return "Hesitant";
  return strategic > hesitation ? "Strategic" : "Even";
}

/** The sub-scores, in the radar's order, with their short names. */
export const DIMENSIONS = Object.freeze([
  ["clarity", "Clarity"], ["pace", "Pace"], ["fillers", "Fillers"], ["pauses", "Pauses"], ["vocalVariety", "Vocal"],
  ["delivery", "Delivery"], ["vocabulary", "Vocab"], ["structure", "Structure"], ["relevance", "Relevance"],
]);

export const dimensionName = (key) => DIMENSIONS.find(([id]) => id === key)?.[1] ?? humanize(key);

const PRACTICE = {
  fillerDrill: "Filler drill: the silent swap", paceDrill: "Pace drill: breathe at idea boundaries",
  pauseDrill: "Pause drill: count two after key lines", readAloud: "Read aloud: finish final consonants",
  impromptuDrill: "Impromptu drill: point, reason, example, point", warmUp: "Warm-up: stress one word a sentence",
};

/** What a tip's practice route is called (routes the page does not know yet read as words). */
export const practiceName = (route) => (route ? PRACTICE[route] ?? humanize(route) : null);

/** "vocalVariety" → "Vocal variety", "filler-drill" → "Filler drill". */
export function humanize(id) {
  const words = String(id ?? "").replace(/[-_]+/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").trim().toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : "";
}

/** A day a pre-reader hears without numbers: today, yesterday, a weekday this week, else the month. */
export function kidDay(iso, now = new Date(), locale = undefined) {
  const then = new Date(iso);
  const midnight = (date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
  const days = Math.round((midnight(now) - midnight(then)) / 86_400_000);
  if (days <= 0) return "Today";
  if (days === 1) return "Yesterday";
  if (days < 7) return then.toLocaleDateString(locale, { weekday: "long" });
  return then.toLocaleDateString(locale, { month: "long" });
}

/** A date for the coach's lists: "Mon 3 Mar, 14:05"-like, in the reader's locale. */
export const shortDate = (iso, locale = undefined) =>
  new Date(iso).toLocaleString(locale, { weekday: "short", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });

/** The shared recorder's microphone advice, without "type instead" (SpeakUp has nothing to type). */
export function withoutTyping(message) {
  return String(message ?? "")
    .replace(/,? or type instead!?/i, ".")
    .replace(/\s*You can type instead!?/i, "")
    .replace(/\.\./g, ".").trim();
}

/** The device's time zone as a query parameter (days, streaks and today's prompt are counted in it). */
export function zoneQuery(zone = Intl.DateTimeFormat().resolvedOptions().timeZone) {
  return zone ? `tz=${encodeURIComponent(zone)}` : "";
}
