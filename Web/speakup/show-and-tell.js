// Show & Tell (grades 1–4): the same app with no reading needed. The prompt is read aloud (and a
// big 🔊 says it again), three short lengths drawn as clocks, big targets, stars instead of
// numbers, one kind tip read aloud. No numerals anywhere on its screens.
import { h } from "../shared/dom.js";
import { challengeAnswer, familyChallengeCard } from "./challenges.js";
import { hearAgainButton, instruct } from "../shared/speak-on-touch.js";
import { sounds } from "../shared/sounds.js";
import { stopSpeaking } from "../shared/speech.js";
import { abandonTake, beginTake, canSendAgain, sendAgain } from "./flow.js";
import { starRow } from "./format.js";
import { confetti } from "./reveal.js";
import { el, draw } from "./svg.js";
import { durationPills, reroll } from "./today.js";
import { go, reducedMotion, state } from "./state.js";

const PRAISE = ["Good try!", "Good try!", "Nice talking!", "Nice work!", "Great job!", "Amazing!"];
let saidPrompt = null;

/** A length as a clock face filled that far round a minute: half, three quarters, whole. */
export function lengthPicture(seconds) {
  const fraction = Math.min(1, seconds / 60);
  const angle = 2 * Math.PI * fraction - Math.PI / 2;
  const large = fraction > 0.5 ? 1 : 0;
  const x = 20 + 16 * Math.cos(angle);
  const y = 20 + 16 * Math.sin(angle);
  const slice = fraction >= 1 ? el("circle", { class: "pie-fill", cx: 20, cy: 20, r: 16 })
    : el("path", { class: "pie-fill", d: `M20,20 L20,4 A16,16 0 ${large} 1 ${Math.round(x * 10) / 10},${Math.round(y * 10) / 10} Z` });
  return draw(el("svg", { class: "pie", viewBox: "0 0 40 40", "aria-hidden": "true" }, el("circle", { class: "pie-face", cx: 20, cy: 20, r: 16 }), slice));
}

/** Stars, filled and empty, with their count for the ear only. */
export function stars(count, { id } = {}) {
  const row = starRow(count);
  return h("p", { class: "star-row", id, role: "img", "aria-label": row.label, dataset: { say: row.label, stars: String(row.filled) } },
    Array.from({ length: row.filled }, () => h("span", { class: "star on", "aria-hidden": "true" }, "⭐")),
    Array.from({ length: row.empty }, () => h("span", { class: "star off", "aria-hidden": "true" }, "☆")));
}

/** The streak as flames (at most seven), or a seedling when there is none: no numbers. */
export function flames(streak = {}) {
  const days = streak.alive ? streak.current ?? 0 : 0;
  const label = days === 0 ? "Talk today to start a streak" : days === 1 ? "You talked today or yesterday" : `${days} days in a row`;
  return h("p", { class: "flames", id: "kid-streak", role: "img", "aria-label": label, dataset: { say: label } },
    days === 0 ? "🌱" : "🔥".repeat(Math.min(7, days)));
}

const promptWords = () => (state.prompt ? `${state.prompt.text}` : "");

export function kidTodayScreen() {
  const name = state.me.speaker?.name ?? state.child?.name ?? "";
  const prompt = state.prompt;
  if (prompt && saidPrompt !== prompt.id) {
    saidPrompt = prompt.id;
    instruct(`Hi ${name}! ${prompt.text} Tap the microphone to talk about it.`);
  }
  return h("div", { class: "today kid-today" },
    h("header", { class: "today-header" },
      h("h1", { class: "screen-title", id: "greeting" }, `Hi, ${name}! 👋`),
      flames(state.me.today?.streak)),
    prompt ? h("section", { class: "glass-card featured prompt-card", id: "prompt-card", "aria-labelledby": "prompt-text" },
      h("p", { class: "prompt-text", id: "prompt-text", dataset: { promptId: prompt.id } }, prompt.text),
      h("div", { class: "row" },
        hearAgainButton(promptWords, { label: "Hear the question", id: "hear-prompt" }),
        h("button", { class: "btn", type: "button", id: "reroll-prompt", "aria-label": "Another question",
          onclick: async () => { const next = await reroll(); if (next) { saidPrompt = next.id; instruct(next.text); } } }, "🎲")),
      durationPills({ kid: true, picture: lengthPicture })) : null,
    h("div", { class: "start-row" },
      prompt ? h("button", { class: "btn primary big", type: "button", id: "start-with-prompt", onclick: () => beginTake({ withPrompt: true }),
        dataset: { say: "Talk about it" } }, "🎤 Talk about it") : null,
      h("button", { class: "btn secondary big", type: "button", id: "start-free", onclick: () => beginTake({ withPrompt: false }),
        dataset: { say: "Talk about my own idea" } }, "💭 My own idea"),
      h("a", { class: "btn secondary big", href: "#wheel", id: "open-wheel", "aria-label": "Spin the question wheel",
        dataset: { say: "Spin the question wheel" } }, "🎡 Spin a question")),
    familyChallengeCard());
}

