// The sheet component: a modal <dialog> with a Cancel button that always works.
import { h, mount } from "./dom.js";
import { hearAgainButton, hush, instruct, speakOnTouch } from "./speak-on-touch.js";

const silent = { say: () => Promise.resolve({ played: false }), set: () => {} };

/**
 * Opens a sheet. `render(body, close, voice)` fills it and may return a clean-up function; returns a promise of the value passed to close().
 * Escape, the Cancel button and close() all end it; Cancel resolves to null.
 *
 * `kid: true` is a sheet on a kids' screen, usable without reading: a big Cancel, its buttons say
 * their names when touched, and `voice.say(words, again)` speaks an instruction that the sheet's
 * 🔊 button says again (`again`, when given, is what the button says); `voice.set(words)` only
 * changes what 🔊 says (nothing while recording, say). Without `kid`, `voice` does nothing.
 */
export function openSheet({ label, cancelText = "Cancel", kid = false, render }) {
  return new Promise((resolve) => {
    const body = h("div", { class: "sheet-body" });
    const dialog = h("dialog", { class: kid ? "sheet kid-sheet" : "sheet", "aria-label": label });
    let result = null;
    const close = (value = null) => { result = value; dialog.close(); };
    const cancel = kid
      ? h("button", { class: "btn kid sheet-cancel", type: "button", id: "sheet-cancel", dataset: { say: "Close" }, onclick: () => close(null) },
        h("span", { "aria-hidden": "true" }, "✖️ "), cancelText)
      : h("button", { class: "btn quiet", type: "button", onclick: () => close(null) }, cancelText);
    let words = "";
    const hear = kid ? hearAgainButton(() => words, { id: "sheet-hear-again" }) : null;
    const set = (text) => {
      words = text ?? "";
      hear.hidden = !words;
    };
    const voice = kid ? { say: (text, again = text) => { set(again); return instruct(text); }, set } : silent;
    if (kid) {
      set("");
      speakOnTouch(dialog);
    }
    mount(dialog, h("div", { class: "sheet-bar" }, cancel, hear ?? h("span")), body);
    let cleanup = null;
    dialog.addEventListener("close", () => {
      cleanup?.();
      if (kid) hush();
      dialog.remove();
      resolve(result);
    });
    document.body.append(dialog);
    cleanup = render(body, close, voice) ?? null;
    dialog.showModal();
  });
}
