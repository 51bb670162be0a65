// #card/<id>: one flashcard: its words to change (front, back, subject), Delete after a question,
// and its history, oldest first: when, the answer given, and when it came back after that.
import { h } from "../shared/dom.js";
import { confirmBox } from "./celebrate.js";
import { BACK_MAX, FRONT_MAX, changeCard, deleteCard } from "./cards-data.js";
import { dueWords, intervalText } from "./cards-words.js";
import { dateText, errorText, t } from "./i18n.js";
import { render, state, subjectName, subjectsFor, tell } from "./state.js";
import { button, errorLine, field, homeLink, linkButton, screenTitle } from "./ui.js";
import { hearButton } from "./voice.js";

const backLinks = () => h("div", { class: "mb-row mb-end" },
  linkButton({ href: "#cards", emoji: "🗂️", label: t("review.toCards"), cls: "mb-big-btn", id: "card-back" }), homeLink());

async function save(event, page) {
  event.preventDefault();
  const { front, back, subjectId } = page.draft;
  if (!front.trim() || !back.trim()) { page.problem = t("cards.needBoth"); render(); return; }
  page.problem = "";
  try {
    const card = await changeCard(page.id, { front: front.trim(), back: back.trim(), subjectId: subjectId || null });
    if (state.card === page) page.card = card;
    tell(t("card.saved"), "ok");
  } catch (error) {
    page.problem = `😕 ${errorText(error)}`;
    render();
  }
}

async function remove(page) {
  if (!(await confirmBox({ question: t("card.deleteQuestion"), yes: t("action.delete") }))) return;
  try {
    await deleteCard(page.id);
    location.hash = "#cards";
    tell(t("card.deleted"), "ok");
  } catch (error) {
    tell(errorText(error), "error");
  }
}

function editForm(page) {
  const draft = page.draft;
  const keep = (key) => (event) => { draft[key] = event.target.value; };
  return h("form", { class: "mb-card mb-fc-form", id: "card-edit-form", novalidate: true, onsubmit: (event) => save(event, page) },
    field(t("cards.front"), h("textarea", { id: "card-edit-front", name: "front", rows: "2", maxlength: String(FRONT_MAX), oninput: keep("front") }, draft.front)),
    field(t("cards.back"), h("textarea", { id: "card-edit-back", name: "back", rows: "3", maxlength: String(BACK_MAX), oninput: keep("back") }, draft.back)),
    field(t("cards.subject"), h("select", { id: "card-edit-subject", name: "subjectId", onchange: keep("subjectId") },
      h("option", { value: "" }, t("cards.noSubject")),
      subjectsFor(draft.subjectId).map((s) => h("option", { value: s.id, selected: draft.subjectId === s.id }, `${s.emoji} ${subjectName(s)}`)))),
    h("p", { class: "error-text", role: "alert", id: "card-edit-problem" }, page.problem ?? ""),
    h("div", { class: "mb-form-actions" },
      button({ emoji: "🗑️", label: t("card.delete"), cls: "danger", id: "card-delete", onclick: () => remove(page) }),
      button({ emoji: "💾", label: t("action.save"), type: "submit", cls: "primary mb-primary", id: "card-edit-save" })));
}

function historyItem(review) {
  return h("li", { class: "mb-history-item" },
    h("span", { class: "mb-history-at" }, dateText(review.at, { dateStyle: "medium", timeStyle: "short" })),
    h("strong", { class: `mb-history-rating mb-rating-${review.rating}` }, t(`review.rating.${review.rating}`)),
    h("span", { class: "mb-history-next" }, t("card.nextAfter", { interval: intervalText(review.interval) })));
}

function history(page) {
  return h("section", { class: "mb-card", "aria-labelledby": "card-history-title" },
    h("h2", { id: "card-history-title" }, h("span", { "aria-hidden": "true" }, "🕘 "), t("card.historyTitle")),
    page.history.length ? h("ol", { class: "mb-history", id: "card-history" }, page.history.map(historyItem))
      : h("p", { class: "mb-empty", id: "card-history-empty" }, t("card.noHistory")));
}

export function cardScreen() {
  const page = state.card;
  if (page?.error) return h("div", { class: "mb-stack" }, errorLine(page.error, "card-error"), backLinks());
  if (!page?.card || page.id !== state.route.id) return h("div", { class: "mb-stack" }, h("p", { class: "hint", role: "status" }, t("common.loading")), backLinks());
  const { card } = page;
  return h("div", { class: "mb-stack mb-fc-page" },
    screenTitle("🃏", t("card.title"), `${card.front}. ${card.back}`),
    h("p", { class: "mb-fc-meta", id: "card-facts" },
      h("span", { class: `mb-fc-state mb-fc-state-${card.state}` }, t(`cards.state.${card.state}`)),
      h("span", {}, h("span", { "aria-hidden": "true" }, "📅 "), t("cards.dueWhen", { when: dueWords(card.due) })),
      h("span", {}, t("card.reviews", { count: card.reps ?? 0 })),
      card.materialId ? h("a", { class: "mb-link", href: `#material/${encodeURIComponent(card.materialId)}`, id: "card-material" },
        h("span", { "aria-hidden": "true" }, "📄 "), t("card.fromMaterial")) : null,
      hearButton(`${card.front}. ${card.back}`)),
    editForm(page),
    history(page),
    backLinks());
}
