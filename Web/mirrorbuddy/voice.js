// Speaking aloud with the server's voices (speech.js): an Italian voice for Italian words, an
// English one for English, at the student's speed. 🔊 buttons say a label or a line; with
// settings.tts off they are not shown. While the reader reads a material aloud, what the page says
// by itself (a nudge, a recap, a toast) is only shown, not said: `announce`; nor while the voice
// button listens (`hush`).
import { h } from "../shared/dom.js";
import { say, speak, speechURL, voices, wordTimes } from "../shared/speech.js";
import { currentLanguage, t } from "./i18n.js";
import { sayable } from "./speech-pieces.js";
import { state } from "./state.js";

let readingAloud = false;
let hushed = false;

/** Whether the reader is reading a material aloud now (reader.js keeps this up to date). */
export const isReadingAloud = () => readingAloud;
export function setReadingAloud(on) { readingAloud = Boolean(on); }

/** While the microphone listens the page says nothing by itself (it would be recorded). */
export function hush(on) { hushed = Boolean(on); }

/** Whether the microphone is listening (nothing may be said now). */
export const isHushed = () => hushed;

const chosen = {};

/** The id of a server voice for `lang` ("it" | "en"); null lets the server pick its default. */
export async function voiceFor(lang) {
  if (lang in chosen) return chosen[lang];
  try {
    const list = await voices();
    const fits = list.filter((voice) => String(voice.language).toLowerCase().startsWith(lang));
    chosen[lang] = (fits.find((voice) => voice.gender === "female") ?? fits[0])?.id ?? null;
  } catch {
    return null;
  }
  return chosen[lang];
}

export const speed = () => Math.min(2, Math.max(0.5, Number(state.settings?.ttsSpeed) || 1));
export const ttsOn = () => state.settings?.tts !== false;

/** Says `text` now (stopping anything said), or after it with `queue`. */
export async function speakText(text, { lang = currentLanguage(), queue = false, rate = speed() } = {}) {
  const words = sayable(text);
  if (!words) return { played: false };
  const voice = await voiceFor(lang);
  return (queue ? say : speak)(words, { voice: voice ?? undefined, rate });
}

/** Something the page says by itself: said when read-aloud is on, the reader is not reading and the microphone not listening. */
export function announce(text) {
  if (!ttsOn() || readingAloud || hushed) return Promise.resolve({ played: false });
  return speakText(text);
}

/**
 * The URL the reader asks for: the same text (through `sayable`, as `speakText` does) and the same
 * voice and rate, so it is the URL `speak` plays and the browser's cache answers the second time.
 */
export async function urlFor(text, lang, rate = speed()) {
  const voice = await voiceFor(lang);
  return { url: speechURL(sayable(text), { voice: voice ?? undefined, rate }), voice: voice ?? undefined };
}

/** When each word of `text` is said at `rate` in `lang`'s voice (the server aligns its audio), or null. */
export async function timesFor(text, lang, rate = speed()) {
  const voice = await voiceFor(lang);
  return wordTimes(sayable(text), { voice: voice ?? undefined, rate });
}

/** A 🔊 button that reads `words` (a string or a function) aloud; nothing when read-aloud is off. */
export function hearButton(words, { label = t("action.hear"), id } = {}) {
  if (!ttsOn()) return null;
  return h("button", {
    class: "btn mb-hear", type: "button", id, "aria-label": label, title: label,
    onclick: (event) => { event.stopPropagation(); speakText(typeof words === "function" ? words() : words); },
  }, h("span", { "aria-hidden": "true" }, "🔊"));
}
