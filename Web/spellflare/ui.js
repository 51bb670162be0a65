// Small pieces every Spellflare screen uses: an instruction a child can hear (🔊), and confetti.
import { h } from "../shared/dom.js";
import { sounds } from "../shared/sounds.js";
import { tell } from "./state.js";

/**
 * A kid's instruction with its 🔊 button (pre-readers tap it to hear it). `spoken` is what is said
 * when it differs from what is written.
 */
export function instruction(text, { id, spoken = text, tag = "p", className = "lead" } = {}) {
  return h(tag, { class: `instruction ${className}`, id },
    h("span", {}, text),
    h("button", { class: "btn kid say-again", type: "button", "aria-label": "Hear this", dataset: { says: spoken },
      onclick: () => { sounds.tap(); tell(spoken); } }, "🔊"));
}

let announced = null;

/** Says `text` once when the screen `key` first appears (not again on every redraw). */
export function announce(key, text) {
  if (announced === key) return;
  announced = key;
  tell(text);
}

/** Forgets what was announced, so coming back to a screen says it again. */
export function resetAnnounce() { announced = null; }

export function confetti() {
  const colours = ["#8b5cf6", "#22d3ee", "#facc15", "#f472b6", "#34d399"];
  return h("div", { class: "confetti", "aria-hidden": "true" }, Array.from({ length: 40 }, (_, i) => h("i", {
    style: `left: ${(i * 37) % 100}%; background: ${colours[i % colours.length]}; animation-delay: ${(i % 10) * 0.12}s; animation-duration: ${2 + (i % 5) * 0.4}s`,
  })));
}
