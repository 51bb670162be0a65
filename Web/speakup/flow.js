// Runs a take's state machine (session.js) in the page: the countdown's clock, the microphone
// (Web/shared/recorder.js), the live stream (live.js) or the upload, the analysing stages; each
// phase drawn by its screen. The recorded WAV is kept until the server has the take, so a broken
// stream or a failed upload is sent again, not re-recorded.
import { api } from "../shared/api.js";
import { openSheet } from "../shared/dialog.js";
import { h, mount } from "../shared/dom.js";
import { ErrorCode } from "../shared/error-codes.js";
import { microphoneProblem, startRecording } from "../shared/recorder.js";
import { sounds } from "../shared/sounds.js";
import { stopSpeaking } from "../shared/speech.js";
import { withoutTyping, zoneQuery } from "./format.js";
import { FINAL_ERRORS, liveURL, openLive } from "./live.js";
import { countdownTick } from "./countdown.js";
import { onLive, recordingStarted, recordingTick, takeLevel } from "./recording.js";
import { analysingTick, revealed } from "./reveal.js";
import { kidVoice } from "./show-and-tell.js";
import { ASK_BEFORE_DISCARD_SECONDS, countdownLeft, maxSecondsFor, recorded, step, uploadPath } from "./session.js";
import { isKid, progressed, render, state } from "./state.js";

let recorder = null;   // the microphone while recording
let live = null;       // the stream to the server while recording, until Stop has its answer
let audio = null;      // {blob, seconds} once stopped, until the server has it
let ticker = null;
let wakeLock = null;
let lastBeep = null;

/** Starts a take: with today's prompt or free practice, at the length picked. */
export function beginTake({ withPrompt }) {
  stopSpeaking();
  sounds.tap();
  const settings = state.me?.settings ?? {};
  const today = state.me?.today ?? {};
  const plan = { promptId: withPrompt ? state.prompt?.id ?? null : null, seconds: state.seconds, keepGoing: !isKid() && settings.timerEnd === "keepGoing",
    before: { bestScore: today.bestScore ?? null, takes: today.takes ?? 0 } };
  dispatch({ type: "start", plan, countdown: settings.countdown ?? 10, now: Date.now() });
}

/** Moves the machine on with `event` and does what the new phase needs. */
export function dispatch(event) {
  const before = state.flow;
  state.flow = step(before, event);
  if (state.flow !== before) enter(state.flow, before);
}

function every(ms, fn) {
  clearInterval(ticker);
  ticker = setInterval(fn, ms);
}

function enter(flow) {
  clearInterval(ticker);
  ticker = null;
  render();
  if (isKid()) kidVoice(flow);
  if (flow.phase === "countdown") {
    lastBeep = null;
    every(200, () => {
      const left = countdownLeft(state.flow, Date.now());
      if (left <= 3 && left > 0 && left !== lastBeep) { lastBeep = left; sounds.tap(); }
      countdownTick(state.flow, Date.now());
      dispatch({ type: "tick", now: Date.now() });
    });
    document.getElementById("countdown-start-now")?.focus();
  }
  if (flow.phase === "starting") openMicrophone(flow.plan);
  if (flow.phase === "recording") {
    holdScreenOn();
    recordingStarted();
    document.getElementById("stop-take")?.focus();
    every(100, () => recordingTick(recorded(state.flow, Date.now())));
  }
  if (flow.phase === "analysing") {
    releaseScreen();
    every(250, () => analysingTick(Date.now() - state.flow.startedAt));
    finishAndSend();
  }
  if (flow.phase === "reveal") { audio = null; revealed(flow.take); }
  if (flow.phase === "idle" || flow.phase === "failed") releaseScreen();
}

async function openMicrophone(plan) {
  live?.cancel();
  live = openLive(liveURL(plan, location, zoneQuery()), { onCounts: onLive });
  try {
    const stream = live;
    const started = await startRecording({ maxSeconds: maxSecondsFor(plan), onLevel: takeLevel, onLimit: () => stopTake(),
      onSamples: (samples) => stream.send(samples) });
    if (state.flow.phase !== "starting") { started.cancel(); stream.cancel(); return; }  // cancelled meanwhile
    recorder = started;
    audio = null;
    dispatch({ type: "recording", now: Date.now() });
  } catch (error) {
    live?.cancel();
    live = null;
    dispatch({ type: "micFailed", message: withoutTyping(microphoneProblem(error)) });
  }
}

