// A take's recording: fetched once (the server's Ogg Opus), played from any second (a tapped word,
// a filler chip, a tip's "Hear it"), with a bar of play/pause, ±10 s, a seekable waveform and the
// time (Show & Tell: play and the waveform, no numbers). The bar and its <audio id="take-audio"> are made once per take and moved into each redraw,
// so playing goes on while the page is drawn again. Listeners follow the time (the word being heard). The first play
// tells the server the speaker listened back.
import { api } from "../shared/api.js";
import { h, mount } from "../shared/dom.js";
import { stopSpeaking } from "../shared/speech.js";
import { peaks } from "./charts.js";
import { clock } from "./format.js";
import { progressed, render } from "./state.js";
import { draw, el } from "./svg.js";

const BARS = 120;
let current = null; // {takeId, audio, url, bar, wave, peaks, status, kid}
const listeners = new Set();

/** Calls `listener(seconds)` as the recording plays; returns a function that stops it. */
export function onTime(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The length to show: the audio's own when the browser knows it, else the take's. */
const length = () => (Number.isFinite(current?.audio.duration) && current.audio.duration > 0 ? current.audio.duration : current?.seconds ?? 0);

/** Starts loading `take`'s recording (once); the bar shows "loading", then the waveform. */
export function prepareAudio(take, { kid = false } = {}) {
  if (current?.takeId === take.id) return current;
  leaveTake();
  const audio = h("audio", { id: "take-audio", preload: "auto" });
  current = { takeId: take.id, audio, url: null, peaks: null, seconds: take.seconds ?? take.analysis?.duration ?? 0, kid,
    status: take.hasAudio === false ? "none" : "loading" };
  current.bar = buildBar();
  for (const type of ["timeupdate", "play", "pause", "ended", "loadedmetadata", "seeked"]) audio.addEventListener(type, update);
  // The first play tells the server the speaker listened back (Brave Listener); a failure costs nothing.
  audio.addEventListener("play", () => {
    api(`/api/speakup/takes/${encodeURIComponent(take.id)}/listened`, { method: "POST" }).then(progressed, () => {});
  }, { once: true });
  if (current.status === "loading") fetchAudio(current, take);
  update();
  return current;
}

async function fetchAudio(entry, take) {
  try {
    const response = await fetch(`/api/speakup/takes/${encodeURIComponent(take.id)}/audio`, { credentials: "same-origin" });
    if (!response.ok) throw new Error(String(response.status));
    const bytes = await response.arrayBuffer();
    if (current !== entry) return;
    entry.url = URL.createObjectURL(new Blob([bytes], { type: response.headers.get("Content-Type") ?? "audio/ogg" }));
    entry.audio.src = entry.url;
    entry.status = "ready";
    entry.peaks = levelsToPeaks(take.analysis?.levels) ?? await decodePeaks(bytes);
  } catch {
    if (current === entry) entry.status = "none";
  }
  // Words become tappable and chips appear once there is something to play.
  if (current === entry) { drawWave(); update(); render(); }
}

/** The analysis's level envelope (dBFS a frame) as bars, when it has one. */
function levelsToPeaks(levels) {
  if (!Array.isArray(levels) || levels.length < 2) return null;
  return peaks(Float32Array.from(levels, (db) => Math.max(0, Math.min(1, (db + 60) / 60))), BARS);
}

async function decodePeaks(bytes) {
  try {
    const context = new OfflineAudioContext(1, 1, 16000);
    const decoded = await context.decodeAudioData(bytes.slice(0));
    return peaks(decoded.getChannelData(0), BARS);
  } catch { return null; }
}

/** Plays from `seconds` (clamped to the recording). Nothing happens without a recording. */
export function playFrom(seconds) {
  if (current?.status !== "ready") return false;
  stopSpeaking();
  current.audio.currentTime = Math.max(0, Math.min(length(), seconds));
  current.audio.play().catch(() => {});
  return true;
}

/** Whether the recording can be played. */
export const canPlay = () => current?.status === "ready";

function skip(seconds) { if (canPlay()) current.audio.currentTime = Math.max(0, Math.min(length(), current.audio.currentTime + seconds)); }

function toggle() {
  if (!canPlay()) return;
  if (current.audio.paused) { stopSpeaking(); current.audio.play().catch(() => {}); } else current.audio.pause();
}

function buildBar() {
  const kid = current.kid;
  const seek = h("input", { type: "range", id: "seek", class: "seek", min: "0", max: "1", step: "0.1", value: "0", "aria-label": "Position in the recording",
    oninput: (event) => { if (canPlay()) current.audio.currentTime = Number(event.target.value); } });
  const wave = h("div", { class: "wave", id: "wave", "aria-hidden": "true" });
  current.wave = wave;
  return h("section", { class: `playback glass-card${kid ? " kid" : ""}`, id: "playback", "aria-label": "Your recording" },
    current.audio,
    h("p", { class: "hint playback-status", id: "playback-status", role: "status" }),
    h("div", { class: "playback-row" },
      kid ? null : h("button", { class: "btn icon-btn", type: "button", id: "back-10", "aria-label": "Back 10 seconds", onclick: () => skip(-10) }, "⏪"),
      h("button", { class: "btn primary icon-btn play", type: "button", id: "play-pause", "aria-label": "Play", onclick: toggle }, "▶️"),
      kid ? null : h("button", { class: "btn icon-btn", type: "button", id: "forward-10", "aria-label": "Forward 10 seconds", onclick: () => skip(10) }, "⏩"),
      h("div", { class: "wave-box" }, wave, seek),
      kid ? null : h("span", { class: "play-time", id: "play-time" }, "0:00")));
}

function drawWave() {
  if (!current?.peaks) return;
  const bars = current.peaks.map((peak, index) => {
    const tall = Math.max(1.5, peak * 36);
    return el("rect", { class: "wave-bar", x: index + 0.2, y: 20 - tall / 2, width: 0.6, height: tall });
  });
  mount(current.wave, draw(el("svg", { viewBox: `0 0 ${BARS} 40`, preserveAspectRatio: "none" }, bars)));
}

function update() {
  if (!current) return;
  const { audio, bar } = current;
  const at = audio.currentTime || 0;
  const total = length();
  const status = bar.querySelector("#playback-status");
  status.textContent = current.status === "loading" ? "Loading the recording…" : current.status === "none" ? "The recording wasn't kept: the transcript and scores are all here." : "";
  status.hidden = current.status === "ready";
  const play = bar.querySelector("#play-pause");
  play.disabled = !canPlay();
  play.textContent = audio.paused ? "▶️" : "⏸️";
  play.setAttribute("aria-label", audio.paused ? (current.kid ? "Hear myself" : "Play") : "Pause");
  play.dataset.say = audio.paused ? "Hear myself" : "Pause";
  const seek = bar.querySelector("#seek");
  if (seek) {
    seek.max = String(Math.max(0.1, total));
    seek.value = String(at);
    seek.disabled = !canPlay();
    seek.setAttribute("aria-valuetext", `${clock(at)} of ${clock(total)}`);
  }
  const time = bar.querySelector("#play-time");
  if (time) time.textContent = `${clock(at)} / ${clock(total)}`;
  const played = total > 0 ? Math.floor((at / total) * BARS) : 0;
  current.wave.querySelectorAll(".wave-bar").forEach((rect, index) => rect.classList.toggle("played", index < played));
  for (const listener of listeners) listener(audio.paused && at === 0 ? -1 : at);
}

/** The bar of the take being shown (the same element on every redraw). */
export const playbackBar = () => current?.bar ?? null;

/** Leaving the take: stops playing and lets the recording go. */
export function leaveTake() {
  if (!current) return;
  current.audio.pause();
  current.audio.removeAttribute("src");
  if (current.url) URL.revokeObjectURL(current.url);
  current = null;
}
