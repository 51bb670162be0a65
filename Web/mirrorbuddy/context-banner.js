// The context banner, always in view: the subject (its colour along the edge), the current task if
// any, the time spent in this context (the timer's study time while it runs, else the time since
// this subject or task was picked) and the timer's pause / resume; with nothing picked, a line
// that says so and what to do.
import { h } from "../shared/dom.js";
import { allTasks } from "./data.js";
import { t } from "./i18n.js";
import { render, state, subjectById, subjectName } from "./state.js";
import { timerState } from "./timer.js";
import { clock, studied } from "./timer-rules.js";
import { timerControls } from "./timer-view.js";
import { hearButton } from "./voice.js";

let sinceKey = "";
let since = Date.now();

/** Milliseconds in the current context (subject and task), for the banner's clock. */
export function contextTime(now = Date.now()) { return sinceKey ? now - since : 0; }

export function contextBanner() {
  const timer = timerState();
  const subjectId = state.context.subjectId ?? timer.subjectId;
  const subject = subjectById(subjectId);
  const task = allTasks().find((item) => item.id === (state.context.taskId ?? timer.taskId));
  if (!subject && !task && !timer.mode) {
    sinceKey = "";
    return h("section", { class: "mb-banner mb-banner-empty", id: "context-banner", "aria-label": t("banner.label") },
      h("span", { class: "mb-banner-subject" }, h("span", { "aria-hidden": "true" }, "🧭 "), t("banner.empty")), hearButton(t("banner.empty")));
  }
  const key = `${subject?.id ?? ""}/${task?.id ?? ""}`;
  if (key !== sinceKey) { sinceKey = key; since = Date.now(); }
  const name = subject ? subjectName(subject) : t("banner.noSubject");
  const words = [t("banner.studying", { subject: name }), task ? t("banner.task", { title: task.title }) : null].filter(Boolean).join(". ");
  return h("section", { class: "mb-banner", id: "context-banner", style: subject ? `--subject: ${subject.colour}` : null, "aria-label": t("banner.label") },
    h("span", { class: "mb-banner-subject" }, h("span", { "aria-hidden": "true" }, `${subject?.emoji ?? "📚"} `), name),
    task ? h("span", { class: "mb-banner-task" }, h("span", { "aria-hidden": "true" }, "📝 "), task.title) : null,
    timer.mode ? h("span", { class: "mb-banner-time", title: t("banner.time") },
      h("span", { "aria-hidden": "true" }, timer.phase === "work" || timer.phase === "study" ? "⏱️ " : "☕ "),
      h("span", { class: "visually-hidden" }, `${t("banner.time")} `),
      h("span", { "data-studied-clock": "" }, clock(studied(timer, Date.now()))))
      : h("span", { class: "mb-banner-time", title: t("banner.time") }, h("span", { "aria-hidden": "true" }, "🕒 "),
        h("span", { class: "visually-hidden" }, `${t("banner.time")} `), h("span", { "data-context-clock": "" }, clock(Date.now() - since))),
    timerControls({ small: true }),
    hearButton(words),
    timer.mode ? null : h("button", { class: "btn mb-btn mb-small-btn", type: "button", id: "banner-clear",
      onclick: () => { state.context = { subjectId: null, materialId: null, taskId: null }; render(); } },
    h("span", { class: "mb-emoji", "aria-hidden": "true" }, "✖️"), h("span", { class: "mb-word" }, t("banner.clear"))));
}
