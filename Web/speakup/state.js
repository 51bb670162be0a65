// The page's one state object, the render hook every screen calls, and small things every screen
// uses: which coach this speaker gets, the target pace, focusing the next thing to do.
import { idle } from "./session.js";

export const state = {
  route: { name: "today" },   // routes.js: today | take (id) | history | settings | compare (then, now) | prompts | wheel | practice | warmup (id) | calm (id) | drill (id) | read (id) | learn | lesson (id) | goals
  child: null,                // the hub's profile {id, name, grade, avatar}
  me: null,                   // GET /api/speakup/me
  prompt: null,               // today's prompt (after any reroll)
  reroll: 0,
  seconds: 60,                // the length picked for the next take
  flow: idle,                 // session.js: countdown → recording → analysing → reveal
  take: null,                 // the take the take page shows
  takeError: "",
  takeTab: "breakdown",       // breakdown | transcript | coaching
  history: { query: "", filter: "all", takes: null, next: null, data: null, range: "30", metric: "score", heatmap: "sessions", error: "" },
  settings: null,             // settings.js: the draft being edited
  compare: { points: null, pair: null, takes: {}, error: "" },  // compare.js
  library: null,              // library.js: the prompts, the search and filters, a prompt being written
  wheel: null,                // wheel.js: its turn, the category it landed on, the prompt picked
  practice: null,             // practice.js: the warm-up, calm and drill catalogue, the practice log, how often each was done
  warmUp: null,               // warmup.js: the exercise and its run (warmup-runner.js)
  calm: null,                 // calm.js: the exercise and the step shown
  drill: null,                // drill.js: the drill, its topic, its phase, the live counts, the result
  reading: null,              // reading.js: the passage, how far the reader has come, the result
  course: null,               // course.js: the weeks, where this speaker is (the server's progress)
  habits: null,               // habits.js: goals, today's challenge, the streak's milestones, the badges
  said: new Set(),            // Show & Tell: what was read aloud once already (a take's tip)
  message: "",
  loading: true,
  fatal: "",
};

let renderer = () => {};

export function setRenderer(fn) { renderer = fn; }

/** Draws the current screen. */
export function render() { renderer(); }

/** Show & Tell (grades 1–4): stars, short takes, everything said aloud. */
export const isKid = () => state.me?.speaker?.mode === "showAndTell";

/** The pace this speaker aims for: the learned one when the settings say so. */
export function targetWPM() {
  const settings = state.me?.settings ?? {};
  if (settings.learnTarget && Number.isFinite(settings.learnedWPM)) return settings.learnedWPM;
  return Number.isFinite(settings.targetWPM) ? settings.targetWPM : 150;
}

/** Puts the focus on `selector` once the screen is drawn (the next thing to do). */
export function focus(selector) {
  const element = document.querySelector(selector);
  element?.focus();
  return element;
}

/** Whether the reader asked for less motion (no confetti, no count-up). */
export const reducedMotion = () => globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;

/** Tells the page that something the badges and goals look at was kept (a take, a drill, a reading,
 * an exercise, a tick, a listen): it loads them again and celebrates a new badge. */
export function progressed() { document.dispatchEvent(new CustomEvent("speakup:progress")); }

/** Goes to a route by its address (the hashchange listener draws it). */
export function go(hash) {
  if (location.hash === hash) window.dispatchEvent(new HashChangeEvent("hashchange"));
  else location.hash = hash;
}
