// #quiz: a new quiz (on everything, or one subject's), the student's quizzes newest first (each
// opens #quiz/<id>: an unfinished one goes on where it stopped) and how much they know, subject
// by subject. A material's own quiz starts from the material.
import { h } from "../shared/dom.js";
import { dateText, t } from "./i18n.js";
import { masteryList } from "./quiz-mastery.js";
import { newQuizButton, quizStartNotice } from "./quiz-entry.js";
import { quizStatus } from "./quiz-rules.js";
import { state, subjectById, subjectName, visibleSubjects } from "./state.js";
import { errorLine, homeLink, linkButton, screenTitle, subjectChip } from "./ui.js";
import { hearButton } from "./voice.js";

const RECENT = 10;
const STATUS_EMOJI = { unfinished: "⏸️", passed: "✅", notYet: "🌱" };

function newQuiz() {
  return h("section", { class: "mb-card", "aria-labelledby": "quiz-new-title" },
    h("h2", { id: "quiz-new-title" }, h("span", { "aria-hidden": "true" }, "✨ "), t("quiz.newTitle")),
    h("p", { class: "hint" }, t("quiz.newHint")),
    h("div", { class: "mb-quiz-new" },
      newQuizButton({}, { label: t("quiz.newAll"), emoji: "🌈", cls: "primary mb-primary mb-big-btn", id: "quiz-new-all" }),
      visibleSubjects().map((subject) => newQuizButton({ subjectId: subject.id },
        { label: t("quiz.newSubject", { subject: subjectName(subject) }), emoji: subject.emoji, id: `quiz-new-${subject.id}` }))),
    quizStartNotice());
}

/** A quiz in the list: it opens #quiz/<id>. */
export function quizRow(quiz) {
  const subject = subjectById(quiz.subjectId);
  const status = quizStatus(quiz);
  return h("li", { class: "mb-quiz-row", style: subject ? `--subject: ${subject.colour}` : null, dataset: { status } },
    h("a", { class: "mb-quiz-link", href: `#quiz/${encodeURIComponent(quiz.id)}`, id: `quiz-link-${quiz.id}` },
      h("span", { class: "mb-quiz-row-title" }, quiz.title),
      h("span", { class: "mb-fc-meta" },
        h("span", { class: `mb-quiz-chip mb-quiz-chip-${status}` }, h("span", { "aria-hidden": "true" }, `${STATUS_EMOJI[status]} `), t(`quiz.status.${status}`)),
        h("span", {}, status === "unfinished" ? t("quiz.rowProgress", { answered: quiz.answered ?? 0, total: quiz.questions ?? 0 })
          : t("quiz.rowScore", { count: quiz.correct ?? 0, total: quiz.questions ?? 0 })),
        h("span", {}, h("span", { "aria-hidden": "true" }, "📅 "), dateText(quiz.createdAt)),
        subject ? subjectChip(subject, subjectName(subject)) : null)),
    hearButton(quiz.title, { label: t("cards.hearThis", { text: quiz.title }) }));
}

function recent() {
  const { list, error } = state.quizzes;
  let body;
  if (error) body = errorLine(error, "quiz-list-error");
  else if (list === null) body = h("p", { class: "hint", role: "status" }, t("common.loading"));
  else if (!list.length) body = h("p", { class: "mb-empty", id: "quiz-none" }, t("quiz.none"));
  else body = h("ul", { class: "mb-quiz-list", id: "quiz-list" }, list.slice(0, RECENT).map(quizRow));
  return h("section", { class: "mb-card", "aria-labelledby": "quiz-recent-title" },
    h("h2", { id: "quiz-recent-title" }, h("span", { "aria-hidden": "true" }, "🗂️ "), t("quiz.recentTitle")),
    list?.length ? h("p", { class: "hint", role: "status" }, t("quiz.count", { count: list.length })) : null,
    body);
}

function mastery() {
  const { subjects, error } = state.mastery;
  let body;
  if (error) body = errorLine(error, "mastery-error");
  else if (subjects === null) body = h("p", { class: "hint", role: "status" }, t("common.loading"));
  else body = masteryList(subjects);
  return h("section", { class: "mb-card", "aria-labelledby": "mastery-title", id: "mastery" },
    h("h2", { id: "mastery-title" }, h("span", { "aria-hidden": "true" }, "📈 "), t("quiz.masteryTitle")),
    h("p", { class: "hint" }, t("quiz.masteryHint")),
    body);
}

export function quizStartScreen() {
  return h("div", { class: "mb-stack mb-quiz-start" },
    screenTitle("❓", t("quiz.title"), t("quiz.intro")),
    h("p", { class: "mb-lead" }, t("quiz.intro")),
    newQuiz(),
    recent(),
    mastery(),
    h("div", { class: "mb-row mb-end" },
      linkButton({ href: "#materials", emoji: "📚", label: t("maps.toMaterials"), cls: "mb-big-btn", id: "quiz-to-materials" }),
      homeLink()));
}
