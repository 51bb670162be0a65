// MirrorBuddy's quizzes, the pure part: where a quiz goes on (resume), its result and stars, the
// keys 1–4, a cloze's blank and the words read aloud, what a new quiz is asked for, the quiz after
// an answer or a hint, the mastery statuses, the routes and requests, and both catalogues.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ErrorCode } from "../../Web/shared/error-codes.js";
import { has, t } from "../../Web/mirrorbuddy/i18n.js";
import { answerPath } from "../../Web/mirrorbuddy/quiz-data.js";
import {
  ANSWER_MAX, MASTERY_EMOJI, MASTERY_STATUSES, PASS_SCORE, STARS, againBody, answeredCount, clozeParts, clozeProblem, isOver, masteryStatus,
  nextPosition, optionForKey, percentOf, quizStatus, resultOf, resumePosition, spokenPrompt, startBody, startKey, startScope, starsFor, withAnswer, withHint,
} from "../../Web/mirrorbuddy/quiz-rules.js";
import { hashFor, routeFor, voiceScreen } from "../../Web/mirrorbuddy/routes.js";

const answered = (correct, answer = "Parigi", given = correct ? answer : "Roma") => ({ given, correct, answer, explanation: `Spiegazione ${answer}` });
const question = (position, extra = {}) => ({ position, kind: "multipleChoice", prompt: `Domanda ${position}?`, options: ["Parigi", "Roma", "Madrid", "Berlino"],
  hinted: false, hint: null, answered: null, ...extra });
const quizOf = (questions, extra = {}) => ({ id: "qz1", title: "Storia", subjectId: "storia", materialId: null, language: "it", createdAt: "2026-11-27T15:00:00Z",
  finishedAt: null, questions, result: null, ...extra });
const tenQuestions = () => Array.from({ length: 10 }, (_, i) => question(i));

// ---- Resume and the end

test("a quiz goes on at its first unanswered question; none left: null", () => {
  const questions = tenQuestions();
  assert.equal(nextPosition(quizOf(questions)), 0);
  questions[0] = question(0, { answered: answered(true) });
  questions[1] = question(1, { answered: answered(false) });
  assert.equal(nextPosition(quizOf(questions)), 2, "a reload comes back to question 3");
  questions[3] = question(3, { answered: answered(true) });
  assert.equal(nextPosition(quizOf(questions)), 2, "the first gap, even with a later question answered (another tab)");
  assert.equal(answeredCount(quizOf(questions)), 3);
  assert.equal(nextPosition(quizOf(tenQuestions().map((q) => ({ ...q, answered: answered(true) })))), null);
  assert.equal(nextPosition(quizOf([])), null);
  assert.equal(nextPosition(null), null);
});

test("a quiz opened again goes on at its first unanswered question; a finished one shows its result", () => {
  const questions = [question(0, { answered: answered(true) }), question(1), question(2)];
  assert.equal(resumePosition(quizOf(questions)), 1);
  assert.equal(resumePosition(quizOf(questions, { finishedAt: "2026-11-27T15:10:00Z" })), null, "finished is finished, whatever the questions say");
  assert.equal(resumePosition(quizOf(questions.map((q) => ({ ...q, answered: answered(true) })))), null);
});

test("a quiz is over when the server finished it or every question has its answer", () => {
  assert.equal(isOver(quizOf(tenQuestions())), false);
  assert.equal(isOver(quizOf(tenQuestions(), { finishedAt: "2026-11-27T15:10:00Z" })), true);
  assert.equal(isOver(quizOf([question(0, { answered: answered(true) })])), true);
  assert.equal(isOver(quizOf([])), false, "an empty quiz is not a result");
});

test("the result is the server's; without one it is counted from the answers", () => {
  const server = { correct: 7, total: 10, score: 0.7, passed: true, hints: 1, xp: 32 };
  assert.equal(resultOf(quizOf(tenQuestions(), { result: server })), server);
  const questions = [question(0, { answered: answered(true), hinted: true }), question(1, { answered: answered(false) }), question(2, { answered: answered(true) })];
  const counted = resultOf(quizOf(questions));
  assert.deepEqual({ ...counted, score: Math.round(counted.score * 100) }, { correct: 2, total: 3, score: 67, passed: false, hints: 1, xp: 0 });
  assert.equal(resultOf(quizOf([])).passed, false);
});

