// The task form (add on the Tasks screen, edit in place): title, day, optional time (a day without
// a time is due at 23:59), subject, importance, notes. One screen, no steps.
import { h } from "../shared/dom.js";
import { dueFrom, formParts } from "./days.js";
import { errorText, t } from "./i18n.js";
import { subjectName, subjectsFor } from "./state.js";
import { button, field } from "./ui.js";

/** The server takes a task's title of at most this many characters. */
export const TITLE_MAX = 120;

/** The request body of the form's values (null when there is no title). */
export function taskBody(values) {
  const title = String(values.title ?? "").trim();
  if (!title) return null;
  const body = { title, notes: String(values.notes ?? "").trim(), due: dueFrom(values.day, values.time), priority: Number(values.priority) || 3,
    subjectId: values.subjectId || null };
  if (values.materialId) body.materialId = values.materialId;
  return body;
}

/**
 * A form for `task` (null: a new one). `onSave(body)` returns a promise; `onCancel` (editing only)
 * closes it. `prefix` keeps the ids of two forms on one screen apart.
 */
export function taskForm(options) {
  // The same form across redraws: what the student typed stays while the screen is drawn again.
  if (!forms.has(options.prefix)) forms.set(options.prefix, buildForm(options));
  return forms.get(options.prefix);
}

const forms = new Map();

/** Forgets a form (saved or cancelled): the next one starts fresh. */
export const forgetForm = (prefix) => forms.delete(prefix);

function buildForm({ task = null, subjectId = "", materialId = null, onSave, onCancel = null, prefix = "task" }) {
  const { day, time } = formParts(task?.due);
  const title = h("input", { id: `${prefix}-title`, name: "title", required: true, maxlength: String(TITLE_MAX), value: task?.title ?? "", autocomplete: "off",
    placeholder: t("tasks.titlePlaceholder") });
  const dayInput = h("input", { id: `${prefix}-day`, type: "date", name: "day", value: day });
  const timeInput = h("input", { id: `${prefix}-time`, type: "time", name: "time", value: time });
  const subject = h("select", { id: `${prefix}-subject`, name: "subjectId" },
    h("option", { value: "" }, t("tasks.noSubject")),
    subjectsFor(task?.subjectId ?? subjectId).map((s) => h("option", { value: s.id, selected: (task?.subjectId ?? subjectId) === s.id }, `${s.emoji} ${subjectName(s)}`)));
  const priority = h("select", { id: `${prefix}-priority`, name: "priority" },
    [1, 2, 3, 4, 5].map((p) => h("option", { value: String(p), selected: (task?.priority ?? 3) === p }, t(`tasks.priority.${p}`))));
  const notes = h("textarea", { id: `${prefix}-notes`, name: "notes", rows: "2", maxlength: "2000" }, task?.notes ?? "");
  const problem = h("p", { class: "error-text", role: "alert", id: `${prefix}-problem` });
  const form = h("form", { class: "mb-task-form", id: `${prefix}-form`, novalidate: true },
    field(t("tasks.whatToDo"), title),
    h("div", { class: "mb-row" }, field(t("tasks.day"), dayInput, t("tasks.dayHint")), field(t("tasks.time"), timeInput)),
    h("div", { class: "mb-row" }, field(t("tasks.subject"), subject), field(t("tasks.importance"), priority)),
    field(t("tasks.notes"), notes),
    problem,
    h("div", { class: "mb-form-actions" },
      onCancel ? button({ emoji: "↩️", label: t("action.cancel"), onclick: onCancel, id: `${prefix}-cancel` }) : null,
      button({ emoji: task ? "💾" : "➕", label: task ? t("action.save") : t("tasks.add"), type: "submit", cls: "primary mb-primary", id: `${prefix}-save` })));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = taskBody({ title: title.value, day: dayInput.value, time: timeInput.value, subjectId: subject.value, priority: priority.value,
      notes: notes.value, materialId: task ? null : materialId });
    if (!body) { problem.textContent = t("tasks.needTitle"); title.focus(); return; }
    if (task && !dayInput.value) body.due = null;
    const saveButton = form.querySelector(`#${prefix}-save`);
    saveButton.disabled = true;
    try {
      await onSave(body);
      saveButton.disabled = false;
      problem.textContent = "";
    } catch (error) {
      problem.textContent = `😕 ${errorText(error)}`;
      saveButton.disabled = false;
    }
  });
  return form;
}

/** Forgets every form (the language changed: draw them again in the new words). */
export const forgetForms = () => forms.clear();
