// #quiz/<id>, what it does: the quiz loaded (or the one just made), going on at its first
// unanswered question (a reload comes back to the same one); an answer sent (an option: a tap or
// the keys 1–4; a cloze's word: Check or Enter), then right or wrong, the right answer and why,
// and Next with the focus; a hint taken; at the end the result and the XP celebrated. A question
// answered meanwhile elsewhere (409) reloads the quiz and goes on; a finished quiz shows its
// result; a lost connection keeps the answer and the typed word to send again. The drawing is
// quiz-view.js's.
import { ErrorCode } from "../shared/error-codes.js";
import { celebrate } from "./celebrate.js";
import { useProgress } from "./data.js";
import { errorText, t } from "./i18n.js";
import { liveVoice } from "./live-say.js";
import { getQuiz, sendAnswer, takeHint, takeMadeQuiz } from "./quiz-data.js";
import { clozeProblem, optionForKey, resultOf, resumePosition, withAnswer, withHint } from "./quiz-rules.js";
import { render, state, tell } from "./state.js";

const live = liveVoice("quiz-live");
let run = 0;

const fresh = (id, token) => ({ id, token, loading: false, error: null, quiz: null, position: null, draft: "", problem: "",
  busy: false, hintBusy: false, sendError: null, pending: null, xp: 0, mastery: null, answeredHere: false });

/** Whether the quiz screen shows quiz `page` (the student may have moved on while a request was out). */
const showing = (page) => state.quiz === page && state.route.name === "quiz" && state.route.id === page.id;

/** The question on show, or null (loading, an error, the result). */
export function currentQuestion(page = state.quiz) {
  if (!page?.quiz || page.position === null) return null;
  return page.quiz.questions?.[page.position] ?? null;
}

/** Loads quiz `id` (the one `startQuiz` just made, without asking again) and shows where it goes on. */
export async function loadQuiz(id) {
  const token = ++run;
  live.ready();
  const made = takeMadeQuiz(id);
  const before = state.quiz?.id === id ? state.quiz : null; // "aggiorna": keep what this visit earned
  const page = { ...fresh(id, token), xp: before?.xp ?? 0, mastery: before?.mastery ?? null, answeredHere: Boolean(before?.answeredHere) };
  state.quiz = page;
  if (made) {
    Object.assign(page, { quiz: made, position: resumePosition(made) });
  } else {
    page.loading = true;
    render();
    try {
      const quiz = await getQuiz(id);
      if (state.quiz !== page) return;
      Object.assign(page, { loading: false, quiz, position: resumePosition(quiz) });
    } catch (error) {
      if (state.quiz !== page) return;
      Object.assign(page, { loading: false, error });
    }
  }
  render();
  arrive(page);
}

/** Focus and words for what the page shows now: the question, or the result. */
function arrive(page) {
  if (!showing(page) || page.error || !page.quiz) return;
  if (page.position === null) {
    focusOn("quiz-result-title", "quiz-result");
    return;
  }
  focusOn("quiz-prompt", "quiz-top");
  live.say(t("quiz.counter", { n: page.position + 1, of: page.quiz.questions.length }));
}

function focusOn(id, reveal = id) {
  const element = document.getElementById(id);
  element?.focus({ preventScroll: true });
  document.getElementById(reveal)?.scrollIntoView({ block: "nearest" });
}

/** The quiz read again (after a 409): it goes on at its first unanswered question, or shows its result. */
async function reload(page) {
  try {
    const quiz = await getQuiz(page.id);
    if (!showing(page)) return;
    Object.assign(page, { quiz, position: resumePosition(quiz), draft: "", problem: "", sendError: null, pending: null });
  } catch (error) {
    if (!showing(page)) return;
    page.error = error;
  }
  render();
  arrive(page);
}

