// The homework helper's rules, pure (node-tested): what an exercise may be, the server's answer
// made safe to draw (only the contract's fields of the right types), which step is shown and where
// Back, Next and the arrow keys go, the checklist's ticks, what a step says aloud, and which line
// tells a problem.
import { ErrorCode } from "../shared/error-codes.js";

export const TEXT_MAX = 2000;      // the server's limit, after trimming
export const NOTES_MAX = 3;        // step 2 shows at most this many passages
export const KEY_WORDS_MAX = 6;

const TYPING_TAGS = new Set(["TEXTAREA", "SELECT"]);
const ENTER = new Set(["Enter", "NumpadEnter"]);
// An <input> of these types takes no typing, so the arrow keys may move the steps there (a checklist box).
const NOT_TYPED = new Set(["checkbox", "radio", "button", "submit", "reset"]);

const graphemes = typeof Intl?.Segmenter === "function" ? new Intl.Segmenter() : null;

/** Characters as the server counts them: what a reader sees as one letter (an emoji with its modifiers is one). */
export const characters = (text) => (graphemes ? [...graphemes.segment(String(text ?? ""))].length : [...String(text ?? "")].length);

/** Why `text` cannot be sent: "empty" | "tooLong", or null. */
export function textProblem(text) {
  const trimmed = String(text ?? "").trim();
  if (!trimmed) return "empty";
  return characters(trimmed) > TEXT_MAX ? "tooLong" : null;
}

/**
 * What the field's counter says: the field's own count (the `maxlength` it stops at counts UTF-16
 * units), so the counter and the field agree on when it is full.
 */
export const fieldCount = (text) => ({ used: String(text ?? "").length, max: TEXT_MAX, full: String(text ?? "").length >= TEXT_MAX });

/** The body of POST /homework: the exercise trimmed. */
export const homeworkBody = (text) => ({ text: String(text ?? "").trim() });

const words = (list, max) => (Array.isArray(list) ? list.filter((word) => typeof word === "string" && word.trim()).map((word) => word.trim()).slice(0, max) : []);

function cleanNote(note) {
  if (!note || typeof note !== "object" || typeof note.materialId !== "string" || !note.materialId || typeof note.text !== "string") return null;
  return { materialId: note.materialId, title: typeof note.title === "string" ? note.title : "", heading: typeof note.heading === "string" ? note.heading : null,
    position: Number.isInteger(note.position) ? note.position : null, text: note.text };
}

/**
 * The server's answer as the page draws it: {language, hasNumbers, steps: [{number, title, prompt,
 * sentences?, keyWords?, notes?, checklist?}]} in the order of their numbers; null when it has no steps.
 */
export function cleanAnswer(answer) {
  const steps = Array.isArray(answer?.steps) ? answer.steps.filter((step) => step && Number.isInteger(step.number)) : [];
  if (!steps.length) return null;
  return {
    language: answer.language === "en" ? "en" : "it",
    hasNumbers: answer.hasNumbers === true,
    steps: [...steps].sort((a, b) => a.number - b.number).map((step) => {
      const clean = { number: step.number, title: String(step.title ?? ""), prompt: String(step.prompt ?? "") };
      if (Array.isArray(step.sentences)) {
        clean.sentences = step.sentences.filter((s) => typeof s?.text === "string" && s.text.trim()).map((s) => ({ text: s.text.trim(), asks: s.asks === true }));
      }
      if (Array.isArray(step.keyWords)) clean.keyWords = words(step.keyWords, KEY_WORDS_MAX);
      if (Array.isArray(step.notes)) clean.notes = step.notes.map(cleanNote).filter(Boolean).slice(0, NOTES_MAX);
      if (Array.isArray(step.checklist)) clean.checklist = words(step.checklist, 20);
      return clean;
    }),
  };
}

/** The index of a step within `count` steps: `index` kept inside 0…count-1. */
export const clampStep = (index, count) => (count > 0 ? Math.min(count - 1, Math.max(0, Number.isInteger(index) ? index : 0)) : 0);