test("stars: 3 from 90 %, 2 from the pass mark (70 %), 1 for any right answer, 0 for none", () => {
  const table = [[0, 0], [0.1, 1], [0.5, 1], [0.69, 1], [0.7, 2], [0.8, 2], [0.89, 2], [0.9, 3], [1, 3], [Number.NaN, 0], [undefined, 0], [-1, 0]];
  for (const [score, stars] of table) assert.equal(starsFor(score), stars, `score ${score}`);
  assert.equal(STARS, 3);
  // Passed always shows more stars than not yet, whatever the quiz's size.
  for (let total = 3; total <= 10; total += 1) {
    for (let correct = 0; correct <= total; correct += 1) {
      const score = correct / total;
      assert.equal(starsFor(score) >= 2, score >= PASS_SCORE, `${correct}/${total}`);
    }
  }
});

test("percentages are whole and within 0…100", () => {
  assert.equal(percentOf(0.7), 70);
  assert.equal(percentOf(2 / 3), 67);
  assert.equal(percentOf(1.2), 100);
  assert.equal(percentOf(-0.1), 0);
  assert.equal(percentOf("x"), 0);
});

test("a quiz in the list: to finish, passed or not yet", () => {
  assert.equal(quizStatus({ finishedAt: null, passed: null }), "unfinished");
  assert.equal(quizStatus({ finishedAt: "2026-11-27T15:10:00Z", passed: true }), "passed");
  assert.equal(quizStatus({ finishedAt: "2026-11-27T15:10:00Z", passed: false }), "notYet");
  assert.equal(quizStatus({}), "unfinished", "the server leaves out null keys");
});

// ---- Keys

const key = (name, extra = {}) => ({ key: name, code: "", repeat: false, ...extra });
const BUTTON = { tag: "BUTTON", editable: false };
const INPUT = { tag: "INPUT", editable: false };

test("keys 1–4 pick the options in order; true/false takes 1 and 2 only", () => {
  ["1", "2", "3", "4"].forEach((digit, index) => assert.equal(optionForKey(key(digit), { count: 4 }), index));
  assert.equal(optionForKey(key("4"), { count: 3 }), null, "three options: no fourth");
  assert.equal(optionForKey(key("1"), { count: 2 }), 0, "1 = Vero / True");
  assert.equal(optionForKey(key("2"), { count: 2 }), 1, "2 = Falso / False");
  assert.equal(optionForKey(key("3"), { count: 2 }), null);
  assert.equal(optionForKey(key("5"), { count: 4 }), null);
  assert.equal(optionForKey(key("0"), { count: 4 }), null);
  assert.equal(optionForKey(key("a"), { count: 4 }), null);
  assert.equal(optionForKey(key("1"), { count: 0 }), null, "a cloze has no options");
  assert.equal(optionForKey(key("2"), { count: 4, focus: BUTTON }), 1, "a focused button (an option, 🔊) is not a text field");
});

test("keys do nothing once answered, while an answer is on its way, in a text field, with a modifier, repeating or under a dialog", () => {
  assert.equal(optionForKey(key("1"), { count: 4, answered: true }), null);
  assert.equal(optionForKey(key("1"), { count: 4, busy: true }), null);
  assert.equal(optionForKey(key("1"), { count: 4, focus: INPUT }), null);
  assert.equal(optionForKey(key("1"), { count: 4, focus: { tag: "textarea" } }), null);
  assert.equal(optionForKey(key("1"), { count: 4, focus: { tag: "DIV", editable: true } }), null);
  for (const extra of [{ ctrlKey: true }, { altKey: true }, { metaKey: true }, { repeat: true }, { isComposing: true }]) {
    assert.equal(optionForKey(key("1", extra), { count: 4 }), null, JSON.stringify(extra));
  }
  assert.equal(optionForKey(key("1"), { count: 4, modalOpen: true }), null);
});

