// Show & Tell's take page and its list of talks: stars, the question and the kind tip read aloud,
// a big button to hear yourself, a heart to keep a talk, days as words ("Yesterday", "Monday"),
// the streak as flames, Then and Now (the first talk and the newest, to hear how far she has come)
// and the heatmap of days talked. No numbers, nothing that must be read.
import { api } from "../shared/api.js";
import { h } from "../shared/dom.js";
import { hearAgainButton, instruct } from "../shared/speak-on-touch.js";
import { kidThenAndNow } from "./compare-rows.js";
import { kidDay } from "./format.js";
import { heatmapSVG } from "./heatmap.js";
import { playbackBar } from "./playback.js";
import { flames, stars } from "./show-and-tell.js";
import { stopSpeaking } from "../shared/speech.js";
import { progressed, state } from "./state.js";
import { draw } from "./svg.js";
import { deleteTake, openCard, openJournal, toggleFavourite } from "./take-page.js";
import { challengeAnswer, challengeButton } from "./challenges.js";

let saidHistory = false;
let playing = null; // Then and Now's <audio>: one talk plays at a time

function hear(point) {
  playing?.pause();
  stopSpeaking();
  playing = new Audio(`/api/speakup/takes/${encodeURIComponent(point.takeId)}/audio`);
  playing.play().catch(() => {});
  // Listening back to a talk of one's own (Brave Listener).
  api(`/api/speakup/takes/${encodeURIComponent(point.takeId)}/listened`, { method: "POST" }).then(progressed, () => {});
}

function thenAndNowCard(points) {
  const pair = kidThenAndNow(points);
  if (!pair || state.me?.storage?.keepRecordings === false) return null;
  const side = (point, id, icon, label) => h("div", { class: "kid-then-now-side" },
    h("button", { class: "btn big primary", type: "button", id, "aria-label": label, dataset: { say: label }, onclick: () => hear(point) }, icon),
    stars(point.stars));
  return h("section", { class: "glass-card center kid-then-now", id: "kid-then-now", "aria-label": "Then and now" },
    h("h2", { class: "section-title center" }, "👂 Then and now"),
    h("div", { class: "row" }, side(pair.then, "hear-first-talk", "▶️ 🐣", "Hear your first talk"),
      side(pair.now, "hear-newest-talk", "▶️ 🦋", "Hear your newest talk")));
}

export function kidTakeScreen() {
  const take = state.take;
  if (!take) {
    return state.takeError ? h("section", { class: "glass-card center" }, h("p", { class: "error-text", role: "alert" }, state.takeError),
      h("a", { class: "btn big", href: "#history", "aria-label": "Back to my talks" }, "↩️")) : h("p", { class: "hint", role: "status" }, "Loading…");
  }
  const count = take.showAndTell?.stars ?? take.stars ?? 0;
  const tip = take.showAndTell?.tip ?? "";
  if (tip && !state.said.has(`tip:${take.id}`)) { state.said.add(`tip:${take.id}`); instruct(tip); }
  return h("div", { class: "take-page kid-take", id: "take-page", dataset: { takeId: take.id } },
    h("a", { class: "btn big back-link", href: "#history", id: "back-to-history", "aria-label": "Back to my talks" }, "↩️ ⭐"),
    h("section", { class: "glass-card center score-hero" },
      h("p", { class: "eyebrow", id: "take-meta", dataset: { say: kidDay(take.createdAt) } }, kidDay(take.createdAt)),
      stars(count, { id: "take-stars" }),
      take.prompt ? h("div", { class: "kid-prompt" }, h("p", { class: "prompt-text", id: "take-title" }, take.prompt.text),
        hearAgainButton(take.prompt.text, { label: "Hear the question", id: "hear-take-prompt" })) : h("h1", { class: "screen-title", id: "take-title" }, "💭 My own idea")),
    challengeAnswer(take),
    tip ? h("section", { class: "glass-card kid-tip", id: "take-tip" }, h("p", {}, "💡 ", tip), hearAgainButton(tip, { label: "Hear the tip", id: "hear-take-tip" })) : null,
    playbackBar(),
    h("div", { class: "row" },
      h("button", { class: `btn big${take.favorite ? " on" : ""}`, type: "button", id: "favorite-take", "aria-pressed": String(Boolean(take.favorite)),
        "aria-label": take.favorite ? "A favourite. Tap to stop keeping it" : "Keep as a favourite", onclick: toggleFavourite }, take.favorite ? "💖" : "🤍"),
      h("button", { class: "btn big", type: "button", id: "card-take", "aria-label": "My star card", onclick: () => openCard(take) }, "🌟🖼️"),
      challengeButton(take),
      h("button", { class: "btn big danger-outline", type: "button", id: "delete-take", "aria-label": "Delete this talk", onclick: () => deleteTake({ kid: true }) }, "🗑️")));
}

function kidRow(take) {
  const count = take.stars ?? 0;
  const day = kidDay(take.createdAt);
  return h("li", {}, h("a", { class: "take-row kid-row", href: `#take/${encodeURIComponent(take.id)}`, dataset: { takeId: take.id, focusKey: `take-${take.id}`,
    say: `${day}. ${count === 1 ? "1 star" : `${count} stars`}${take.favorite ? ". A favourite" : ""}` } },
  h("span", { class: "take-row-main" }, h("span", { class: "take-title" }, take.favorite ? "💖 " : "", take.title || "💭"), h("span", { class: "take-meta" }, day)),
  stars(count)));
}

export function kidHistoryScreen() {
  const view = state.history;
  const data = view.data;
  if (!saidHistory) { saidHistory = true; instruct("Your talks. Tap one to hear it again."); }
  return h("div", { class: "history kid-history" },
    h("div", { class: "row start" }, h("h1", { class: "screen-title" }, "⭐ My talks"),
      hearAgainButton("Your talks. Tap one to hear it again.", { label: "Hear this", id: "hear-history" })),
    h("div", { class: "row start" }, h("a", { class: "btn kid secondary", href: "#goals", id: "kid-badges", dataset: { say: "My badges" } }, "🏆 My badges"),
      h("button", { class: "btn secondary", type: "button", id: "history-journal", dataset: { say: "Journal, for grown-ups" }, onclick: openJournal }, "📄 Journal (grown-ups)")),
    view.error ? h("p", { class: "error-text", role: "alert" }, view.error) : null,
    data ? flames(data.streak && { ...data.streak, alive: (data.streak.current ?? 0) > 0 }) : null,
    data ? thenAndNowCard(data.series ?? []) : null,
    view.takes === null ? h("p", { class: "hint", role: "status" }, "Loading…")
      : view.takes.length ? h("ul", { class: "plain take-list", id: "take-list" }, view.takes.map(kidRow))
        : h("p", { class: "glass-card empty", id: "no-takes" }, "🎤 ", "No talks yet!"),
    data ? h("section", { class: "glass-card heatmap-card", id: "heatmap-card", "aria-label": "Days you talked" },
      draw(heatmapSVG(data.heatmap ?? [], { mode: "sessions", months: false, label: "Days you talked",
        cellText: (cell) => (cell.sessions ? "You talked" : "No talk") }))) : null);
}