/** Where Back (-1) or Next (+1) goes from `index`; the same index at either end. */
export const moveStep = (index, delta, count) => clampStep(clampStep(index, count) + delta, count);

/** The step on show: {step, index, count, first, last}, or null before an answer. */
export function shownStep(answer, index) {
  const count = answer?.steps?.length ?? 0;
  if (!count) return null;
  const at = clampStep(index, count);
  return { step: answer.steps[at], index: at, count, first: at === 0, last: at === count - 1 };
}

const typingIn = (focus) => Boolean(focus) && (Boolean(focus.editable) || TYPING_TAGS.has(String(focus.tag ?? "").toUpperCase())
  || (String(focus.tag ?? "").toUpperCase() === "INPUT" && !NOT_TYPED.has(String(focus.type ?? "text").toLowerCase())));

/**
 * What a keydown means while the steps show: "next" (→), "back" (←) or null (leave it to the
 * browser): not in a text field (the caret moves there), with a modifier, a repeat or under a modal
 * dialog. `focus`: {tag, type, editable} of the key's target, null for the page itself.
 */
export function stepKey(key, { focus = null, modalOpen = false } = {}) {
  if (modalOpen || key.ctrlKey || key.altKey || key.metaKey || key.shiftKey || key.isComposing || key.repeat) return null;
  if (typingIn(focus)) return null;
  if (key.key === "ArrowRight" || key.key === "Right") return "next";
  if (key.key === "ArrowLeft" || key.key === "Left") return "back";
  return null;
}

/** Whether a keydown in the exercise's field sends it: Ctrl+Enter or ⌘+Enter (Enter alone is a new line). */
export const sendsExercise = (key) => (ENTER.has(key.key) || ENTER.has(key.code)) && Boolean(key.ctrlKey || key.metaKey) && !key.altKey && !key.isComposing;

/** The checklist's ticks, none ticked, one a line of `checklist`. */
export const freshTicks = (checklist) => (Array.isArray(checklist) ? checklist.map(() => false) : []);

/** The ticks with line `index` ticked (`on`) or not; a line out of the list changes nothing. */
export function withTick(ticks, index, on) {
  if (!Array.isArray(ticks) || !Number.isInteger(index) || index < 0 || index >= ticks.length) return ticks;
  return ticks.map((ticked, at) => (at === index ? Boolean(on) : ticked));
}

/** {done, of}: how many lines are ticked. */
export const tickCount = (ticks) => ({ done: (ticks ?? []).filter(Boolean).length, of: (ticks ?? []).length });

/** Whether every line is ticked (an empty list is not "all"). */
export const allTicked = (ticks) => Array.isArray(ticks) && ticks.length > 0 && ticks.every(Boolean);

/** What a step says aloud, one part after another: its title, its prompt, and in step 1 the exercise's sentences. */
export function spokenStep(step) {
  if (!step) return [];
  const parts = [step.title, step.prompt, ...(step.number === 1 ? (step.sentences ?? []).map((sentence) => sentence.text) : [])];
  return parts.map((part) => String(part ?? "").trim()).filter(Boolean);
}

/** Whether `error` is the server asking to slow down (429). */
export const isRateLimited = (error) => error?.status === 429 || error?.code === ErrorCode.rateLimited;

/**
 * What a failed request shows next to the field: 429 {key: "homework.wait"}; 422 on the text
 * {key} in the page's words when the page sees why (the server words those in English only), else
 * {message}: the server's own words, in the student's language when it refuses an exercise that
 * says the child is in distress (the coach's caring reply); any other error {error} for the usual
 * error line.
 */
export function problemFor(error, text) {
  if (isRateLimited(error)) return { key: "homework.wait" };
  if (error?.code === ErrorCode.invalidField && (error.details?.field ?? "text") === "text") {
    const why = textProblem(text);
    if (why) return { key: why === "empty" ? "homework.needText" : "homework.tooLong" };
    return error.message ? { message: String(error.message) } : { error };
  }
  return { error };
}

/** The line for a problem the page finds before sending. */
export const problemKey = (why) => (why === "empty" ? "homework.needText" : why === "tooLong" ? "homework.tooLong" : null);
