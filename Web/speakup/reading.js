// Read-aloud (#read/<id>): the passage in big type; Start, then each word lights up as the server
// hears the reader reach it (WS /api/speakup/live?passage=…); Stop, and every word is marked read,
// misread (what was heard) or skipped, with a score. Tap any word to hear it. A broken stream sends
// the recording instead; the result is kept in the practice log.
import { api } from "../shared/api.js";
import { h } from "../shared/dom.js";
import { microphoneProblem, startRecording } from "../shared/recorder.js";
import { sounds } from "../shared/sounds.js";
import { speak, stopSpeaking } from "../shared/speech.js";
import { uploadProblem } from "./flow.js";
import { withoutTyping, zoneQuery } from "./format.js";
import { FINAL_ERRORS, liveURL, openLive } from "./live.js";
import { keepDrillResult, passageById } from "./practice.js";
import { readingFacts, readingSeconds, readingUploadPath, wordClass, wordLabel } from "./reading-rules.js";
import { render, state } from "./state.js";

let recorder = null;
let live = null;
// Each Start is a try; leaving, Cancel or another Start ends it (see drill.js).
let attempt = 0;

const view = () => state.reading;

export function openReading(id) {
  stopReading();
  const passage = passageById(id);
  state.reading = passage ? { passage, phase: "ready", reached: 0, result: null, error: "" } : { id, passage: null };
}

/** Leaving the screen ends the recording; nothing is kept for a reading not finished. */
export function stopReading() {
  attempt += 1;
  recorder?.cancel();
  recorder = null;
  live?.cancel();
  live = null;
}

function phase(next, patch = {}) {
  Object.assign(view(), { phase: next }, patch);
  render();
}

/** Lights the words up to where the reader has come, in place. */
function reach(reached) {
  const reading = view();
  if (!Number.isFinite(reached) || reached <= reading.reached) return;
  reading.reached = reached;
  document.querySelectorAll("#passage .passage-word").forEach((word, index) => { word.className = `word passage-word ${wordClass(index, reached, null)}`; });
}

async function begin() {
  stopReading();
  const mine = attempt;
  const reading = view();
  stopSpeaking();
  sounds.tap();
  phase("starting", { reached: 0, result: null, error: "" });
  const stream = openLive(liveURL({ passage: reading.passage.id }, location, zoneQuery()),
    { onCounts: (counts) => { if (mine === attempt) reach(counts.reached); } });
  live = stream;
  let started;
  try {
    started = await startRecording({ maxSeconds: readingSeconds(reading.passage), onLimit: () => { if (mine === attempt) finish(); },
      onSamples: (samples) => stream.send(samples) });
  } catch (error) {
    stream.cancel();
    if (mine !== attempt) return;
    stopReading();
    phase("failed", { error: withoutTyping(microphoneProblem(error)) });
    return;
  }
  // Cancelled, another Start, or another screen while the microphone was opening.
  if (mine !== attempt) { started.cancel(); stream.cancel(); return; }
  recorder = started;
  sounds.go?.();
  phase("recording");
  document.getElementById("reading-stop")?.focus();
}

async function finish() {
  const reading = view();
  if (reading?.phase !== "recording") return;
  phase("judging");
  const stream = live;
  const handle = recorder;
  live = null;
  recorder = null;
  try {
    const answered = stream ? stream.stop() : Promise.resolve({ broken: true });
    const audio = await handle.stop();
    const answer = await answered;
    if (answer.error && FINAL_ERRORS.has(answer.error.code)) throw Object.assign(new Error(answer.error.message), answer.error);
    const item = answer.reading ?? await api(readingUploadPath(reading.passage.id), { method: "POST", raw: audio.blob, contentType: "audio/wav" });
    if (view() !== reading) return;
    keepDrillResult(item);
    if (item.reading.passed) sounds.success?.(); else sounds.gentle?.();
    phase("result", { result: item.reading });
    document.getElementById("reading-again")?.focus();
  } catch (error) {
    if (view() === reading) phase("failed", { error: uploadProblem(error) });
  }
}

function cancel() {
  stopReading();
  phase("ready", { reached: 0 });
}

function passageText(reading) {
  const words = reading.passage.text.split(/\s+/).filter(Boolean);
  return h("p", { class: "passage", id: "passage", lang: "en" }, words.flatMap((word, index) => {
    const judged = reading.result?.words?.[index];
    return [h("button", { class: `word passage-word ${wordClass(index, reading.reached, reading.result)}`, type: "button",
      "aria-label": judged ? wordLabel(judged) : null, title: judged?.mark === "misread" ? `Sounded like “${judged.heardAs}”` : null,
      onclick: () => { stopSpeaking(); speak(word.replace(/[^\p{L}\p{N}'’-]/gu, "")); } }, word), " "];
  }));
}

function controls(reading) {
  if (reading.phase === "recording" || reading.phase === "starting") {
    return h("div", { class: "row" },
      h("button", { class: "btn big", type: "button", id: "reading-cancel", onclick: cancel }, "✕ Cancel"),
      h("button", { class: "btn danger big", type: "button", id: "reading-stop", disabled: reading.phase !== "recording", onclick: finish }, "⏹ I'm done"));
  }
  if (reading.phase === "judging") return h("p", { class: "hint center", role: "status", id: "reading-judging" }, "👂 Checking your reading…");
  if (reading.phase === "result") {
    const result = reading.result;
    return h("section", { class: `glass-card center drill-stage ${result.passed ? "passed" : "missed"}`, id: "reading-result", dataset: { passed: String(result.passed) },
      "aria-live": "polite" },
      h("h2", { class: "flow-title" }, result.passed ? "🏆 Fluent reading!" : "💪 Keep practising"),
      h("p", { class: "drill-score", id: "reading-score" }, h("span", { class: "drill-big" }, String(result.score)), h("span", { class: "hint" }, " / 100")),
      h("p", { class: "hint", id: "reading-facts" }, readingFacts(result).join(" · ")),
      h("p", { class: "hint" }, "Orange words sounded like another word to me, grey ones I did not hear. Tap any word to hear how it sounds."),
      h("div", { class: "row" },
        h("button", { class: "btn primary big", type: "button", id: "reading-again", onclick: begin }, "🔁 Read again"),
        h("a", { class: "btn big", href: "#practice", id: "reading-done" }, "✓ Done")));
  }
  return h("div", { class: "row" },
    reading.phase === "failed" ? h("p", { class: "error-text", role: "alert", id: "reading-error" }, reading.error) : null,
    h("button", { class: "btn primary big", type: "button", id: "reading-start", onclick: begin }, reading.phase === "failed" ? "🔁 Try again" : "🎤 Start reading"));
}

export function readingScreen() {
  const reading = view();
  const back = h("a", { class: "btn ghost back-link", href: "#practice", id: "reading-back" }, "← Practice");
  if (!reading?.passage) return h("div", { class: "drill" }, back, h("p", { class: "hint", role: "status" }, reading ? "There is no such passage." : "Loading…"));
  return h("div", { class: "drill reading", id: "reading", dataset: { phase: reading.phase } },
    back,
    h("h1", { class: "screen-title center" }, h("span", { "aria-hidden": "true" }, `${reading.passage.emoji} `), reading.passage.title),
    reading.phase === "ready" ? h("p", { class: "hint center" }, "Read the passage out loud at an easy pace. The words light up as you reach them. Tap a word to hear it.") : null,
    h("section", { class: "glass-card" }, passageText(reading)),
    controls(reading));
}
