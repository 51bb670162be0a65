// Speech for every app, done by the server: voices, speaking text aloud (cached audio the page
// plays, honouring the hub's mute switch) and recognising a recording (16 kHz WAV from recorder.js).
import { api } from "./api.js";
import { isMuted } from "./sounds.js";

let voiceList = null;
let playing = null;

/** The server's voices: [{id, name, language, gender, engine}]. */
export async function voices() {
  voiceList ??= api("/api/speech/voices").then((result) => result.voices).catch((error) => { voiceList = null; throw error; });
  return voiceList;
}

/** The URL of `text` spoken (the browser caches it; the server answers 304 to a repeat). */
export function speechURL(text, { voice, rate = 1, pitch = 1, format = "opus" } = {}) {
  const query = new URLSearchParams({ text, rate: String(rate), pitch: String(pitch), format });
  if (voice) query.set("voice", voice);
  return `/api/speech/say?${query}`;
}

/** Speaks `text`; resolves when it has been said (at once when muted). Stops what was playing. */
export function speak(text, options = {}) {
  stopSpeaking();
  if (isMuted() || !text) return Promise.resolve();
  const audio = new Audio(speechURL(text, options));
  playing = audio;
  return new Promise((resolve) => {
    const done = () => { if (playing === audio) playing = null; resolve(); };
    audio.addEventListener("ended", done, { once: true });
    audio.addEventListener("error", done, { once: true });
    audio.play().catch(done);
  });
}

export function stopSpeaking() {
  playing?.pause();
  playing = null;
}

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
