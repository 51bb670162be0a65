// The prompt wheel (#wheel): one slice per category that has prompts; Spin turns it 3–6 times and a
// bit (2.5–4.5 s, ease-out; at once with reduced motion), the category under the pointer picks a
// prompt (one not done yet first), and "Use this prompt" starts a take with it. The coach's wheel has
// a switch per category (kept on this device for this speaker; the last one stays on). Show & Tell's
// wheel has pictures instead of names and reads the prompt aloud.
import { h } from "../shared/dom.js";
import { local } from "../shared/safe-storage.js";
import { hearAgainButton, instruct } from "../shared/speak-on-touch.js";
import { sounds } from "../shared/sounds.js";
import { loadLibrary, useLibraryPrompt } from "./library.js";
import { pickPrompt, toggleWheelCategory, wheelCategories } from "./prompt-filter.js";
import { draw } from "./svg.js";
import { isKid, reducedMotion, render, state } from "./state.js";
import { segmentAt, spinPlan, wheelPicture, wheelSegments } from "./wheel-geometry.js";

/** Show & Tell's slices: a picture for each children's category. */
const KID_PICTURES = { "kids-favourite": "❤️", "kids-howto": "🛠️", "kids-story": "📖", "kids-aboutme": "🙋", "kids-imagine": "🦄" };

export const freshWheel = () => ({ rotation: 0, spinning: false, landed: null, prompt: null });
const view = () => (state.wheel ??= freshWheel());
const offKey = () => `speakup-wheel-off:${state.child?.id ?? "none"}`;
const switchedOff = () => { const off = local.read(offKey(), []); return Array.isArray(off) ? off : []; };

function toggle(id) {
  local.write(offKey(), toggleWheelCategory(state.library?.data, switchedOff(), id));
  // A prompt from a category just switched off is put away with its slice.
  const wheel = view();
  if (wheel.landed && switchedOff().includes(wheel.landed)) { wheel.landed = null; wheel.prompt = null; }
  render();
}

export function openWheel() {
  state.wheel = { ...freshWheel(), rotation: state.wheel?.rotation ?? 0 };
  if (!state.library?.data) loadLibrary();
}

/** Spins to a category and picks its prompt; `random` and `animate` are for tests. */
export async function spin({ random = Math.random, animate = !reducedMotion() } = {}) {
  const wheel = view();
  const categories = wheelCategories(state.library?.data, isKid() ? [] : switchedOff());
  if (wheel.spinning || !categories.length) return null;
  sounds.tap();
  const plan = spinPlan(wheel.rotation, categories.length, random);
  wheel.spinning = true;
  wheel.prompt = null;
  render();
  const turning = document.getElementById("wheel-turn");
  if (animate && turning?.animate) {
    const from = `rotate(${wheel.rotation}deg)`;
    const turn = turning.animate([{ transform: from }, { transform: `rotate(${plan.to}deg)` }],
      { duration: plan.seconds * 1000, easing: "cubic-bezier(0.15, 0.85, 0.25, 1)", fill: "forwards" });
    // A redraw meanwhile may take the wheel out of the page: the time is what counts.
    await Promise.race([turn.finished.catch(() => {}), new Promise((done) => setTimeout(done, plan.seconds * 1000 + 250))]);
  }
  wheel.rotation = plan.to % 360;
  const landed = categories[segmentAt(plan.to, categories.length)];
  wheel.landed = landed.id;
  wheel.prompt = pickPrompt(state.library.data.prompts, landed.id, random);
  wheel.spinning = false;
  sounds.success?.();
  render();
  document.getElementById("use-wheel-prompt")?.focus();
  if (isKid() && wheel.prompt) instruct(wheel.prompt.text);
  return wheel.prompt;
}

