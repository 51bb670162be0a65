// One drill (#drill/<id>): what to do (Impromptu Sprint's surprise topic with 🎲), Start, a
// three-second countdown, then the drill's seconds with live feedback from the server's stream
// (fillers so far, the pace against the green band, the pause markers lighting up with a sound),
// stopping by itself on time. The server judges the recording and keeps the result; the page shows
// the score, passed or not, and what was heard. A broken stream sends the recording instead.
import { h } from "../shared/dom.js";
import { microphoneProblem } from "../shared/recorder.js";
import { sounds } from "../shared/sounds.js";
import { DRILL_COUNTDOWN, drillUploadPath, liveFeedback, markerStates, pickTopic, resultFacts } from "./drill-rules.js";
import { uploadProblem } from "./flow.js";
import { withoutTyping, zoneQuery } from "./format.js";
import { liveURL } from "./live.js";
import { liveTries } from "./live-try.js";
import { drillById, keepDrillResult } from "./practice.js";
import { render, state } from "./state.js";

let timer = null;
// Each Start is a try; leaving, Cancel or another Start ends it, and what it was still opening
// (the microphone, the stream, the countdown) finds that out and stops.
const tries = liveTries();

const view = () => state.drill;

/** The drill the address names, ready to start (once the catalogue is in). */
export function openDrill(id) {
  stopDrill();
  const drill = drillById(id);
  const topics = state.practice?.exercises?.topics ?? [];
  state.drill = drill ? { drill, topic: drill.id === "impromptu-sprint" ? pickTopic(topics.length) : null, phase: "ready", counts: null, result: null, error: "" }
    : { id, drill: null };
}

/** Leaving the screen (or ✕) ends the recording; nothing is kept for a drill not finished. */
export function stopDrill() {
  tries.end();
  clearInterval(timer);
  timer = null;
}

const targetPace = () => {
  const settings = state.me?.settings ?? {};
  return settings.learnTarget && Number.isFinite(settings.learnedWPM) ? settings.learnedWPM : settings.targetWPM ?? 150;
};

function phase(next, patch = {}) {
  Object.assign(view(), { phase: next }, patch);
  render();
}

function begin() {
  stopDrill();
  const isCurrent = tries.current();
  const drill = view();
  sounds.tap();
  phase("countdown", { startedAt: performance.now(), result: null, error: "", counts: null });
  let beeped = null;
  const countdown = setInterval(() => {
    if (!isCurrent()) { clearInterval(countdown); return; }
    const left = Math.ceil(DRILL_COUNTDOWN - (performance.now() - drill.startedAt) / 1000);
    if (left !== beeped && left > 0) { beeped = left; sounds.tap(); const cell = document.getElementById("drill-countdown"); if (cell) cell.textContent = String(left); }
    if (left <= 0) { clearInterval(countdown); record(isCurrent); }
  }, 100);
  timer = countdown;
}

async function record(isCurrent) {
  const drill = view();
  const plan = { drill: drill.drill.id, topic: drill.topic };
  let opened;
  try {
    opened = await tries.open(isCurrent, { url: liveURL(plan, location, zoneQuery()), maxSeconds: drill.drill.seconds,
      onCounts: (counts) => { drill.counts = counts; }, onLimit: finish });
  } catch (error) {
    if (!isCurrent()) return;
    stopDrill();
    phase("failed", { error: withoutTyping(microphoneProblem(error)) });
    return;
  }
  // Cancelled, another Start, or another screen while the microphone was opening.
  if (!opened) return;
  sounds.go?.();
  phase("recording", { startedAt: performance.now(), lit: [] });
  timer = setInterval(tick, 100);
}

/** Ten times a second: the clock, the bar, the feedback and the markers, in place. */
function tick() {
  const drill = view();
  const elapsed = (performance.now() - drill.startedAt) / 1000;
  const states = markerStates(drill.drill.markers, elapsed);
  states.forEach((where, index) => {
    if (where === "now" && drill.lit[index] !== "now") sounds.hold?.();
    if (where === "past" && drill.lit[index] === "now") sounds.go?.();
    document.getElementById(`drill-marker-${index}`)?.setAttribute("data-state", where);
  });
  drill.lit = states;
  const left = document.getElementById("drill-left");
  if (left) left.textContent = String(Math.max(0, Math.ceil(drill.drill.seconds - elapsed)));
  document.getElementById("drill-progress")?.setAttribute("value", String(Math.min(100, Math.round(elapsed / drill.drill.seconds * 100))));
  const feedback = liveFeedback(drill.drill, drill.counts, elapsed, targetPace());
  const panel = document.getElementById("drill-feedback");
  if (panel && panel.dataset.value !== feedback.value + feedback.label) {
    panel.dataset.value = feedback.value + feedback.label;
    panel.dataset.tone = feedback.tone;
    panel.querySelector(".feedback-value").textContent = feedback.value;
    panel.querySelector(".feedback-label").textContent = feedback.label;
  }
}

/** Time is up (or Stop): the server's verdict, from the stream or from the recording sent whole. */
async function finish() {
  const drill = view();
  if (drill?.phase !== "recording") return;
  clearInterval(timer);
  phase("judging");
  try {
    const item = await tries.finish("drill", drillUploadPath(drill.drill.id, drill.topic));
    if (view() !== drill) return;
    keepDrillResult(item);
    if (item.drill.passed) sounds.success?.(); else sounds.gentle?.();
    phase("result", { result: item.drill });
    document.getElementById("drill-again")?.focus();
  } catch (error) {
    if (view() === drill) phase("failed", { error: uploadProblem(error) });
  }
}

