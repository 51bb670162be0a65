// The quiz's rules, pure (node-tested): where a quiz goes on (its first unanswered question), its
// result and stars, which key picks which option, a cloze's sentence around its blank, the words
// the 🔊 reads, what a new quiz is asked for, a quiz after an answer or a hint (quizzes are values:
// every step returns a new one), and the mastery statuses in the order they grow.

export const PASS_SCORE = 0.7;    // the server's Quizzes.passMark
export const ANSWER_MAX = 200;    // characters of a written answer (Quizzes.answerLimit)
export const STARS = 3;
/** The blank of a cloze's sentence: the server writes "_____". */
export const BLANK = /_{3,}/g;

const questionsOf = (quiz) => quiz?.questions ?? [];
const isAnswered = (question) => Boolean(question?.answered);

/** The position of the first question not answered yet (where a quiz goes on), or null when all are. */
export function nextPosition(quiz) {
  const index = questionsOf(quiz).findIndex((question) => !isAnswered(question));
  return index < 0 ? null : index;
}

/** Where a quiz opened again goes on: its first unanswered question, or null (the result) once it is finished. */
export const resumePosition = (quiz) => (quiz?.finishedAt ? null : nextPosition(quiz));

export const answeredCount = (quiz) => questionsOf(quiz).filter(isAnswered).length;

/** Whether the quiz is over: the server finished it, or every question has its answer. */
export const isOver = (quiz) => Boolean(quiz?.finishedAt) || (questionsOf(quiz).length > 0 && nextPosition(quiz) === null);

/** The quiz's result: the server's, or counted from the answers when it has none (a quiz read before its end was saved). */
export function resultOf(quiz) {
  if (quiz?.result) return quiz.result;
  const questions = questionsOf(quiz);
  const correct = questions.filter((question) => question.answered?.correct).length;
  const total = questions.length;
  const score = total ? correct / total : 0;
  return { correct, total, score, passed: total > 0 && score >= PASS_SCORE, hints: questions.filter((question) => question.hinted).length, xp: 0 };
}

/** Stars for a score (0…1): 3 from 90 %, 2 from the pass mark, 1 for any right answer, else 0. */
export function starsFor(score) {
  const value = Number(score);
  if (!Number.isFinite(value) || value <= 0) return 0;
  if (value >= 0.9) return 3;
  return value >= PASS_SCORE ? 2 : 1;
}

/** A share (0…1) as a whole percentage, within 0…100. */
export const percentOf = (share) => Math.round(Math.min(1, Math.max(0, Number(share) || 0)) * 100);

/** What a quiz in the list is: "unfinished", "passed" or "notYet". */
export function quizStatus(summary) {
  if (!summary?.finishedAt) return "unfinished";
  return summary.passed ? "passed" : "notYet";
}

// ---- Keys

const TYPING_TAGS = new Set(["INPUT", "TEXTAREA", "SELECT"]);

/**
 * The option (0-based) a keydown picks: "1"…"4" for the question's 1…4 options (true/false too:
 * 1 true, 2 false); null once the question is answered or while an answer is on its way, in a text
 * field, with a modifier, a repeat or under a modal dialog. `focus`: {tag, editable} of the key's
 * target, null for the page itself.
 */
export function optionForKey(key, { count = 0, answered = false, busy = false, focus = null, modalOpen = false } = {}) {
  if (answered || busy || modalOpen || key.ctrlKey || key.altKey || key.metaKey || key.isComposing || key.repeat) return null;
  if (focus && (focus.editable || TYPING_TAGS.has(String(focus.tag ?? "").toUpperCase()))) return null;
  const index = ["1", "2", "3", "4"].indexOf(key.key);
  return index >= 0 && index < Math.min(count, 4) ? index : null;
}

// ---- A cloze and the words read aloud

/** A cloze's sentence cut at its blanks: [{text} | {blank: true}] in order (no empty texts). */
export function clozeParts(prompt) {
  const parts = [];
  String(prompt ?? "").split(BLANK).forEach((text, index) => {
    if (index > 0) parts.push({ blank: true });
    if (text) parts.push({ text });
  });
  return parts;
}

/** The prompt for the ear: each blank said as `blankWord` (the voice would say nothing, or "underscore"). */
export const spokenPrompt = (prompt, blankWord) => String(prompt ?? "").replace(BLANK, ` ${blankWord} `).replace(/\s+/g, " ").trim();

/** What a cloze's answer is missing: "empty", "tooLong" or null (it can be sent). */
export function clozeProblem(text) {
  const given = String(text ?? "").trim();
  if (!given) return "empty";
  return given.length > ANSWER_MAX ? "tooLong" : null;
}

// ---- Asking for a quiz

/** The body of POST quizzes: a material's quiz, a subject's, or one on everything ({}). */
export function startBody({ materialId = null, subjectId = null } = {}) {
  if (materialId) return { materialId };
  return subjectId ? { subjectId } : {};
}

/** The body for another quiz like `quiz`: on its material, else its subject, else everything. */
export const againBody = (quiz) => startBody({ materialId: quiz?.materialId ?? null, subjectId: quiz?.subjectId ?? null });

/** Which button asked for a quiz (so only that one says "making…"). */
export function startKey(body = {}) {
  if (body.materialId) return `material:${body.materialId}`;
  return body.subjectId ? `subject:${body.subjectId}` : "all";
}

/** What a refusal to make a quiz is about: "material", "subject" or "all". */
export const startScope = (body = {}) => (body.materialId ? "material" : body.subjectId ? "subject" : "all");

// ---- The quiz after a step

const changeQuestion = (quiz, position, change) => ({
  ...quiz,
  questions: questionsOf(quiz).map((question, index) => (index === position ? { ...question, ...change(question) } : question)),
});

/**
 * The quiz after the answer `given` to question `position`; `reply`: POST answers' {correct,
 * answer, explanation, result}. On the last answer the quiz is finished, with the server's result.
 */
export function withAnswer(quiz, position, given, reply, now = new Date().toISOString()) {
  const next = changeQuestion(quiz, position, () => ({
    answered: { given, correct: Boolean(reply.correct), answer: reply.answer ?? "", explanation: reply.explanation ?? "" },
  }));
  if (reply.result) Object.assign(next, { result: reply.result, finishedAt: quiz.finishedAt ?? now });
  return next;
}

/** The quiz once question `position`'s hint is taken. */
export const withHint = (quiz, position, hint) => changeQuestion(quiz, position, () => ({ hint, hinted: true }));

// ---- Mastery

/** The statuses, from nothing yet to mastered. */
export const MASTERY_STATUSES = ["notStarted", "attempted", "struggling", "familiar", "proficient", "mastered"];
export const MASTERY_EMOJI = { notStarted: "⚪", attempted: "🌱", struggling: "💪", familiar: "🙂", proficient: "⭐", mastered: "🏆" };

/** A status the page knows (an unknown one reads as not started). */
export const masteryStatus = (status) => (MASTERY_STATUSES.includes(status) ? status : "notStarted");
