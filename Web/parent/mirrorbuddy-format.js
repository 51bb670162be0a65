// The words and derived numbers of the parent's MirrorBuddy diary (pure, so node --test reads them
// without a page): the week's dates, minutes, percentages, streak and mastery words, subject names.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** "2026-11-23" → {year: 2026, month: "Nov", day: 23, weekday: "Mon"} (the calendar day as written, no time zone). */
export function dayParts(date) {
  const [year, month, day] = String(date).split("-").map(Number);
  return { year, month: MONTHS[month - 1] ?? "", day, weekday: WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()] ?? "" };
}

/** "Mon 23 Nov". */
export function dayLabel(date) {
  const { weekday, day, month } = dayParts(date);
  return `${weekday} ${day} ${month}`;
}

/** The week's dates as a heading: "23–29 Nov 2026", "30 Nov – 6 Dec 2026", "28 Dec 2026 – 3 Jan 2027". */
export function weekHeading(days) {
  if (!days?.length) return "This week";
  const first = dayParts(days[0].date);
  const last = dayParts(days.at(-1).date);
  if (first.year !== last.year) return `${first.day} ${first.month} ${first.year} – ${last.day} ${last.month} ${last.year}`;
  if (first.month !== last.month) return `${first.day} ${first.month} – ${last.day} ${last.month} ${last.year}`;
  return `${first.day}–${last.day} ${last.month} ${last.year}`;
}

/** 95 → "1 h 35 min", 60 → "1 h", 12.4 → "12 min", 0 → "0 min", 0.3 → "less than 1 min". */
export function minutesText(minutes) {
  const value = Number(minutes) || 0;
  if (value > 0 && value < 0.5) return "less than 1 min";
  const whole = Math.max(0, Math.round(value));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** "1 session", "3 sessions" (`many` defaults to `one` + "s"). */
export function countText(count, one, many = `${one}s`) {
  return `${count} ${count === 1 ? one : many}`;
}

/** A share (0…1) as "87 %"; "–" when there is none (null, undefined, not a number). */
export function percent(share) {
  if (share === null || share === undefined || !Number.isFinite(Number(share))) return "–";
  return `${Math.round(Math.min(1, Math.max(0, Number(share))) * 100)} %`;
}

/** How well the learnt cards were remembered this week, in words. */
export function retentionText(retention) {
  return retention === null || retention === undefined ? "no learnt cards reviewed yet" : `remembered ${percent(retention)} of learnt cards`;
}

const MASTERY_WORDS = {
  notStarted: "Not started",
  attempted: "Just started (fewer than 5 answers)",
  struggling: "Needs practice",
  familiar: "Getting there",
  proficient: "Good at it",
  mastered: "Mastered",
};

/** A subject's mastery status in words; an unknown status reads as not started. */
export function masteryWord(status) {
  return MASTERY_WORDS[status] ?? MASTERY_WORDS.notStarted;
}

const STREAK_WORDS = {
  strong: "Strong habit — 30+ days",
  building: "Building — a week or more",
  starting: "Getting started",
  freshStart: "Ready for a fresh start",
};

/** The weekly digest's streak words. */
export function streakWord(status) {
  return STREAK_WORDS[status] ?? STREAK_WORDS.freshStart;
}

/** A subject id named with the child's subjects: a deleted subject is "Other subject", none is "No subject". */
export function subjectOf(id, subjects = []) {
  if (id === null || id === undefined || id === "") return { name: "No subject", emoji: "🗂️" };
  const subject = subjects.find((entry) => entry.id === id);
  return subject ? { name: subject.name, emoji: subject.emoji || "📘" } : { name: "Other subject", emoji: "📚" };
}

/** "📐 Maths". */
export function subjectLabel(id, subjects = []) {
  const { name, emoji } = subjectOf(id, subjects);
  return `${emoji} ${name}`;
}

/** A bar's length in percent of `max` (0…100, one decimal); a value above 0 shows at least a sliver. */
export function barPercent(value, max) {
  const number = Number(value) || 0;
  if (number <= 0 || !(max > 0)) return 0;
  return Math.max(2, Math.min(100, Math.round((number / max) * 1000) / 10));
}

/** Today on this device's calendar as "2026-11-23". */
export function todayKey(now = new Date()) {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

/** A calendar day's state: "counted" (a streak day), "future" (after `today`), "studied" (some minutes, not enough), "none". */
export function dayState(day, today) {
  if (day.counted) return "counted";
  if (today && day.date > today) return "future";
  return day.minutes > 0 ? "studied" : "none";
}

/** A calendar square's text alternative: "Mon 23 Nov: 25 min, streak day". */
export function calendarDayText(day, today) {
  const state = dayState(day, today);
  const words = { future: "not yet", counted: `${minutesText(day.minutes)}, streak day`,
    studied: `${minutesText(day.minutes)}, not a streak day`, none: "no study, not a streak day" }[state];
  return `${dayLabel(day.date)}: ${words}`;
}

/** "Level 4 · 80 of 283 XP towards level 5". */
export function levelText(level) {
  if (!level) return "Level 1";
  return `Level ${level.level} · ${level.xpIntoLevel} of ${level.xpForNext} XP towards level ${level.level + 1}`;
}