// ---- A cloze and the words read aloud

test("a cloze's sentence is cut at its blank, wherever it is", () => {
  assert.deepEqual(clozeParts("La _____ avviene nelle foglie."), [{ text: "La " }, { blank: true }, { text: " avviene nelle foglie." }]);
  assert.deepEqual(clozeParts("_____ è la capitale."), [{ blank: true }, { text: " è la capitale." }]);
  assert.deepEqual(clozeParts("Il cuore pompa il _____"), [{ text: "Il cuore pompa il " }, { blank: true }]);
  assert.deepEqual(clozeParts("A ___ e B _______."), [{ text: "A " }, { blank: true }, { text: " e B " }, { blank: true }, { text: "." }]);
  assert.deepEqual(clozeParts("Nessun buco"), [{ text: "Nessun buco" }]);
  assert.deepEqual(clozeParts(null), []);
  assert.deepEqual(clozeParts("un_solo_trattino"), [{ text: "un_solo_trattino" }], "an underscore or two is not a blank");
});

test("the blank is said as a word, not as underscores", () => {
  assert.equal(spokenPrompt("La _____ avviene nelle foglie.", "puntini puntini"), "La puntini puntini avviene nelle foglie.");
  assert.equal(spokenPrompt("_____ is the capital.", "blank"), "blank is the capital.");
  assert.equal(spokenPrompt("Chi ha scritto la Divina Commedia?", "x"), "Chi ha scritto la Divina Commedia?");
  assert.equal(t("quiz.blankSpoken", {}, "it"), "puntini puntini");
  assert.equal(t("quiz.spokenOption", { n: 2, text: "Roma" }, "it"), "2: Roma.");
});

test("a cloze's word: not empty, at most 200 characters", () => {
  assert.equal(clozeProblem(""), "empty");
  assert.equal(clozeProblem("   \n"), "empty");
  assert.equal(clozeProblem(undefined), "empty");
  assert.equal(clozeProblem("fotosintesi"), null);
  assert.equal(clozeProblem(`  ${"a".repeat(ANSWER_MAX)}  `), null, "trimmed first, as the server does");
  assert.equal(clozeProblem("a".repeat(ANSWER_MAX + 1)), "tooLong");
});

// ---- Asking for a quiz

test("a new quiz is asked for a material, a subject or everything; another one like the last", () => {
  assert.deepEqual(startBody({ materialId: "m1", subjectId: "storia" }), { materialId: "m1" }, "a material's quiz is the material's");
  assert.deepEqual(startBody({ subjectId: "storia" }), { subjectId: "storia" });
  assert.deepEqual(startBody({ materialId: "", subjectId: null }), {});
  assert.deepEqual(startBody(), {});
  assert.deepEqual(againBody(quizOf([], { materialId: "m1", subjectId: "storia" })), { materialId: "m1" });
  assert.deepEqual(againBody(quizOf([], { materialId: null, subjectId: "storia" })), { subjectId: "storia" });
  assert.deepEqual(againBody({ id: "q", questions: [] }), {}, "the server leaves out null keys: everything");
  assert.equal(startKey({ materialId: "m1" }), "material:m1");
  assert.equal(startKey({ subjectId: "storia" }), "subject:storia");
  assert.equal(startKey({}), "all");
  assert.deepEqual([{ materialId: "m" }, { subjectId: "s" }, {}].map(startScope), ["material", "subject", "all"]);
});

test("an answer is sent with the student's time zone, as every call that earns XP", () => {
  assert.equal(answerPath("qz 1", "Europe/Rome"), "/api/mirrorbuddy/quizzes/qz%201/answers?tz=Europe%2FRome");
  assert.match(answerPath("qz1"), /^\/api\/mirrorbuddy\/quizzes\/qz1\/answers\?tz=[^&]+$/);
});

// ---- The quiz after a step

