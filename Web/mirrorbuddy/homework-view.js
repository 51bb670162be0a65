// #homework, drawn: the title and what the helper does; before an answer the field (a live count,
// 2000 at most) with the big "Aiutami" and why it did not go; after it the three steps one at a
// time: the step buttons (the current one marked), the step's title with its 🔊, its prompt and
// its part (1: the sentences, those that ask marked with ❓ as well as by colour, the key words as
// chips; 2: the notes with where they come from and "Apri", or a way to add some; 3: the checklist
// with big boxes and "Fatto!"), Back and Next. What the buttons do is homework-page.js's.
import { h } from "../shared/dom.js";
import { sourceLine } from "./coach-rules.js";
import { another, back, edit, fieldKey, finish, goTo, homeworkWork, next, submit, tick, typed } from "./homework-page.js";
import { fieldCount, shownStep, spokenStep, tickCount } from "./homework-rules.js";
import { num, t } from "./i18n.js";
import { hearParts } from "./quiz-bits.js";
import { button, errorLine, homeLink, linkButton, screenTitle } from "./ui.js";

const hidden = (text) => h("span", { class: "visually-hidden" }, text);
const icon = (emoji) => h("span", { "aria-hidden": "true" }, `${emoji} `);

/** A button that stays focusable while the exercise is out (aria-disabled: homework-page.js ignores the tap). */
function busyButton(options, busy) {
  const element = button(options);
  if (busy) element.setAttribute("aria-disabled", "true");
  return element;
}

/**
 * Why the exercise did not go (always there: the field points to it). The server's own words
 * (`message`) come in a calm panel: for an exercise that says the child is in distress they are the
 * coach's caring reply.
 */
function problemLine(problem) {
  if (problem?.error) return errorLine(problem.error, "homework-problem");
  const wait = problem?.key === "homework.wait";
  const calm = !problem?.key && Boolean(problem?.message);
  const words = problem?.key ? t(problem.key) : problem?.message ?? null;
  return h("p", { class: `mb-homework-problem${wait ? " mb-homework-wait" : ""}${calm ? " mb-homework-calm" : ""}`, id: "homework-problem", role: "status" },
    words ? [icon(wait ? "⏳" : calm ? "💜" : "💬"), words] : null);
}

function askArea(work) {
  const count = fieldCount(work.draft);
  return h("section", { class: "mb-card mb-homework-ask", id: "homework-ask", "aria-labelledby": "homework-ask-title" },
    h("h2", { id: "homework-ask-title" }, icon("✏️"), t("homework.askTitle")),
    h("form", { class: "mb-homework-form", id: "homework-form", novalidate: true, onsubmit: submit },
      h("label", { class: "field mb-field mb-homework-field", for: "homework-input" }, h("span", {}, t("homework.fieldLabel")),
        h("textarea", { id: "homework-input", name: "text", rows: "6", maxlength: String(count.max), autocomplete: "off", spellcheck: "true",
          placeholder: t("homework.placeholder"), "aria-describedby": "homework-count homework-keys homework-problem",
          oninput: (event) => typed(event.target.value), onkeydown: fieldKey }, work.draft)),
      h("div", { class: "mb-homework-under" },
        h("p", { class: `mb-homework-count${count.full ? " full" : ""}`, id: "homework-count" },
          t("homework.count", { used: num(count.used), max: num(count.max) })),
        h("p", { class: "hint mb-homework-keys", id: "homework-keys" }, t("homework.keys"))),
      h("p", { class: "mb-homework-full", id: "homework-full", role: "status", hidden: !count.full }, icon("✂️"), t("homework.full")),
      busyButton({ emoji: work.busy ? "⏳" : "🙋", label: t(work.busy ? "homework.thinking" : "homework.send"), type: "submit",
        cls: "primary mb-primary mb-big-btn mb-homework-send", id: "homework-send" }, work.busy)),
    problemLine(work.problem));
}

/** The three steps as buttons, the one on show marked (aria-current, a filled circle). */
function stepButtons(answer, index) {
  return h("ol", { class: "mb-homework-dots", "aria-label": t("homework.stepsLabel") },
    answer.steps.map((step, at) => h("li", {},
      h("button", { class: `btn mb-btn mb-homework-dot${at === index ? " current" : ""}`, type: "button", id: `homework-dot-${step.number}`,
        "aria-current": at === index ? "step" : null, onclick: () => goTo(at) },
      h("span", { class: "mb-homework-dot-number", "aria-hidden": "true" }, String(step.number)),
      hidden(`${t("homework.stepOf", { n: step.number, of: answer.steps.length })}: `),
      h("span", { class: "mb-homework-dot-title" }, step.title)))));
}

function keyWords(words, lang, id) {
  if (!words?.length) return null;
  return h("div", { class: "mb-homework-words" },
    h("h3", { id }, icon("🔑"), t("homework.keyWords")),
    h("ul", { class: "mb-homework-chips", "aria-labelledby": id }, words.map((word) => h("li", { class: "mb-homework-chip", lang }, word))));
}

