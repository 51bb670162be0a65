// #material/<id>: the material with the context banner above (drawn by app.js), its title, subject
// and status, the reading bar (read / pause / resume, speed, ruler, focus mode), the text, and the
// quick actions within right-thumb reach: Read, Timer, Task (a panel each, no extra screens), its
// flashcards: their review and cards suggested from the text (a panel too), and its mind map (made
// by the server in a moment, then #map/<id>) and a quiz on it (made by the server, then #quiz/<id>;
// too short to quiz on: a kind note with what to add). A PDF
// or photos still being read show a friendly wait (material-watch.js asks again every 2 s); pages
// that could not be read say why, with a big Delete and a way to try again.
import { h } from "../shared/dom.js";
import { closeSuggestions, openSuggestions, suggestPanel } from "./card-suggest.js";
import { confirmBox } from "./celebrate.js";
import { allTasks, changeMaterial, createTask, deleteMaterial, loadTasks, saveSettings } from "./data.js";
import { errorText, failureText, t } from "./i18n.js";
import { openMapFor } from "./map-data.js";
import { newQuizButton, quizStartNotice } from "./quiz-entry.js";
import { pauseReading, readFrom, readerStatus, resumeReading, speedChanged, stopReading } from "./reader.js";
import { textView } from "./reading-view.js";
import { render, state, subjectName, subjectsFor, tell } from "./state.js";
import { statusChip, wordCount } from "./materials.js";
import { dropOriginal, originalView } from "./original-view.js";
import { forgetForm, taskForm } from "./task-form.js";
import { timerPanel } from "./timer-view.js";
import { button, errorLine, homeLink, linkButton, screenTitle } from "./ui.js";
import { ttsOn } from "./voice.js";

const settings = () => state.settings ?? {};

function change(key, value) {
  saveSettings({ ...settings(), [key]: value }).catch((error) => tell(errorText(error), "error"));
}

function readButton() {
  const status = readerStatus();
  if (status === "playing") return button({ emoji: "⏸️", label: t("reader.pause"), onclick: pauseReading, cls: "primary mb-primary", id: "read-pause" });
  if (status === "paused") return button({ emoji: "▶️", label: t("reader.resume"), onclick: resumeReading, cls: "primary mb-primary", id: "read-resume" });
  return button({ emoji: "🔊", label: t("reader.read"), onclick: () => readFrom(), cls: "primary mb-primary", id: "read-start" });
}

function readingBar(material) {
  const rate = Number(settings().ttsSpeed) || 1;
  const setRate = (next) => {
    const value = Math.round(Math.min(2, Math.max(0.5, next)) * 10) / 10;
    change("ttsSpeed", value);
    setTimeout(speedChanged, 0);
  };
  return h("div", { class: "mb-reading-bar", role: "toolbar", "aria-label": t("reader.tools") },
    ttsOn() && readerStatus() !== "idle" ? button({ emoji: "⏹️", label: t("reader.stop"), onclick: stopReading, id: "read-stop" }) : null,
    ttsOn() ? h("span", { class: "mb-speed" },
      button({ emoji: "🐢", label: t("reader.slower"), onclick: () => setRate(rate - 0.1), id: "speed-down", disabled: rate <= 0.5 }),
      h("span", { class: "mb-speed-value", "aria-live": "polite" }, t("reader.speed", { speed: rate })),
      button({ emoji: "🐇", label: t("reader.faster"), onclick: () => setRate(rate + 0.1), id: "speed-up", disabled: rate >= 2 })) : null,
    button({ emoji: "📏", label: t("reader.ruler"), pressed: Boolean(settings().ruler), onclick: () => change("ruler", !settings().ruler), id: "toggle-ruler" }),
    button({ emoji: "🎯", label: t("reader.focus"), pressed: Boolean(settings().focusMode), onclick: () => change("focusMode", !settings().focusMode), id: "toggle-focus" }),
    // The pages it was made from (a PDF or photos), beside the text.
    material.source !== "text" && material.status === "ready"
      ? button({ emoji: material.source === "pdf" ? "📄" : "📷", label: t("original.button"), pressed: state.panel === "original",
        onclick: () => { state.panel = state.panel === "original" ? null : "original"; render(); }, id: "show-original" }) : null);
}

