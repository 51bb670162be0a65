// Read-aloud of a material, sentence by sentence, with the server's voice for its language
// (GET /api/speech/say through player.js): the sentence being read is highlighted, and each word at
// its estimated time (word-timing.js: characters shared out over the sentence's audio length).
// Pause, resume, speed (settings.ttsSpeed), and start from any word the student taps.
import { stopSpeaking } from "../shared/speech.js";
import { isMuted } from "../shared/sounds.js";
import { toast } from "./celebrate.js";
import { t } from "./i18n.js";
import { currentView, markReading, onWordTap } from "./reading-view.js";
import { render } from "./state.js";
import { estimateSeconds, timingsFor, wordAt } from "./word-timing.js";
import { speakText, speed, urlFor } from "./voice.js";
import { wordsOf } from "./text-pieces.js";

const START_LAG = 0.12; // seconds between asking the player and hearing the first sound

let run = 0;
let status = "idle"; // idle | playing | paused
let word = 0;       // the word being read (where Resume starts)
let frame = 0;

export const readerStatus = () => status;

function setStatus(next) {
  if (status === next) return;
  status = next;
  render();
}

/** The audio's length in seconds (the browser keeps the file for the player), or null. */
function audioSeconds(url) {
  return new Promise((resolve) => {
    const audio = new Audio();
    const done = (value) => { clearTimeout(timer); audio.removeAttribute("src"); resolve(value); };
    const timer = setTimeout(() => done(null), 3000);
    audio.preload = "auto";
    audio.addEventListener("loadedmetadata", () => done(Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : null), { once: true });
    audio.addEventListener("error", () => done(null), { once: true });
    audio.src = url;
  });
}

async function readSentences(first, token) {
  const view = currentView();
  if (!view) return;
  let s = view.wordSentence[first];
  let from = first;
  while (s >= 0 && s < view.sentences.length) {
    const inSentence = wordsOf(view.wordSentence, s).filter((index) => index >= from);
    if (inSentence.length) {
      const start = view.words[inSentence[0]].start;
      const text = view.text.slice(start, view.sentences[s].end);
      const rate = speed();
      const { url } = await urlFor(text, view.lang, rate);
      const seconds = (await audioSeconds(url)) ?? estimateSeconds(text, rate);
      if (token !== run) return;
      const local = inSentence.map((index) => ({ start: view.words[index].start - start, end: view.words[index].end - start }));
      const timings = timingsFor(text, local, seconds);
      markReading(s, inSentence[0]);
      word = inSentence[0];
      const began = performance.now();
      const follow = () => {
        if (token !== run) return;
        const at = wordAt(timings, (performance.now() - began) / 1000 - START_LAG);
        word = inSentence[Math.max(0, at)];
        markReading(s, word);
        frame = requestAnimationFrame(follow);
      };
      frame = requestAnimationFrame(follow);
      const result = await speakText(text, { lang: view.lang, rate });
      cancelAnimationFrame(frame);
      if (token !== run) return;
      if (!result.played) {
        if (isMuted()) toast(t("reader.muted"), { say: false });
        break;
      }
    }
    s += 1;
    from = 0;
  }
  if (token === run) {
    markReading(-1, -1);
    word = 0;
    setStatus("idle");
  }
}

/** Reads aloud from word `index` to the end. */
export function readFrom(index = currentView()?.startWord ?? 0) {
  const view = currentView();
  if (!view || !view.words.length) return;
  let first = Math.max(0, Math.min(index, view.words.length - 1));
  while (first < view.words.length - 1 && view.wordSentence[first] < 0) first += 1;
  const token = ++run;
  word = first;
  setStatus("playing");
  readSentences(first, token);
}

export function pauseReading() {
  if (status !== "playing") return;
  run += 1;
  cancelAnimationFrame(frame);
  stopSpeaking();
  setStatus("paused");
}

export function resumeReading() { readFrom(word); }

export function stopReading() {
  run += 1;
  cancelAnimationFrame(frame);
  if (status !== "idle") stopSpeaking();
  markReading(-1, -1);
  word = 0;
  setStatus("idle");
}

/** The speed changed while reading: go on from the same word at the new speed. */
export function speedChanged() { if (status === "playing") readFrom(word); }

// A tapped word: reading jumps there; otherwise it is where Read starts.
onWordTap((index) => {
  if (status === "idle") return;
  readFrom(index);
});
