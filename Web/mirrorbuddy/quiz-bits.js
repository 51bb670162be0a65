// Pieces both quiz screens (a question, the result) draw: the title, a 🔊 that reads words in the
// quiz's own language (an English material's quiz in an Italian page too), and the ways out.
import { h } from "../shared/dom.js";
import { t } from "./i18n.js";
import { homeLink, linkButton } from "./ui.js";
import { speakText, ttsOn } from "./voice.js";

/** A 🔊 that says `parts()` ([{text, lang}]) one after another; nothing when read-aloud is off. */
export function hearParts(parts, { id, label }) {
  if (!ttsOn()) return null;
  return h("button", { class: "btn mb-hear", type: "button", id, "aria-label": label, title: label,
    onclick: (event) => {
      event.stopPropagation();
      parts().filter((part) => part.text).forEach((part, index) => speakText(part.text, { lang: part.lang, queue: index > 0 }));
    } }, h("span", { "aria-hidden": "true" }, "🔊"));
}

/** The quiz's title (just "Quiz" while it loads). */
export const quizTitle = (quiz) => h("h1", { class: "mb-title mb-quiz-title" }, h("span", { "aria-hidden": "true" }, "❓ "),
  quiz ? t("quiz.playTitle", { title: quiz.title }) : t("quiz.title"));

/** The ways out of a quiz: its material, all quizzes, Home. */
export function waysOut(quiz) {
  return h("div", { class: "mb-row mb-end mb-quiz-out" },
    quiz?.materialId ? linkButton({ href: `#material/${encodeURIComponent(quiz.materialId)}`, emoji: "📄", label: t("quiz.toMaterial"), cls: "mb-big-btn", id: "quiz-to-material" }) : null,
    linkButton({ href: "#quiz", emoji: "🗂️", label: t("quiz.allQuizzes"), cls: "mb-big-btn", id: "quiz-to-list" }),
    homeLink());
}
