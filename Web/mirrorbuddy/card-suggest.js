// A material's suggested flashcards (its quick panel "cards"): POST card-suggestions makes them
// (nothing is stored), each shown ticked with its question and answer to change; "Aggiungi le
// carte scelte" adds the ticked ones (source "suggested", 50 at a time as the server takes them).
// None found: a sentence that says why (too short, no definitions) and where to write cards.
import { h } from "../shared/dom.js";
import { BACK_MAX, FRONT_MAX, addCards, chosenBodies, suggestCards } from "./cards-data.js";
import { errorText, t } from "./i18n.js";
import { render, state, tell } from "./state.js";
import { button, errorLine, field, linkButton } from "./ui.js";

/** Opens the panel and asks the server for material `id`'s suggestions (again each time it opens). */
export async function openSuggestions(id) {
  state.panel = "cards";
  const mine = { materialId: id, list: null, words: 0, error: null, problem: "", saving: false };
  state.suggest = mine;
  render();
  document.getElementById("suggest-panel")?.scrollIntoView({ block: "start" });
  try {
    const answer = await suggestCards(id);
    if (state.suggest !== mine) return;
    mine.list = (answer.suggestions ?? []).map((item) => ({ ...item, chosen: true }));
    mine.words = answer.words ?? 0;
  } catch (error) {
    if (state.suggest !== mine) return;
    mine.error = error;
  }
  render();
}

export function closeSuggestions() {
  state.panel = null;
  state.suggest = null;
  render();
}

async function addChosen(suggest) {
  const bodies = chosenBodies(suggest.materialId, suggest.list);
  if (bodies === null) { suggest.problem = t("suggest.needWords"); render(); return; }
  if (!bodies.length) { suggest.problem = t("suggest.noneChosen"); render(); return; }
  suggest.problem = "";
  suggest.saving = true;
  render();
  let added = 0;
  try {
    for (const body of bodies) added += (await addCards(body)).cards.length;
    if (state.suggest === suggest) { state.panel = null; state.suggest = null; }
    tell(t("suggest.added", { count: added }), "ok");
  } catch (error) {
    // Those already added are gone from the list, so a second try does not add them twice.
    let left = added;
    suggest.list = suggest.list.filter((item) => !(item.chosen && left-- > 0));
    suggest.saving = false;
    suggest.problem = `😕 ${errorText(error)}`;
    render();
  }
}

function suggestion(item, index) {
  const n = index + 1;
  const keep = (key) => (event) => { item[key] = event.target.value; };
  return h("li", { class: `mb-suggestion${item.chosen ? " chosen" : ""}` },
    h("label", { class: "mb-check" },
      h("input", { type: "checkbox", id: `suggest-pick-${index}`, checked: item.chosen,
        onchange: (event) => { item.chosen = event.target.checked; render(); } }),
      h("span", {}, t("suggest.pick", { n })),
      item.kind ? h("span", { class: "mb-chip mb-small" }, t(`suggest.kind.${item.kind === "cloze" ? "cloze" : "definition"}`)) : null),
    // Each field named with its card's number ("Domanda 1", "Risposta 1"): a list of "Domanda"s cannot be told apart.
    field(t("suggest.question", { n }), h("textarea", { id: `suggest-front-${index}`, rows: "2", maxlength: String(FRONT_MAX), oninput: keep("front") }, item.front)),
    field(t("suggest.answer", { n }), h("textarea", { id: `suggest-back-${index}`, rows: "2", maxlength: String(BACK_MAX), oninput: keep("back") }, item.back)));
}

export function suggestPanel() {
  const suggest = state.suggest;
  if (!suggest) return null;
  const chosen = suggest.list?.filter((item) => item.chosen).length ?? 0;
  let body;
  if (suggest.error) body = errorLine(suggest.error, "suggest-error");
  else if (suggest.list === null) body = h("p", { class: "hint", role: "status" }, h("span", { "aria-hidden": "true" }, "🔎 "), t("suggest.loading"));
  else if (!suggest.list.length) {
    body = h("div", {}, h("p", { class: "mb-empty", id: "suggest-empty" }, t("suggest.none")),
      linkButton({ href: "#cards", emoji: "🃏", label: t("cards.addTitle"), id: "suggest-write" }));
  } else {
    body = h("div", {},
      h("p", { class: "hint" }, t("suggest.intro")),
      h("ol", { class: "mb-suggestions", id: "suggest-list" }, suggest.list.map(suggestion)),
      h("p", { class: "error-text", role: "alert", id: "suggest-problem" }, suggest.problem),
      h("div", { class: "mb-form-actions" },
        button({ emoji: "➕", label: t("suggest.add", { count: chosen }), cls: "primary mb-primary", id: "suggest-add", disabled: suggest.saving || !chosen,
          onclick: () => addChosen(suggest) })));
  }
  return h("section", { class: "mb-card mb-suggest", id: "suggest-panel", "aria-labelledby": "suggest-title" },
    h("div", { class: "mb-panel-head" },
      h("h2", { id: "suggest-title" }, h("span", { "aria-hidden": "true" }, "💡 "), t("suggest.title")),
      button({ emoji: "✖️", label: t("action.close"), id: "suggest-close", onclick: closeSuggestions })),
    body);
}