/** Sends `given` as the answer to the question on show. */
export async function answer(given) {
  const page = state.quiz;
  const question = currentQuestion(page);
  if (!question || question.answered || page.busy) return;
  const position = page.position;
  Object.assign(page, { busy: true, sendError: null, problem: "", pending: { position, answer: given } });
  render();
  let reply;
  try {
    reply = await sendAnswer(page.id, position, given);
  } catch (error) {
    if (!showing(page)) return;
    page.busy = false;
    if (error?.code === ErrorCode.questionAnswered || error?.code === ErrorCode.quizFinished) {
      tell(t(error.code === ErrorCode.questionAnswered ? "quiz.alreadyAnswered" : "quiz.alreadyFinished"), "info");
      await reload(page);
      return;
    }
    // Nothing is lost: the answer waits in `pending`, the typed word in `draft`.
    page.sendError = error;
    render();
    focusOn("quiz-retry");
    return;
  }
  useProgress(reply.progress);
  if (state.quiz !== page) return;
  Object.assign(page, { quiz: withAnswer(page.quiz, position, given, reply), busy: false, pending: null, sendError: null, answeredHere: true,
    xp: page.xp + (Number(reply.xp) || 0), unlocked: [...(page.unlocked ?? []), ...(reply.unlocked ?? [])], mastery: reply.mastery ?? page.mastery });
  if (!showing(page)) return;
  render();
  focusOn("quiz-next", "quiz-next");
  const verdict = t(reply.correct ? "quiz.right" : "quiz.wrong");
  live.say(reply.correct ? verdict : `${verdict} ${t("quiz.rightAnswer")} ${reply.answer}`);
}

/** The same answer again, after the connection failed. */
export function retry() {
  const page = state.quiz;
  if (page?.pending && page.pending.position === page.position) answer(page.pending.answer);
}

/** The cloze's Check (or Enter): the typed word, unless it is empty or too long. */
export function checkCloze(event) {
  event?.preventDefault();
  const page = state.quiz;
  if (!currentQuestion(page) || page.busy) return;
  const problem = clozeProblem(page.draft);
  if (problem) {
    page.problem = t(problem === "empty" ? "quiz.needWord" : "quiz.tooLong");
    render();
    focusOn("quiz-cloze-input");
    return;
  }
  answer(page.draft.trim());
}

/** The hint of the question on show (it takes a little off the quiz's XP). */
export async function hint() {
  const page = state.quiz;
  const question = currentQuestion(page);
  if (!question || question.answered || question.hint || page.hintBusy) return;
  const position = page.position;
  page.hintBusy = true;
  render();
  try {
    const reply = await takeHint(page.id, position);
    if (state.quiz !== page) return;
    page.quiz = withHint(page.quiz, position, reply.hint);
  } catch (error) {
    if (state.quiz !== page) return;
    page.hintBusy = false;
    tell(errorText(error), "error");
    return;
  }
  page.hintBusy = false;
  if (!showing(page)) return;
  render();
  focusOn("quiz-hint-text");
}

/** Next: the following unanswered question, or the result (celebrated when it was earned now). */
export function next() {
  const page = state.quiz;
  if (!page?.quiz || !currentQuestion(page)?.answered) return;
  Object.assign(page, { position: resumePosition(page.quiz), draft: "", problem: "", sendError: null, pending: null });
  render();
  arrive(page);
  if (page.position === null && page.answeredHere && (page.xp > 0 || resultOf(page.quiz).passed)) celebrate({ xp: page.xp, unlocked: page.unlocked ?? [] });
}

// ---- Keys: 1–4 pick an option (the buttons say so with aria-keyshortcuts).

const modalOpen = () => [...document.querySelectorAll("dialog[open]")].some((dialog) => {
  try { return dialog.matches(":modal"); } catch { return dialog.id !== "voice-help"; }
});

const describeFocus = (element) => (element instanceof Element && element !== document.body && element !== document.documentElement
  ? { tag: element.tagName, editable: Boolean(element.isContentEditable) } : null);

addEventListener("keydown", (event) => {
  const page = state.quiz;
  const question = state.route.name === "quiz" && state.route.id === page?.id ? currentQuestion(page) : null;
  if (!question) return;
  const index = optionForKey(event, { count: question.options?.length ?? 0, answered: Boolean(question.answered), busy: page.busy,
    focus: describeFocus(event.target), modalOpen: modalOpen() });
  if (index === null) return;
  event.preventDefault();
  answer(question.options[index]);
});
