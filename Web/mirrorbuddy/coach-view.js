// #coach, drawn: the title and the welcome; with no materials yet a kind line and a big button to
// #new; otherwise the conversation (the child's lines, the coach's replies with the source and
// "Apri", a 🔊, and after an answer "Dimmi di più" / "Non ho capito"; distress in a calm panel),
// the suggested questions as big chips, the field with Send and the 🎤. What the buttons do is
// coach-page.js's.
import { h } from "../shared/dom.js";
import { coachTalk, coachVisit, ask, askByVoice, reloadCoach, send, typed } from "./coach-page.js";
import { MESSAGE_MAX, quickButtons, replyLook, sourceLine, spokenParts } from "./coach-rules.js";
import { t } from "./i18n.js";
import { hearParts } from "./quiz-bits.js";
import { button, errorLine, homeLink, linkButton, screenTitle } from "./ui.js";

const QUICK = { more: { emoji: "➕", key: "coach.more" }, simpler: { emoji: "🤔", key: "coach.simpler" } };
const AVATAR = { calm: "💜", concern: "🦉", answer: "🦉", nudge: "🦉", plain: "🦉" };

/** A button that stays focusable while a question is out (aria-disabled: coach-page.js ignores the tap). */
function coachButton(options, busy) {
  const element = button(options);
  if (busy) element.setAttribute("aria-disabled", "true");
  return element;
}

const hidden = (text) => h("span", { class: "visually-hidden" }, text);

function childLine(entry) {
  const words = entry.voice
    ? h("p", { class: "mb-coach-heard", id: `coach-heard-${entry.n}` }, h("span", { "aria-hidden": "true" }, "🎤 "),
      entry.text ? t("coach.youSaid", { heard: entry.text }) : t("coach.notHeard"))
    : h("p", {}, entry.text);
  return h("li", { class: "mb-coach-line mb-coach-child", id: `coach-entry-${entry.n}`, dataset: { who: "child" } },
    h("div", { class: "mb-coach-bubble" }, hidden(`${t("coach.you")}: `), words),
    h("span", { class: "mb-coach-avatar", "aria-hidden": "true" }, "🧒"));
}

function sourceRow(source, n) {
  return h("div", { class: "mb-coach-source", id: `coach-source-${n}` },
    h("p", { class: "mb-coach-source-name" }, h("span", { "aria-hidden": "true" }, "📄 "), hidden(`${t("coach.sourceLabel")} `), sourceLine(source)),
    h("a", { class: "btn mb-btn mb-coach-open", href: `#material/${encodeURIComponent(source.materialId)}`, id: `coach-open-${n}` },
      h("span", { class: "mb-emoji", "aria-hidden": "true" }, "📖"), h("span", { class: "mb-word" }, t("coach.open")), hidden(` ${source.title ?? ""}`)));
}

function replyLine(entry, latest, visit) {
  const { reply, n } = entry;
  const look = replyLook(reply);
  const lang = reply.language ?? undefined;
  const source = look === "answer" ? reply.sources?.[0] : null;
  const quick = latest ? quickButtons(reply) : [];
  return h("li", { class: `mb-coach-line mb-coach-reply mb-coach-${look}`, id: `coach-entry-${n}`,
    dataset: { who: "coach", kind: reply.kind ?? "", concern: reply.concern ?? "" } },
  h("span", { class: "mb-coach-avatar", "aria-hidden": "true" }, AVATAR[look]),
  h("div", { class: "mb-coach-bubble" },
    hidden(`${t("coach.coach")}: `),
    reply.intro ? h("p", { class: "mb-coach-intro", lang }, reply.intro) : null,
    h("p", { class: "mb-coach-text", lang }, reply.text),
    source ? sourceRow(source, n) : null,
    h("div", { class: "mb-coach-actions" },
      hearParts(() => spokenParts(reply).map((text) => ({ text, lang })), { id: `coach-hear-${n}`, label: t("coach.hearAgain") }),
      reply.concern === "homework"
        ? linkButton({ href: "#homework", emoji: "📝", label: t("homework.fromCoach"), cls: "mb-coach-open", id: `coach-homework-${n}` }) : null,
      quick.map((name) => coachButton({ emoji: QUICK[name].emoji, label: t(QUICK[name].key), cls: "mb-coach-quick", id: `coach-${name}`,
        onclick: () => ask(t(QUICK[name].key)) }, visit.busy)))));
}

/** The question on its way and the coach thinking. */
function pending(visit) {
  if (!visit.busy) return [];
  const { asking } = visit;
  const mine = asking?.voice
    ? h("li", { class: "mb-coach-line mb-coach-child mb-coach-pending" }, h("div", { class: "mb-coach-bubble" }, hidden(`${t("coach.you")}: `),
      h("p", {}, h("span", { "aria-hidden": "true" }, "🎤 "), "…")), h("span", { class: "mb-coach-avatar", "aria-hidden": "true" }, "🧒"))
    : h("li", { class: "mb-coach-line mb-coach-child mb-coach-pending" }, h("div", { class: "mb-coach-bubble" }, hidden(`${t("coach.you")}: `),
      h("p", {}, asking?.text ?? "")), h("span", { class: "mb-coach-avatar", "aria-hidden": "true" }, "🧒"));
  return [mine, h("li", { class: "mb-coach-line mb-coach-reply mb-coach-plain", id: "coach-thinking" },
    h("span", { class: "mb-coach-avatar", "aria-hidden": "true" }, "🦉"),
    h("div", { class: "mb-coach-bubble" }, h("p", { class: "mb-coach-thinking" }, t("coach.thinking"))))];
}

