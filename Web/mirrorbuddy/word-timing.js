// When each word of a spoken sentence is said, estimated: the sentence's audio time shared out in
// proportion to characters (a word owns the spaces and punctuation after it). Pure. When the server
// sends real word timings, `timingsFor` takes them instead.

export const CHARS_PER_SECOND = 14;   // a calm reading voice at rate 1

/** Seconds `text` probably takes at `rate` (used when the audio's length is not known). */
export function estimateSeconds(text, rate = 1) {
  const chars = String(text ?? "").trim().length;
  return Math.max(0.4, chars / (CHARS_PER_SECOND * Math.max(0.1, rate)));
}

/**
 * [{start, end}] in seconds for `words` ([{start, end}] UTF-16 offsets into `text`) said in
 * `duration` seconds. Leading characters before the first word belong to it.
 */
export function wordTimings(text, words, duration) {
  if (!words.length || !(duration > 0)) return words.map(() => ({ start: 0, end: 0 }));
  const length = String(text).length;
  const spans = words.map((word, index) => {
    const from = index === 0 ? 0 : word.start;
    const to = index + 1 < words.length ? words[index + 1].start : length;
    return Math.max(1, to - from);
  });
  const total = spans.reduce((sum, span) => sum + span, 0);
  let at = 0;
  return spans.map((span) => {
    const start = at;
    at += (span / total) * duration;
    return { start, end: at };
  });
}

/** Real timings when the server gave them ([{start, end}] seconds, one per word), else the estimate. */
export function timingsFor(text, words, duration, server = null) {
  if (Array.isArray(server) && server.length === words.length) return server.map(({ start, end }) => ({ start, end }));
  return wordTimings(text, words, duration);
}

/** The index of the word being said at `seconds` (the first before it starts, the last after the end). */
export function wordAt(timings, seconds) {
  if (!timings.length) return -1;
  for (let index = 0; index < timings.length; index += 1) if (seconds < timings[index].end) return index;
  return timings.length - 1;
}
