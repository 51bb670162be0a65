// #new: a material from typed or pasted text — title, subject, text — on one screen, no wizard.
// Saving opens it (and gives 10 XP: the progress is loaded again).
import { h } from "../shared/dom.js";
import { celebrate } from "./celebrate.js";
import { createMaterial, loadMe } from "./data.js";
import { errorText, t } from "./i18n.js";
import { state, subjectName, visibleSubjects } from "./state.js";
import { button, field, homeLink, screenTitle } from "./ui.js";

let form = null;
let formFor = "";

function build(subjectId) {
  const title = h("input", { id: "new-title", name: "title", maxlength: "120", required: true, autocomplete: "off", placeholder: t("new.titlePlaceholder") });
  const subject = h("select", { id: "new-subject", name: "subjectId" },
    h("option", { value: "" }, t("new.noSubject")),
    visibleSubjects().map((s) => h("option", { value: s.id, selected: s.id === subjectId }, `${s.emoji} ${subjectName(s)}`)));
  const text = h("textarea", { id: "new-text", name: "text", rows: "12", maxlength: "200000", required: true, placeholder: t("new.textPlaceholder") });
  const problem = h("p", { class: "error-text", role: "alert", id: "new-problem" });
  const save = button({ emoji: "💾", label: t("new.save"), type: "submit", cls: "primary mb-primary", id: "new-save" });
  const made = h("form", { class: "mb-card mb-new-form", id: "new-form", novalidate: true },
    field(t("new.title"), title), field(t("new.subject"), subject), field(t("new.text"), text, t("new.textHint")), problem,
    h("div", { class: "mb-dock" }, save));
  made.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!title.value.trim()) { problem.textContent = t("new.needTitle"); title.focus(); return; }
    if (!text.value.trim()) { problem.textContent = t("new.needText"); text.focus(); return; }
    save.disabled = true;
    try {
      const material = await createMaterial({ title: title.value.trim(), subjectId: subject.value || null, text: text.value });
      form = null;
      celebrate({ xp: 10 });
      loadMe().catch(() => {});
      location.hash = `#material/${encodeURIComponent(material.id)}`;
    } catch (error) {
      problem.textContent = `😕 ${errorText(error)}`;
      save.disabled = false;
    }
  });
  return made;
}

/** Forgets what was typed (the language changed). */
export function forgetNewForm() { form = null; }

export function newScreen() {
  const subjectId = state.route.id ?? "";
  const key = `${subjectId}|${state.settings?.language}`;
  if (!form || formFor !== key) { form = build(subjectId); formFor = key; }
  return h("div", { class: "mb-stack" }, screenTitle("➕", t("new.heading"), t("new.intro")), h("p", { class: "mb-lead" }, t("new.intro")), form, homeLink());
}
