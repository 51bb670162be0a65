// One task in a list: a big tick to complete it (a celebration and "+N XP"), its title, due time,
// subject and importance, and Edit / Delete (with a question first). Completed tasks can be reopened
// (after a question: reopening takes the XP back).
import { h } from "../shared/dom.js";
import { sounds } from "../shared/sounds.js";
import { celebrate, confirmBox } from "./celebrate.js";
import { completeTask, changeTask, deleteTask, loadTasks, reopenTask, useProgress } from "./data.js";
import { dueText, errorText, t } from "./i18n.js";
import { render, state, subjectById, subjectName, tell } from "./state.js";
import { forgetForm, taskForm } from "./task-form.js";
import { button, subjectChip } from "./ui.js";
import { hearButton } from "./voice.js";

async function tick(task) {
  // Reopening takes the task's XP back: ask first.
  if (task.completedAt && !(await confirmBox({ question: t("tasks.reopenQuestion", { title: task.title }), yes: t("tasks.reopenYes"), emoji: "↩️" }))) return;
  try {
    if (task.completedAt) {
      await reopenTask(task.id);
      sounds.gentle();
    } else {
      const answer = await completeTask(task.id);
      useProgress(answer.progress);
      celebrate({ xp: answer.xp, unlocked: answer.unlocked ?? [] });
      if (state.context.taskId === task.id) state.context.taskId = null;
    }
  } catch (error) {
    tell(errorText(error), "error");
  }
  await loadTasks();
}

async function remove(task) {
  // A task finished in the last day gives its XP back when deleted: say so first.
  const recent = task.completedAt && Date.now() - Date.parse(task.completedAt) < 86_400_000;
  if (!(await confirmBox({ question: t(recent ? "tasks.deleteDoneQuestion" : "tasks.deleteQuestion", { title: task.title }), yes: t("action.delete") }))) return;
  try {
    await deleteTask(task.id);
    tell(t("tasks.deleted"), "ok");
  } catch (error) {
    tell(errorText(error), "error");
  }
  await loadTasks();
}

/** A task's row; `compact` leaves out Edit and Delete (Home's list). */
export function taskRow(task, { compact = false } = {}) {
  if (state.editingTask === task.id && !compact) {
    return h("li", { class: "mb-task editing" }, taskForm({
      task, prefix: `edit-${task.id}`,
      onCancel: () => { forgetForm(`edit-${task.id}`); state.editingTask = null; render(); },
      onSave: async (body) => {
        await changeTask(task.id, body);
        forgetForm(`edit-${task.id}`);
        state.editingTask = null;
        await loadTasks();
        tell(t("tasks.saved"), "ok");
      },
    }));
  }
  const done = Boolean(task.completedAt);
  const subject = subjectById(task.subjectId);
  const dueClass = task.urgency === "overdue" ? " overdue" : task.urgency === "soon" ? " soon" : "";
  return h("li", { class: `mb-task${done ? " done" : ""}`, dataset: { task: task.id } },
    h("button", {
      class: "mb-tick", type: "button", id: `tick-${task.id}`, role: "checkbox", "aria-checked": String(done),
      "aria-label": done ? t("tasks.reopen", { title: task.title }) : t("tasks.complete", { title: task.title }),
      onclick: () => tick(task),
    }, h("span", { "aria-hidden": "true" }, done ? "✅" : "⬜")),
    h("div", { class: "mb-task-main" },
      h("p", { class: "mb-task-title" }, task.priority >= 4 ? h("span", { class: "mb-important", title: t("tasks.important") }, "❗ ") : null, task.title),
      h("p", { class: "mb-task-meta" },
        task.due ? h("span", { class: `mb-due${dueClass}` }, h("span", { "aria-hidden": "true" }, "📅 "), dueText(task.due)) : null,
        subject ? subjectChip(subject, subjectName(subject)) : null,
        task.materialId ? h("a", { href: `#material/${encodeURIComponent(task.materialId)}`, class: "mb-link" }, h("span", { "aria-hidden": "true" }, "📄 "), t("tasks.openMaterial")) : null),
      task.notes && !compact ? h("p", { class: "mb-small" }, task.notes) : null),
    h("div", { class: "mb-task-actions" },
      hearButton(`${task.title}. ${task.due ? dueText(task.due) : ""}`),
      compact ? null : button({ emoji: "✏️", label: t("action.edit"), id: `edit-${task.id}`, onclick: () => { state.editingTask = task.id; render(); } }),
      compact ? null : button({ emoji: "🗑️", label: t("action.delete"), id: `delete-${task.id}`, onclick: () => remove(task) })));
}
