// Talking to /api/mirrorbuddy/ about quizzes (the quiz contract): a new quiz on a material, a
// subject or everything, the student's quizzes, one quiz, a hint, an answer (with the time zone,
// as every call that earns XP) and the mastery per subject. The loaders put what #quiz shows into
// the state; `startQuiz` is every "new quiz" button: the quiz made, then #quiz/<id>.
import { api } from "../shared/api.js";
import { timeZone } from "./days.js";
import { startBody, startKey } from "./quiz-rules.js";
import { render, state } from "./state.js";

const BASE = "/api/mirrorbuddy";
const path = (id) => encodeURIComponent(id);

/** A new quiz (201 QuizView): `body` from startBody. */
export const makeQuiz = (body) => api(`${BASE}/quizzes`, { method: "POST", body });

/** {quizzes: [QuizSummary]} newest first. */
export const listQuizzes = () => api(`${BASE}/quizzes`);
export const getQuiz = (id) => api(`${BASE}/quizzes/${path(id)}`);

/** {position, hint, hints}. */
export const takeHint = (id, position) => api(`${BASE}/quizzes/${path(id)}/hint`, { method: "POST", body: { position } });

/** Where an answer goes: with the student's time zone (XP counts by day). */
export const answerPath = (id, zone = timeZone()) => `${BASE}/quizzes/${path(id)}/answers?tz=${encodeURIComponent(zone)}`;

/** {position, correct, answer, explanation, result, mastery, xp, progress}. */
export const sendAnswer = (id, position, answer) => api(answerPath(id), { method: "POST", body: { position, answer } });

/** {subjects: [Mastery]} weakest first. */
export const getMastery = () => api(`${BASE}/mastery`);

// ---- Loaders

/** #quiz: the student's quizzes. */
export async function loadQuizzes() {
  state.quizzes.error = null;
  try {
    state.quizzes.list = (await listQuizzes()).quizzes ?? [];
  } catch (error) {
    state.quizzes.error = error;
  }
  render();
}

/** #quiz: each subject's mastery. */
export async function loadMastery() {
  state.mastery.error = null;
  try {
    state.mastery.subjects = (await getMastery()).subjects ?? [];
  } catch (error) {
    state.mastery.error = error;
  }
  render();
}

// ---- Starting a quiz

let made = null; // the quiz just made, handed to the quiz page so it is not asked for again
let asking = 0;

/** The quiz `startQuiz` made for #quiz/<id>, once (null for any other id). */
export function takeMadeQuiz(id) {
  const quiz = made?.id === id ? made : null;
  made = null;
  return quiz;
}

/** Forgets a refusal shown beside a "new quiz" button (the student left that screen). */
export function forgetQuizStart() {
  if (state.quizStart && !state.quizStart.busy) state.quizStart = null;
}

/**
 * A "new quiz" button: the quiz made for {materialId?, subjectId?}, then #quiz/<id>, only if the
 * student is still where they asked. While the server makes it, that button says so; a refusal
 * (not enough to quiz on, no network) is kept in `state.quizStart` for the screen to show beside it.
 */
export async function startQuiz(ask = {}) {
  if (state.quizStart?.busy) return;
  const body = startBody(ask);
  const where = location.hash;
  const token = ++asking;
  state.quizStart = { body, key: startKey(body), where, busy: true, error: null };
  render();
  try {
    const quiz = await makeQuiz(body);
    if (token !== asking) return;
    state.quizStart = null;
    if (location.hash !== where) { render(); return; }
    made = quiz;
    location.hash = `#quiz/${encodeURIComponent(quiz.id)}`;
  } catch (error) {
    if (token !== asking) return;
    state.quizStart = { body, key: startKey(body), where, busy: false, error };
    render();
    document.getElementById("quiz-start-problem")?.focus({ preventScroll: false });
  }
}