function understand(step, lang) {
  return [
    h("p", { class: "hint mb-homework-legend" }, icon("💡"), t("homework.asksLegend")),
    h("ol", { class: "mb-homework-sentences", id: "homework-sentences" },
      (step.sentences ?? []).map((sentence, at) => h("li", { class: `mb-homework-sentence${sentence.asks ? " asks" : ""}`, id: `homework-sentence-${at}`,
        dataset: { asks: String(sentence.asks) } },
      h("span", { class: "mb-homework-mark", "aria-hidden": "true" }, sentence.asks ? "❓" : "•"),
      h("span", { class: "mb-homework-sentence-text" }, sentence.asks ? hidden(`${t("homework.asks")} `) : null, h("span", { lang }, sentence.text))))),
    keyWords(step.keyWords, lang, "homework-words-1"),
  ];
}

function notes(step, lang) {
  const list = step.notes ?? [];
  const found = list.length
    ? h("ul", { class: "mb-homework-notes", id: "homework-notes" }, list.map((note, at) => h("li", { class: "mb-homework-note", id: `homework-note-${at}` },
      h("p", { class: "mb-homework-source" }, icon("📄"), hidden(`${t("coach.sourceLabel")} `), sourceLine(note)),
      h("blockquote", { class: "mb-homework-passage", lang }, note.text),
      h("a", { class: "btn mb-btn mb-homework-open", href: `#material/${encodeURIComponent(note.materialId)}`, id: `homework-open-${at}` },
        h("span", { class: "mb-emoji", "aria-hidden": "true" }, "📖"), h("span", { class: "mb-word" }, t("coach.open")), hidden(` ${note.title}`)))))
    : h("div", { class: "mb-empty mb-homework-no-notes", id: "homework-no-notes" },
      h("p", {}, icon("📭"), t("homework.noNotes")),
      linkButton({ href: "#new", emoji: "➕", label: t("homework.addNotes"), cls: "mb-homework-add", id: "homework-add" }));
  return [keyWords(step.keyWords, lang, "homework-words-2"), found];
}

function checklist(step, work, lang) {
  const { done, of } = tickCount(work.ticks);
  return [
    h("p", { class: "mb-homework-ticked", id: "homework-ticked" }, t("homework.ticked", { count: done, of })),
    h("ul", { class: "mb-homework-checklist", id: "homework-checklist", "aria-describedby": "homework-ticked" },
      (step.checklist ?? []).map((line, at) => h("li", {},
        h("label", { class: `mb-homework-check${work.ticks[at] ? " ticked" : ""}`, for: `homework-check-${at}` },
          h("input", { type: "checkbox", id: `homework-check-${at}`, checked: Boolean(work.ticks[at]), onchange: (event) => tick(at, event.target.checked) }),
          h("span", { lang }, line))))),
  ];
}

function donePanel(work) {
  if (!work.done) return null;
  return h("section", { class: "mb-card mb-homework-done", id: "homework-done-panel", "aria-labelledby": "homework-done-title" },
    h("h2", { id: "homework-done-title", tabindex: "-1" }, icon("🎉"), t("homework.doneTitle")),
    h("p", {}, t("homework.doneText")),
    button({ emoji: "🆕", label: t("homework.another"), cls: "primary mb-primary mb-big-btn", id: "homework-another", onclick: another }));
}

function stepArea(work) {
  const { answer } = work;
  const shown = shownStep(answer, work.index);
  const { step, index, count, first, last } = shown;
  const lang = answer.language;
  const part = step.number === 1 ? understand(step, lang) : step.number === 2 ? notes(step, lang) : checklist(step, work, lang);
  return h("section", { class: "mb-homework-steps", id: "homework-steps", "aria-labelledby": "homework-step-title", dataset: { step: String(step.number) } },
    stepButtons(answer, index),
    h("article", { class: `mb-card mb-homework-step mb-homework-step-${step.number}`, id: "homework-step" },
      h("div", { class: "mb-title-row mb-homework-step-head" },
        h("h2", { class: "mb-homework-step-title", id: "homework-step-title", tabindex: "-1" },
          h("span", { class: "mb-homework-step-count" }, t("homework.stepOf", { n: index + 1, of: count })), hidden(": "),
          h("span", { class: "mb-homework-step-name", lang }, step.title)),
        hearParts(() => spokenStep(step).map((text) => ({ text, lang })), { id: "homework-hear", label: t("homework.hear") })),
      h("p", { class: "mb-lead mb-homework-prompt", id: "homework-prompt", lang }, step.prompt),
      part),
    h("div", { class: "mb-homework-nav", role: "group", "aria-label": t("homework.navLabel") },
      button({ emoji: "⬅️", label: t("homework.back"), cls: "mb-big-btn mb-homework-back", id: "homework-back", onclick: back, disabled: first }),
      last
        ? button({ emoji: "✅", label: t("homework.done"), cls: "primary mb-primary mb-big-btn mb-homework-finish", id: "homework-done", onclick: finish })
        : button({ emoji: "➡️", label: t("homework.next"), cls: "primary mb-primary mb-big-btn mb-homework-next", id: "homework-next", onclick: next })),
    last ? donePanel(work) : null);
}

export function homeworkScreen() {
  const work = homeworkWork();
  return h("div", { class: "mb-stack mb-homework", dataset: { phase: work.answer ? "steps" : "ask" } },
    screenTitle("📝", t("homework.title"), t("homework.intro")),
    h("p", { class: "mb-lead mb-homework-intro" }, icon("🤝"), t("homework.intro")),
    work.answer ? stepArea(work) : askArea(work),
    h("div", { class: "mb-row mb-end" },
      work.answer ? button({ emoji: "✏️", label: t("homework.edit"), cls: "mb-homework-edit", id: "homework-edit", onclick: edit }) : null,
      homeLink()));
}