function taskPanel(material) {
  const open = allTasks().filter((task) => !task.completedAt && (task.materialId === material.id || (material.subjectId && task.subjectId === material.subjectId)));
  const prefix = `material-task-${material.id}`;
  return h("section", { class: "mb-card", id: "task-panel", "aria-labelledby": "task-panel-title" },
    h("h2", { id: "task-panel-title" }, h("span", { "aria-hidden": "true" }, "📝 "), t("material.taskTitle")),
    open.length ? h("ul", { class: "mb-pick-list" }, open.map((task) => h("li", {},
      button({ emoji: state.context.taskId === task.id ? "👉" : "📝", label: task.title, pressed: state.context.taskId === task.id, id: `pick-${task.id}`,
        onclick: () => { state.context.taskId = state.context.taskId === task.id ? null : task.id; render(); } }))))
      : h("p", { class: "hint" }, t("material.noTasks")),
    h("h3", {}, t("material.newTask")),
    taskForm({ prefix, subjectId: material.subjectId ?? "", materialId: material.id, onSave: async (body) => {
      const task = await createTask(body);
      forgetForm(prefix);
      state.context.taskId = task.id;
      state.panel = null;
      tell(t("tasks.added"), "ok");
      await loadTasks();
    } }));
}

function head(material) {
  const subject = h("select", { id: "material-subject", "aria-label": t("material.subject"),
    onchange: (event) => { changeMaterial(material.id, { subjectId: event.target.value || null }).then(() => { state.context.subjectId = event.target.value || null; render(); })
      .catch((error) => tell(errorText(error), "error")); } },
  h("option", { value: "" }, t("material.noSubject")),
  subjectsFor(material.subjectId).map((s) => h("option", { value: s.id, selected: material.subjectId === s.id }, `${s.emoji} ${subjectName(s)}`)));
  return h("div", { class: "mb-material-head" },
    screenTitle("📄", material.title),
    h("div", { class: "mb-row mb-material-facts" },
      h("label", { class: "mb-inline-field" }, h("span", { "aria-hidden": "true" }, "🎒 "), subject),
      statusChip(material),
      h("span", { class: "mb-small" }, t("material.words", { count: wordCount(material) }))),
    material.status === "failed" && material.source === "text" ? h("p", { class: "error-text" }, t("material.failedBecause", { reason: failureText(material).text })) : null);
}

/** The material's flashcards: review them, or have cards suggested from the text. */
function cardActions(material) {
  return h("div", { class: "mb-row mb-fc-actions", role: "group", "aria-label": t("material.flashcards") },
    linkButton({ href: `#review/${encodeURIComponent(material.id)}`, emoji: "🃏", label: t("material.flashcards"), cls: "mb-big-btn", id: "material-flashcards" }),
    button({ emoji: "💡", label: t("material.suggest"), pressed: state.panel === "cards", cls: "mb-big-btn", id: "material-suggest",
      onclick: () => (state.panel === "cards" ? closeSuggestions() : openSuggestions(material.id)) }));
}

/**
 * The material's mind map: made (or the one it has), then shown; while the server makes it, the
 * button says so. Beside it the quiz on the material (quiz-entry.js).
 */
function mapAction(material) {
  const making = state.mapMaking === material.id;
  return h("div", { class: "mb-row mb-fc-actions mb-map-action" },
    button({ emoji: making ? "⏳" : "🧠", label: making ? t("material.mapMaking") : t("material.mindMap"), cls: "mb-big-btn", id: "material-mind-map",
      disabled: making, onclick: () => openMapFor(material.id) }),
    newQuizButton({ materialId: material.id }, { label: t("material.quiz"), emoji: "❓", id: "material-quiz" }),
    making ? h("p", { class: "hint mb-map-making", role: "status", id: "material-map-making" }, t("material.mapMakingHint")) : null);
}

