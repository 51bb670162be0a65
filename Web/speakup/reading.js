// Read-aloud (#read/<id>): the passage in big type; Start, then each word lights up as the server
// hears the reader reach it (WS /api/speakup/live?passage=…); Stop, and every word is marked read,
// misread (what was heard) or skipped, with a score. Tap any word to hear it. A broken stream sends
// the recording instead; the result is kept in the practice log.
import { h } from "../shared/dom.js";
import { microphoneProblem } from "../shared/recorder.js";
import { sounds } from "../shared/sounds.js";
import { speak, stopSpeaking } from "../shared/speech.js";
import { uploadProblem } from "./flow.js";
import { withoutTyping, zoneQuery } from "./format.js";
import { liveURL } from "./live.js";
import { liveTries } from "./live-try.js";
import { keepDrillResult, passageById } from "./practice.js";
import { readingFacts, readingSeconds, readingUploadPath, wordClass, wordLabel } from "./reading-rules.js";
import { render, state } from "./state.js";

// Each Start is a try; leaving, Cancel or another Start ends it.
const tries = liveTries();

const view = () => state.reading;

export function openReading(id) {
  stopReading();
  const passage = passageById(id);
  state.reading = passage ? { passage, phase: "ready", reached: 0, result: null, error: "" } : { id, passage: null };
}

/** Leaving the screen ends the recording; nothing is kept for a reading not finished. */
export function stopReading() {
  tries.end();
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
  const isCurrent = tries.current();
  const reading = view();
  stopSpeaking();
  sounds.tap();
  phase("starting", { reached: 0, result: null, error: "" });
  let opened;
  try {
    opened = await tries.open(isCurrent, { url: liveURL({ passage: reading.passage.id }, location, zoneQuery()), maxSeconds: readingSeconds(reading.passage),
      onCounts: (counts) => reach(counts.reached), onLimit: finish });
  } catch (error) {
    if (!isCurrent()) return;
    stopReading();
    phase("failed", { error: withoutTyping(microphoneProblem(error)) });
    return;
  }
  // Cancelled, another Start, or another screen while the microphone was opening.
  if (!opened) return;
  sounds.go?.();
  phase("recording");
  document.getElementById("reading-stop")?.focus();
}

async function finish() {
  const reading = view();
  if (reading?.phase !== "recording") return;
  phase("judging");
  try {
    const item = await tries.finish("reading", readingUploadPath(reading.passage.id));
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
