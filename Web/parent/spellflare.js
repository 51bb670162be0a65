// Spellflare in the parent area: each child's report (accuracy by grade and level, trouble
// words, time practised, streak) and the family's own word lists, assigned per child.
import { api } from "../shared/api.js";
import { h } from "../shared/dom.js";
import { sounds } from "../shared/sounds.js";

const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
const percent = (value) => `${Math.round(value * 100)}%`;

/** Loads what the tab shows into `tab` (lists, children, the chosen child's report). */
export async function loadSpellflare(tab) {
  tab.children = (await api("/api/parent/children")).children;
  tab.lists = (await api("/api/parent/spellflare/lists")).lists;
  if (!tab.children.some((child) => child.id === tab.childId)) tab.childId = tab.children[0]?.id ?? null;
  tab.report = tab.childId
    ? await api(`/api/parent/spellflare/children/${tab.childId}/report?timeZone=${encodeURIComponent(timeZone)}`)
    : null;
}

function minutes(seconds) {
  const total = Math.round(seconds / 60);
  return total < 60 ? `${total} min` : `${Math.floor(total / 60)} h ${total % 60} min`;
}

function reportView(tab, { reload }) {
  const report = tab.report;
  const picker = h("label", { class: "field" }, "Child",
    h("select", { id: "report-child", onchange: (event) => { tab.childId = event.target.value; reload(); } },
      tab.children.map((child) => h("option", { value: child.id, selected: child.id === tab.childId }, `${child.avatar} ${child.name}`))));
  if (!report) return h("article", { class: "card" }, h("h3", {}, "Report"), h("p", { class: "hint" }, "Add a child to see their report."));
  const overall = report.overall;
  return h("article", { class: "card report", id: "spelling-report" },
    h("h3", {}, "Report"), picker,
    overall.answered === 0
      ? h("p", { class: "hint", id: "report-empty" }, "No words practised yet.")
      : h("div", { class: "report-grid" },
        h("div", { class: "stat" }, h("strong", { id: "report-accuracy" }, percent(overall.accuracy)), h("span", {}, `right first time (${overall.firstTry} of ${overall.answered})`)),
        h("div", { class: "stat" }, h("strong", { id: "report-time" }, minutes(report.secondsPractised)), h("span", {}, "practised")),
        h("div", { class: "stat" }, h("strong", { id: "report-streak" }, `${report.streakDays} 🔥`), h("span", {}, report.streakDays === 1 ? "day in a row" : "days in a row"))),
    report.byGrade.length ? h("table", { class: "report-table", id: "report-levels" },
      h("thead", {}, h("tr", {}, h("th", {}, "Grade"), h("th", {}, "Level"), h("th", {}, "Words"), h("th", {}, "Right first time"))),
      h("tbody", {}, report.byLevel.map((row) => h("tr", {},
        h("td", {}, row.grade), h("td", {}, row.level), h("td", {}, row.tally.answered), h("td", {}, percent(row.tally.accuracy)))))) : null,
    report.troubleWords.length ? h("div", {}, h("h4", {}, "Trouble words"),
      h("ul", { class: "trouble-words", id: "trouble-words" }, report.troubleWords.map((word) =>
        h("li", {}, h("strong", {}, word.word), ` missed ${word.misses} of ${word.attempts}`)))) : null);
}

function listForm(tab, { reload, render }) {
  // The draft lives in the tab's state, so a refused list stays on screen to be fixed.
  tab.draft ??= { name: "", text: "", error: "" };
  const draft = tab.draft;
  const showError = (message) => { draft.error = message; render(); };
  const name = h("input", { name: "listName", id: "list-name", maxlength: "60", required: true, placeholder: "Space week", value: draft.name,
    oninput: (event) => { draft.name = event.target.value; } });
  const text = h("textarea", { name: "listWords", id: "list-words", rows: "6", placeholder: "rocket\nplanet\ncomet",
    oninput: (event) => { draft.text = event.target.value; } }, draft.text);
  const file = h("input", { type: "file", id: "list-file", accept: ".csv,.txt,text/csv,text/plain", onchange: async () => {
    const chosen = file.files[0];
    if (!chosen) return;
    if (chosen.size > 16 * 1024) { showError("That file is larger than 16 KB: at most 300 words."); return; }
    draft.text = await chosen.text();
    if (!draft.name) draft.name = chosen.name.replace(/\.[^.]+$/, "");
    draft.error = "";
    render();
  } });
  const form = h("form", { class: "card", id: "list-form" }, h("h3", {}, "Add a word list"),
    h("label", { class: "field" }, "Name", name),
    h("label", { class: "field" }, "Words: one per line, or commas (letters a–z)", text),
    h("label", { class: "field" }, "…or a CSV file", file),
    h("p", { class: "error-text", role: "alert", id: "list-error" }, draft.error),
    h("button", { class: "btn primary", type: "submit", id: "list-save" }, "Save list"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await api("/api/parent/spellflare/lists", { method: "POST", body: { name: draft.name, text: draft.text } });
      sounds.success();
      tab.draft = null;
      reload();
    } catch (error) { showError(error.message); }
  });
  return form;
}

function listsView(tab, actions) {
  return h("div", { class: "list" },
    tab.lists.map((list) => h("article", { class: "item", dataset: { listId: list.id } },
      h("div", { class: "big", "aria-hidden": "true" }, "📝"),
      h("div", {},
        h("h3", {}, list.name), h("p", { class: "meta" }, `${list.words.length} words: ${list.words.slice(0, 12).join(", ")}${list.words.length > 12 ? "…" : ""}`),
        h("div", { class: "app-toggles", role: "group", "aria-label": `Who practises ${list.name}` }, tab.children.map((child) =>
          h("label", {}, h("input", { type: "checkbox", checked: list.childIds.includes(child.id),
            dataset: { childId: child.id, focusKey: `list-${list.id}-child-${child.id}` },
            onchange: (event) => assign(tab, child.id, list.id, event.target.checked, actions) }), `${child.avatar} ${child.name}`))),
        h("div", { class: "actions" }, h("button", { class: "btn danger", type: "button", dataset: { focusKey: `delete-list-${list.id}` }, onclick: async () => {
          try { await api(`/api/parent/spellflare/lists/${list.id}`, { method: "DELETE" }); actions.reload(); } catch (error) { actions.fail(error.message); }
        } }, "Delete list"))))),
    listForm(tab, actions));
}

async function assign(tab, childId, listId, on, { reload, fail }) {
  const current = tab.lists.filter((list) => list.childIds.includes(childId)).map((list) => list.id);
  const listIds = on ? [...new Set([...current, listId])] : current.filter((id) => id !== listId);
  try {
    await api(`/api/parent/spellflare/children/${childId}/lists`, { method: "PUT", body: { listIds } });
    reload();
  } catch (error) { fail(error.message); }
}

/** The tab: `actions.reload()` loads it again, `actions.render()` draws it, `actions.fail(message)` shows an error. */
export function spellflareView(tab, actions) {
  if (!tab.lists) return h("p", { class: "hint" }, "Loading…");
  return h("div", { class: "list spellflare-tab" },
    reportView(tab, actions),
    h("h2", {}, "🐝 Word lists"),
    h("p", { class: "hint" }, "Words from a child's lists come first in their games, before the built-in words."),
    listsView(tab, actions));
}
