// #cards: all the student's flashcards: how many are due and the big Review button, adding a card
// by hand (front, back, subject), the list (front, state, when due in words; each opens
// #card/<id>, filtered by subject in the page's state) and the desired retention, explained in one
// sentence. What is typed is kept in the state, so a redraw keeps it.
import { h } from "../shared/dom.js";
import { BACK_MAX, FRONT_MAX, addCards, handCardBody, loadCards, saveCardSettings } from "./cards-data.js";
import { RETENTION, retentionValue } from "./cards-rules.js";
import { dueWords, hearLabel } from "./cards-words.js";
import { errorText, num, t } from "./i18n.js";
import { render, state, subjectById, subjectName, subjectsFor, tell, visibleSubjects } from "./state.js";
import { button, errorLine, field, homeLink, linkButton, screenTitle, subjectChip } from "./ui.js";
import { hearButton } from "./voice.js";

function dueBox() {
  const { due, error } = state.cards;
  if (error && due === null) return null; // the list says what went wrong
  return h("section", { class: "mb-card mb-due-box", id: "cards-due", "aria-live": "polite" },
    due === null ? h("p", { class: "hint", role: "status" }, t("common.loading"))
      : h("p", { class: "mb-due-line", id: "cards-due-count" },
        h("span", { "aria-hidden": "true" }, due ? "🃏 " : "🎉 "), due ? t("cards.dueNow", { count: due }) : t("cards.dueNone")),
    due ? linkButton({ href: "#review", emoji: "🔁", label: t("cards.review"), cls: "primary mb-primary mb-review-start", id: "cards-review" }) : null);
}

// While a card is being added the save button is off (`saving`): a double click adds it once.
async function addCard(event) {
  event.preventDefault();
  const cards = state.cards;
  if (cards.saving) return;
  const draft = cards.draft;
  const body = handCardBody(draft);
  if (!body) { cards.problem = t("cards.needBoth"); render(); document.getElementById(draft.front.trim() ? "card-new-back" : "card-new-front")?.focus(); return; }
  cards.problem = "";
  cards.saving = true;
  render();
  try {
    await addCards(body);
  } catch (error) {
    cards.saving = false;
    cards.problem = `😕 ${errorText(error)}`;
    render();
    document.getElementById("card-new-save")?.focus();
    return;
  }
  // Empty fields at once, for the next card; the list and the due count follow when they come.
  cards.saving = false;
  cards.draft = { front: "", back: "", subjectId: draft.subjectId };
  render();
  document.getElementById("card-new-front")?.focus();
  tell(t("cards.added"), "ok");
  loadCards();
}

function subjectOptions(selected, noneLabel) {
  return [h("option", { value: "" }, noneLabel),
    subjectsFor(selected).map((s) => h("option", { value: s.id, selected: selected === s.id }, `${s.emoji} ${subjectName(s)}`))];
}

function addForm() {
  const draft = state.cards.draft;
  const keep = (key) => (event) => { draft[key] = event.target.value; };
  return h("section", { class: "mb-card", "aria-labelledby": "cards-add-title" },
    h("h2", { id: "cards-add-title" }, h("span", { "aria-hidden": "true" }, "➕ "), t("cards.addTitle")),
    h("form", { class: "mb-fc-form", id: "cards-add-form", novalidate: true, onsubmit: addCard },
      field(t("cards.front"), h("textarea", { id: "card-new-front", name: "front", rows: "2", maxlength: String(FRONT_MAX), placeholder: t("cards.frontPlaceholder"),
        oninput: keep("front") }, draft.front)),
      field(t("cards.back"), h("textarea", { id: "card-new-back", name: "back", rows: "3", maxlength: String(BACK_MAX), placeholder: t("cards.backPlaceholder"),
        oninput: keep("back") }, draft.back)),
      field(t("cards.subject"), h("select", { id: "card-new-subject", name: "subjectId", onchange: keep("subjectId") }, subjectOptions(draft.subjectId, t("cards.noSubject")))),
      h("p", { class: "error-text", role: "alert", id: "card-new-problem" }, state.cards.problem),
      h("div", { class: "mb-form-actions" },
        button({ emoji: "➕", label: t("cards.add"), type: "submit", cls: "primary mb-primary", id: "card-new-save", disabled: Boolean(state.cards.saving) }))));
}

