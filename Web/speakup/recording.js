// The recording screen: the prompt, a timer dial that turns orange, then red near the end (purple
// in overtime), the live level waveform, "hearing you", and Stop. It draws itself once; the clock
// and the waveform are then updated in place ten times a second (a full redraw would steal taps).
//
// Live counts of words, WPM and fillers come from the server over the take's WebSocket (live.js
// calls `onLive({words, wpm, fillers})`). Until the first arrives they stay hidden, never made up.
import { h } from "../shared/dom.js";
import { clock } from "./format.js";
import { closeTake, stopTake } from "./flow.js";
import { promptStrip } from "./countdown.js";
import { arc, dial } from "./rings.js";
import { timerView } from "./session.js";
import { isKid, state } from "./state.js";
import { draw } from "./svg.js";

const ids = { svg: "timer-dial", arc: "timer-arc", text: "timer-text" };
const LEVELS_KEPT = 96;
let levels = [];
let live = null;

/** The microphone's level (0…1, about 20 a second) for the waveform. */
export function takeLevel(level) {
  levels.push(level);
  if (levels.length > LEVELS_KEPT) levels.splice(0, levels.length - LEVELS_KEPT);
}

/** A new recording: no levels and no counts yet. */
export function recordingStarted() {
  levels = [];
  live = null;
  showLive();
}

/**
 * Live counts while recording (from the take's WebSocket): words so far, words a minute (from 5 s
 * on) and fillers heard. Show & Tell shows no numbers, so nothing is shown there.
 */
export function onLive({ words, wpm, fillers } = {}) {
  if (state.flow.phase !== "recording") return;
  live = { words, wpm, fillers };
  showLive();
}

function showLive() {
  const box = document.getElementById("live-counts");
  if (!box) return;
  box.hidden = live === null || isKid();
  if (!live) return;
  const put = (id, value) => { const cell = document.getElementById(id); if (cell) cell.textContent = Number.isFinite(value) ? String(Math.round(value)) : "–"; };
  put("live-words", live.words);
  put("live-wpm", live.wpm);
  put("live-fillers", live.fillers);
  box.classList.toggle("has-fillers", live.fillers > 0);
}

function timerText(view) {
  return view.phase === "overtime" ? `+${clock(view.over)}` : clock(Math.ceil(view.left));
}

export function recordingScreen() {
  const flow = state.flow;
  const kid = isKid();
  const starting = flow.phase === "starting";
  const view = timerView(0, flow.plan.seconds);
  const count = (id, name) => h("div", { class: "live-count" }, h("span", { class: "live-value", id }, "–"), h("span", { class: "live-name" }, name));
  return h("section", { class: "flow recording", "aria-labelledby": "recording-title" },
    h("div", { class: "flow-bar" },
      h("button", { class: "btn icon-btn", type: "button", id: "recording-close", "aria-label": kid ? "Stop and throw away" : "Close without keeping", onclick: closeTake }, "✕"),
      h("p", { class: "mic-pill", id: "mic-pill", role: "status" }, starting ? "Starting the microphone…" : kid ? "🎙️ I'm listening" : "🎙️ Recording")),
    promptStrip(flow.plan),
    h("h1", { class: "visually-hidden", id: "recording-title" }, "Recording"),
    h("div", { class: "dial-box" }, draw(dial({ fraction: 1, text: kid ? null : timerText(view), phase: view.phase, ids,
      label: kid ? "Time" : `${clock(flow.plan.seconds)} to go` }))),
    h("canvas", { class: "live-wave", id: "live-wave", "aria-hidden": "true", width: "600", height: "96" }),
    kid ? null : h("div", { class: "live-counts", id: "live-counts", hidden: true, "aria-live": "off" },
      count("live-words", "words"), count("live-wpm", "WPM"), count("live-fillers", "fillers")),
    // Silent when touched (Show & Tell says names aloud): the microphone would hear it.
    h("button", { class: "btn stop-button", type: "button", id: "stop-take", disabled: starting, onclick: stopTake, dataset: { say: "" },
      "aria-label": kid ? "Done! Stop talking" : "Stop and get my score" }, h("span", { "aria-hidden": "true" }, "⏹"), kid ? " Done!" : " Stop"));
}

/** Moves the dial and the waveform on (ten times a second while recording). */
export function recordingTick(elapsed) {
  const flow = state.flow;
  if (flow.phase !== "recording") return;
  const view = timerView(elapsed, flow.plan.seconds);
  const { dashoffset } = arc(view.phase === "overtime" ? 1 : 1 - view.fraction, 88);
  document.getElementById(ids.arc)?.setAttribute("stroke-dashoffset", String(dashoffset));
  document.getElementById(ids.svg)?.setAttribute("class", `dial dial-${view.phase}`);
  const text = document.getElementById(ids.text);
  if (text) text.textContent = timerText(view);
  if (!isKid()) document.getElementById(ids.svg)?.setAttribute("aria-label", view.phase === "overtime" ? `${clock(view.over)} over` : `${clock(Math.ceil(view.left))} to go`);
  document.getElementById("mic-pill")?.classList.toggle("heard", (levels.at(-1) ?? 0) > 0.05);
  drawWave(document.getElementById("live-wave"));
}

function drawWave(canvas) {
  if (!canvas) return;
  const width = Math.max(1, Math.round(canvas.clientWidth * (globalThis.devicePixelRatio || 1)));
  const height = Math.max(1, Math.round(canvas.clientHeight * (globalThis.devicePixelRatio || 1)));
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) return;
  context.clearRect(0, 0, width, height);
  context.fillStyle = getComputedStyle(canvas).color;
  const bar = width / LEVELS_KEPT;
  const offset = LEVELS_KEPT - levels.length;
  levels.forEach((level, index) => {
    const tall = Math.max(2, Math.min(1, level) * height);
    context.fillRect((offset + index) * bar + bar * 0.2, (height - tall) / 2, Math.max(1, bar * 0.6), tall);
  });
}
