// Times as people read them: a date and time, or how long ago.
import { h } from "./dom.js";

/** "21 Nov 2026, 14:05" in the reader's own locale and time zone. */
export const when = (iso) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** "5 min ago"; a clock slightly ahead of this one reads as "just now". */
export function ago(iso, now = Date.now()) {
  const minutes = Math.floor(Math.max(0, now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? "yesterday" : `${days} days ago`;
}

/** A relative time a refresh can bring up to date without rebuilding the page (`time.ago[datetime]`). */
export const agoTime = (iso) => h("time", { class: "ago", datetime: iso, title: when(iso) }, ago(iso));

/** Brings every `agoTime` under `root` up to date. */
export function refreshTimes(root) {
  for (const time of root.querySelectorAll("time.ago")) time.textContent = ago(time.getAttribute("datetime"));
}
