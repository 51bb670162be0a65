// The words of the Family tab's storage card (pure, so node --test reads them without a page).

/** "840 KB", "1.3 MB", "13 MB", "2 GB": one decimal below 10 (as the server words its quota errors). */
export function byteCount(bytes) {
  const units = ["bytes", "KB", "MB", "GB", "TB"];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) { value /= 1024; unit += 1; }
  if (unit === 0) return `${Math.round(value)} bytes`;
  const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${shown} ${units[unit]}`;
}

/** The headline: "1.2 GB of 2 GB used (60 %)", or "1.2 GB used" with no quota; `full` past 90 %. */
export function usageLine({ usedBytes, quotaBytes }) {
  if (!quotaBytes) return { text: `${byteCount(usedBytes)} used`, percent: null, full: false };
  const percent = Math.min(100, Math.round((usedBytes / quotaBytes) * 100));
  return { text: `${byteCount(usedBytes)} of ${byteCount(quotaBytes)} used (${percent} %)`, percent, full: percent >= 90 };
}

const KINDS = [
  ["recordings", "SpeakUp recordings", "recording", "recordings", "The SpeakUp tab deletes a child's recordings (their scores stay)."],
  ["materials", "MirrorBuddy photos and PDFs", "material", "materials", "Students delete materials in MirrorBuddy; the MirrorBuddy tab deletes all of a child's data."],
  ["drawings", "Drawings", "drawing", "drawings", "The children delete pictures in their Coloring Fun gallery."],
  ["requests", "Spoken app requests", "request", "requests", "Answered requests go after the days chosen below."],
  ["phoneEvents", "Phone reports (SpotCheck)", "report", "reports", "Reports go after the days chosen below."],
];

/** One row per kind, largest first: label, size, how many, and where to free room. */
export function storageRows(parts) {
  return KINDS.map(([key, label, one, many, hint]) => {
    const part = parts[key] ?? { bytes: 0, count: 0 };
    return { key, label, size: byteCount(part.bytes), bytes: part.bytes, count: `${part.count} ${part.count === 1 ? one : many}`, hint };
  }).sort((a, b) => b.bytes - a.bytes);
}

/** "7 days", "1 year", "2 years"; 0 is "Always". */
export function daysLabel(days) {
  if (days === 0) return "Always";
  if (days % 365 === 0) return days === 365 ? "1 year" : `${days / 365} years`;
  return `${days} days`;
}
