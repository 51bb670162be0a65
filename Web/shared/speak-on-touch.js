// Kids' screens for children who cannot read yet: every button, link and tile says its name when
// touched (pointerdown, or focus from the keyboard), screens and sheets speak their instructions,
// and a 🔊 button says them again. The speaking itself is speech.js (the server's voices, the one
// mute switch).
import { h } from "./dom.js";
import { local } from "./safe-storage.js";
import { say, speak, stopSpeaking } from "./speech.js";

const NAME_THEN_INSTRUCTION_MS = 1500; // an instruction right after a touched name waits for it
const SAME_WORDS_MS = 4000; // the same words asked for again while being said are not restarted

const nothing = () => Promise.resolve({ played: false });
let last = { kind: "", text: "", at: 0, element: null, promise: nothing(), done: true };

/** Text made for the ear: no emoji, squeezed spaces, at most the server's 600 characters. */
export function spoken(text) {
  return String(text ?? "")
    .replace(/[\p{Extended_Pictographic}\u{1F1E6}-\u{1F1FF}\u{1F3FB}-\u{1F3FF}\u{FE0F}\u{200D}\u{20E3}]/gu, "")
    .replace(/\s+/g, " ").trim().slice(0, 600);
}

function run(kind, text, { element = null, queue = false } = {}) {
  const words = spoken(text);
  if (!words) return nothing();
  const entry = { kind, text: words, at: Date.now(), element, done: false };
  entry.promise = (queue ? say : speak)(words).catch(() => ({ played: false }))
    .then((result) => { entry.done = true; return result; });
  last = entry;
  return entry.promise;
}

/** Says a name over anything being said (a tile, a button). */
export function sayName(text, element = null) {
  return run("name", text, { element });
}

/**
 * Speaks an instruction ("Tap the microphone…"): after a name touched a moment ago it waits its
 * turn, otherwise it starts at once; `queue: true` always waits its turn. Words being said now are
 * not started again. Resolves when said (at once when muted).
 */
export function instruct(text, { queue = false } = {}) {
  const words = spoken(text);
  const since = Date.now() - last.at;
  if (words && words === last.text && since < SAME_WORDS_MS && !last.done) return last.promise;
  const afterName = last.kind === "name" && since < NAME_THEN_INSTRUCTION_MS && !last.done;
  return run("instruction", words, { queue: queue || afterName });
}

/** Stops an instruction still being said (a sheet closed); a name touched last keeps going. */
export function hush() {
  if (last.kind === "instruction" && !last.done) stopSpeaking();
}

/** What `element` says: its data-say (empty: nothing), else its aria-label, else its text. */
export function nameOf(element) {
  if (element.dataset?.say !== undefined) return element.dataset.say;
  return element.getAttribute("aria-label") || element.textContent || "";
}

/** The name said when `element` was touched a moment ago, or said now (a keyboard's Enter). */
export function touched(element, text = nameOf(element)) {
  if (last.element === element && Date.now() - last.at < NAME_THEN_INSTRUCTION_MS) return last.promise;
  return sayName(text, element);
}

/** Waits for `promise` at most `ms` milliseconds (a name said before a page opens, not longer). */
export function atMost(promise, ms) {
  return Promise.race([promise, new Promise((resolve) => setTimeout(resolve, ms))]);
}

const handled = new WeakSet();
const SPEAKING = "[data-say], button, a[href], [role=button]";

/**
 * Every button, link and [data-say] under `root` says its name when touched, or when reached with
 * the keyboard. `when()` false turns it off (a grown-ups' form on the same page).
 */
export function speakOnTouch(root = document, { when = () => true } = {}) {
  let pointerAt = 0;
  const target = (event) => {
    const element = event.target?.closest?.(SPEAKING);
    return element && root.contains(element) && !element.disabled && when() ? element : null;
  };
  root.addEventListener("pointerdown", (event) => {
    pointerAt = Date.now();
    if (handled.has(event)) return;
    handled.add(event);
    const element = target(event);
    if (element && nameOf(element).trim()) sayName(nameOf(element), element);
  });
  root.addEventListener("focusin", (event) => {
    if (handled.has(event) || Date.now() - pointerAt < 800) return;
    handled.add(event);
    const element = target(event);
    if (!element || !element.matches(":focus-visible") || !nameOf(element).trim()) return;
    if (last.kind === "instruction" && !last.done) return; // a sheet's instruction goes first
    sayName(nameOf(element), element);
  });
}

/** A 🔊 button that says `words()` (or `words`) again. */
export function hearAgainButton(words, { label = "Hear it again", id } = {}) {
  return h("button", {
    class: "btn kid hear-again", type: "button", id, "aria-label": label, dataset: { say: "" },
    onclick: () => { run("instruction", typeof words === "function" ? words() : words); },
  }, "🔊");
}

/** Reads and writes a small JSON record in localStorage; storage that fails (private mode) keeps it for this visit. */
export function remembered(key) {
  return { get: () => local.read(key, {}), set: (value) => { local.write(key, value); } };
}
