// How much the student knows, subject by subject (GET mastery): each subject's name, its status
// in words and an emoji (never colour alone), a bar of its level and the answers it stands on;
// "just started" says it takes a few more answers to tell. Also the one line a result shows.
import { h } from "../shared/dom.js";
import { num, t } from "./i18n.js";
import { MASTERY_EMOJI, masteryStatus, percentOf } from "./quiz-rules.js";
import { subjectById, subjectName } from "./state.js";
import { bar } from "./ui.js";
import { hearButton } from "./voice.js";

/** The subject's name for a mastery (none: quizzes filed under no subject). */
export function masteryName(mastery) {
  if (!mastery?.subjectId) return t("material.noSubject");
  const subject = subjectById(mastery.subjectId);
  return subject ? subjectName(subject) : t("quiz.otherSubject");
}

/** "Lo sai bene" and its emoji. */
export function statusLabel(status) {
  const known = masteryStatus(status);
  return h("span", { class: `mb-mastery-status mb-mastery-${known}` },
    h("span", { "aria-hidden": "true" }, `${MASTERY_EMOJI[known]} `), t(`mastery.${known}`));
}

function masteryRow(mastery) {
  const status = masteryStatus(mastery.status);
  const subject = subjectById(mastery.subjectId);
  const name = masteryName(mastery);
  const percent = percentOf(mastery.level);
  const attempts = Number(mastery.attempts) || 0;
  const words = `${name}: ${t(`mastery.${status}`)}. ${t("quiz.masteryAnswers", { count: Number(mastery.correct) || 0, attempts })}`;
  return h("li", { class: "mb-mastery-row", style: subject ? `--subject: ${subject.colour}` : null, dataset: { status, subject: mastery.subjectId ?? "" } },
    h("div", { class: "mb-mastery-head" },
      h("strong", { class: "mb-mastery-name" }, h("span", { "aria-hidden": "true" }, `${subject?.emoji ?? "📚"} `), name),
      statusLabel(status),
      hearButton(words, { label: t("cards.hearThis", { text: name }) })),
    bar(percent, 100, t("quiz.masteryBar", { subject: name, percent: num(percent) })),
    h("p", { class: "mb-small mb-mastery-line" },
      t("quiz.masteryAnswers", { count: Number(mastery.correct) || 0, attempts }), " · ", `${num(percent)} %`,
      status === "attempted" ? ` · ${t("quiz.masteryTooFew")}` : ""));
}

/** The list of subjects' mastery, the weakest first as the server sends it. */
export function masteryList(subjects) {
  if (!subjects.length) return h("p", { class: "mb-empty", id: "mastery-empty" }, t("quiz.masteryNone"));
  return h("ul", { class: "mb-mastery-list", id: "mastery-list" }, subjects.map(masteryRow));
}

/** After a quiz: "Storia: Lo sai bene" with its bar. */
export function masteryAfter(mastery) {
  if (!mastery) return null;
  return h("div", { class: "mb-mastery-after", id: "quiz-mastery" },
    h("p", { class: "mb-lead" }, t("quiz.masteryNow", { subject: masteryName(mastery) }), " ", statusLabel(mastery.status)),
    bar(percentOf(mastery.level), 100, t("quiz.masteryBar", { subject: masteryName(mastery), percent: num(percentOf(mastery.level)) })));
}
