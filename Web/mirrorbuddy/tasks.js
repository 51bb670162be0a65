// The Tasks screen: sections Overdue ("Recuperiamo! 💪", red), Today (orange), This Week (blue),
// Later (grey) and Completed (green), each with its count, and the add form on the same screen.
import { h } from "../shared/dom.js";
import { createTask, loadTasks } from "./data.js";
import { t } from "./i18n.js";
import { state, tell } from "./state.js";
import { taskForm } from "./task-form.js";
import { taskRow } from "./task-row.js";
import { homeLink, screenTitle } from "./ui.js";

export const SECTIONS = [
  { id: "overdue", emoji: "⏰" }, { id: "today", emoji: "☀️" }, { id: "thisWeek", emoji: "📆" }, { id: "later", emoji: "🗓️" }, { id: "completed", emoji: "✅" },
];

/** A section of tasks with its heading and count; `only` filters the tasks (a subject's). */
export function taskSection(section, { only = () => true } = {}) {
  const meta = SECTIONS.find((s) => s.id === section.section) ?? { emoji: "•" };
  const tasks = section.tasks.filter(only);
  return h("section", { class: `mb-section mb-section-${section.section}`, "aria-labelledby": `section-${section.section}` },
    h("h2", { id: `section-${section.section}` }, h("span", { "aria-hidden": "true" }, `${meta.emoji} `), t(`tasks.section.${section.section}`),
      h("span", { class: "mb-count", "aria-label": t("tasks.count", { count: tasks.length }) }, String(tasks.length))),
    tasks.length ? h("ul", { class: "mb-task-list" }, tasks.map((task) => taskRow(task)))
      : h("p", { class: "hint" }, t(`tasks.empty.${section.section}`)));
}

export function tasksScreen() {
  const form = taskForm({
    prefix: "new-task",
    onSave: async (body) => {
      await createTask(body);
      tell(t("tasks.added"), "ok");
      await loadTasks();
      document.getElementById("new-task-form")?.reset();
    },
  });
  return h("div", { class: "mb-stack" },
    screenTitle("📝", t("tasks.title")),
    state.tasks === null ? h("p", { class: "hint", role: "status" }, t("common.loading")) : state.tasks.map((section) => taskSection(section)),
    h("section", { class: "mb-card", "aria-labelledby": "add-task-title" },
      h("h2", { id: "add-task-title" }, h("span", { "aria-hidden": "true" }, "➕ "), t("tasks.addTitle")), form),
    homeLink());
}
