// One warm-up (#warmup/<id>): the step's name and what to do, its seconds counting down, the
// breathing circle growing, holding or shrinking with the breath, a bar for the whole exercise;
// Start / Pause, Skip, Reset. Each step starts with its sound (Web Audio; the hub's mute silences
// it), Show & Tell hears each step's words. At the end it is kept as done, with a well done.
import { h } from "../shared/dom.js";
import { local } from "../shared/safe-storage.js";
import { hearAgainButton, instruct } from "../shared/speak-on-touch.js";
import { sounds } from "../shared/sounds.js";
import { recordPractice, warmUpById } from "./practice.js";
import { isKid, render, state } from "./state.js";
import { lengthOf, newRun, pause, progress, reset, ROUNDS, secondsLeft, skip, start, tick, withRounds } from "./warmup-runner.js";

let timer = null;

const view = () => state.warmUp;

const roundsKey = (id) => `speakup-rounds:${id}`;

/** A fresh run of the exercise the address names (once the catalogue is in), with the rounds last chosen on this device. */
export function openWarmUp(id) {
  stopWarmUp();
  const found = warmUpById(id);
  const exercise = found?.rounds ? withRounds(found, local.read(roundsKey(id), found.rounds)) : found;
  state.warmUp = exercise ? { run: newRun(exercise), exercise, saved: false, error: "" } : { id, run: null };
}

/** More or fewer rounds of a breathing exercise, before it starts. */
function setRounds(change) {
  const warmUp = view();
  const exercise = withRounds(warmUpById(warmUp.exercise.id), warmUp.exercise.rounds + change);
  local.write(roundsKey(exercise.id), exercise.rounds);
  warmUp.exercise = exercise;
  warmUp.run = newRun(exercise);
  sounds.tap();
  render();
}

function roundsStepper(warmUp, kid) {
  const { exercise, run } = warmUp;
  if (!exercise.rounds || kid || run.running || run.index > 0 || run.spent > 0 || run.done) return null;
  return h("div", { class: "row rounds", role: "group", "aria-label": "Rounds" },
    h("button", { class: "btn", type: "button", id: "rounds-fewer", "aria-label": "One round fewer", disabled: exercise.rounds <= ROUNDS.fewest,
      onclick: () => setRounds(-1) }, "−"),
    h("span", { id: "rounds-count", "aria-live": "polite" }, `${exercise.rounds} ${exercise.rounds === 1 ? "round" : "rounds"}`),
    h("button", { class: "btn", type: "button", id: "rounds-more", "aria-label": "One round more", disabled: exercise.rounds >= ROUNDS.most,
      onclick: () => setRounds(1) }, "+"));
}

/** Leaving the screen stops the clock (nothing is kept for an unfinished warm-up). */
export function stopWarmUp() {
  clearInterval(timer);
  timer = null;
}

function entered(indices) {
  const warmUp = view();
  for (const index of indices) {
    const step = warmUp.run.steps[index];
    sounds[step.cue]?.();
    if (isKid()) instruct(`${step.label}. ${step.detail}`);
  }
}

async function finished() {
  const warmUp = view();
  stopWarmUp();
  sounds.success?.();
  if (isKid()) instruct("Well done! You are warmed up.");
  try {
    await recordPractice("warmUp", warmUp.exercise.id, warmUp.run.spent / 1000);
    warmUp.saved = true;
  } catch (error) {
    warmUp.error = error.message;
  }
  render();
}

function apply({ run, entered: steps }) {
  const warmUp = view();
  const stepChanged = run.index !== warmUp.run.index || run.done !== warmUp.run.done || run.running !== warmUp.run.running;
  warmUp.run = run;
  entered(steps);
  if (run.done) { finished(); return; }
  if (stepChanged) { render(); return; }
  // Between steps only the numbers move: the circle keeps its animation.
  const left = document.getElementById("warmup-left");
  if (left) left.textContent = String(secondsLeft(run));
  document.getElementById("warmup-progress")?.setAttribute("value", String(Math.round(progress(run) * 100)));
}

function play() {
  apply(start(view().run, performance.now()));
  clearInterval(timer);
  timer = setInterval(() => apply(tick(view().run, performance.now())), 200);
}

