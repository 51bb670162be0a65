// Speech for every app, done by the server: voices, speaking text aloud (cached audio the page
// plays, honouring the hub's mute switch) and recognising a recording (16 kHz WAV from recorder.js).
import { api } from "./api.js";
import { playableFormat } from "./audio-format.js";
import { cancel, enqueue } from "./player.js";

let voiceList = null;

/** The server's voices: [{id, name, language, gender, engine}]. */
export async function voices() {
  voiceList ??= api("/api/speech/voices").then((result) => result.voices).catch((error) => { voiceList = null; throw error; });
  return voiceList;
}

let preferred = null;

/** The URL of `text` spoken (the browser caches it; the server answers 304 to a repeat). */
export function speechURL(text, { voice, rate = 1, pitch = 1, format = (preferred ??= playableFormat()) } = {}) {
  const query = new URLSearchParams({ text, rate: String(rate), pitch: String(pitch), format });
  if (voice) query.set("voice", voice);
  return `/api/speech/say?${query}`;
}

/**
 * When each word of `text` is said in the audio `speechURL` gives for the same options: the
 * server aligns its own audio with the words ({words: [{start, end, aligned}], duration} in
 * seconds; the words as MirrorBuddy's text splits them). Null when it cannot say.
 */
export async function wordTimes(text, { voice, rate = 1, pitch = 1 } = {}) {
  const query = new URLSearchParams({ text, rate: String(rate), pitch: String(pitch) });
  if (voice) query.set("voice", voice);
  try {
    const response = await fetch(`/api/speech/timings?${query}`, { credentials: "same-origin" });
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

/**
 * Speaks `text` now, stopping what was playing; resolves with {played} when it has been said (at
 * once when muted). Use `say` to queue behind what is playing instead.
 */
export function speak(text, options = {}) {
  cancel();
  return say(text, options);
}

/** Queues `text` after whatever is being said. `gap`: milliseconds of quiet after it. */
export function say(text, { gap = 0, ...options } = {}) {
  if (!text) return Promise.resolve({ played: false });
  return enqueue(speechURL(text, options), { gap });
}

/** Spells a word aloud letter by letter ("C… A… T…"), each letter queued with a pause. */
export function spellAloud(word, options = {}) {
  cancel();
  const letters = [...word].filter((c) => /\p{L}/u.test(c));
  return Promise.all(letters.map((letter) => say(`${letter.toUpperCase()}.`, { gap: 350, ...options }))).then(() => undefined);
}

export { cancel as stopSpeaking } from "./player.js";
export { isSpeaking, onSpeakingChange } from "./player.js";

/**
 * Recognises a WAV recording. `mode`: "free" (default), "grammar" with a JSGF `grammar`, or
 * "keywords" with a list of `keywords`. Resolves to {text, words: [{word, start, end, confidence}],
 * utterances, alternatives, duration}.
 */
export async function transcribe(wav, { mode = "free", grammar, keywords } = {}) {
  const query = new URLSearchParams({ mode });
  if (grammar) query.set("grammar", grammar);
  if (keywords) query.set("keywords", keywords.join(","));
  return api(`/api/speech/transcribe?${query}`, { method: "POST", raw: wav, contentType: "audio/wav" });
}
