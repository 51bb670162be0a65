// A take's page (the coach): what was answered, the title (rename), favourite and delete (asked
// first); the score, verdict and change against the personal average and the last take; the radar;
// then three tabs — Breakdown, Transcript, Coaching — over a playback bar that stays put.
import { api } from "../shared/api.js";
import { openSheet } from "../shared/dialog.js";
import { h, mount } from "../shared/dom.js";
import { sounds } from "../shared/sounds.js";
import { breakdownTab } from "./breakdown.js";
import { challengeAnswer, challengeButton } from "./challenges.js";
import { coachingTab } from "./coaching.js";
import { deltaText, humanize, lengthText, moved, movedText, scoreBand, shortDate, sincePrevious, verdict } from "./format.js";
import { playbackBar, prepareAudio } from "./playback.js";
import { radar } from "./radar.js";
import { go, isKid, render, state } from "./state.js";
import { draw } from "./svg.js";
import { transcriptTab } from "./transcript.js";

const TABS = [["breakdown", "Breakdown"], ["transcript", "Transcript"], ["coaching", "Coaching"]];

/** Loads the take the address names (the page shows "Loading…" meanwhile). */
export async function loadTake(id) {
  if (state.take?.id !== id) { state.take = null; state.takeTab = "breakdown"; }
  state.takeError = "";
  try {
    const take = await api(`/api/speakup/takes/${encodeURIComponent(id)}`);
    if (state.route.name !== "take" || state.route.id !== id) return;
    state.take = take;
    prepareAudio(take, { kid: isKid() });
  } catch (error) {
    state.takeError = error.message;
  }
  render();
}

/** Saves a change (title, favourite) and keeps the take's other fields. */
export async function patchTake(change) {
  const take = state.take;
  try {
    const summary = await api(`/api/speakup/takes/${encodeURIComponent(take.id)}`, { method: "PATCH", body: change });
    if (state.take === take) state.take = { ...take, ...summary };
    state.takeError = "";
  } catch (error) { state.takeError = error.message; }
  render();
}

/** The score card sheet (its module loads when first asked for). */
export function openCard(take) {
  sounds.tap();
  return import("./exports.js").then((exports) => exports.openScoreCard(take));
}

/** The journal sheet (loaded as the card's). */
export function openJournal() {
  sounds.tap();
  return import("./exports.js").then((exports) => exports.openJournal());
}

export function toggleFavourite() {
  sounds.tap();
  return patchTake({ favorite: !state.take.favorite });
}

/** Delete, asked first; then History. */
export async function deleteTake({ kid = false } = {}) {
  const take = state.take;
  const sure = await openSheet({
    label: "Delete this take?", kid, cancelText: kid ? "Keep it" : "Keep",
    render(body, close, voice) {
      mount(body, h("h2", {}, "Delete this take?"),
        h("p", {}, kid ? "Your talk and its stars go away." : "Its recording, transcript and scores go for good."),
        h("button", { class: "btn danger big", type: "button", id: "confirm-delete", onclick: () => close(true) }, "🗑️ Delete"));
      voice.say("Delete this talk? Tap keep it to keep it.");
    },
  });
  if (!sure) return;
  try {
    await api(`/api/speakup/takes/${encodeURIComponent(take.id)}`, { method: "DELETE" });
    state.history.takes = null;
    go("#history");
  } catch (error) { state.takeError = error.message; render(); }
}

function rename() {
  const take = state.take;
  return openSheet({
    label: "Rename this take",
    render(body, close) {
      const input = h("input", { id: "rename-input", maxlength: "80", required: true, value: take.title ?? "", autocomplete: "off" });
      const form = h("form", { class: "sheet-form", id: "rename-form" },
        h("label", { class: "field", for: "rename-input" }, "Title", input),
        h("button", { class: "btn primary", type: "submit", id: "rename-save" }, "Save"));
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        const title = input.value.trim();
        if (title) { close(true); patchTake({ title }); }
      });
      mount(body, form);
      input.select();
    },
  });
}

