// Days as the student's clock reads them. Pure: the task form's due time (a day without a time is
// due at 23:59 that day, local time, as the contract asks), a due time back into the form, and the
// materials list's date filter as since/until days.

const pad = (n) => String(n).padStart(2, "0");

/** "2026-11-27" of `date` in local time. */
export const localDay = (date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The ISO due time of a day ("2026-11-27") and optional time ("14:30"); null without a day. */
export function dueFrom(day, time = "") {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(day ?? "").trim());
  if (!d) return null;
  const t = /^(\d{1,2}):(\d{2})$/.exec(String(time ?? "").trim());
  const [hours, minutes] = t ? [Number(t[1]), Number(t[2])] : [23, 59];
  const at = new Date(Number(d[1]), Number(d[2]) - 1, Number(d[3]), hours, minutes, 0, 0);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** {day, time} for the form from an ISO due time; 23:59 shows as no time. */
export function formParts(iso) {
  if (!iso) return { day: "", time: "" };
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return { day: "", time: "" };
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  return { day: localDay(at), time: time === "23:59" ? "" : time };
}

export const PERIODS = ["all", "today", "week", "month"];

/** {since, until} days for the materials filter ("week" = the last 7 days, today included). */
export function periodRange(period, now = new Date()) {
  if (period === "today") return { since: localDay(now), until: localDay(now) };
  if (period === "week" || period === "month") {
    const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (period === "week" ? 6 : 29));
    return { since: localDay(from), until: localDay(now) };
  }
  return {};
}

let zoneRefused = false;

/** The server does not know the browser's zone: from now on `timeZone()` is the fixed offset the device has. */
export function refuseTimeZone() { zoneRefused = true; }

/**
 * The zone of a fixed offset, from `Date#getTimezoneOffset()` (minutes behind UTC: -60 is UTC+1):
 * "Etc/GMT-1" (the Etc names count the other way); "UTC" for an offset that is not whole hours.
 */
export function offsetZone(minutesBehind) {
  if (!Number.isInteger(minutesBehind) || minutesBehind % 60 !== 0 || Math.abs(minutesBehind) > 14 * 60) return "UTC";
  const hours = minutesBehind / 60;
  return hours === 0 ? "UTC" : `Etc/GMT${hours > 0 ? "+" : "-"}${Math.abs(hours)}`;
}

/** The browser's IANA time zone, for the API's `tz` (its offset now, when the server refused the name). */
export const timeZone = () => (zoneRefused ? offsetZone(new Date().getTimezoneOffset())
  : Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