function conversation(talk, visit) {
  const latest = talk.entries.findLast((entry) => entry.who === "coach" && entry.reply?.kind !== "idle");
  const lines = talk.entries.map((entry) => (entry.who === "child" ? childLine(entry) : replyLine(entry, entry === latest && !visit.busy, visit)));
  const waiting = pending(visit);
  return h("div", { class: "mb-coach-talk-area" },
    lines.length || waiting.length ? null : h("p", { class: "mb-empty", id: "coach-start" }, h("span", { "aria-hidden": "true" }, "💡 "), t("coach.startHint")),
    h("ol", { class: "mb-coach-talk", id: "coach-talk", "aria-live": "polite", "aria-label": t("coach.talkLabel") }, lines, waiting));
}

function suggestions(info, visit) {
  const list = (info.suggestions ?? []).filter((question) => typeof question === "string" && question.trim());
  if (!list.length) return null;
  return h("div", { class: "mb-coach-suggest" },
    h("p", { class: "mb-coach-suggest-title", id: "coach-suggest-title" }, t("coach.suggestionsTitle")),
    h("ul", { class: "mb-coach-chips", "aria-labelledby": "coach-suggest-title" },
      list.map((question, index) => h("li", { lang: info.language },
        coachButton({ emoji: "💡", label: question, cls: "mb-coach-chip", id: `coach-suggestion-${index}`, onclick: () => ask(question) }, visit.busy)))));
}

function micButton(visit) {
  const on = visit.listening !== "idle";
  const element = coachButton({ emoji: on ? "⏹️" : "🎤", label: t(on ? "coach.micStop" : "coach.mic"), cls: `mb-primary mb-coach-mic${on ? " listening" : ""}`,
    id: "coach-mic", pressed: on, onclick: askByVoice }, visit.busy);
  return element;
}

/** While the microphone listens: what to do, and its level (no live region: it would be recorded). */
function listeningLine(visit) {
  if (visit.listening === "idle") return null;
  return h("div", { class: "mb-coach-listening", id: "coach-listening" },
    h("p", {}, h("span", { "aria-hidden": "true" }, "👂 "), t("coach.listening")),
    h("span", { class: "mb-coach-meter", "aria-hidden": "true" }, h("span", { class: "mb-coach-meter-fill", id: "coach-meter-fill" })));
}

/** Why the last question did not go (always there: the field points to it). */
function problemLine(visit) {
  const { problem } = visit;
  if (problem?.error) return errorLine(problem.error, "coach-problem");
  const wait = problem?.key === "coach.wait";
  return h("p", { class: `mb-coach-problem${wait ? " mb-coach-wait" : ""}`, id: "coach-problem", role: "status" },
    problem?.key ? [h("span", { "aria-hidden": "true" }, wait ? "⏳ " : "💬 "), t(problem.key)] : null);
}

function askArea(talk, visit, info) {
  return h("section", { class: "mb-card mb-coach-ask", "aria-labelledby": "coach-ask-title" },
    h("h2", { id: "coach-ask-title" }, h("span", { "aria-hidden": "true" }, "💬 "), t("coach.askTitle")),
    h("form", { class: "mb-coach-form", id: "coach-form", novalidate: true, onsubmit: send },
      h("label", { class: "field mb-field mb-coach-field", for: "coach-input" }, h("span", {}, t("coach.fieldLabel")),
        h("input", { type: "text", id: "coach-input", name: "message", value: talk.draft, maxlength: String(MESSAGE_MAX), autocomplete: "off",
          enterkeyhint: "send", placeholder: t("coach.placeholder"), "aria-describedby": "coach-problem",
          oninput: (event) => typed(event.target.value) })),
      h("div", { class: "mb-coach-buttons" },
        coachButton({ emoji: "📨", label: t("coach.send"), type: "submit", cls: "primary mb-primary mb-coach-send", id: "coach-send" }, visit.busy),
        micButton(visit))),
    listeningLine(visit),
    problemLine(visit),
    suggestions(info, visit));
}

function noMaterials() {
  return h("section", { class: "mb-card mb-coach-empty", id: "coach-empty" },
    h("p", { class: "mb-lead" }, h("span", { "aria-hidden": "true" }, "📚 "), t("coach.noMaterials")),
    linkButton({ href: "#new", emoji: "➕", label: t("coach.addMaterial"), cls: "primary mb-primary mb-big-btn", id: "coach-add" }));
}

export function coachScreen() {
  const visit = coachVisit();
  const talk = coachTalk();
  const title = screenTitle("🦉", t("coach.title"), t("coach.intro"));
  if (!visit || (visit.loading && !visit.info)) {
    return h("div", { class: "mb-stack mb-coach" }, title, h("p", { class: "hint", role: "status" }, t("common.loading")), homeLink());
  }
  if (!visit.info) {
    return h("div", { class: "mb-stack mb-coach" }, title, errorLine(visit.error, "coach-load-error"),
      button({ emoji: "🔄", label: t("action.tryAgain"), cls: "primary mb-primary", id: "coach-load-retry", onclick: reloadCoach }), homeLink());
  }
  const { info } = visit;
  return h("div", { class: "mb-stack mb-coach", dataset: { materials: String(info.materials ?? 0) } },
    title,
    h("div", { class: "mb-card mb-coach-welcome", id: "coach-welcome" },
      h("p", { class: "mb-lead", lang: info.language }, h("span", { "aria-hidden": "true" }, "👋 "), info.welcome),
      h("p", { class: "hint" }, t("coach.intro"))),
    info.materials > 0 ? [conversation(talk, visit), askArea(talk, visit, info)] : noMaterials(),
    h("div", { class: "mb-row mb-end" }, homeLink()));
}
