// A material's text cut into what the reader paints: paragraphs of pieces, each piece a word (with
// its index and its sentence's) or the text between words. Offsets are the server's UTF-16 ones,
// which JavaScript strings index directly. Pure.

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/** Sentences and words found here when the server sent none. */
export function splitText(text) {
  const sentences = [];
  const pattern = /[^.!?…\n]+[.!?…]*["”»)]*|\n+/gu;
  for (const match of text.matchAll(pattern)) {
    if (!match[0].trim()) continue;
    const start = match.index + (match[0].length - match[0].trimStart().length);
    sentences.push({ start, end: match.index + match[0].trimEnd().length });
  }
  const words = [...text.matchAll(WORD)].map((match) => ({ start: match.index, end: match.index + match[0].length }));
  return { sentences, words };
}

/** The sentence holding offset `at`, or -1 (a gap between sentences). */
function sentenceFinder(sentences) {
  let index = 0;
  return (at) => {
    while (index < sentences.length && sentences[index].end <= at) index += 1;
    return index < sentences.length && sentences[index].start <= at ? index : -1;
  };
}

/**
 * {paragraphs: [[{text, word, sentence, br?}]], wordSentence: [sentence of each word]}.
 * A blank line starts a paragraph; a single newline is a line break inside one.
 */
export function textPieces(text, sentences, words) {
  const paragraphs = [[]];
  const wordSentence = [];
  const find = sentenceFinder(sentences);
  const addGap = (from, to) => {
    const gap = text.slice(from, to);
    const parts = gap.split(/(\n+)/);
    let at = from;
    for (const part of parts) {
      if (!part) continue;
      if (part.startsWith("\n")) {
        if (part.length > 1) paragraphs.push([]);
        else paragraphs[paragraphs.length - 1].push({ text: "", word: -1, sentence: -1, br: true });
      } else {
        paragraphs[paragraphs.length - 1].push({ text: part, word: -1, sentence: find(at) });
      }
      at += part.length;
    }
  };
  let at = 0;
  words.forEach((word, index) => {
    if (word.start > at) addGap(at, word.start);
    const sentence = find(word.start);
    wordSentence.push(sentence);
    paragraphs[paragraphs.length - 1].push({ text: text.slice(word.start, word.end), word: index, sentence });
    at = Math.max(at, word.end);
  });
  if (at < text.length) addGap(at, text.length);
  return { paragraphs: paragraphs.filter((paragraph) => paragraph.length), wordSentence };
}

/** The words (indices) inside sentence `s`. */
export function wordsOf(wordSentence, s) {
  const found = [];
  wordSentence.forEach((sentence, index) => { if (sentence === s) found.push(index); });
  return found;
}
