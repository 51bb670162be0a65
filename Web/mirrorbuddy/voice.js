// Speaking aloud with the server's voices (speech.js): an Italian voice for Italian words, an
// English one for English, at the student's speed. 🔊 buttons say a label or a line; with
// settings.tts off they are not shown.
import { h } from "../shared/dom.js";
import { spoken } from "../shared/speak-on-touch.js";
import { say, speak, speechURL, voices } from "../shared/speech.js";
import { currentLanguage, t } from "./i18n.js";
import { state } from "./state.js";

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
  const words = spoken(text);
  if (!words) return { played: false };
  const voice = await voiceFor(lang);
  return (queue ? say : speak)(words, { voice: voice ?? undefined, rate });
}

/** The URL the reader asks for (the same one `speak` plays, so the browser's cache answers twice). */
export async function urlFor(text, lang, rate = speed()) {
  const voice = await voiceFor(lang);
  return { url: speechURL(text, { voice: voice ?? undefined, rate }), voice: voice ?? undefined };
}

/** A 🔊 button that reads `words` (a string or a function) aloud; nothing when read-aloud is off. */
export function hearButton(words, { label = t("action.hear"), id } = {}) {
  if (!ttsOn()) return null;
  return h("button", {
    class: "btn mb-hear", type: "button", id, "aria-label": label, title: label,
    onclick: (event) => { event.stopPropagation(); speakText(typeof words === "function" ? words() : words); },
  }, h("span", { "aria-hidden": "true" }, "🔊"));
}
