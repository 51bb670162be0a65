// Read-aloud's rules in the page (pure): the upload address, how each word of the passage looks
// (lit as the reader reaches it, then read, misread or skipped), the result's line, the passages by
// level and a passage's best score from the practice log.

export const LEVELS = [["easy", "Easy"], ["medium", "Medium"], ["hard", "Hard"]];

/** The upload address for a reading (the fallback when the live stream broke). */
export const readingUploadPath = (passageId) => `/api/speakup/read-aloud/${encodeURIComponent(passageId)}`;

/** The most a reading may last in the page (the server allows 1.5 s a word and 30 s more). */
export const readingSeconds = (passage) => Math.floor(passage.text.split(/\s+/).filter(Boolean).length * 1.5 + 25);

/** The class of word `index`: its mark once judged, else "lit" up to where the reader has come. */
export function wordClass(index, reached, result) {
  const mark = result?.words?.[index]?.mark;
  if (mark) return `word-${mark}`;
  return index < (reached ?? 0) ? "word-lit" : "word-ahead";
}

/** A word's spoken label: the word, and what was heard instead of it or that it was skipped. */
export function wordLabel(word) {
  if (word?.mark === "misread") return `${word.text} (sounded like “${word.heardAs}”)`;
  if (word?.mark === "skipped") return `${word.text} (not heard)`;
  return word?.text ?? "";
}

/** "45 of 49 words read · 1 sounded different · 3 not heard · 120 words a minute". */
export function readingFacts(result) {
  const total = result.read + result.misread + result.skipped;
  const facts = [`${result.read} of ${total} words read`];
  if (result.misread) facts.push(`${result.misread} sounded different`);
  if (result.skipped) facts.push(`${result.skipped} not heard`);
  if (Number.isFinite(result.wpm)) facts.push(`${result.wpm} words a minute`);
  return facts;
}

/** Passages grouped by level, easy first. */
export function passagesByLevel(passages) {
  return LEVELS.map(([level, name]) => [level, name, (passages ?? []).filter((passage) => passage.level === level)]).filter(([, , items]) => items.length);
}

/** A passage's best score and readings, from the practice log's items. */
export function readingStats(items, passageId) {
  const tries = (items ?? []).filter((item) => item.kind === "readAloud" && item.itemId === passageId && item.reading);
  if (!tries.length) return null;
  return { tries: tries.length, best: Math.max(...tries.map((item) => item.reading.score)), passed: tries.some((item) => item.reading.passed) };
}
