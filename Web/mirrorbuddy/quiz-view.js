// #quiz/<id>, drawn: "Domanda n di N" and a bar, the question (in the quiz's language) with a 🔊
// that reads it and its options, the options as big numbered buttons or a cloze's sentence with
// its blank and a big field with Check, the hint (💡, it costs a little XP), and once answered:
// right or wrong in colour, icon and words, the right answer, why, and Next. The result is
// quiz-result.js's; what the buttons do, quiz-page.js's.
import { h } from "../shared/dom.js";
import { errorText, t } from "./i18n.js";
import { ANSWER_MAX, answeredCount, clozeParts, spokenPrompt } from "./quiz-rules.js";
import { answer, checkCloze, currentQuestion, hint, loadQuiz, next, retry } from "./quiz-page.js";
import { hearParts, quizTitle, waysOut } from "./quiz-bits.js";
import { resultScreen } from "./quiz-result.js";
import { state } from "./state.js";
import { bar, button, errorLine } from "./ui.js";

/** The prompt: a sentence's blank (a cloze's, or a multiple choice's) as a clear box, filled with the right word once answered. */
function prompt(question, lang) {
  const filled = question.answered?.answer;
  const content = question.prompt.includes("_____")
    ? clozeParts(question.prompt).map((part) => (part.blank
      ? h("span", { class: `mb-quiz-blank${filled ? " filled" : ""}` }, filled ?? h("span", { class: "visually-hidden" }, t("quiz.blank")))
      : part.text))
    : question.prompt;
  return h("h2", { class: "mb-quiz-prompt", id: "quiz-prompt", tabindex: "-1", lang }, content);
}

function questionWords(quiz, question) {
  const lang = quiz.language;
  return [{ text: spokenPrompt(question.prompt, t("quiz.blankSpoken", {}, lang)), lang },
    ...(question.options ?? []).map((option, index) => ({ text: t("quiz.spokenOption", { n: index + 1, text: option }, lang), lang }))];
}

function optionButton(page, question, option, index) {
  const done = question.answered;
  const chosen = done ? done.given === option : page.pending?.answer === option;
  const right = Boolean(done) && done.answer === option;
  const wrong = Boolean(done) && chosen && !done.correct;
  const tag = right ? ["✅", t("quiz.markRight")] : wrong ? ["❌", t("quiz.markWrong")] : null;
  return h("li", {},
    h("button", { class: `btn mb-quiz-option${chosen ? " chosen" : ""}${right ? " right" : ""}${wrong ? " wrong" : ""}`, type: "button",
      id: `quiz-option-${index + 1}`, "aria-keyshortcuts": String(index + 1), "aria-disabled": done || page.busy ? "true" : null,
      dataset: { option }, onclick: () => answer(option) },
    h("span", { class: "mb-quiz-key", "aria-hidden": "true" }, String(index + 1)),
    h("span", { class: "mb-quiz-option-text", lang: page.quiz.language }, option),
    tag ? h("span", { class: "mb-quiz-mark" }, h("span", { "aria-hidden": "true" }, `${tag[0]} `), tag[1]) : null));
}

function options(page, question) {
  return h("ul", { class: `mb-quiz-options mb-quiz-options-${question.kind}`, id: "quiz-options", role: "list", "aria-label": t("quiz.options") },
    question.options.map((option, index) => optionButton(page, question, option, index)));
}

function clozeForm(page, question) {
  if (question.answered) return null;
  return h("form", { class: "mb-quiz-cloze", id: "quiz-cloze-form", novalidate: true, onsubmit: checkCloze },
    h("label", { class: "field mb-field", for: "quiz-cloze-input" }, h("span", {}, t("quiz.clozeLabel")),
      h("input", { type: "text", id: "quiz-cloze-input", name: "answer", value: page.draft, maxlength: String(ANSWER_MAX), lang: page.quiz.language,
        autocomplete: "off", autocapitalize: "off", autocorrect: "off", spellcheck: "false", enterkeyhint: "done", placeholder: t("quiz.clozePlaceholder"),
        "aria-describedby": "quiz-cloze-problem", oninput: (event) => { page.draft = event.target.value; } })),
    h("p", { class: "error-text", role: "alert", id: "quiz-cloze-problem" }, page.problem),
    button({ emoji: "✔️", label: page.busy ? t("quiz.checking") : t("quiz.check"), type: "submit", cls: "primary mb-primary mb-big-btn", id: "quiz-check",
      disabled: page.busy }));
}

function hintArea(page, question) {
  if (question.hint && (!question.answered || question.hinted)) {
    return h("div", { class: "mb-quiz-hint", id: "quiz-hint-text", tabindex: "-1" },
      h("p", { class: "mb-lead" }, h("span", { "aria-hidden": "true" }, "💡 "), h("strong", {}, `${t("quiz.hintTitle")}: `), h("span", { lang: page.quiz.language }, question.hint)),
      question.answered ? null : h("p", { class: "mb-small" }, t("quiz.hintTaken")));
  }
  if (question.answered) return null;
  return h("div", { class: "mb-quiz-hint-ask" },
    button({ emoji: page.hintBusy ? "⏳" : "💡", label: t("quiz.hint"), cls: "mb-quiz-hint-btn", id: "quiz-hint", disabled: page.hintBusy || page.busy,
      onclick: hint }),
    h("span", { class: "mb-small", id: "quiz-hint-cost" }, t("quiz.hintCost")));
}