/** What Show & Tell says as each phase of a take begins (nothing while recording: the microphone would hear it). */
export function kidVoice(flow) {
  if (flow.phase === "countdown") instruct("Get ready!");
  if (flow.phase === "recording") stopSpeaking();
  if (flow.phase === "failed") instruct(flow.message);
}

export function kidAnalysingScreen() {
  return h("section", { class: "flow analysing glass-card center", "aria-labelledby": "analysing-title" },
    h("div", { class: "kid-ear", "aria-hidden": "true" }, "👂"),
    h("h1", { class: "flow-title", id: "analysing-title" }, "Listening to you…"),
    h("div", { class: "spinner", "aria-hidden": "true" }));
}

const praiseFor = (count) => PRAISE[Math.max(0, Math.min(5, count ?? 0))];

export function kidRevealScreen() {
  const take = state.flow.take;
  const count = take.showAndTell?.stars ?? take.stars ?? 0;
  const tip = take.showAndTell?.tip ?? "";
  return h("section", { class: "flow reveal kid-reveal glass-card center", id: "reveal", "aria-labelledby": "reveal-verdict" },
    count >= 4 && !reducedMotion() ? confetti() : null,
    stars(count, { id: "reveal-stars" }),
    h("h1", { class: "verdict", id: "reveal-verdict" }, praiseFor(count)),
    tip ? h("div", { class: "kid-tip", id: "reveal-tip" }, h("p", {}, tip), hearAgainButton(tip, { label: "Hear the tip", id: "hear-tip" })) : null,
    challengeAnswer(take),
    h("div", { class: "row" },
      h("button", { class: "btn primary big", type: "button", id: "reveal-details", dataset: { say: "Hear myself" },
        onclick: () => go(`#take/${encodeURIComponent(take.id)}`) }, "▶️ Hear myself"),
      h("button", { class: "btn big", type: "button", id: "reveal-again", dataset: { say: "Talk again" },
        onclick: () => beginTake({ withPrompt: Boolean(state.flow.plan?.promptId) }) }, "🎤 Again"),
      h("button", { class: "btn big", type: "button", id: "reveal-today", "aria-label": "All done", onclick: abandonTake }, "✅")));
}

export function kidRevealed(take) {
  const count = take.showAndTell?.stars ?? take.stars ?? 0;
  if (count >= 4) sounds.success(); else sounds.tap();
  document.getElementById("reveal-details")?.focus();
  state.said.add(`tip:${take.id}`); // the take's page need not say it again
  instruct(`${praiseFor(count)} You got ${starRow(count).label}. ${take.showAndTell?.tip ?? ""}`);
}

export function kidFailedScreen() {
  const flow = state.flow;
  return h("section", { class: "flow failed glass-card center", "aria-labelledby": "failed-title" },
    h("div", { class: "kid-ear", "aria-hidden": "true" }, "🙈"),
    h("h1", { class: "flow-title", id: "failed-title" }, "Oops!"),
    h("p", { class: "error-text", role: "alert", id: "failed-message" }, flow.message),
    hearAgainButton(flow.message, { label: "Hear it again", id: "hear-failed" }),
    h("div", { class: "row" },
      canSendAgain() ? h("button", { class: "btn primary big", type: "button", id: "send-again", "aria-label": "Send it again", onclick: sendAgain }, "📨") : null,
      h("button", { class: "btn big", type: "button", id: "record-again", "aria-label": "Talk again",
        onclick: () => beginTake({ withPrompt: Boolean(flow.plan?.promptId) }) }, "🎤"),
      h("button", { class: "btn big", type: "button", id: "failed-today", "aria-label": "Back", onclick: abandonTake }, "↩️")));
}

