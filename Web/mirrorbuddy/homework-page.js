// #homework, what it does: an exercise typed or pasted in the field (Enter is a new line,
// Ctrl/⌘+Enter or "Aiutami" sends it) comes back as three steps shown one at a time: Back, Next,
// the step buttons or the arrow keys move between them, the focus going to the step's title and
// the title, the prompt (and in step 1 the exercise's sentences) said when read-aloud is on. The
// checklist's ticks stay on the page; "Fatto!" celebrates and offers another exercise. What was
// typed stays in the field on any error, and while the student stays in the app (opening a note
// and coming back finds the same step). The drawing is homework-view.js's.
import { stopSpeaking } from "../shared/speech.js";
import { sounds } from "../shared/sounds.js";
import { toast } from "./celebrate.js";
import { askHomework } from "./homework-data.js";
import { allTicked, fieldCount, freshTicks, moveStep, problemFor, problemKey, sendsExercise, shownStep, spokenStep, stepKey, textProblem, withTick }
  from "./homework-rules.js";
import { num, t } from "./i18n.js";
import { render, state, studentKey } from "./state.js";
import { isHushed, speakText, ttsOn } from "./voice.js";

// Kept while the student stays in the app: the field, the steps, the step on show, the ticks.
const work = { owner: null, draft: "", busy: false, problem: null, answer: null, index: 0, ticks: [], done: false };

export const homeworkWork = () => work;

const onScreen = () => state.route.name === "homework";

/** Arriving on #homework: another child (the page's student loaded again) starts afresh. */
export function enterHomework() {
  // By who the student is, not by the object: a new material reloads `state.me` for the same child.
  const owner = studentKey(state.me);
  if (work.owner !== owner) Object.assign(work, { owner, draft: "", busy: false, problem: null, answer: null, index: 0, ticks: [], done: false });
}

/** Leaving #homework: nothing more is said. */
export function leaveHomework() {
  stopSpeaking();
}

/** Says `parts` one after another in `lang`, when read-aloud is on and the microphone is not listening. */
function sayAloud(parts, lang) {
  if (!ttsOn() || isHushed()) return;
  parts.forEach((text, index) => speakText(text, { lang, queue: index > 0 }));
}

/** Scrolls `id`'s top just under the sticky banner, unless it is all in view. */
function reveal(id) {
  const element = document.getElementById(id);
  if (!element) return;
  const top = (document.getElementById("context-banner")?.getBoundingClientRect().bottom ?? 0) + 12;
  const box = element.getBoundingClientRect();
  if (box.top >= top && box.bottom <= innerHeight) return;
  scrollBy({ top: box.top - top, behavior: "instant" });
}

/** The party's toast goes with the exercise it was for (the next one may bring a caring reply). */
const endParty = () => document.querySelectorAll(".mb-toast-party").forEach((element) => element.remove());

function focusOn(id, shown = id) {
  document.getElementById(id)?.focus({ preventScroll: true });
  reveal(shown);
}

/** The step on show, its title focused and said. */
function arrive() {
  const shown = shownStep(work.answer, work.index);
  if (!shown || !onScreen()) return;
  focusOn("homework-step-title", "homework-steps");
  sayAloud(spokenStep(shown.step), work.answer.language);
}

/** What is typed, kept as it is typed; the counter follows without drawing the screen again. */
export function typed(text) {
  work.draft = text;
  const count = fieldCount(text);
  const counter = document.getElementById("homework-count");
  if (counter) {
    counter.textContent = t("homework.count", { used: num(count.used), max: num(count.max) });
    counter.classList.toggle("full", count.full);
  }
  const full = document.getElementById("homework-full");
  if (full) full.hidden = !count.full;
  if (work.problem?.key === "homework.needText" && text.trim()) { work.problem = null; render(); }
}

/** Ctrl/⌘+Enter in the field sends it; Enter alone is the browser's new line. */
export function fieldKey(event) {
  if (!sendsExercise(event)) return;
  event.preventDefault();
  submit();
}

/** "Aiutami": the exercise sent; its steps shown from the first, or why not next to the field. */
export async function submit(event) {
  event?.preventDefault();
  if (work.busy) return;
  const text = work.draft;
  const why = textProblem(text);
  if (why) {
    work.problem = { key: problemKey(why) };
    render();
    focusOn("homework-input", "homework-ask");
    return;
  }
  stopSpeaking();
  endParty();
  Object.assign(work, { busy: true, problem: null });
  render();
  let answer;
  try {
    answer = await askHomework(text);
    if (!answer) throw new Error("no steps");
  } catch (error) {
    Object.assign(work, { busy: false, problem: problemFor(error, text) });
    if (!onScreen()) return;
    render();
    reveal("homework-problem");
    const words = work.problem.key ? t(work.problem.key) : work.problem.message;
    if (words) sayAloud([words]);
    return;
  }
  const checklist = answer.steps.find((step) => step.checklist)?.checklist;
  Object.assign(work, { busy: false, answer, index: 0, ticks: freshTicks(checklist), done: false });
  if (!onScreen()) return;
  render();
  arrive();
}

/** Shows step `index` (0-based). */
export function goTo(index) {
  if (!work.answer) return;
  const next = moveStep(index, 0, work.answer.steps.length);
  work.index = next;
  render();
  arrive();
}

export const next = () => goTo(moveStep(work.index, 1, work.answer?.steps.length ?? 0));
export const back = () => goTo(moveStep(work.index, -1, work.answer?.steps.length ?? 0));

/** A line of the checklist ticked or not (only on the page). */
export function tick(index, on) {
  work.ticks = withTick(work.ticks, index, on);
  render();
}

/** "Fatto!": a small party (it says every step was followed only when every box is ticked), and the offer of another exercise. */
export function finish() {
  work.done = true;
  render();
  sounds.success();
  toast([t("celebrate.bravo"), t(allTicked(work.ticks) ? "homework.doneToast" : "homework.doneToastSome")], { kind: "party", ms: 4500 });
  focusOn("homework-done-title", "homework-done-panel");
}

/** "Un altro esercizio": the field empty and ready. */
export function another() {
  stopSpeaking();
  endParty();
  Object.assign(work, { draft: "", problem: null, answer: null, index: 0, ticks: [], done: false });
  render();
  focusOn("homework-input", "homework-ask");
}

/** "Cambia l'esercizio": back to the field with the exercise still in it. */
export function edit() {
  stopSpeaking();
  endParty();
  Object.assign(work, { problem: null, answer: null, index: 0, ticks: [], done: false });
  render();
  focusOn("homework-input", "homework-ask");
}

// ---- Keys: ← and → move the steps (not while typing: the caret moves there).

const modalOpen = () => [...document.querySelectorAll("dialog[open]")].some((dialog) => {
  try { return dialog.matches(":modal"); } catch { return dialog.id !== "voice-help"; }
});

const describeFocus = (element) => (element instanceof Element && element !== document.body && element !== document.documentElement
  ? { tag: element.tagName, type: element.getAttribute("type"), editable: Boolean(element.isContentEditable) } : null);

addEventListener("keydown", (event) => {
  if (!onScreen() || !work.answer || work.busy || event.defaultPrevented) return;
  const move = stepKey(event, { focus: describeFocus(event.target), modalOpen: modalOpen() });
  if (!move) return;
  const to = moveStep(work.index, move === "next" ? 1 : -1, work.answer.steps.length);
  if (to === work.index) return;
  event.preventDefault();
  goTo(to);
});
