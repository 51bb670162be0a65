// The ways into a quiz: a "new quiz" button (a material's, a subject's, everything's, another one
// after a result), which says "making…" while the server makes it, and the note beside it when no
// quiz could be made: too little to ask about (what to add, with links: never a dead end), or the
// server out of reach (try again).
import { h } from "../shared/dom.js";
import { ErrorCode } from "../shared/error-codes.js";
import { openSuggestions } from "./card-suggest.js";
import { errorText, t } from "./i18n.js";
import { startBody, startKey, startScope } from "./quiz-rules.js";
import { startQuiz } from "./quiz-data.js";
import { state } from "./state.js";
import { button, linkButton } from "./ui.js";

/** A button that makes a quiz for `ask` ({materialId?, subjectId?}) and opens it. */
export function newQuizButton(ask, { label, emoji = "❓", id, cls = "mb-big-btn" }) {
  const making = state.quizStart?.busy && state.quizStart.key === startKey(startBody(ask));
  return button({ emoji: making ? "⏳" : emoji, label: making ? t("quiz.making") : label, cls, id,
    disabled: Boolean(state.quizStart?.busy), onclick: () => startQuiz(ask) });
}

/** Where to get more to ask about: a material added (to the subject), cards made (from the material). */
function waysForward(body) {
  const onMaterial = body.materialId && state.route.name === "material" && state.route.id === body.materialId;
  const subjectId = body.subjectId ?? (body.materialId ? state.material?.subjectId : null);
  const cards = body.materialId
    ? (onMaterial ? button({ emoji: "💡", label: t("material.suggest"), cls: "mb-big-btn", id: "quiz-suggest-cards", onclick: () => openSuggestions(body.materialId) })
      : linkButton({ href: `#material/${encodeURIComponent(body.materialId)}`, emoji: "📄", label: t("quiz.toMaterial"), cls: "mb-big-btn", id: "quiz-to-material-cards" }))
    : linkButton({ href: "#cards", emoji: "🃏", label: t("quiz.makeCards"), cls: "mb-big-btn", id: "quiz-make-cards" });
  return h("div", { class: "mb-row mb-quiz-ways" },
    linkButton({ href: subjectId ? `#new/${encodeURIComponent(subjectId)}` : "#new", emoji: "➕", label: t("quiz.addMaterial"), cls: "mb-big-btn", id: "quiz-add-material" }),
    cards);
}

/** The note about the last "new quiz" asked on this screen: making it, or why there is none. */
export function quizStartNotice() {
  const start = state.quizStart;
  if (!start || start.where !== location.hash) return null;
  if (start.busy) return h("p", { class: "hint mb-quiz-making", role: "status", id: "quiz-start-making" }, t("quiz.makingHint"));
  const notEnough = start.error?.code === ErrorCode.notEnoughToQuiz;
  return h("section", { class: "mb-card mb-quiz-notice", id: "quiz-start-problem", tabindex: "-1", "aria-labelledby": "quiz-start-problem-text" },
    h("p", { class: "mb-lead", role: "alert", id: "quiz-start-problem-text" },
      h("span", { "aria-hidden": "true" }, notEnough ? "🌱 " : "😕 "),
      notEnough ? t(`quiz.notEnough.${startScope(start.body)}`) : errorText(start.error)),
    notEnough ? waysForward(start.body)
      : button({ emoji: "🔄", label: t("action.tryAgain"), cls: "primary mb-primary", id: "quiz-start-retry", onclick: () => startQuiz(start.body) }));
}
