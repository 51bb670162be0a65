// ✕ asks first: "Stop this level?", said aloud too, with two big buttons. Keep playing is the
// safe choice (focused; Escape and the browser's Back choose it too).
import { h } from "../shared/dom.js";
import { sounds } from "../shared/sounds.js";
import { speak, stopSpeaking } from "../shared/speech.js";

const question = "Stop this level?";
const reassurance = "You keep all the stars you've won.";
let open = null;

/** Resolves true to stop the level, false to keep playing. */
export function confirmStop({ voice } = {}) {
  closeConfirm(false);
  return new Promise((resolve) => {
    const spoken = `${question} ${reassurance}`;
    const keep = h("button", { class: "btn kid sf-primary", type: "button", id: "keep-playing", autofocus: true,
      onclick: () => { sounds.tap(); finish(false); } }, "▶ Keep playing");
    const stop = h("button", { class: "btn kid danger", type: "button", id: "stop-level",
      onclick: () => { sounds.tap(); finish(true); } }, "⏹ Stop");
    const dialog = h("dialog", { class: "sheet sf-confirm", id: "quit-confirm", "aria-labelledby": "quit-title", "aria-describedby": "quit-text" },
      h("div", { class: "sheet-body" },
        h("div", { class: "bee", "aria-hidden": "true" }, "🐝"),
        h("h2", { id: "quit-title", class: "sf-title" }, question),
        h("p", { class: "lead", id: "quit-text" }, reassurance),
        h("button", { class: "btn kid say-again", type: "button", id: "quit-say", "aria-label": "Hear this",
          onclick: () => { sounds.tap(); speak(spoken, { voice }); } }, "🔊"),
        h("div", { class: "row confirm-actions" }, keep, stop)));
    // Escape keeps playing.
    dialog.addEventListener("cancel", (event) => { event.preventDefault(); finish(false); });
    const handle = { finish };
    open = handle;

    function finish(value) {
      if (open !== handle) return;
      open = null;
      stopSpeaking();
      if (dialog.open) dialog.close();
      dialog.remove();
      resolve(value);
    }

    document.body.append(dialog);
    dialog.showModal();
    keep.focus();
    speak(spoken, { voice });
  });
}

/** Closes the question if it is open (the browser's Back went home meanwhile). */
export function closeConfirm(value = false) {
  open?.finish(value);
}