test("an answer marks its question (the quiz before is unchanged); the last one finishes the quiz with the server's result", () => {
  const before = quizOf([question(0), question(1, { kind: "cloze", prompt: "La _____ è verde.", options: [] })]);
  const first = withAnswer(before, 0, "Roma", { correct: false, answer: "Parigi", explanation: "Parigi è la capitale.", result: null });
  assert.equal(before.questions[0].answered, null);
  assert.deepEqual(first.questions[0].answered, { given: "Roma", correct: false, answer: "Parigi", explanation: "Parigi è la capitale." });
  assert.equal(first.finishedAt, null);
  assert.equal(nextPosition(first), 1);
  const result = { correct: 1, total: 2, score: 0.5, passed: false, hints: 0, xp: 25 };
  const last = withAnswer(first, 1, "foglia", { correct: true, answer: "foglia", explanation: "La foglia è verde.", result }, "2026-11-27T15:10:00Z");
  assert.equal(last.result, result);
  assert.equal(last.finishedAt, "2026-11-27T15:10:00Z");
  assert.equal(nextPosition(last), null);
  assert.ok(isOver(last));
  assert.equal(resultOf(last), result);
});

test("a hint is kept on its question, which counts as hinted", () => {
  const before = quizOf([question(0), question(1)]);
  const after = withHint(before, 1, "Inizia con la P.");
  assert.deepEqual([after.questions[1].hint, after.questions[1].hinted], ["Inizia con la P.", true]);
  assert.equal(after.questions[0].hinted, false);
  assert.equal(before.questions[1].hint, null);
});

