// A take's transcript as the page shows it: tappable words with fillers marked and paragraphs at
// long pauses, the fillers grouped for the list of chips, pace over time in buckets, the word being
// played, and word swaps from the analysis. Pure, so node --test checks it.

/** A pause this long (seconds) starts a new paragraph in the transcript. */
export const PARAGRAPH_PAUSE = 2;

/**
 * The transcript's entries ({text, start, end, filler}) as segments: {index, text, start, end,
 * filler: "hesitation"|"lexical"|null, pauseBefore, paragraph}. Entries without text are left out;
 * times are kept as given (the server orders them).
 */
export function segments(transcript = []) {
  const out = [];
  let previousEnd = null;
  for (const entry of transcript) {
    const text = String(entry?.text ?? "").trim();
    if (!text) continue;
    const start = Number(entry.start) || 0;
    const end = Math.max(start, Number(entry.end) || start);
    const pauseBefore = previousEnd === null ? 0 : Math.max(0, start - previousEnd);
    out.push({ index: out.length, text, start, end, filler: entry.filler ?? null, pauseBefore,
      paragraph: out.length > 0 && pauseBefore >= PARAGRAPH_PAUSE });
    previousEnd = end;
  }
  return out;
}

/** Segments split into paragraphs (lists of segments). */
export function paragraphs(list) {
  const out = [];
  for (const segment of list) {
    if (!out.length || segment.paragraph) out.push([]);
    out.at(-1).push(segment);
  }
  return out;
}

/**
 * The fillers used, most used first (ties: first heard first): {text, kind, count, times}, the
 * `top` most used, each with at most `chips` start times to play.
 */
export function fillerGroups(transcript = [], { top = 5, chips = 12 } = {}) {
  const groups = new Map();
  for (const entry of transcript) {
    if (!entry?.filler) continue;
    const text = String(entry.text ?? "").trim().toLowerCase();
    if (!text) continue;
    const group = groups.get(text) ?? { text, kind: entry.filler, count: 0, times: [], first: groups.size };
    group.count += 1;
    if (group.times.length < chips) group.times.push(Number(entry.start) || 0);
    groups.set(text, group);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count || a.first - b.first).slice(0, top)
    .map(({ first, ...group }) => group);
}

/** The index of the segment being heard at `time` (the last one started), or -1 before the first. */
export function segmentAt(list, time) {
  let low = 0;
  let high = list.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (list[middle].start <= time + 1e-9) { found = middle; low = middle + 1; } else high = middle - 1;
  }
  return found;
}

/**
 * Words a minute over the take in `bucket`-second slices (fillers not counted): {start, end, wpm}.
 * A last slice shorter than a second is left out (too short to be a rate).
 */
export function paceBuckets(transcript = [], duration = 0, bucket = 5) {
  const length = Math.max(duration, ...transcript.map((entry) => Number(entry?.end) || 0), 0);
  const out = [];
  for (let start = 0; start < length; start += bucket) {
    const end = Math.min(length, start + bucket);
    if (end - start < 1 && out.length) break;
    const words = transcript.filter((entry) => !entry?.filler && entry.start >= start && entry.start < end).length;
    out.push({ start, end, wpm: Math.round((words * 60) / (end - start)) });
  }
  return out;
}

/**
 * Word swaps from the analysis, whatever the coach named its fields: {word, count, alternatives}
 * from `wordSwaps` (or `crutchWords`) items with `word`|`text`, `count`, `alternatives`|`suggestions`
 * (strings, or objects with `text`). At most `limit` rows; none when the analysis has none.
 */
export function wordSwaps(analysis, limit = 6) {
  const items = analysis?.wordSwaps ?? analysis?.crutchWords ?? [];
  const list = Array.isArray(items) ? items : Array.isArray(items?.items) ? items.items : [];
  return list.map((item) => ({
    word: String(item?.word ?? item?.text ?? "").trim(),
    count: Number(item?.count) || null,
    alternatives: (item?.alternatives ?? item?.suggestions ?? []).map((alt) => (typeof alt === "string" ? alt : alt?.text)).filter(Boolean),
  })).filter((row) => row.word && row.alternatives.length).slice(0, limit);
}
