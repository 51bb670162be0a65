// Spellflare's house ads (seed 004): before a level ("Get Ready!") and after it, each with a
// 5-second countdown before the child can go on, unless the family owns "remove_ads". The only
// way out of ads is "Parents: remove ads", behind the parent gate.
import { h } from "../shared/dom.js";
import { sounds } from "../shared/sounds.js";
import { speak } from "../shared/speech.js";
import { removeAdsBehindGate } from "../shared/store.js";

export const countdownSeconds = 5;

/**
 * Shows an ad over the page and resolves when the child continues, or at once with
 * {adsRemoved: true} when a grown-up removes ads from it.
 */
export function showAd({ kind, level, voice, onAdsRemoved }) {
  return new Promise((resolve) => {
    let left = countdownSeconds;
    const count = h("span", { class: "ad-count", id: "ad-count", "aria-live": "polite" }, String(left));
    const ring = h("div", { class: "ad-ring", style: `--left: ${left / countdownSeconds}` }, count);
    const go = h("button", {
      class: "btn kid ad-go", type: "button", id: "ad-continue", hidden: true,
      onclick: () => { sounds.tap(); finish({ adsRemoved: false }); },
    }, kind === "pre" ? "▶ Start Test" : "Continue");
    const waiting = h("p", { class: "ad-wait", id: "ad-wait" }, `Continue in ${left}…`);
    const remove = h("button", { class: "btn quiet ad-remove", type: "button", id: "ad-remove-ads", onclick: removeAds }, "Parents: remove ads");
    // What the ad asks of the child is said aloud too (pre-readers), and again with 🔊.
    const spoken = kind === "pre"
      ? `Get ready! Level ${level} is about to begin. Listen carefully and spell each word.`
      : "Keep practicing to become a spelling champion!";
    const hear = h("button", { class: "btn kid ad-say", type: "button", id: "ad-say", "aria-label": "Hear this",
      onclick: () => { sounds.tap(); speak(spoken, { voice }); } }, "🔊");
    const message = kind === "pre"
      ? [h("h2", {}, "Get Ready!"), h("p", { class: "ad-level" }, `Level ${level} is about to begin`),
        h("p", {}, "Practice makes perfect! Listen carefully and spell each word."), hear]
      : [h("h2", {}, "Spellflare"), h("p", {}, "Keep practicing to become a spelling champion!"), hear];
    const overlay = h("div", { class: `ad-overlay ad-${kind}`, role: "dialog", "aria-modal": "true", "aria-label": "Advertisement", id: "ad" },
      h("p", { class: "ad-label" }, "Advertisement"),
      h("div", { class: "ad-card" }, h("div", { class: "ad-bee", "aria-hidden": "true" }, "🐝"), ...message),
      h("div", { class: "ad-actions" }, kind === "pre" ? ring : null, waiting, go),
      remove);
    document.body.append(overlay);
    go.focus();
    if (kind === "pre") speak(spoken, { voice });

    const timer = setInterval(() => {
      left -= 1;
      count.textContent = String(Math.max(left, 0));
      ring.style.setProperty("--left", String(Math.max(left, 0) / countdownSeconds));
      waiting.textContent = `Continue in ${left}…`;
      if (left <= 0) {
        clearInterval(timer);
        waiting.hidden = true;
        ring.hidden = true;
        go.hidden = false;
        go.focus();
      }
    }, 1000);

    function finish(result) {
      clearInterval(timer);
      overlay.remove();
      resolve(result);
    }

    async function removeAds() {
      try {
        if (!(await removeAdsBehindGate())) return;
        onAdsRemoved?.();
        finish({ adsRemoved: true });
      } catch (error) {
        waiting.textContent = error.message;
      }
    }
  });
}
