// #home: a greeting, the progress strip (level, XP bar, streak), the flashcards due now (to #cards)
// and beside them the mind maps (to #maps), the quizzes (to #quiz), the coach (to #coach: ask
// about your materials) and the homework helper (to #homework), the subjects grid (emoji, colour,
// counts), today's tasks (overdue ones first), the newest materials, the week's quests.
import { h } from "../shared/dom.js";
import { t } from "./i18n.js";
import { materialCard } from "./materials.js";
import { progressStrip, questStrip } from "./progress.js";
import { state, subjectName, visibleSubjects } from "./state.js";
import { taskRow } from "./task-row.js";
import { linkButton, screenTitle } from "./ui.js";
import { hearButton } from "./voice.js";

export function subjectTile(subject) {
  const name = subjectName(subject);
  return h("li", { class: "mb-subject", style: `--subject: ${subject.colour}` },
    h("a", { class: "mb-subject-link", href: `#subject/${encodeURIComponent(subject.id)}`, id: `subject-${subject.id}` },
      h("span", { class: "mb-subject-emoji", "aria-hidden": "true" }, subject.emoji),
      h("strong", { class: "mb-subject-name" }, name),
      h("span", { class: "mb-subject-counts" },
        h("span", {}, h("span", { "aria-hidden": "true" }, "📄 "), t("home.materialsCount", { count: subject.materials ?? 0 })),
        h("span", {}, h("span", { "aria-hidden": "true" }, "📝 "), t("home.tasksCount", { count: subject.tasks ?? 0 })))),
    hearButton(name));
}

function todayTasks() {
  if (state.tasks === null) return h("p", { class: "hint", role: "status" }, t("common.loading"));
  const due = state.tasks.filter((s) => s.section === "overdue" || s.section === "today").flatMap((s) => s.tasks);
  if (!due.length) return h("p", { class: "mb-empty" }, t("home.noTasksToday"));
  return h("ul", { class: "mb-task-list" }, due.slice(0, 6).map((task) => taskRow(task, { compact: true })));
}

/** The flashcards: how many are due now (loaded once on arriving Home), a link to them. */
function cardsTile() {
  const due = state.cardsDue;
  return h("section", { class: "mb-card mb-home-cards", "aria-labelledby": "home-cards-title" },
    h("h2", { id: "home-cards-title" }, h("span", { "aria-hidden": "true" }, "🃏 "), t("home.cardsTitle")),
    h("p", { class: "hint" }, t("home.cardsHint")),
    linkButton({ href: "#cards", emoji: due ? "🔁" : "🃏", label: typeof due === "number" ? t("home.cardsDue", { count: due }) : t("home.cards"),
      cls: due ? "primary mb-primary" : "mb-primary", id: "home-cards" }));
}

/** The mind maps: a link to the student's maps. */
function mapsTile() {
  return h("section", { class: "mb-card mb-home-maps", "aria-labelledby": "home-maps-title" },
    h("h2", { id: "home-maps-title" }, h("span", { "aria-hidden": "true" }, "🧠 "), t("home.mapsTitle")),
    h("p", { class: "hint" }, t("home.mapsHint")),
    linkButton({ href: "#maps", emoji: "🧠", label: t("home.maps"), cls: "mb-primary", id: "home-maps" }));
}

/** The quizzes: a link to #quiz (new quizzes, the student's quizzes, how much they know). */
function quizTile() {
  return h("section", { class: "mb-card mb-home-quiz", "aria-labelledby": "home-quiz-title" },
    h("h2", { id: "home-quiz-title" }, h("span", { "aria-hidden": "true" }, "❓ "), t("home.quizTitle")),
    h("p", { class: "hint" }, t("home.quizHint")),
    linkButton({ href: "#quiz", emoji: "❓", label: t("home.quiz"), cls: "mb-primary", id: "home-quiz" }));
}

/** The coach: a link to #coach (ask a question, answered from the student's own materials). */
function coachTile() {
  return h("section", { class: "mb-card mb-home-coach", "aria-labelledby": "home-coach-title" },
    h("h2", { id: "home-coach-title" }, h("span", { "aria-hidden": "true" }, "🦉 "), t("coach.homeTitle")),
    h("p", { class: "hint" }, t("coach.homeHint")),
    linkButton({ href: "#coach", emoji: "💬", label: t("coach.homeButton"), cls: "mb-primary", id: "home-coach" }));
}

/** The homework helper: a link to #homework (one exercise, three steps to do it yourself). */
function homeworkTile() {
  return h("section", { class: "mb-card mb-home-homework", "aria-labelledby": "home-homework-title" },
    h("h2", { id: "home-homework-title" }, h("span", { "aria-hidden": "true" }, "📝 "), t("homework.homeTitle")),
    h("p", { class: "hint" }, t("homework.homeHint")),
    linkButton({ href: "#homework", emoji: "📝", label: t("homework.homeButton"), cls: "mb-primary", id: "home-homework" }));
}

export function homeScreen() {
  const name = state.me?.student?.name ?? "";
  return h("div", { class: "mb-stack mb-home" },
    screenTitle("👋", t("home.hello", { name }), t("home.intro")),
    h("p", { class: "mb-lead" }, t("home.intro")),
    progressStrip(),
    h("div", { class: "mb-home-tools" }, cardsTile(), mapsTile(), quizTile(), coachTile(), homeworkTile()),
    h("section", { class: "mb-card", "aria-labelledby": "home-subjects" },
      h("h2", { id: "home-subjects" }, h("span", { "aria-hidden": "true" }, "🎒 "), t("home.subjects")),
      h("ul", { class: "mb-subjects" }, visibleSubjects().map(subjectTile))),
    h("section", { class: "mb-card", "aria-labelledby": "home-tasks" },
      h("h2", { id: "home-tasks" }, h("span", { "aria-hidden": "true" }, "📝 "), t("home.todayTasks")),
      todayTasks(),
      linkButton({ href: "#tasks", emoji: "📋", label: t("home.allTasks"), id: "home-all-tasks" })),
    h("section", { class: "mb-card", "aria-labelledby": "home-recent" },
      h("h2", { id: "home-recent" }, h("span", { "aria-hidden": "true" }, "🕘 "), t("home.recent")),
      state.recent === null ? h("p", { class: "hint" }, t("common.loading"))
        : state.recent.length ? h("ul", { class: "mb-materials" }, state.recent.map(materialCard)) : h("p", { class: "mb-empty" }, t("home.noMaterials")),
      linkButton({ href: "#materials", emoji: "📚", label: t("home.allMaterials"), id: "home-all-materials" })),
    questStrip(),
    h("div", { class: "mb-dock", role: "group", "aria-label": t("dock.label") },
      linkButton({ href: "#new", emoji: "➕", label: t("materials.add"), cls: "primary mb-primary", id: "dock-new" }),
      linkButton({ href: "#tasks", emoji: "📝", label: t("nav.tasks"), cls: "mb-primary", id: "dock-tasks" })));
}
