// Plays spoken audio one piece after another: a queue the page can add to ("Spell: C… A… T…"),
// cancel (a new word, leaving the screen), and watch (a "speaking" state for a talking mascot or a
// disabled Repeat button). It honours the hub's mute switch: muting stops what is playing.
import { isMuted, onMuteChange } from "./sounds.js";

const listeners = new Set();
const queue = [];
let current = null; // { audio, resolve, gap } being played
let gapTimer = null; // the pause between two items
let nextAudio = null; // the next item, already loading while this one plays
let announced = false;

/** Whether something is being said now (the pause between queued pieces counts). */
export function isSpeaking() { return current !== null || gapTimer !== null; }

/** Calls `listener(speaking)` whenever speaking starts or stops; returns an unsubscribe function. */
export function onSpeakingChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Adds audio (a URL) to the queue; resolves with {played} when it has played, or at once with
 * played: false when muted or cancelled. `gap` is a pause in milliseconds after it (letters of a spelling).
 */
export function enqueue(url, { gap = 0 } = {}) {
  if (isMuted()) return Promise.resolve({ played: false });
  return new Promise((resolve) => {
    queue.push({ url, gap, resolve });
    if (isSpeaking()) preload();
    else playNext();
  });
}

/** Stops what is playing and forgets the queue; every waiting promise resolves with played: false. */
export function cancel() {
  for (const item of queue.splice(0)) item.resolve({ played: false });
  clearTimeout(gapTimer);
  gapTimer = null;
  nextAudio = null;
  if (current) {
    const { audio, resolve } = current;
    current = null;
    audio.pause();
    audio.removeAttribute("src");
    resolve({ played: false });
  }
  notify();
}

function preload() {
  if (!queue.length || nextAudio?.dataset.url === queue[0].url) return;
  nextAudio = new Audio();
  nextAudio.preload = "auto";
  nextAudio.dataset.url = queue[0].url;
  nextAudio.src = queue[0].url;
}

function playNext() {
  const item = queue.shift();
  if (!item) return notify();
  const audio = nextAudio?.dataset.url === item.url ? nextAudio : new Audio(item.url);
  nextAudio = null;
  const playing = { audio, resolve: item.resolve, gap: item.gap };
  current = playing;
  notify();
  const finish = (played) => {
    if (current !== playing) return; // cancelled meanwhile
    current = null;
    playing.resolve({ played });
    if (!queue.length) return notify();
    gapTimer = setTimeout(() => { gapTimer = null; playNext(); }, played ? playing.gap : 0);
  };
  audio.addEventListener("ended", () => finish(true), { once: true });
  audio.addEventListener("error", () => finish(false), { once: true });
  audio.play().catch(() => finish(false));
  preload();
}

function notify() {
  const speaking = isSpeaking();
  if (speaking === announced) return;
  announced = speaking;
  for (const listener of listeners) {
    try { listener(speaking); } catch { /* a listener's bug must not stop the queue */ }
  }
}

onMuteChange((muted) => { if (muted) cancel(); });
