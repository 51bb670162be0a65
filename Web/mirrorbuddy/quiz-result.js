// The end of a quiz, drawn: stars and the score; passed (70 % and more) with a cheer, or not yet
// with encouragement and what passing takes; the hints used, the XP, what the student now knows of
// the subject; another quiz on the same material or subject (never a dead end), the answers to
// look back at, and the ways out.
import { h } from "../shared/dom.js";
import { num, t } from "./i18n.js";
import { hearParts, quizTitle, waysOut } from "./quiz-bits.js";
import { newQuizButton, quizStartNotice } from "./quiz-entry.js";
import { masteryAfter } from "./quiz-mastery.js";
import { STARS, againBody, percentOf, resultOf, starsFor } from "./quiz-rules.js";

function stars(count) {
  return h("p", { class: "mb-quiz-stars", id: "quiz-stars", role: "img", "aria-label": t("quiz.stars", { count }), dataset: { stars: String(count) } },
    Array.from({ length: STARS }, (_, index) => h("span", { class: index < count ? "on" : "off", "aria-hidden": "true" }, index < count ? "★" : "☆")));
}

/** Every question with its right answer, ✅ or ❌ (closed until opened: the result comes first). */
function lookBack(quiz) {
  const lang = quiz.language;
  return h("details", { class: "mb-card mb-quiz-review", id: "quiz-review" },
    h("summary", { class: "mb-quiz-review-title" }, h("span", { "aria-hidden": "true" }, "🔎 "), t("quiz.lookBack")),
    h("ol", { class: "mb-quiz-review-list" }, quiz.questions.map((question) => {
      const right = Boolean(question.answered?.correct);
      return h("li", { class: right ? "right" : "wrong" },
        h("p", { class: "mb-quiz-review-q" }, h("span", { "aria-hidden": "true" }, right ? "✅ " : "❌ "),
          h("span", { class: "visually-hidden" }, `${t(right ? "quiz.gotRight" : "quiz.gotWrong")}: `), h("span", { lang }, question.prompt)),
        h("p", { class: "mb-small" }, `${t("quiz.rightAnswer")} `, h("strong", { lang }, question.answered?.answer ?? "—")));
    })));
}

function xpLine(page, result) {
  const earned = page.answeredHere ? page.xp : result.xp;
  if (earned > 0) return h("p", { class: "mb-lead mb-cheer", id: "quiz-xp" }, t("quiz.xp", { xp: earned }));
  return page.answeredHere && result.xp > 0 ? h("p", { class: "hint", id: "quiz-xp-spent" }, t("quiz.xpSpent")) : null;
}

export function resultScreen(page) {
  const { quiz } = page;
  const result = resultOf(quiz);
  const count = starsFor(result.score);
  const percent = percentOf(result.score);
  const verdict = t(result.passed ? "quiz.passed" : "quiz.notYet");
  const score = t("quiz.score", { count: result.correct, total: result.total, percent: num(percent) });
  const cheer = t(result.passed ? "quiz.passedCheer" : "quiz.notYetCheer");
  return h("div", { class: "mb-stack mb-quiz" },
    quizTitle(quiz),
    h("section", { class: `mb-card mb-quiz-result center ${result.passed ? "passed" : "not-yet"}`, id: "quiz-result", "aria-labelledby": "quiz-result-title",
      dataset: { passed: String(result.passed), score: String(percent) } },
    h("div", { class: "mb-title-row mb-quiz-result-head" },
      h("h2", { class: "mb-big", id: "quiz-result-title", tabindex: "-1" }, verdict),
      hearParts(() => [{ text: `${verdict} ${score}. ${cheer}` }], { id: "quiz-result-hear", label: t("action.hear") })),
    stars(count),
    h("p", { class: "mb-big", id: "quiz-score" }, score),
    h("p", { class: "mb-lead", id: "quiz-cheer" }, cheer),
    result.passed ? null : h("p", { class: "hint", id: "quiz-pass-mark" }, t("quiz.passMark")),
    result.hints ? h("p", { class: "mb-small", id: "quiz-hints" }, t("quiz.hintsUsed", { count: result.hints })) : null,
    // What was earned now (the day's first 5 quizzes earn; a badge adds), or, opened later, what the quiz was worth.
    xpLine(page, result),
    masteryAfter(page.mastery),
    h("div", { class: "mb-row mb-quiz-result-actions" },
      newQuizButton(againBody(quiz), { label: t(result.passed ? "quiz.another" : "quiz.tryAgain"), emoji: "🔁", cls: "primary mb-primary mb-big-btn", id: "quiz-again" })),
    quizStartNotice()),
    lookBack(quiz),
    waysOut(quiz));
}
