// What the reader sends to the voice, made in one place: `sayable` is the text as the ear gets it
// (the same rules as the shared `spoken`: no emoji, squeezed spaces, at most the server's 600
// characters), and `speechPieces` cuts a long sentence (over ~300 characters) at a semicolon,
// colon, comma or — failing those — a space between words, into pieces read one after another,
// each knowing its words so the highlighting stays with the voice. Pure.

export const SAY_MAX = 600;    // the server's /api/speech/say takes at most this many characters
export const PIECE_MAX = 300;  // a sentence longer than this is read in pieces

/** Text made for the ear. Saying it twice changes nothing, so the URL asked for and the one played agree. */
export function sayable(text) {
  return String(text ?? "")
    .replace(/[\p{Extended_Pictographic}\u{1F1E6}-\u{1F1FF}\u{1F3FB}-\u{1F3FF}\u{FE0F}\u{200D}\u{20E3}]/gu, "")
    .replace(/\s+/g, " ").trim().slice(0, SAY_MAX);
}

// How good a place to break the gap between two words is: 3 after ; or :, 2 after a comma or a
// dash, 1 a plain space.
function breakRank(gap) {
  if (/[;:]/.test(gap)) return 3;
  if (/[,–—]/.test(gap)) return 2;
  return 1;
}

/**
 * A sentence's text (`text`, from the first word read to the sentence's end) and its words
 * ([{start, end}] offsets in it) as pieces to say one after another:
 * [{start, end, text, say, words: [indices into `words`], local: [{start, end}] offsets in the piece}].
 * A piece holds whole words and the punctuation after its last one; the first piece starts at 0.
 */
export function speechPieces(text, words, max = PIECE_MAX) {
  const source = String(text ?? "");
  if (!words.length) {
    const say = sayable(source);
    return say ? [{ start: 0, end: source.length, text: source, say, words: [], local: [] }] : [];
  }
  const pieces = [];
  const last = words.length - 1;
  let first = 0;
  let start = 0;
  while (first <= last) {
    let end;
    let upTo; // the index of the piece's last word
    if (words[last].end - start <= max) {
      upTo = last;
      end = source.length;
    } else {
      // The furthest word that still fits (at least one word, even an overlong one).
      let fits = first;
      while (fits + 1 <= last && words[fits + 1].end - start <= max) fits += 1;
      // The best break among the words that fit, not too early in the piece.
      upTo = fits;
      let best = 0;
      for (let k = fits; k >= first; k -= 1) {
        if (k === last) continue;
        if (words[k].end - start < max / 3 && k !== fits) break;
        const rank = breakRank(source.slice(words[k].end, words[k + 1].start));
        if (rank > best) { best = rank; upTo = k; }
        if (rank === 3) break;
      }
      end = words[upTo + 1].start;
    }
    const raw = source.slice(start, end);
    const trimmed = raw.trimEnd();
    const indices = [];
    for (let k = first; k <= upTo; k += 1) indices.push(k);
    pieces.push({
      start, end: start + trimmed.length, text: trimmed, say: sayable(trimmed), words: indices,
      local: indices.map((k) => ({ start: words[k].start - start, end: words[k].end - start })),
    });
    first = upTo + 1;
    if (first <= last) start = words[first].start;
  }
  return pieces;
}