/** The server is still reading the pages: a friendly wait (the page asks again every 2 s). */
function waiting() {
  return h("section", { class: "mb-card mb-waiting center", id: "material-waiting", role: "status", "aria-live": "polite" },
    h("p", { class: "mb-waiting-emoji", "aria-hidden": "true" }, "📖"),
    h("p", { class: "mb-lead" }, t("material.readingPages")),
    h("p", { class: "hint" }, t("material.readingHint")));
}

/** The pages could not be read: why (in the page's language when the catalogue knows the reason), delete, try again. */
function failed(material) {
  return h("section", { class: "mb-card mb-failed", id: "material-failed" },
    h("p", { class: "mb-lead", role: "alert" }, h("span", { "aria-hidden": "true" }, "😕 "), t("material.couldNotRead")),
    material.failure || material.failureCode ? h("p", { class: "mb-small", lang: failureText(material).lang, id: "material-failure" }, failureText(material).text) : null,
    h("div", { class: "mb-row" },
      button({ emoji: "🗑️", label: t("material.delete"), cls: "danger mb-big-btn", onclick: () => remove(material), id: "material-failed-delete" }),
      linkButton({ href: "#new", emoji: material.source === "photos" ? "📷" : "📄",
        label: t(material.source === "photos" ? "material.tryNewPhoto" : "material.tryAgainNew"), cls: "mb-big-btn", id: "material-try-again" })));
}

async function remove(material) {
  if (!(await confirmBox({ question: t("material.deleteQuestion", { title: material.title }), yes: t("action.delete") }))) return;
  try {
    await deleteMaterial(material.id);
    stopReading();
    location.hash = "#materials";
    tell(t("material.deleted"), "ok");
  } catch (error) {
    tell(errorText(error), "error");
  }
}

export function materialScreen() {
  const material = state.material;
  if (state.materialError) return h("div", { class: "mb-stack" }, errorLine(state.materialError), homeLink());
  if (!material || material.id !== state.route.id) return h("p", { class: "hint", role: "status" }, t("common.loading"));
  const toggle = (panel) => { state.panel = state.panel === panel ? null : panel; render(); };
  const reading = material.status === "pending" || material.status === "processing";
  const unread = material.status === "failed" && material.source !== "text";
  return h("div", { class: "mb-stack mb-material-screen" },
    head(material),
    reading ? waiting() : null,
    unread ? failed(material) : null,
    material.text ? cardActions(material) : null,
    material.text && material.status === "ready" ? mapAction(material) : null,
    material.text && material.status === "ready" ? quizStartNotice() : null,
    state.panel === "cards" ? suggestPanel() : null,
    state.panel === "timer" ? timerPanel() : null,
    state.panel === "task" ? taskPanel(material) : null,
    state.panel === "original" ? originalView(material) : (dropOriginal(), null),
    material.text ? readingBar(material) : null,
    material.text ? textView(material) : reading || unread ? null : h("p", { class: "mb-empty" }, t("material.noText")),
    h("div", { class: "mb-row mb-end" },
      button({ emoji: "🗑️", label: t("material.delete"), cls: "quiet", onclick: () => remove(material), id: "material-delete" }),
      homeLink()),
    h("div", { class: "mb-dock", role: "group", "aria-label": t("dock.label") },
      ttsOn() && material.text ? readButton() : null,
      button({ emoji: "⏱️", label: t("material.timer"), pressed: state.panel === "timer", onclick: () => toggle("timer"), cls: "mb-primary", id: "dock-timer" }),
      button({ emoji: "📝", label: t("material.task"), pressed: state.panel === "task", onclick: () => toggle("task"), cls: "mb-primary", id: "dock-task" })));
}
