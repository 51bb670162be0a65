// After Stop: the analysing stages while the server listens, then the score reveal — the numeral
// counting up, the verdict, the change against the personal average, "best yet", and confetti at
// 80 and above (none when the reader asked for less motion); below 60 it names what to work on.
// A failed take says why and offers to send the same recording again.
import { h } from "../shared/dom.js";
import { challengeAnswer } from "./challenges.js";
import { sounds } from "../shared/sounds.js";
import { abandonTake, beginTake, canSendAgain, sendAgain } from "./flow.js";
import { activityOfPrompt } from "./course-rules.js";
import { deltaText, dimensionName, moved, movedText, scoreBand, sincePrevious, verdict } from "./format.js";
import { axes, extremes, radar } from "./radar.js";
import { draw } from "./svg.js";
import { STAGES, stageAt } from "./session.js";
import { loadPrompt } from "./today.js";
import { kidAnalysingScreen, kidFailedScreen, kidRevealed, kidRevealScreen } from "./show-and-tell.js";
import { go, isKid, reducedMotion, state } from "./state.js";

/** The lesson a course practice's take belongs to ("w1-l1" of "course:w1-l1-a2"), or null. */
const lessonOf = (plan) => activityOfPrompt(plan?.promptId)?.replace(/-a\d+$/, "") ?? null;

function backToLesson(plan) {
  const lesson = lessonOf(plan);
  abandonTake();
  loadPrompt();  // Today answers today's prompt again, not the lesson's
  go(`#lesson/${lesson}`);
}

export function analysingScreen() {
  if (isKid()) return kidAnalysingScreen();
  const current = stageAt(Date.now() - state.flow.startedAt);
  return h("section", { class: "flow analysing glass-card center", "aria-labelledby": "analysing-title" },
    h("div", { class: "spinner", "aria-hidden": "true" }),
    h("h1", { class: "flow-title", id: "analysing-title" }, "Analysing your take"),
    h("ol", { class: "stages", id: "analysing-stages" }, STAGES.map((stage, index) =>
      h("li", { class: index < current ? "done" : index === current ? "now" : "", "aria-current": index === current ? "step" : null }, stage))),
    h("p", { class: "visually-hidden", role: "status", id: "analysing-status" }, STAGES[current]));
}

/** Moves the stages on without drawing the screen again. */
export function analysingTick(elapsedMs) {
  const list = document.getElementById("analysing-stages");
  if (!list) return;
  const current = stageAt(elapsedMs, list.children.length);
  [...list.children].forEach((item, index) => {
    item.className = index < current ? "done" : index === current ? "now" : "";
    if (index === current) item.setAttribute("aria-current", "step"); else item.removeAttribute("aria-current");
  });
  const status = document.getElementById("analysing-status");
  if (status && status.textContent !== list.children[current].textContent) status.textContent = list.children[current].textContent;
}

/** What the reveal says beside the score: best yet, first take, or the weakest axis below 60. */
export function revealNote(take, before = {}) {
  const score = take.score ?? take.analysis?.scores?.overall;
  if (!Number.isFinite(score)) return null;
  if (!before.takes) return "Your first scored take. Every take from here shows what moved.";
  if (Number.isFinite(before.bestScore) && score > before.bestScore) return "Your best yet!";
  if (score < 60) {
    const { weakest } = extremes(axes(take.analysis?.scores?.subscores));
    if (weakest) return `Work on ${dimensionName(weakest).toLowerCase()} next: the Coaching tab shows how.`;
  }
  return null;
}

