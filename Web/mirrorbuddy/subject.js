// #subject/<id>: one subject's materials and tasks, its study timer, and adding to it.
import { h } from "../shared/dom.js";
import { t } from "./i18n.js";
import { materialCard } from "./materials.js";
import { state, subjectById, subjectName } from "./state.js";
import { taskSection } from "./tasks.js";
import { timerPanel } from "./timer-view.js";
import { homeLink, linkButton, screenTitle } from "./ui.js";

export function subjectScreen() {
  const subject = subjectById(state.route.id);
  if (!subject) {
    return h("div", { class: "mb-stack" }, h("p", { class: "mb-empty" }, t("subject.missing")), homeLink());
  }
  const name = subjectName(subject);
  const mine = (item) => item.subjectId === subject.id;
  const { list } = state.materials;
  return h("div", { class: "mb-stack" },
    screenTitle(subject.emoji, name),
    timerPanel(),
    h("section", { class: "mb-card", "aria-labelledby": "subject-materials" },
      h("h2", { id: "subject-materials" }, h("span", { "aria-hidden": "true" }, "📄 "), t("subject.materials")),
      list === null ? h("p", { class: "hint", role: "status" }, t("common.loading"))
        : list.length ? h("ul", { class: "mb-materials" }, list.map(materialCard)) : h("p", { class: "mb-empty" }, t("subject.noMaterials", { name }))),
    state.tasks === null ? null : state.tasks.filter((s) => s.section !== "completed").map((section) => taskSection(section, { only: mine })),
    homeLink(),
    h("div", { class: "mb-dock", role: "group", "aria-label": t("dock.label") },
      linkButton({ href: `#new/${encodeURIComponent(subject.id)}`, emoji: "➕", label: t("materials.add"), cls: "primary mb-primary", id: "dock-new" }),
      linkButton({ href: "#tasks", emoji: "📝", label: t("nav.tasks"), cls: "mb-primary", id: "dock-tasks" })));
}