function cancel() {
  stopDrill();
  phase("ready", { counts: null });
}

function newTopic() {
  const drill = view();
  drill.topic = pickTopic(state.practice?.exercises?.topics?.length ?? 0, drill.topic);
  sounds.tap();
  render();
}

function topicCard(drill) {
  if (drill.topic === null) return null;
  const text = state.practice?.exercises?.topics?.[drill.topic] ?? "";
  return h("div", { class: "drill-topic", id: "drill-topic" },
    h("p", { class: "eyebrow" }, "Your topic"),
    h("p", { class: "prompt-text" }, text),
    drill.phase === "ready" ? h("button", { class: "btn", type: "button", id: "drill-new-topic", onclick: newTopic }, "🎲 Another topic") : null);
}

function markers(drill) {
  if (!drill.drill.markers.length) return null;
  return h("div", { class: "drill-markers", "aria-hidden": "true" }, drill.drill.markers.map((second, index) =>
    h("span", { class: "drill-marker", id: `drill-marker-${index}`, "data-state": drill.lit?.[index] ?? "upcoming",
      style: `left: ${(second / drill.drill.seconds) * 100}%` }, "⏸")));
}

function stage(drill) {
  if (drill.phase === "countdown") {
    return h("section", { class: "glass-card center drill-stage" },
      h("p", { class: "drill-big", id: "drill-countdown", "aria-live": "polite" }, String(DRILL_COUNTDOWN)),
      h("p", { class: "hint" }, "Get ready…"),
      h("button", { class: "btn big", type: "button", id: "drill-cancel", onclick: cancel }, "✕ Cancel"));
  }
  if (drill.phase === "recording") {
    const feedback = liveFeedback(drill.drill, drill.counts, 0, targetPace());
    return h("section", { class: "glass-card center drill-stage", id: "drill-recording" },
      h("p", { class: "drill-left", "aria-label": "Seconds left" }, h("span", { id: "drill-left" }, String(drill.drill.seconds))),
      h("div", { class: "drill-track" },
        h("progress", { id: "drill-progress", max: 100, value: 0, "aria-label": "How far through the drill" }), markers(drill)),
      h("div", { class: "drill-feedback", id: "drill-feedback", "data-tone": feedback.tone, role: "status", "aria-live": "polite" },
        h("span", { class: "feedback-value" }, feedback.value), h("span", { class: "feedback-label" }, feedback.label)),
      h("div", { class: "row" },
        h("button", { class: "btn big", type: "button", id: "drill-cancel", onclick: cancel }, "✕ Cancel"),
        h("button", { class: "btn danger big", type: "button", id: "drill-stop", onclick: finish }, "⏹ Stop")));
  }
  if (drill.phase === "judging") {
    return h("section", { class: "glass-card center drill-stage", id: "drill-judging" },
      h("p", { class: "big-emoji", "aria-hidden": "true" }, "👂"), h("p", { class: "hint", role: "status" }, "Listening to your drill…"));
  }
  if (drill.phase === "result") {
    const result = drill.result;
    return h("section", { class: `glass-card center drill-stage drill-result ${result.passed ? "passed" : "missed"}`, id: "drill-result",
      dataset: { passed: String(result.passed) }, "aria-live": "polite" },
      h("p", { class: "big-emoji", "aria-hidden": "true" }, result.passed ? "🏆" : "💪"),
      h("h2", { class: "flow-title" }, result.passed ? "Passed!" : "Not yet"),
      h("p", { class: "drill-score", id: "drill-score" }, h("span", { class: "drill-big" }, String(result.score)), h("span", { class: "hint" }, " / 100")),
      h("p", { class: "drill-verdict", id: "drill-verdict" }, result.verdict),
      h("p", { class: "hint", id: "drill-facts" }, resultFacts(result).join(" · ")),
      h("div", { class: "row" },
        h("button", { class: "btn primary big", type: "button", id: "drill-again", onclick: begin }, "🔁 Again"),
        h("a", { class: "btn big", href: "#practice", id: "drill-done" }, "✓ Done")));
  }
  return h("section", { class: "glass-card center drill-stage" },
    drill.phase === "failed" ? h("p", { class: "error-text", role: "alert", id: "drill-error" }, drill.error) : null,
    h("button", { class: "btn primary big", type: "button", id: "drill-start", onclick: begin }, drill.phase === "failed" ? "🔁 Try again" : "▶️ Start"));
}

export function drillScreen() {
  const drill = view();
  const back = h("a", { class: "btn ghost back-link", href: "#practice", id: "drill-back" }, "← Practice");
  if (!drill?.drill) return h("div", { class: "drill" }, back, h("p", { class: "hint", role: "status" }, drill ? "There is no such drill." : "Loading…"));
  const target = drill.drill.id === "pace-control" ? ` Your target: ${targetPace()} words a minute.` : "";
  return h("div", { class: "drill", id: "drill", dataset: { phase: drill.phase } },
    back,
    h("h1", { class: "screen-title center" }, h("span", { "aria-hidden": "true" }, `${drill.drill.emoji} `), drill.drill.title),
    h("p", { class: "center drill-goal" }, drill.drill.goal),
    drill.phase === "ready" || drill.phase === "failed" ? h("p", { class: "hint center" }, `${drill.drill.instructions}${target}`) : null,
    topicCard(drill),
    stage(drill));
}