function hero(take) {
  const score = take.score ?? take.analysis?.scores?.overall ?? null;
  const delta = deltaText(score, take.averages?.score);
  const previous = sincePrevious(score, take.previous?.score);
  const change = movedText(moved(take.analysis?.scores?.subscores, take.averages?.subscores));
  const picture = radar(take.analysis?.scores?.subscores);
  return h("section", { class: `glass-card score-hero score-${scoreBand(score)}`, "aria-labelledby": "take-verdict" },
    h("div", { class: "hero-score" },
      h("p", { class: "display-numeral", id: "take-score" }, score ?? "–"),
      h("p", { class: "verdict", id: "take-verdict" }, verdict(score)),
      delta ? h("p", { class: `delta ${delta.direction}`, id: "take-delta" }, delta.text) : null,
      previous ? h("p", { class: `delta ${previous.direction}`, id: "take-previous" },
        h("a", { href: `#take/${encodeURIComponent(take.previous.id)}` }, previous.text)) : null,
      change ? h("p", { class: "delta same", id: "take-moved" }, change) : null),
    picture ? h("div", { class: "radar-box" }, draw(picture)) : null);
}

function tabs() {
  const select = (id) => { state.takeTab = id; render(); document.getElementById(`tab-${id}`)?.focus(); };
  return h("div", { class: "tabs", role: "tablist", "aria-label": "About this take",
    onkeydown: (event) => {
      const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
      if (!step) return;
      const index = TABS.findIndex(([id]) => id === state.takeTab);
      select(TABS[(index + step + TABS.length) % TABS.length][0]);
    } },
  TABS.map(([id, name]) => h("button", { class: "tab", type: "button", role: "tab", id: `tab-${id}`, "aria-selected": String(state.takeTab === id),
    "aria-controls": "take-panel", tabindex: state.takeTab === id ? "0" : "-1", onclick: () => select(id) }, name)));
}

export function takeScreen() {
  const take = state.take;
  if (!take) {
    return state.takeError ? h("section", { class: "glass-card center" }, h("p", { class: "error-text", role: "alert" }, state.takeError),
      h("a", { class: "btn", href: "#history" }, "Back to History")) : h("p", { class: "hint", role: "status" }, "Loading…");
  }
  const prompt = take.prompt;
  const panels = { breakdown: breakdownTab, transcript: transcriptTab, coaching: coachingTab };
  return h("div", { class: "take-page", id: "take-page", dataset: { takeId: take.id } },
    h("a", { class: "btn ghost back-link", href: "#history", id: "back-to-history" }, "← History"),
    h("header", { class: "take-context" },
      h("p", { class: "eyebrow", id: "take-meta" }, [prompt?.category && humanize(prompt.category), prompt?.difficulty && humanize(prompt.difficulty),
        lengthText(take.seconds), shortDate(take.createdAt)].filter(Boolean).join(" · ")),
      h("h1", { class: "screen-title", id: "take-title" }, take.title || prompt?.text || "Free practice"),
      prompt && take.title && take.title !== prompt.text ? h("p", { class: "hint" }, prompt.text) : null,
      h("div", { class: "row start" },
        h("button", { class: "btn", type: "button", id: "rename-take", onclick: rename }, "✏️ Rename"),
        h("button", { class: `btn${take.favorite ? " on" : ""}`, type: "button", id: "favorite-take", "aria-pressed": String(Boolean(take.favorite)),
          onclick: toggleFavourite }, take.favorite ? "★ Favourite" : "☆ Favourite"),
        take.previous ? h("a", { class: "btn", href: `#compare/${encodeURIComponent(take.previous.id)}/${encodeURIComponent(take.id)}`, id: "compare-take" },
          "⚖️ Compare with last time") : null,
        h("button", { class: "btn", type: "button", id: "card-take", onclick: () => openCard(take) }, "🖼️ Score card"),
        challengeButton(take),
        h("button", { class: "btn danger-outline", type: "button", id: "delete-take", onclick: () => deleteTake() }, "🗑️ Delete"))),
    state.takeError ? h("p", { class: "error-text", role: "alert" }, state.takeError) : null,
    challengeAnswer(take),
    hero(take),
    tabs(),
    h("section", { class: "tab-panel", id: "take-panel", role: "tabpanel", "aria-labelledby": `tab-${state.takeTab}` }, panels[state.takeTab](take)),
    playbackBar());
}