test("a whole quiz, left and taken up again: every question once, in order, then the result", () => {
  let quiz = quizOf(tenQuestions());
  const seen = [];
  for (let step = 0; step < 10; step += 1) {
    // A reload between answers (the student came back later): the quiz read again goes on where it was.
    quiz = JSON.parse(JSON.stringify(quiz));
    const position = nextPosition(quiz);
    seen.push(position);
    const correct = position % 4 !== 0;
    const last = step === 9;
    quiz = withAnswer(quiz, position, correct ? "Parigi" : "Roma", { correct, answer: "Parigi", explanation: "",
      result: last ? { correct: 7, total: 10, score: 0.7, passed: true, hints: 0, xp: 35 } : null });
  }
  assert.deepEqual(seen, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  assert.ok(isOver(quiz));
  assert.equal(starsFor(resultOf(quiz).score), 2);
});

// ---- Mastery

test("the mastery statuses, in the order they grow, each with an emoji and words in both languages", () => {
  assert.deepEqual(MASTERY_STATUSES, ["notStarted", "attempted", "struggling", "familiar", "proficient", "mastered"]);
  for (const status of MASTERY_STATUSES) {
    assert.ok(MASTERY_EMOJI[status], status);
    for (const lang of ["it", "en"]) assert.ok(has(`mastery.${status}`, lang), `${lang} mastery.${status}`);
  }
  assert.equal(masteryStatus("proficient"), "proficient");
  assert.equal(masteryStatus("guru"), "notStarted", "a status the page does not know");
  assert.equal(masteryStatus(undefined), "notStarted");
  assert.deepEqual(MASTERY_STATUSES.map((s) => t(`mastery.${s}`, {}, "it")),
    ["Da iniziare", "Appena iniziato", "Da allenare", "Lo conosci", "Lo sai bene", "Lo sai alla grande"]);
  assert.deepEqual(MASTERY_STATUSES.map((s) => t(`mastery.${s}`, {}, "en")),
    ["Not started", "Just started", "Needs practice", "Getting there", "Good at it", "Mastered"]);
});

// ---- Routes, error codes, words

test("routes: #quiz and #quiz/<id>, heard by the voice as Progress is", () => {
  assert.deepEqual(routeFor("#quiz"), { name: "quiz" });
  assert.deepEqual(routeFor("#quiz/qz_123-x"), { name: "quiz", id: "qz_123-x" });
  assert.deepEqual(routeFor("#quiz/../x"), { name: "home" });
  assert.deepEqual(routeFor("#quizzes"), { name: "home" });
  for (const hash of ["#quiz", "#quiz/q1"]) assert.equal(hashFor(routeFor(hash)), hash);
  assert.equal(voiceScreen("quiz"), "progress");
  for (const name of ["cards", "card", "review", "maps"]) assert.equal(voiceScreen(name), "progress", name);
});

test("the quiz's error codes are the server's, each with its words", () => {
  assert.equal(ErrorCode.quizFinished, "quiz_finished");
  assert.equal(ErrorCode.questionAnswered, "question_answered");
  assert.equal(ErrorCode.notEnoughToQuiz, "not_enough_to_quiz");
  for (const code of [ErrorCode.quizFinished, ErrorCode.questionAnswered, ErrorCode.notEnoughToQuiz]) {
    for (const lang of ["it", "en"]) assert.ok(has(`error.${code}`, lang), `${lang} error.${code}`);
  }
  for (const field of ["answer", "position"]) for (const lang of ["it", "en"]) assert.ok(has(`field.${field}`, lang), `${lang} field.${field}`);
});

test("every word the quizzes show is in both catalogues, the ones picked by a condition too", () => {
  const keys = [
    ...["multipleChoice", "trueFalse", "cloze"].map((kind) => `quiz.kind.${kind}`),
    ...["unfinished", "passed", "notYet"].map((status) => `quiz.status.${status}`),
    ...["material", "subject", "all"].map((scope) => `quiz.notEnough.${scope}`),
    "quiz.right", "quiz.wrong", "quiz.markRight", "quiz.markWrong", "quiz.gotRight", "quiz.gotWrong", "quiz.next", "quiz.seeResult",
    "quiz.passed", "quiz.notYet", "quiz.passedCheer", "quiz.notYetCheer", "quiz.another", "quiz.tryAgain", "quiz.needWord", "quiz.tooLong",
    "quiz.alreadyAnswered", "quiz.alreadyFinished", "quiz.stars", "quiz.hintsUsed", "quiz.count", "quiz.score", "quiz.rowScore", "quiz.masteryAnswers", "home.quiz", "material.quiz",
  ];
  for (const k of keys) for (const lang of ["it", "en"]) assert.ok(has(k, lang), `${lang} ${k}`);
});

test("right, wrong and the result say it in words (with the colour and the icon)", () => {
  assert.equal(t("quiz.right", {}, "it"), "Giusto!");
  assert.equal(t("quiz.wrong", {}, "it"), "Non proprio.");
  assert.equal(t("quiz.right", {}, "en"), "Right!");
  assert.equal(t("quiz.wrong", {}, "en"), "Not quite.");
  assert.equal(t("quiz.counter", { n: 3, of: 10 }, "it"), "Domanda 3 di 10");
  assert.equal(t("quiz.counter", { n: 3, of: 10 }, "en"), "Question 3 of 10");
  assert.equal(t("quiz.score", { count: 7, total: 10, percent: "70" }, "it"), "7 giuste su 10 (70 %)");
  assert.equal(t("quiz.score", { count: 1, total: 3, percent: "33" }, "it"), "1 giusta su 3 (33 %)");
  assert.equal(t("quiz.score", { count: 7, total: 10, percent: "70" }, "en"), "7 right out of 10 (70 %)");
  assert.equal(t("quiz.passed", {}, "it"), "Superato! 🎉");
  assert.equal(t("quiz.notYet", {}, "it"), "Non ancora, ma ci sei vicino! 💪");
  assert.equal(t("quiz.passed", {}, "en"), "Passed! 🎉");
  assert.equal(t("quiz.notYet", {}, "en"), "Not yet, but you are close! 💪");
  assert.equal(t("quiz.stars", { count: 1 }, "it"), "1 stella su 3");
  assert.equal(t("quiz.stars", { count: 0 }, "it"), "0 stelle su 3");
  assert.equal(t("quiz.stars", { count: 1 }, "en"), "1 star out of 3");
  assert.equal(t("quiz.stars", { count: 3 }, "en"), "3 stars out of 3");
});