/** Stop (or the time ran out): the analysing screen, then the score. */
export function stopTake() {
  if (state.flow.phase !== "recording") return;
  sounds.tap();
  dispatch({ type: "stop", now: Date.now() });
}

async function finishAndSend() {
  const flow = state.flow;
  try {
    // The stream's answer and the page's own copy of the recording, side by side.
    const stream = live;
    live = null;
    const streamed = stream ? stream.stop() : Promise.resolve({ broken: true });
    if (!audio) {
      const handle = recorder;
      recorder = null;
      audio = await handle.stop();
    }
    const answer = await streamed;
    if (answer.error && FINAL_ERRORS.has(answer.error.code)) {
      throw Object.assign(new Error(answer.error.message), answer.error);
    }
    // A broken stream (or a server that could not finish it): the recording goes as an upload.
    const take = answer.take ?? await api(uploadPath(flow.plan), { method: "POST", raw: audio.blob, contentType: "audio/wav" });
    if (state.flow === flow) dispatch({ type: "analysed", take });
    refreshMe();
    progressed();
  } catch (error) {
    if (state.flow === flow) dispatch({ type: "failed", message: uploadProblem(error), code: error.code ?? null });
  }
}

/** Sends the kept recording again (after a failed upload), without recording again. */
export function sendAgain() {
  if (audio) dispatch({ type: "sendAgain", now: Date.now() });
}

/** Whether a failed take can be sent again (its recording is still here). */
export const canSendAgain = () => state.flow.phase === "failed" && audio !== null;

/** Words for an upload the server refused, or a network that failed. */
export function uploadProblem(error) {
  const kid = isKid();
  switch (error?.code) {
    case ErrorCode.rateLimited:
      return kid ? "Let's rest a moment, then try again!" : `Lots of takes just now. Try again in ${error.retryAfter ?? 30} seconds.`;
    case ErrorCode.audioTooLong:
    case ErrorCode.bodyTooLarge:
      return kid ? "That was a very long talk! Try a shorter one." : "That take is longer than SpeakUp can listen to (10 minutes). Try a shorter one.";
    case ErrorCode.badAudio:
    case ErrorCode.unsupportedAudio:
      return kid ? "Oops, the recording didn't work. Let's try again!" : "The recording didn't come through. Try again.";
    case ErrorCode.speechUnavailable:
    case ErrorCode.speechWarmingUp:
      return kid ? "My ears are still waking up. Try again in a moment!" : "The coach is still starting up. Send it again in a moment.";
    default:
      if (!error?.code) return kid ? "I can't reach the computer that listens. Let's try again!" : "No connection to the server. Check the connection and send it again.";
      // The server words the rest (nothing heard, say); Show & Tell keeps it simple and free of numbers.
      return kid ? "I couldn't hear that one. Let's try again, a little louder!" : error.message;
  }
}

/** ✕ while counting down or recording: a take longer than a few seconds is thrown away only after asking. */
export async function closeTake() {
  stopSpeaking();
  if (state.flow.phase === "recording" && recorded(state.flow, Date.now()) >= ASK_BEFORE_DISCARD_SECONDS) {
    const sure = await askDiscard();
    if (!sure || state.flow.phase !== "recording") return;
  }
  abandonTake();
}

/**
 * Back to Today's start, keeping nothing: ✕ and Cancel, leaving Today, or done with a score. An
 * upload under way still reaches the server (its take shows in History).
 */
export function abandonTake() {
  recorder?.cancel();
  recorder = null;
  live?.cancel();
  live = null;
  audio = null;
  if (state.flow.phase !== "idle") dispatch({ type: "reset" });
}

function askDiscard() {
  const kid = isKid();
  return openSheet({
    label: "Throw this take away?",
    kid,
    cancelText: kid ? "Keep talking" : "Keep recording",
    render(body, close, voice) {
      mount(body, h("h2", { id: "discard-title" }, "Throw this take away?"),
        h("p", {}, "It won't be scored or kept."),
        h("button", { class: "btn danger big", type: "button", id: "discard-take", onclick: () => close(true) }, "🗑️ Throw it away"));
      voice.say("Throw this take away? Tap keep talking to go on.");
    },
  });
}

async function refreshMe() {
  try { state.me = await api(`/api/speakup/me?${zoneQuery()}`); } catch { /* the next visit to Today loads it */ }
}

async function holdScreenOn() {
  try { wakeLock = await navigator.wakeLock?.request("screen"); } catch { wakeLock = null; }
}

function releaseScreen() {
  wakeLock?.release().catch(() => {});
  wakeLock = null;
}
