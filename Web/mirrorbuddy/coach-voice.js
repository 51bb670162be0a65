// A question asked aloud on the coach screen: the voice commands' recorder path (shared/recorder.js,
// the end of speech from voice-rules.js) with the coach's longer limit. A tap listens until the
// student has spoken and then been quiet, taps again, or 10 seconds pass; meanwhile nothing is said
// and the ambient sound is lowered. Resolves with the audio, or the catalogue key of a problem.
import { stopSpeaking } from "../shared/speech.js";
import { startRecording } from "../shared/recorder.js";
import { duckAmbient } from "./ambient.js";
import { COACH_LISTEN } from "./coach-rules.js";
import { hearLevel, microphoneKey, startListening, worthSending } from "./voice-rules.js";
import { hush } from "./voice.js";

let session = null; // {recording, detector, stopWanted, finishing, resolve}

/** Whether the microphone is open (or opening) for a question. */
export const isListening = () => session !== null;

function settle(mine, result) {
  if (session === mine) session = null;
  duckAmbient(false);
  hush(false);
  mine.resolve(result);
}

async function finish(mine) {
  if (session !== mine || mine.finishing) return;
  if (!mine.recording) { mine.stopWanted = true; return; }
  mine.finishing = true;
  let audio;
  try {
    audio = await mine.recording.stop();
  } catch {
    if (session === mine) settle(mine, { problem: "voice.mic.failed" });
    return;
  }
  if (session !== mine) return; // cancelled meanwhile
  settle(mine, worthSending(mine.detector) ? { audio } : { problem: "voice.heardNothing" });
}

/**
 * Listens to one question. `onLevel(0…1)` shows the microphone's level; `onListening()` says the
 * microphone is open. Resolves {audio: {blob, seconds}} | {problem: key} | {cancelled: true}.
 */
export function listen({ onLevel = () => {}, onListening = () => {} } = {}) {
  if (session) return Promise.resolve({ cancelled: true });
  return new Promise((resolve) => {
    const mine = { recording: null, detector: null, stopWanted: false, finishing: false, resolve };
    session = mine;
    stopSpeaking();
    duckAmbient(true);
    hush(true);
    const heard = (level) => {
      if (session !== mine || !mine.detector || mine.finishing) return;
      onLevel(level);
      mine.detector = hearLevel(mine.detector, level, performance.now(), { rules: COACH_LISTEN });
      if (mine.detector.end) finish(mine);
    };
    startRecording({ maxSeconds: COACH_LISTEN.maxMs / 1000, onLevel: heard, onLimit: () => finish(mine) }).then((recording) => {
      if (session !== mine) { recording.cancel(); return; }
      mine.recording = recording;
      mine.detector = startListening(performance.now());
      onListening();
      if (mine.stopWanted) finish(mine);
    }, (error) => { if (session === mine) settle(mine, { problem: microphoneKey(error) }); });
  });
}

/** The second tap: send what was said so far. */
export function stopListening() {
  if (session) finish(session);
}

/** Leaving the screen: the microphone closes and nothing is sent. */
export function cancelListening() {
  const mine = session;
  if (!mine) return;
  session = null;
  mine.recording?.cancel();
  settle(mine, { cancelled: true });
}
