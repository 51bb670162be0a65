// Voice commands on every screen: a press of the voice button (or the space bar) listens — the
// reader pauses and the ambient sound lowers — until the student has spoken and then been quiet
// (voice-rules.js), lets go after holding, presses again, or 6 seconds pass. The recording goes to
// POST /api/mirrorbuddy/voice for this screen; the phrase heard is shown and said back, then the
// command is done (voice-commands.js). Nothing understood, no microphone, a busy server: a kind
// line, shown and said, and the button ready for another try.
import { stopSpeaking } from "../shared/speech.js";
import { startRecording } from "../shared/recorder.js";
import { duckAmbient } from "./ambient.js";
import { recogniseCommand } from "./data.js";
import { t } from "./i18n.js";
import { pauseReading, readerStatus, resumeReading, stopReading } from "./reader.js";
import { state } from "./state.js";
import { drawVoiceButton, mountVoiceButton, showHeard, showLevel, showPhase, voiceHelpButton } from "./voice-button.js";
import { here, runAction, setRefresh, watchHistory } from "./voice-commands.js";
import { closeHelp, helpOpen, mountHelp, openHelp } from "./voice-help.js";
import { LISTEN, actionFor, answerProblemKey, hearLevel, microphoneKey, releaseEnds, startListening, worthSending } from "./voice-rules.js";
import { hush, speakText, ttsOn } from "./voice.js";

let phase = "idle"; // idle | starting | listening | sending
let session = null; // {recording, detector, pressedAt, holding, stopWanted, reader, where}

/** Says `text` (read-aloud on), stopping anything said; resolves when it has been said. */
const sayAloud = (text) => (ttsOn() ? speakText(text) : Promise.resolve({ played: false }));

/** Shows and says lines; `kind` colours the line ("info" | "error"). */
function tell(lines, kind = "info") {
  showHeard(lines, { kind, ms: kind === "error" ? 10000 : 7000 });
  return sayAloud(lines.join(" "));
}

/** `promise`, or a 503-like error after `ms` (a server that never answers is not a dead end). */
function withTimeout(promise, ms) {
  let timer;
  const late = new Promise((resolve, reject) => { timer = setTimeout(() => reject(Object.assign(new Error("no answer"), { status: 503 })), ms); });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** The reader reads on after listening if listening paused it and the student is still on that material. */
function readOn(previous) {
  // Listening again meanwhile (a tap while the phrase was being said): the microphone is open.
  if (phase !== "idle") return;
  if (previous.reader === "playing" && state.route.name === "material" && state.route.id === previous.where && readerStatus() === "paused") resumeReading();
}

/** The screen on show, as one string. */
const where = () => `${state.route.name}/${state.route.id ?? ""}`;

function end() {
  phase = "idle";
  duckAmbient(false);
  hush(false);
  showPhase("idle");
  session = null;
}

async function begin() {
  const reader = readerStatus();
  session = { recording: null, detector: null, pressedAt: performance.now(), holding: true, stopWanted: false, reader, where: state.route.id ?? null };
  phase = "starting";
  if (reader === "playing") pauseReading();
  stopSpeaking();
  duckAmbient(true);
  hush(true);
  showPhase("listening");
  const mine = session;
  try {
    mine.recording = await startRecording({ maxSeconds: LISTEN.maxMs / 1000, onLevel: (level) => levelHeard(mine, level), onLimit: () => finish(mine) });
  } catch (error) {
    if (session === mine) { end(); tell([t(microphoneKey(error))], "error"); }
    return;
  }
  if (session !== mine) { mine.recording.cancel(); return; }
  mine.detector = startListening(performance.now());
  phase = "listening";
  if (mine.stopWanted) finish(mine);
}

function levelHeard(mine, level) {
  if (session !== mine || phase !== "listening") return;
  showLevel(level);
  mine.detector = hearLevel(mine.detector, level, performance.now(), { holding: mine.holding });
  if (mine.detector.end) finish(mine);
}

async function finish(mine = session) {
  if (!mine || session !== mine) return;
  if (phase === "starting") { mine.stopWanted = true; return; }
  if (phase !== "listening") return;
  phase = "sending";
  showPhase("thinking");
  let audio;
  try {
    audio = await mine.recording.stop();
  } catch {
    end();
    tell([t("voice.mic.failed")], "error");
    return;
  }
  if (!worthSending(mine.detector)) {
    end();
    tell([t("voice.heardNothing")]).then(() => readOn(mine));
    return;
  }
  const sentFrom = where();
  try {
    const answer = await withTimeout(recogniseCommand(audio.blob, state.route), LISTEN.answerMs);
    end();
    // The student moved on while the server listened: the phrase is shown, not done on another screen.
    if (where() !== sentFrom) { if (answer.heard) tell([t("voice.heard", { phrase: answer.heard })]); return; }
    respond(answer, mine);
  } catch (error) {
    end();
    tell([t(answerProblemKey(error))], "error");
  }
}

/** The phrase heard, shown and said back, and the command done. */
function respond(answer, previous) {
  const action = actionFor(answer, here({ reader: previous.reader }));
  const lines = [answer.heard ? t("voice.heard", { phrase: answer.heard }) : null, action.key ? t(action.key) : null].filter(Boolean);
  // Leaving the material: the reader stops now, or stopping it on the way out would cut the phrase being said.
  if (action.leaves && readerStatus() !== "idle") stopReading();
  const spoken = lines.length ? tell(lines) : Promise.resolve();
  runAction(action, { spoken });
  if (action.resumeReader) spoken.then(() => readOn(previous));
}

/** A press of the button or the space bar: listen, or (listening) stop and send. */
function press() {
  if (phase === "idle") { begin(); return; }
  if (phase === "starting" || phase === "listening") {
    session.pressedAt = null;
    session.holding = false;
    finish(session);
  }
}

/** The press let go: a long one was push-to-talk (send now), a tap goes on listening. */
function release() {
  if (!session || session.pressedAt === null) return;
  const held = performance.now() - session.pressedAt;
  session.pressedAt = null;
  session.holding = false;
  if (releaseEnds(held)) finish(session);
}

function toggleHelp() {
  if (helpOpen()) closeHelp();
  else openHelp();
}

/** Puts the voice button and its help on the page; `refresh` loads the screen's data again ("aggiorna"). */
export function mountVoice(parent = document.body, { refresh } = {}) {
  mountVoiceButton(parent, { onPress: press, onRelease: release, onHelp: toggleHelp });
  mountHelp(parent, voiceHelpButton());
  setRefresh(refresh);
  watchHistory();
  // The help belongs to the screen, and the language, it was opened in.
  addEventListener("hashchange", closeHelp);
  let language = null;
  document.addEventListener("mirrorbuddy:settings", (event) => {
    if (language && event.detail?.language !== language) closeHelp();
    language = event.detail?.language ?? null;
    drawVoiceButton({ ready: true });
  });
}
