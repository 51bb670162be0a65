// Subject management (in Settings): add, rename, recolour, move up / down, hide or show, delete —
// when the server allows it; a refusal (a default subject, one with materials or tasks) in words.
import { h } from "../shared/dom.js";
import { confirmBox } from "./celebrate.js";
import { addSubject, changeSubject, deleteSubject, orderSubjects } from "./data.js";
import { errorText, t } from "./i18n.js";
import { subjectName, subjects, tell } from "./state.js";
import { button, field } from "./ui.js";

const refuse = (error) => tell(errorText(error), "error");

function move(index, by) {
  const ids = subjects().map((subject) => subject.id);
  const [id] = ids.splice(index, 1);
  ids.splice(index + by, 0, id);
  orderSubjects(ids).then(() => document.getElementById(`subject-${by < 0 ? "up" : "down"}-${id}`)?.focus()).catch(refuse);
}

async function remove(subject) {
  if (!(await confirmBox({ question: t("subjects.deleteQuestion", { name: subjectName(subject) }), yes: t("action.delete") }))) return;
  try {
    await deleteSubject(subject.id);
    tell(t("subjects.deleted"), "ok");
  } catch (error) {
    refuse(error);
  }
}

function row(subject, index, all) {
  const name = h("input", { id: `subject-name-${subject.id}`, value: subjectName(subject), maxlength: "40", "aria-label": t("subjects.name"),
    onchange: (event) => { const value = event.target.value.trim(); if (value) changeSubject(subject.id, { name: value }).catch(refuse); } });
  const colour = h("input", { type: "color", id: `subject-colour-${subject.id}`, value: subject.colour, "aria-label": t("subjects.colour"),
    onchange: (event) => changeSubject(subject.id, { colour: event.target.value.toUpperCase() }).catch(refuse) });
  return h("li", { class: `mb-subject-row${subject.hidden ? " hidden-subject" : ""}`, style: `--subject: ${subject.colour}` },
    h("span", { class: "mb-subject-emoji", "aria-hidden": "true" }, subject.emoji),
    name, colour,
    h("span", { class: "mb-row-buttons" },
      button({ emoji: "⬆️", label: t("subjects.up"), id: `subject-up-${subject.id}`, disabled: index === 0, onclick: () => move(index, -1) }),
      button({ emoji: "⬇️", label: t("subjects.down"), id: `subject-down-${subject.id}`, disabled: index === all.length - 1, onclick: () => move(index, 1) }),
      button({ emoji: subject.hidden ? "👁️" : "🙈", label: subject.hidden ? t("subjects.show") : t("subjects.hide"), id: `subject-hide-${subject.id}`,
        onclick: () => changeSubject(subject.id, { hidden: !subject.hidden }).catch(refuse) }),
      button({ emoji: "🗑️", label: t("action.delete"), id: `subject-delete-${subject.id}`, onclick: () => remove(subject),
        title: subject.isDefault ? t("error.subject_is_default") : null })));
}

let addForm = null;

function buildAddForm() {
  const name = h("input", { id: "subject-new-name", maxlength: "40", required: true, autocomplete: "off" });
  const emoji = h("input", { id: "subject-new-emoji", maxlength: "8", value: "📘" });
  const colour = h("input", { type: "color", id: "subject-new-colour", value: "#3366CC" });
  const form = h("form", { class: "mb-row mb-subject-add", id: "subject-add" },
    field(t("subjects.name"), name), field(t("subjects.emoji"), emoji), field(t("subjects.colour"), colour),
    button({ emoji: "➕", label: t("subjects.add"), type: "submit", cls: "primary", id: "subject-add-save" }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!name.value.trim()) { name.focus(); return; }
    try {
      await addSubject({ name: name.value.trim(), colour: colour.value.toUpperCase(), emoji: emoji.value.trim() || "📘" });
      form.reset();
      tell(t("subjects.added"), "ok");
    } catch (error) {
      refuse(error);
    }
  });
  return form;
}

export function forgetSubjectForm() { addForm = null; }

export function subjectsManager() {
  addForm ??= buildAddForm();
  const all = subjects();
  return h("section", { class: "mb-card", id: "subjects-manager", "aria-labelledby": "subjects-title" },
    h("h2", { id: "subjects-title" }, h("span", { "aria-hidden": "true" }, "🎒 "), t("subjects.title")),
    h("p", { class: "hint" }, t("subjects.intro")),
    h("ul", { class: "mb-subject-rows" }, all.map(row)),
    h("h3", {}, t("subjects.addTitle")), addForm);
}
