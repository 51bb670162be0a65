// One calm exercise (#calm/<id>): one step at a time with Back and Next, no timer, then Complete
// keeps it as done and says well done. Show & Tell hears each step read aloud.
import { h } from "../shared/dom.js";
import { hearAgainButton, instruct } from "../shared/speak-on-touch.js";
import { sounds } from "../shared/sounds.js";
import { calmById, recordPractice } from "./practice.js";
import { isKid, render, state } from "./state.js";

const view = () => state.calm;

export function openCalm(id) {
  const exercise = calmById(id);
  state.calm = exercise ? { exercise, index: 0, done: false, saved: false, error: "", startedAt: Date.now() } : { id, exercise: null };
  if (exercise && isKid()) instruct(exercise.steps[0]);
}

function go(delta) {
  const calm = view();
  calm.index = Math.max(0, Math.min(calm.exercise.steps.length - 1, calm.index + delta));
  sounds.tap();
  if (isKid()) instruct(calm.exercise.steps[calm.index]);
  render();
  document.getElementById(delta > 0 && calm.index === calm.exercise.steps.length - 1 ? "calm-complete" : "calm-next")?.focus();
}

async function complete() {
  const calm = view();
  calm.done = true;
  sounds.success?.();
  if (isKid()) instruct("Well done! You can come back whenever you like.");
  render();
  try {
    await recordPractice("calm", calm.exercise.id, (Date.now() - calm.startedAt) / 1000);
    calm.saved = true;
  } catch (error) {
    calm.error = error.message;
  }
  render();
}

export function calmScreen() {
  const calm = view();
  const kid = isKid();
  const back = h("a", { class: "btn ghost back-link", href: "#practice", id: "calm-back", "aria-label": kid ? "Back" : null }, kid ? "↩️" : "← Practice");
  if (!calm?.exercise) return h("div", { class: "calm" }, back, h("p", { class: "hint", role: "status" }, calm ? "There is no such exercise." : "Loading…"));
  const { exercise, index } = calm;
  const last = index === exercise.steps.length - 1;
  return h("div", { class: "calm", id: "calm" },
    back,
    h("h1", { class: "screen-title center" }, h("span", { "aria-hidden": "true" }, `${exercise.emoji} `), exercise.title),
    calm.done
      ? h("section", { class: "glass-card featured center", id: "calm-done", "aria-live": "polite" },
        h("p", { class: "big-emoji", "aria-hidden": "true" }, "🌈"),
        h("h2", { class: "flow-title" }, "Well done!"),
        h("p", { class: "hint", role: "status", id: "calm-saved" }, calm.error || (calm.saved ? "Kept in your practice." : "Keeping it…")),
        h("div", { class: "row" }, h("a", { class: "btn primary big", href: "#today", id: "calm-talk", dataset: { say: "Now talk" } }, "🎤 Now talk")))
      : h("section", { class: "glass-card center calm-stage" },
        kid ? null : h("p", { class: "eyebrow", id: "calm-count" }, `Step ${index + 1} of ${exercise.steps.length}`),
        h("p", { class: "calm-step", id: "calm-step", "aria-live": "polite" }, exercise.steps[index]),
        h("div", { class: "calm-dots", "aria-hidden": "true" }, exercise.steps.map((_, i) => h("span", { class: `dot${i <= index ? " on" : ""}` }))),
        h("div", { class: "row" },
          kid ? hearAgainButton(exercise.steps[index], { label: "Hear this step", id: "hear-calm-step" }) : null,
          h("button", { class: "btn big", type: "button", id: "calm-previous", disabled: index === 0, dataset: { say: "Back" }, "aria-label": "Back",
            onclick: () => go(-1) }, "◀ Back"),
          last
            ? h("button", { class: "btn primary big", type: "button", id: "calm-complete", dataset: { say: "All done" }, onclick: complete }, "✅ Complete")
            : h("button", { class: "btn primary big", type: "button", id: "calm-next", dataset: { say: "Next" }, onclick: () => go(1) }, "Next ▶"))));
}