function result(wheel, categories) {
  if (wheel.spinning) return h("p", { class: "hint center", role: "status", id: "wheel-status" }, "Spinning…");
  if (!wheel.prompt) {
    return h("p", { class: "hint center", role: "status", id: "wheel-status" },
      isKid() ? "" : `${categories.reduce((sum, category) => sum + category.total, 0)} prompts ready in ${categories.length} categories.`);
  }
  const category = categories.find((item) => item.id === wheel.landed);
  const kid = isKid();
  return h("section", { class: "glass-card featured wheel-result", id: "wheel-result", "aria-live": "polite", "aria-labelledby": "wheel-prompt" },
    kid ? null : h("p", { class: "eyebrow" }, category?.name ?? ""),
    h("p", { class: "prompt-text", id: "wheel-prompt", dataset: { promptId: wheel.prompt.id } },
      kid && wheel.prompt.emoji ? h("span", { "aria-hidden": "true" }, `${wheel.prompt.emoji} `) : null, wheel.prompt.text),
    h("div", { class: "row" },
      kid ? hearAgainButton(wheel.prompt.text, { label: "Hear the question", id: "hear-wheel-prompt" }) : null,
      h("button", { class: "btn primary big", type: "button", id: "use-wheel-prompt", dataset: { say: "Talk about it" },
        onclick: () => useLibraryPrompt(wheel.prompt) }, kid ? "🎤 Talk about it" : "🎤 Use this prompt")));
}

export function wheelScreen() {
  const wheel = view();
  const library = state.library;
  const kid = isKid();
  if (!library?.data) {
    return h("div", { class: "wheel" }, h("a", { class: "btn ghost back-link", href: "#today", "aria-label": "Back" }, kid ? "↩️" : "← Today"),
      library?.error ? h("p", { class: "error-text", role: "alert" }, library.error) : h("p", { class: "hint", role: "status" }, "Loading…"));
  }
  const off = kid ? [] : switchedOff();
  const categories = wheelCategories(library.data, off);
  const segments = wheelSegments(categories);
  const picture = draw(wheelPicture(segments, { label: kid ? "The question wheel" : `Prompt wheel: ${categories.map((c) => c.name).join(", ")}`,
    emoji: kid ? KID_PICTURES : {} }));
  // Turned about the middle by the stylesheet's transform-origin, as the spin's animation is.
  picture.querySelector("#wheel-turn")?.setAttribute("transform", `rotate(${wheel.rotation})`);
  return h("div", { class: `wheel${kid ? " kid-wheel" : ""}`, id: "wheel" },
    h("div", { class: "row start" },
      h("a", { class: "btn ghost back-link", href: "#today", id: "wheel-back", "aria-label": kid ? "Back" : null }, kid ? "↩️" : "← Today"),
      kid ? null : h("a", { class: "btn ghost", href: "#prompts", id: "wheel-library" }, "📚 All prompts")),
    h("h1", { class: "screen-title center" }, kid ? "Spin for a question!" : "Prompt wheel"),
    h("div", { class: "wheel-frame" }, h("div", { class: "wheel-pointer", "aria-hidden": "true" }, "▼"), picture),
    h("div", { class: "row" },
      h("button", { class: "btn primary big", type: "button", id: "spin-wheel", disabled: wheel.spinning, dataset: { say: "Spin the wheel" },
        onclick: () => spin() }, wheel.prompt ? "🎡 Spin again" : "🎡 Spin")),
    result(wheel, categories),
    kid ? null : h("details", { class: "glass-card wheel-categories", id: "wheel-categories", open: Boolean(wheel.showCategories),
      ontoggle: (event) => { wheel.showCategories = event.target.open; } },
      h("summary", {}, "Categories on the wheel"),
      h("div", { class: "chips" }, wheelCategories(library.data).map((category) => {
        const on = categories.some((item) => item.id === category.id);
        return h("button", { class: "chip-button", type: "button", id: `wheel-category-${category.id}`, "aria-pressed": String(on),
          disabled: wheel.spinning, onclick: () => toggle(category.id) }, `${on ? "✓ " : ""}${category.name}`);
      }))));
}
