// The words of the parent's SpeakUp tab (pure, so node --test reads them without a page).

/** "12.4 MB", "800 KB". */
export function megabytes(bytes) {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(0, Math.round(bytes / 1024))} KB`;
}

/** "1:05" for 65 seconds. */
export function minutesSeconds(seconds) {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** How a take went, in words a parent reads at a glance. */
export function takeResult(take) {
  if (take.stars != null) return `${"⭐".repeat(take.stars)} (${take.stars} of 5 stars)`;
  return take.score != null ? `${take.score} / 100` : "not scored";
}