function hold() {
  stopWarmUp();
  apply(pause(view().run, performance.now()));
}

function next() { apply(skip(view().run, performance.now())); }

function again() {
  stopWarmUp();
  const warmUp = view();
  warmUp.run = reset(warmUp.run);
  warmUp.saved = false;
  render();
}

export function warmUpScreen() {
  const warmUp = view();
  const kid = isKid();
  const back = h("a", { class: "btn ghost back-link", href: "#practice", id: "warmup-back", "aria-label": kid ? "Back" : null }, kid ? "↩️" : "← Practice");
  if (!warmUp?.run) return h("div", { class: "warmup" }, back, h("p", { class: "hint", role: "status" }, warmUp ? "There is no such warm-up." : "Loading…"));
  const { run, exercise } = warmUp;
  const step = run.steps[run.index];
  const motion = run.running ? step.motion : "still";
  // A hold keeps the size the breath before it left: big after breathing in, small after breathing out.
  const before = run.steps.slice(0, run.index).reverse().find((s) => s.motion === "expand" || s.motion === "contract");
  const held = before?.motion === "expand" ? 1 : 0.6;
  return h("div", { class: `warmup${kid ? " kid-warmup" : ""}`, id: "warmup", dataset: { step: String(run.index), done: String(run.done) } },
    back,
    h("h1", { class: "screen-title center" }, h("span", { "aria-hidden": "true" }, `${exercise.emoji} `), exercise.title),
    kid ? null : h("p", { class: "hint center" }, `${exercise.summary} ${lengthOf(exercise.steps.reduce((sum, s) => sum + s.seconds, 0))}.`),
    roundsStepper(warmUp, kid),
    run.done
      ? h("section", { class: "glass-card featured center", id: "warmup-done", "aria-live": "polite" },
        h("p", { class: "big-emoji", "aria-hidden": "true" }, "🎉"),
        h("h2", { class: "flow-title" }, "Well done!"),
        h("p", { class: "hint", role: "status", id: "warmup-saved" }, warmUp.error || (warmUp.saved ? "Kept in your practice." : "Keeping it…")),
        h("div", { class: "row" },
          h("button", { class: "btn big", type: "button", id: "warmup-again", dataset: { say: "Again" }, onclick: again }, "🔁 Again"),
          h("a", { class: "btn primary big", href: "#today", id: "warmup-talk", dataset: { say: "Now talk" } }, "🎤 Now talk")))
      : h("section", { class: "glass-card center warmup-stage" },
        h("div", { class: `breath-circle motion-${motion}`, style: `--step-seconds: ${step.seconds}s; --held: ${held}`, "aria-hidden": "true" }),
        h("p", { class: "warmup-step", id: "warmup-step", "aria-live": "polite" }, step.label),
        // Show & Tell hears what to do (the words hold counts): the screen shows the step's name.
        kid ? null : h("p", { class: "warmup-detail", id: "warmup-detail" }, step.detail),
        // Show & Tell shows no numbers: the circle and the bar tell the time.
        kid ? null : h("p", { class: "warmup-left", "aria-label": "Seconds left in this step" }, h("span", { id: "warmup-left" }, String(secondsLeft(run)))),
        h("progress", { id: "warmup-progress", max: 100, value: Math.round(progress(run) * 100), "aria-label": "How far through the warm-up" }),
        h("div", { class: "row" },
          kid ? hearAgainButton(`${step.label}. ${step.detail}`, { label: "Hear this step", id: "hear-step" }) : null,
          run.running
            ? h("button", { class: "btn big", type: "button", id: "warmup-pause", dataset: { say: "Pause" }, onclick: hold }, "⏸️ Pause")
            : h("button", { class: "btn primary big", type: "button", id: "warmup-start", dataset: { say: "Start" }, onclick: play },
              run.spent > 0 || run.index > 0 ? "▶️ Go on" : "▶️ Start"),
          h("button", { class: "btn big", type: "button", id: "warmup-skip", dataset: { say: "Next step" }, onclick: next }, "⏭️ Skip"),
          h("button", { class: "btn big", type: "button", id: "warmup-reset", dataset: { say: "Start again" }, onclick: again }, "↺ Reset"))));
}
