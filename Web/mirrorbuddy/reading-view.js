// A material's text as the reader sees it: every word in a span (from the server's UTF-16
// offsets), sentences marked, the reading settings applied by CSS; the reading ruler (a
// translucent band one line tall following the pointer or finger, ↑/↓ move it) and focus mode
// (the current sentence in full colour, the others at 30 %; a tap picks it). Built once per
// material and kept across redraws, so highlights survive them.
import { h } from "../shared/dom.js";
import { t } from "./i18n.js";
import { splitText, textPieces, wordsOf } from "./text-pieces.js";

let view = null;
let tapListener = () => {};

/** The view of the material on screen (null before one is built). */
export const currentView = () => view;

/** What a tap on word `index` does (set by the reader). */
export function onWordTap(listener) { tapListener = listener; }

function lineHeightOf(element) {
  const value = parseFloat(getComputedStyle(element).lineHeight);
  return Number.isFinite(value) ? value : parseFloat(getComputedStyle(element).fontSize) * 1.5 || 24;
}

function placeRuler(y) {
  if (!view) return;
  const line = lineHeightOf(view.article);
  const height = view.root.clientHeight;
  view.rulerY = Math.max(0, Math.min(height - line, y - line / 2));
  view.ruler.style.setProperty("height", `${line}px`);
  view.ruler.style.setProperty("top", `${view.rulerY}px`);
}

/** Marks sentence `s` as the current one (focus mode). */
export function setCurrentSentence(s) {
  if (!view || s === view.current) return;
  for (const element of view.sentenceEls[view.current] ?? []) element.classList.remove("is-current");
  view.current = s;
  for (const element of view.sentenceEls[s] ?? []) element.classList.add("is-current");
}

/** Marks the sentence being read and the word being said (-1: none). */
export function markReading(s, word) {
  if (!view) return;
  if (view.readingSentence !== s) {
    for (const element of view.sentenceEls[view.readingSentence] ?? []) element.classList.remove("is-reading");
    for (const element of view.sentenceEls[s] ?? []) element.classList.add("is-reading");
    view.readingSentence = s;
    if (s >= 0) setCurrentSentence(s);
  }
  if (view.readingWord !== word) {
    view.wordEls[view.readingWord]?.classList.remove("is-word");
    view.wordEls[word]?.classList.add("is-word");
    view.readingWord = word;
    view.wordEls[word]?.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
  }
}

function moveByKeyboard(event) {
  if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
  event.preventDefault();
  const step = event.key === "ArrowDown" ? 1 : -1;
  placeRuler((view.rulerY ?? 0) + lineHeightOf(view.article) / 2 + step * lineHeightOf(view.article));
  const next = Math.min(view.sentences.length - 1, Math.max(0, (view.current < 0 ? 0 : view.current + step)));
  setCurrentSentence(next);
  view.startWord = wordsOf(view.wordSentence, next)[0] ?? view.startWord;
}

/** The text block of `material` ({id, text, language, sentences?, words?}). */
export function textView(material) {
  if (view?.id === material.id && view.source === material.text) return view.root;
  const text = material.text ?? "";
  const offsets = material.sentences?.length && material.words?.length ? material : splitText(text);
  const { paragraphs, wordSentence } = textPieces(text, offsets.sentences, offsets.words);
  const sentenceEls = offsets.sentences.map(() => []);
  const wordEls = [];
  const article = h("div", { class: "mb-text", lang: material.language ?? null });
  for (const paragraph of paragraphs) {
    const p = h("p", {});
    for (const piece of paragraph) {
      if (piece.br) { p.append(h("br")); continue; }
      const span = piece.word >= 0 ? h("span", { class: "mb-w", dataset: { w: String(piece.word) } }, piece.text) : h("span", { class: "mb-g" }, piece.text);
      if (piece.word >= 0) wordEls[piece.word] = span;
      if (piece.sentence >= 0) { span.dataset.s = String(piece.sentence); sentenceEls[piece.sentence].push(span); }
      p.append(span);
    }
    article.append(p);
  }
  const ruler = h("div", { class: "mb-ruler", "aria-hidden": "true" });
  const root = h("div", { class: "mb-reading", id: "reading", tabindex: "0", role: "region", "aria-label": t("reader.textLabel") }, ruler, article);
  view = { id: material.id, source: text, lang: material.language === "en" ? "en" : "it", text, sentences: offsets.sentences, words: offsets.words,
    wordSentence, wordEls, sentenceEls, root, article, ruler, current: -1, readingSentence: -1, readingWord: -1, startWord: 0, rulerY: 0 };
  root.addEventListener("pointermove", (event) => placeRuler(event.clientY - root.getBoundingClientRect().top));
  root.addEventListener("pointerdown", (event) => placeRuler(event.clientY - root.getBoundingClientRect().top));
  root.addEventListener("keydown", moveByKeyboard);
  article.addEventListener("click", (event) => {
    const word = event.target.closest?.("[data-w]");
    if (!word) return;
    const index = Number(word.dataset.w);
    setCurrentSentence(wordSentence[index]);
    view.startWord = index;
    tapListener(index);
  });
  return root;
}

/** Forgets the view (another material, or the language of the page changed). */
export function dropView() { view = null; }
