// What the journal and score card sheets send, without a page (node --test).

export const JOURNAL_RANGES = [["week", "7 days"], ["month", "30 days"], ["3months", "3 months"], ["all", "All time"]];
export const CARD_THEMES = [["midnight", "🌌 Midnight"], ["aurora", "🌠 Aurora"], ["slate", "🪨 Slate"], ["spotlight", "🔦 Spotlight"], ["sunshine", "🌞 Sunshine"]];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The journal request from the sheet's choices: a preset range, or days (`from`, `to`, either may be
 * empty). Returns `{ body }` or `{ error }` (a day that is not one, a range that ends before it starts).
 */
export function journalRequest({ range = "month", from = "", to = "", achievements = true, paper = "a4", tz = "" } = {}) {
  const days = Boolean(from || to);
  for (const [name, day] of [["first", from], ["last", to]]) {
    if (day && !DAY.test(day)) return { error: `The ${name} day must be a date.` };
  }
  if (from && to && to < from) return { error: "The last day comes before the first." };
  const body = { achievements: Boolean(achievements), paper };
  if (days) {
    if (from) body.from = from;
    if (to) body.to = to;
  } else {
    body.range = JOURNAL_RANGES.some(([id]) => id === range) ? range : "month";
  }
  if (tz) body.tz = tz;
  return { body };
}

/** The themes in the order the sheet shows them, the speaker's default first (Show & Tell: sunshine). */
export function cardThemes(kid) {
  const first = kid ? "sunshine" : "midnight";
  return [...CARD_THEMES.filter(([id]) => id === first), ...CARD_THEMES.filter(([id]) => id !== first)];
}

/** A file name: the kind, the speaker's name in plain letters, the day. */
export function fileName(kind, name, day, extension) {
  const plain = String(name ?? "").toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  return `speakup-${kind}-${plain || "speaker"}-${day}.${extension}`;
}