function sending(page) {
  if (page.busy) return h("p", { class: "hint", role: "status", id: "quiz-sending" }, t("quiz.checking"));
  if (!page.sendError) return null;
  return h("div", { class: "mb-quiz-send-error", id: "quiz-send-error" },
    h("p", { class: "error-text", role: "alert" }, `😕 ${t("quiz.sendFailed")} `, h("span", { class: "mb-small" }, errorText(page.sendError))),
    button({ emoji: "🔄", label: t("action.tryAgain"), cls: "primary mb-primary", id: "quiz-retry", onclick: retry }));
}

function feedback(page, question) {
  const done = question.answered;
  if (!done) return null;
  const lang = page.quiz.language;
  const last = answeredCount(page.quiz) === page.quiz.questions.length;
  // A cloze's word right with a slip of spelling: the right spelling is shown too.
  const showAnswer = !done.correct || (question.kind === "cloze" && done.given.trim().toLowerCase() !== done.answer.trim().toLowerCase());
  const words = () => [{ text: t(done.correct ? "quiz.right" : "quiz.wrong") },
    showAnswer ? { text: `${t("quiz.rightAnswer")} ${done.answer}`, lang } : {}, { text: done.explanation, lang }];
  return h("div", { class: "mb-quiz-after" },
    h("div", { class: `mb-quiz-feedback ${done.correct ? "mb-quiz-right" : "mb-quiz-wrong"}`, id: "quiz-feedback", dataset: { correct: String(done.correct) } },
      h("p", { class: "mb-quiz-verdict", id: "quiz-verdict" }, h("span", { class: "mb-quiz-verdict-icon", "aria-hidden": "true" }, done.correct ? "✅" : "❌"),
        t(done.correct ? "quiz.right" : "quiz.wrong"), hearParts(words, { id: "quiz-feedback-hear", label: t("quiz.hearFeedback") })),
      question.kind === "cloze" ? h("p", { id: "quiz-given" }, `${t("quiz.yourAnswer")} `, h("strong", { lang }, done.given)) : null,
      showAnswer ? h("p", { id: "quiz-right-answer" }, `${t("quiz.rightAnswer")} `, h("strong", { lang }, done.answer)) : null,
      done.explanation && done.explanation !== done.answer
        ? h("p", { class: "mb-quiz-explanation", id: "quiz-explanation" }, h("span", { "aria-hidden": "true" }, "📖 "), h("span", { lang }, done.explanation)) : null),
    button({ emoji: last ? "🏁" : "➡️", label: t(last ? "quiz.seeResult" : "quiz.next"), cls: "primary mb-primary mb-big-btn mb-quiz-next", id: "quiz-next",
      onclick: next }));
}

function questionScreen(page) {
  const { quiz } = page;
  const question = currentQuestion(page);
  const total = quiz.questions.length;
  const done = answeredCount(quiz);
  return h("div", { class: "mb-stack mb-quiz" },
    h("div", { class: "mb-quiz-top", id: "quiz-top" },
      quizTitle(quiz),
      h("p", { class: "mb-quiz-counter", id: "quiz-counter" }, t("quiz.counter", { n: page.position + 1, of: total })),
      bar(done, total, t("quiz.progressBar", { answered: done, total }))),
    h("section", { class: "mb-card mb-quiz-card", id: "quiz-question", "aria-labelledby": "quiz-prompt",
      dataset: { position: String(page.position), kind: question.kind, answered: String(Boolean(question.answered)) } },
    h("p", { class: "mb-quiz-kind" }, t(`quiz.kind.${question.kind}`)),
    h("div", { class: "mb-quiz-prompt-row" }, prompt(question, quiz.language),
      hearParts(() => questionWords(quiz, question), { id: "quiz-hear", label: t("quiz.hear") })),
    hintArea(page, question),
    question.kind === "cloze" ? clozeForm(page, question) : options(page, question),
    sending(page),
    feedback(page, question)),
    question.kind === "cloze" || question.answered ? null : h("p", { class: "hint mb-hint-keys" }, t("quiz.keysHint")),
    waysOut(quiz));
}

export function quizScreen() {
  const page = state.quiz;
  if (!page || page.id !== state.route.id || page.loading) {
    return h("div", { class: "mb-stack" }, quizTitle(null), h("p", { class: "hint", role: "status" }, t("common.loading")), waysOut(null));
  }
  if (page.error || !page.quiz) {
    return h("div", { class: "mb-stack" }, quizTitle(null), errorLine(page.error, "quiz-error"),
      button({ emoji: "🔄", label: t("action.tryAgain"), cls: "primary mb-primary", id: "quiz-load-retry", onclick: () => loadQuiz(page.id) }),
      waysOut(null));
  }
  return page.position === null ? resultScreen(page) : questionScreen(page);
}
