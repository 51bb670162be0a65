// Read-aloud of a material, sentence by sentence, with the server's voice for its language
// (GET /api/speech/say through player.js): the sentence being read is highlighted, and each word at
// the time the server heard it in its own audio (GET /api/speech/timings), or, when it cannot say,
// its estimated time (word-timing.js: characters shared out over the sentence's audio length).
// Pause, resume, speed (settings.ttsSpeed), and start from any word the student taps. A sentence
// longer than ~300 characters is read in pieces (speech-pieces.js). Anything else said over the
// reader pauses it; while it reads, the page's own nudges are shown, not said (voice.js announce).
import { stopSpeaking } from "../shared/speech.js";
import { isMuted } from "../shared/sounds.js";
import { toast } from "./celebrate.js";
import { t } from "./i18n.js";
import { currentView, markReading, onWordTap } from "./reading-view.js";
import { render } from "./state.js";
import { estimateSeconds, timingsFor, wordAt } from "./word-timing.js";
import { setReadingAloud, speakText, speed, timesFor, urlFor } from "./voice.js";
import { speechPieces } from "./speech-pieces.js";
import { wordsOf } from "./text-pieces.js";

const START_LAG = 0.12; // seconds between asking the player and hearing the first sound
const TIMINGS_WAIT_MS = 1500; // the longest wait for the server's word timings before the estimate is used

let run = 0;
let status = "idle"; // idle | playing | paused
let word = 0;       // the word being read (where Resume starts)
let frame = 0;

export const readerStatus = () => status;

function setStatus(next) {
  setReadingAloud(next === "playing");
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

/**
 * Something else spoke over the reader (a 🔊 tapped, the sound muted): the reading stops where it
 * was — paused, not idle — and Resume goes on from the start of the piece being read.
 */
function interrupted(sentence, at) {
  run += 1;
  cancelAnimationFrame(frame);
  word = at;
  markReading(sentence, at);
  if (isMuted()) toast(t("reader.muted"), { say: false });
  setStatus("paused");
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
      const inText = inSentence.map((index) => ({ start: view.words[index].start - start, end: view.words[index].end - start }));
      // A long sentence in pieces of ~300 characters, each said whole (the server says at most 600).
      for (const piece of speechPieces(text, inText)) {
        const ids = piece.words.map((k) => inSentence[k]);
        if (!piece.say || !ids.length) continue;
        const rate = speed();
        const { url } = await urlFor(piece.say, view.lang, rate);
        // The server's timings if they come within a moment (a busy server must not hold the voice back).
        const soon = new Promise((resolve) => { setTimeout(() => resolve(null), TIMINGS_WAIT_MS); });
        const [measured, heard] = await Promise.all([audioSeconds(url), Promise.race([timesFor(piece.say, view.lang, rate), soon])]);
        const seconds = measured ?? heard?.duration ?? estimateSeconds(piece.say, rate);
        if (token !== run) return;
        // The words as the server heard them in its audio; by characters when it could not say.
        const timings = timingsFor(piece.text, piece.local, seconds, heard?.words);
        markReading(s, ids[0]);
        word = ids[0];
        const began = performance.now();
        const follow = () => {
          if (token !== run) return;
          const at = wordAt(timings, (performance.now() - began) / 1000 - START_LAG);
          word = ids[Math.max(0, at)];
          markReading(s, word);
          frame = requestAnimationFrame(follow);
        };
        frame = requestAnimationFrame(follow);
        const result = await speakText(piece.say, { lang: view.lang, rate });
        cancelAnimationFrame(frame);
        if (token !== run) return;
        if (!result.played) { interrupted(s, ids[0]); return; }
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