/** A card in the list: it opens #card/<id>. */
export function cardRow(card, now = new Date()) {
  const subject = subjectById(card.subjectId);
  return h("li", { class: "mb-fc-row", style: subject ? `--subject: ${subject.colour}` : null },
    h("a", { class: "mb-fc-link", href: `#card/${encodeURIComponent(card.id)}`, id: `card-${card.id}` },
      h("span", { class: "mb-fc-front" }, card.front),
      h("span", { class: "mb-fc-meta" },
        h("span", { class: `mb-fc-state mb-fc-state-${card.state}` }, t(`cards.state.${card.state}`)),
        h("span", { class: "mb-fc-due" }, h("span", { "aria-hidden": "true" }, "📅 "), t("cards.dueWhen", { when: dueWords(card.due, now) })),
        subject ? subjectChip(subject, subjectName(subject)) : null)),
    hearButton(card.front, { label: hearLabel(card.front) }));
}

function list() {
  const cards = state.cards;
  const filter = h("select", { id: "cards-subject-filter",
    onchange: (event) => { cards.subjectId = event.target.value; cards.list = null; render(); loadCards(); } },
  h("option", { value: "" }, t("cards.allSubjects")),
  visibleSubjects().map((s) => h("option", { value: s.id, selected: cards.subjectId === s.id }, `${s.emoji} ${subjectName(s)}`)));
  let body;
  if (cards.error) body = errorLine(cards.error, "cards-error");
  else if (cards.list === null) body = h("p", { class: "hint", role: "status" }, t("common.loading"));
  else if (!cards.list.length) body = h("p", { class: "mb-empty", id: "cards-empty" }, t("cards.none"));
  else body = h("ul", { class: "mb-fc-list", id: "cards-list" }, cards.list.map((card) => cardRow(card)));
  return h("section", { class: "mb-card", "aria-labelledby": "cards-list-title" },
    h("h2", { id: "cards-list-title" }, h("span", { "aria-hidden": "true" }, "🗂️ "), t("cards.listTitle")),
    h("div", { class: "mb-filters" }, field(t("cards.filter"), filter)),
    cards.list ? h("p", { class: "hint", role: "status" }, t("cards.count", { count: cards.list.length })) : null,
    body);
}

const percent = (value) => `${num(Math.round(value * 100))} %`;

function retention() {
  const value = state.cards.retention;
  if (value === null) return null;
  const output = h("output", { class: "mb-slider-value", id: "cards-retention-value", for: "cards-retention" }, percent(value));
  const input = h("input", { type: "range", id: "cards-retention", min: String(RETENTION.min), max: String(RETENTION.max), step: String(RETENTION.step),
    value: String(value), "aria-describedby": "cards-retention-hint",
    oninput: (event) => { output.textContent = percent(Number(event.target.value)); },
    onchange: async (event) => {
      const next = retentionValue(event.target.value);
      try {
        state.cards.retention = (await saveCardSettings(next)).desiredRetention;
        tell(t("cards.retentionSaved"), "ok");
      } catch (error) {
        tell(errorText(error), "error");
      }
    } });
  return h("section", { class: "mb-card", "aria-labelledby": "cards-retention-title" },
    h("h2", { id: "cards-retention-title" }, h("span", { "aria-hidden": "true" }, "🧠 "), t("cards.retentionTitle")),
    h("label", { class: "field mb-field mb-slider" }, h("span", {}, t("cards.retention"), " ", output), input),
    h("p", { class: "hint", id: "cards-retention-hint" }, t("cards.retentionHint"), " ", hearButton(t("cards.retentionHint"))));
}

export function cardsScreen() {
  return h("div", { class: "mb-stack mb-fc-screen" },
    screenTitle("🃏", t("cards.title"), t("cards.intro")),
    h("p", { class: "mb-lead" }, t("cards.intro")),
    dueBox(),
    addForm(),
    list(),
    retention(),
    homeLink());
}
