// The activity heatmap (the original's ActivityStrip): 17 weeks of days, Monday at the top, one
// column a week, coloured by sessions (none, 1, 2, 3+) or by the day's average score; today
// outlined. Pure: the server's days in, cells and a picture tree (svg.js) out.
import { scoreBand } from "./format.js";
import { el } from "./svg.js";

export const CELL = 13;
export const GAP = 3;
const TOP = 16; // room for month names

const weekdayOf = (date) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
const dayNumber = (date) => Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000);

/**
 * The cells of `days` ([{date: "YYYY-MM-DD", sessions, score}], oldest first, the last being today):
 * {date, row (weekday, Monday 0), col (week), level (0–3 sessions), band (score colour), today}.
 */
export function cells(days = []) {
  if (!days.length) return [];
  const sorted = [...days].sort((a, b) => a.date.localeCompare(b.date));
  const firstMonday = dayNumber(sorted[0].date) - weekdayOf(sorted[0].date);
  const today = sorted.at(-1).date;
  return sorted.map((day) => ({
    date: day.date,
    row: weekdayOf(day.date),
    col: Math.floor((dayNumber(day.date) - firstMonday) / 7),
    sessions: day.sessions ?? 0,
    score: Number.isFinite(day.score) ? day.score : null,
    level: Math.min(3, Math.max(0, day.sessions ?? 0)),
    band: day.sessions > 0 ? scoreBand(day.score) : "none",
    today: day.date === today,
  }));
}

/** The caption: "N sessions · M active days", or in score mode "average S across M days". */
export function caption(days = [], mode = "sessions") {
  const active = days.filter((day) => day.sessions > 0);
  if (mode === "score") {
    const scored = active.filter((day) => Number.isFinite(day.score));
    if (!scored.length) return "No scores yet";
    const average = Math.round(scored.reduce((sum, day) => sum + day.score, 0) / scored.length);
    return `average ${average} across ${scored.length} ${scored.length === 1 ? "day" : "days"}`;
  }
  const sessions = active.reduce((sum, day) => sum + day.sessions, 0);
  return `${sessions} ${sessions === 1 ? "session" : "sessions"} · ${active.length} active ${active.length === 1 ? "day" : "days"}`;
}

const monthName = (date, locale) => new Date(`${date}T00:00:00Z`).toLocaleDateString(locale, { month: "short", timeZone: "UTC" });

/** What a cell says when pointed at, or read (a date, its sessions and score; Show & Tell leaves scores out). */
export function cellLabel(cell, { scores = true, locale } = {}) {
  const day = new Date(`${cell.date}T00:00:00Z`).toLocaleDateString(locale, { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" });
  const sessions = cell.sessions === 0 ? "no practice" : cell.sessions === 1 ? "1 session" : `${cell.sessions} sessions`;
  return scores && cell.score != null ? `${day}: ${sessions}, average ${cell.score}` : `${day}: ${sessions}`;
}

/**
 * The heatmap as a picture. `mode`: "sessions" or "score"; `months: false` leaves the month names
 * off (Show & Tell: nothing to read); `label` is its accessible name.
 */
export function heatmapSVG(days, { mode = "sessions", months = true, label = "Practice over the last 17 weeks", locale,
  cellText = (cell) => cellLabel(cell, { scores: mode === "score", locale }) } = {}) {
  const list = cells(days);
  const columns = list.length ? Math.max(...list.map((c) => c.col)) + 1 : 17;
  const width = columns * (CELL + GAP);
  const height = TOP + 7 * (CELL + GAP);
  const monthLabels = [];
  if (months) {
    let last = null;
    for (const cell of list) {
      const month = cell.date.slice(0, 7);
      if (cell.row !== 0 && cell !== list[0]) continue;
      if (month !== last) {
        // A month named at the first column it starts in; a name too close to the one before wins
        // over it (the first column's month may show only its last few days).
        if (monthLabels.length && cell.col - monthLabels.at(-1).col < 3) monthLabels.pop();
        monthLabels.push({ col: cell.col, text: monthName(cell.date, locale) });
        last = month;
      }
    }
  }
  return el("svg", { class: `heatmap heatmap-${mode}`, viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": label },
    monthLabels.map((m) => el("text", { class: "heatmap-month", x: m.col * (CELL + GAP), y: 10 }, m.text)),
    list.map((cell) => el("rect", {
      class: `heat ${mode === "score" ? `score-${cell.band}` : `heat-${cell.level}`}${cell.today ? " today" : ""}`,
      x: cell.col * (CELL + GAP), y: TOP + cell.row * (CELL + GAP), width: CELL, height: CELL, rx: 3, "data-date": cell.date,
    }, el("title", {}, cellText(cell)))));
}