export function revealScreen() {
  if (isKid()) return kidRevealScreen();
  const take = state.flow.take;
  const score = take.score ?? take.analysis?.scores?.overall ?? null;
  const band = scoreBand(score);
  const delta = deltaText(score, take.averages?.score);
  const previous = sincePrevious(score, take.previous?.score);
  const change = movedText(moved(take.analysis?.scores?.subscores, take.averages?.subscores));
  const note = revealNote(take, state.flow.plan?.before);
  const picture = radar(take.analysis?.scores?.subscores);
  return h("section", { class: `flow reveal glass-card center score-${band}`, id: "reveal", "aria-labelledby": "reveal-verdict" },
    score >= 80 && !reducedMotion() ? confetti() : null,
    h("p", { class: "eyebrow" }, "Your score"),
    h("p", { class: "display-numeral", id: "reveal-score", "aria-hidden": "true" }, reducedMotion() ? String(score ?? "–") : "0"),
    h("h1", { class: "verdict", id: "reveal-verdict" }, h("span", { class: "visually-hidden" }, `Score ${score ?? "none"}: `), verdict(score)),
    delta ? h("p", { class: `delta ${delta.direction}`, id: "reveal-delta" }, delta.text) : null,
    previous ? h("p", { class: `delta ${previous.direction}`, id: "reveal-previous" }, previous.text) : null,
    change ? h("p", { class: "delta same", id: "reveal-moved" }, change) : null,
    note ? h("p", { class: "lead", id: "reveal-note" }, note) : null,
    challengeAnswer(take),
    picture ? h("div", { class: "radar-box reveal-radar" }, draw(picture)) : null,
    h("div", { class: "row" },
      h("button", { class: "btn primary big", type: "button", id: "reveal-details", onclick: () => go(`#take/${encodeURIComponent(take.id)}`) }, "See the details"),
      h("button", { class: "btn big", type: "button", id: "reveal-again", onclick: () => beginTake({ withPrompt: Boolean(state.flow.plan?.promptId) }) }, "🔁 Another take"),
      lessonOf(state.flow.plan)
        ? h("button", { class: "btn big", type: "button", id: "reveal-lesson", onclick: () => backToLesson(state.flow.plan) }, "📘 Back to the lesson")
        : h("button", { class: "btn big", type: "button", id: "reveal-today", onclick: abandonTake }, "Done")));
}

/** Once the reveal is drawn: the count-up, a sound, the focus on the next thing to do. */
export function revealed(take) {
  if (isKid()) { kidRevealed(take); return; }
  const score = take.score ?? take.analysis?.scores?.overall;
  if (score >= 80) sounds.success(); else sounds.tap();
  document.getElementById("reveal-details")?.focus();
  const numeral = document.getElementById("reveal-score");
  if (!numeral || !Number.isFinite(score) || reducedMotion()) { if (numeral) numeral.textContent = String(score ?? "–"); return; }
  const started = performance.now();
  const frame = (now) => {
    const t = Math.min(1, (now - started) / 900);
    numeral.textContent = String(Math.round(score * (1 - (1 - t) ** 3)));
    if (t < 1 && numeral.isConnected) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

export function failedScreen() {
  if (isKid()) return kidFailedScreen();
  const flow = state.flow;
  return h("section", { class: "flow failed glass-card center", "aria-labelledby": "failed-title" },
    h("h1", { class: "flow-title", id: "failed-title" }, "That take didn't go through"),
    h("p", { class: "error-text", role: "alert", id: "failed-message" }, flow.message),
    h("div", { class: "row" },
      canSendAgain() ? h("button", { class: "btn primary big", type: "button", id: "send-again", onclick: sendAgain }, "Send it again") : null,
      h("button", { class: canSendAgain() ? "btn big" : "btn primary big", type: "button", id: "record-again",
        onclick: () => beginTake({ withPrompt: Boolean(flow.plan?.promptId) }) }, "🎤 Record again"),
      h("button", { class: "btn big", type: "button", id: "failed-today", onclick: abandonTake }, "Back to Today")));
}

/** Falling pieces in the tokens' colours (a class each: the page allows no inline colours). */
export function confetti() {
  return h("div", { class: "confetti", "aria-hidden": "true" }, Array.from({ length: 36 }, (_, i) => h("i", {
    class: `piece piece-${i % 5}`,
    style: `left: ${(i * 37) % 100}%; animation-delay: ${(i % 9) * 0.11}s; animation-duration: ${2 + (i % 5) * 0.35}s`,
  })));
}
