// Voice commands' rules, pure (node-tested): when a recording has heard the student speak and then
// be quiet (the end of speech, from recorder.js's levels), whether the space bar may start
// listening where the keyboard is, what the server's answer does on this screen (an action the
// page then runs with its own functions), the text size one step up or down, how deep inside
// MirrorBuddy the browser's history is, and which catalogue line tells a problem.
import { ErrorCode } from "../shared/error-codes.js";
import { localDay } from "./days.js";
import { MAP_ACTION_KEYS, MAP_COMMANDS, mapAction } from "./map-voice.js";

export const LISTEN = Object.freeze({
  maxMs: 6000,        // the longest recording (the server takes up to 10 s)
  quietAfterMs: 800,  // this much quiet after speech ends the recording
  speechLevel: 0.12,  // a level (0…1, recorder.js's meter) that is a voice…
  quietLevel: 0.06,   // …and one that is quiet; in between is neither (a soft sound goes on)
  speechMs: 150,      // this much voice before quiet can end it (a click or a cough is not speech)
  noiseCap: 0.1,      // the most a room's noise raises the thresholds (speech from the first frame is still speech)
  holdMs: 450,        // a press held this long is push-to-talk: letting go ends the recording
  answerMs: 20000,    // the longest wait for the server's answer before saying it is busy
});

/** The end-of-speech detector before the first level: nothing heard yet. */
export const startListening = (at) => ({ startedAt: at, lastAt: at, voiceMs: 0, quietSince: null, heard: false, floor: null, peak: 0, end: null });

/**
 * The detector after one level reading at time `at` (ms). `end` becomes "quiet" (the student spoke,
 * then was quiet for `quietAfterMs`; never while `holding` the button or the space bar) or "limit"
 * (`maxMs` of recording). The thresholds rise over a noisy room: speech is 3× and quiet 1.8× the
 * lowest level heard so far (at most `noiseCap`), when that is above the fixed ones.
 */
export function hearLevel(state, level, at, { holding = false, rules = LISTEN } = {}) {
  if (state.end) return state;
  const value = Number.isFinite(level) ? Math.min(1, Math.max(0, level)) : 0;
  const floor = state.floor === null ? value : Math.min(state.floor, value);
  const noise = Math.min(floor, rules.noiseCap);
  const speechAt = Math.max(rules.speechLevel, noise * 3);
  const quietAt = Math.max(rules.quietLevel, noise * 1.8);
  const step = Math.max(0, at - state.lastAt);
  let { voiceMs, quietSince, heard } = state;
  if (value >= speechAt) {
    voiceMs += step;
    quietSince = null;
    heard ||= voiceMs >= rules.speechMs;
  } else if (value < quietAt) {
    quietSince ??= at;
  } else {
    quietSince = null;
  }
  let end = null;
  if (at - state.startedAt >= rules.maxMs) end = "limit";
  else if (!holding && heard && quietSince !== null && at - quietSince >= rules.quietAfterMs) end = "quiet";
  return { ...state, lastAt: at, voiceMs, quietSince, heard, floor, peak: Math.max(state.peak, value), end };
}

/** Whether a recording is worth sending: something louder than quiet was heard in it. */
export const worthSending = (state, rules = LISTEN) => state.peak >= rules.quietLevel;

/** Whether letting go of a press held `heldMs` ends the recording (push-to-talk), or it was a tap. */
export const releaseEnds = (heldMs, rules = LISTEN) => heldMs >= rules.holdMs;

// Where the space bar already means something: typing, ticking, choosing, pressing, playing.
const OWN_SPACE_TAGS = new Set(["INPUT", "TEXTAREA", "SELECT", "BUTTON", "SUMMARY", "OPTION", "AUDIO", "VIDEO", "IFRAME", "OBJECT", "EMBED"]);
const OWN_SPACE_ROLES = new Set(["button", "checkbox", "switch", "radio", "menuitem", "menuitemcheckbox", "menuitemradio", "option", "tab",
  "textbox", "searchbox", "combobox", "listbox", "spinbutton", "slider", "treeitem", "gridcell"]);

// The space bar, as `key` (" ", or "Spacebar" in old browsers) or as `code` ("Space").
const SPACE = new Set([" ", "Spacebar", "Space"]);
const isSpace = (event) => SPACE.has(event.key) || SPACE.has(event.code);

/** Whether the focused element (`{tag, role, editable}`, null for the page itself) gives space a meaning of its own. */
export function spaceHasOwnMeaning(focus) {
  if (!focus) return false;
  if (focus.editable) return true;
  if (OWN_SPACE_TAGS.has(String(focus.tag ?? "").toUpperCase())) return true;
  return String(focus.role ?? "").split(/\s+/).some((role) => OWN_SPACE_ROLES.has(role.toLowerCase()));
}

/**
 * What a keydown means for listening: "press" (the space bar, where it means nothing else: start,
 * or stop a recording in progress), "swallow" (the same key held down, repeating: no scrolling,
 * nothing new) or "pass" (leave it to the browser). `key`: {key, code, repeat, ctrlKey, altKey,
 * metaKey, shiftKey, isComposing}; `focus` as spaceHasOwnMeaning's; `modalOpen`: a modal dialog
 * (the ♿ switcher, a confirm) has the page.
 */
export function spaceKeyDown(key, focus, { modalOpen = false } = {}) {
  if (!isSpace(key)) return "pass";
  if (key.ctrlKey || key.altKey || key.metaKey || key.shiftKey || key.isComposing) return "pass";
  if (modalOpen || spaceHasOwnMeaning(focus)) return "pass";
  return key.repeat ? "swallow" : "press";
}

/** Whether a keyup ends a press the space bar began. */
export const spaceKeyUp = (key) => isSpace(key);

/**
 * The text size one notch of the settings slider `spec` ({min, max, step}) up (+1) or down (−1):
 * the next notch past `value` (1.25 goes to 1.3 or 1.2); null when it is already at that end.
 */
export function stepTextSize(value, direction, spec) {
  const current = value === null || value === undefined || !Number.isFinite(Number(value)) ? 1 : Number(value);
  const notches = current / spec.step;
  const notch = direction > 0 ? Math.floor(notches + 1e-9) + 1 : Math.ceil(notches - 1e-9) - 1;
  const next = Math.min(spec.max, Math.max(spec.min, Number((notch * spec.step).toFixed(2))));
  return Math.abs(next - current) < 1e-9 || (direction > 0 ? next < current : next > current) ? null : next;
}

/**
 * How many MirrorBuddy screens lie behind the one shown: a history entry keeps its depth
 * (`entryDepth`, from history.state), a new entry is one deeper than the screen before it.
 */
export const depthAfter = (previous, entryDepth) => (Number.isInteger(entryDepth) && entryDepth >= 0 ? entryDepth : previous + 1);

const PLAIN_SCREENS = { home: "#home", settings: "#settings", profile: "#progress", materials: "#materials", tasks: "#tasks" };
const DYSLEXIA_OFF = { font: "system", letterSpacing: 0, wordSpacing: 0, lineSpacing: 1.5 };
const say = (key) => ({ kind: "say", key });
const go = (hash) => ({ kind: "go", hash, leaves: true });
const back = (here) => (here.canGoBack ? { kind: "back", leaves: true } : go("#home"));
const hashOf = (name, id) => `#${name}/${encodeURIComponent(id)}`;

/**
 * What the page does for the server's answer ({heard, command, subjectId?, materialId?}) where the
 * student is. `here`: {route: {name, id}, canGoBack, panelOpen, reader ("idle" | "playing" |
 * "paused", before listening paused it), timer: {mode, running}, hasText, tts, textSize, textSpec,
 * map: {tree, selected} on a map}.
 * An action is {kind, …}: "go" {hash}, "back", "search", "say" {key}, "preset" {preset, key?}, "settings" {change},
 * "textSize" {value}, "reader" {call}, "timer" {call}, "startStudy", "refresh", "close", "help",
 * "addTask" {subjectId, day}, "newTask", "mindMap" {materialId}, "map" {call, nodeId} (map-voice.js).
 * `leaves`: it leaves this screen; `resumeReader`: a reader paused to listen reads on afterwards.
 */
export function actionFor(answer, here) {
  const command = answer?.command ?? null;
  if (command === null) return say(answer?.heard ? "voice.notHere" : "voice.notUnderstood");
  const reader = here.reader ?? "idle";
  const timer = here.timer ?? {};
  if (command in PLAIN_SCREENS) return go(PLAIN_SCREENS[command]);
  switch (command) {
    case "back": return back(here);
    case "close": return here.panelOpen ? { kind: "close" } : back(here);
    case "newMaterial": return go(here.route?.name === "subject" && here.route.id ? hashOf("new", here.route.id) : "#new");
    case "search": return { kind: "search", leaves: here.route?.name !== "materials" };
    // On a material (the only screen the server hears it on): its cards' review; anywhere else, the cards.
    case "flashcards": return here.route?.name === "material" && here.route.id ? go(hashOf("review", here.route.id)) : go("#cards");
    // On a material (the only screen the server hears it on): its map, made if it has none; anywhere else, the maps.
    case "mindMap": return here.route?.name === "material" && here.route.id ? { kind: "mindMap", materialId: here.route.id, leaves: true } : go("#maps");
    case "openSubject": return answer.subjectId ? go(hashOf("subject", answer.subjectId)) : say("voice.notUnderstood");
    case "openMaterial": return answer.materialId ? go(hashOf("material", answer.materialId)) : say("voice.notUnderstood");
    case "openLatestMaterial": return answer.materialId ? go(hashOf("material", answer.materialId)) : say("voice.noMaterials");
    case "dyslexiaOn": return { kind: "preset", preset: "dislessia", resumeReader: true };
    // Only what the Dislessia profile turns on goes back: the font, its spacing and the taller lines.
    case "dyslexiaOff": return { kind: "settings", change: DYSLEXIA_OFF, resumeReader: true };
    case "biggerText":
    case "smallerText": {
      const up = command === "biggerText";
      const value = stepTextSize(here.textSize, up ? 1 : -1, here.textSpec);
      return value === null ? { ...say(up ? "voice.textBiggest" : "voice.textSmallest"), resumeReader: true } : { kind: "textSize", value, resumeReader: true };
    }
    case "startStudy":
      if (timer.mode && timer.running) return { ...say("voice.timerRunning"), resumeReader: true };
      if (timer.mode) return { kind: "timer", call: "resumeTimer", resumeReader: true };
      return { kind: "startStudy", resumeReader: true };
    case "read":
      if (!here.hasText) return say("voice.nothingToRead");
      if (!here.tts) return say("voice.readingOff");
      return { kind: "reader", call: reader === "idle" ? "readFrom" : "resumeReading" };
    case "stopReading": return reader === "idle" ? say("voice.notReading") : { kind: "reader", call: "stopReading" };
    case "pause":
      if (reader === "playing") return { kind: "reader", call: "pauseReading" };
      if (timer.mode && timer.running) return { kind: "timer", call: "pauseTimer" };
      return say("voice.nothingToPause");
    case "resume":
      if (reader !== "idle") return { kind: "reader", call: "resumeReading" };
      if (timer.mode && !timer.running) return { kind: "timer", call: "resumeTimer" };
      return say("voice.nothingToResume");
    case "addTask":
      // Said with a subject or a day: the form filled in, one tap from made; alone: the form, to write its title.
      if (answer.subjectId || answer.day) return { kind: "addTask", key: "voice.taskReady", subjectId: answer.subjectId ?? null, day: answer.day ?? null, leaves: true };
      return { kind: "newTask", leaves: here.route?.name !== "tasks" };
    case "refresh": return { kind: "refresh" };
    case "help": return { kind: "help" };
    case "expandNode": case "collapseNode": case "parentNode": case "readNode": return mapAction(command, answer.nodeId ?? null, here);
    default: return say("voice.notUnderstood");
  }
}

/** Every catalogue key actionFor may say (the catalogue test checks them). */
export const ACTION_KEYS = [...new Set(["voice.notHere", "voice.notUnderstood", "voice.noMaterials", "voice.textBiggest", "voice.textSmallest",
  "voice.timerRunning", "voice.nothingToRead", "voice.readingOff", "voice.notReading", "voice.nothingToPause", "voice.nothingToResume", "voice.taskReady",
  ...MAP_ACTION_KEYS])];

/** The catalogue line for a microphone that would not start, by the error's name (as recorder.js's microphoneProblem sorts them). */
export function microphoneKey(error) {
  switch (error?.name) {
    case "NotAllowedError": case "PermissionDeniedError": case "SecurityError": return "voice.mic.denied";
    case "NotFoundError": case "DevicesNotFoundError": case "OverconstrainedError": return "voice.mic.missing";
    case "NotReadableError": case "TrackStartError": case "AbortError": return "voice.mic.busy";
    case "NotSupportedError": return "voice.mic.unsupported";
    default: return "voice.mic.failed";
  }
}

// The API's error codes (Web/shared/error-codes.js) a recording can be answered with.
const ANSWER_KEYS = {
  [ErrorCode.rateLimited]: "voice.error.rateLimited",
  [ErrorCode.speechWarmingUp]: "voice.error.unavailable", [ErrorCode.speechUnavailable]: "voice.error.unavailable",
  [ErrorCode.speechServiceFailed]: "voice.error.unavailable",
  [ErrorCode.noSpeech]: "voice.heardNothing",
  [ErrorCode.unsupportedAudio]: "voice.error.audio", [ErrorCode.badAudio]: "voice.error.audio", [ErrorCode.audioTooLong]: "voice.error.audio",
  [ErrorCode.bodyTooLarge]: "voice.error.audio",
};

/** The catalogue line for a recording the server could not take (`error`: an ApiError, or a TypeError when the network failed). */
export function answerProblemKey(error) {
  if (Object.hasOwn(ANSWER_KEYS, String(error?.code))) return ANSWER_KEYS[error.code];
  if (error?.status === 503) return "voice.error.unavailable";
  if (error?.name === "TypeError") return "error.network";
  return "voice.error.generic";
}

/** Every catalogue key the problem lines may use. */
export const PROBLEM_KEYS = ["voice.mic.denied", "voice.mic.missing", "voice.mic.busy", "voice.mic.unsupported", "voice.mic.failed",
  ...new Set(Object.values(ANSWER_KEYS)), "error.network", "voice.error.generic"];

/** The command ids of the contract, each named in the catalogue as `voice.command.<id>` (the help sheet). */
export const COMMANDS = ["back", "home", "settings", "profile", "materials", "tasks", "newMaterial", "search", "startStudy", "flashcards", "mindMap",
  "dyslexiaOn", "dyslexiaOff", "biggerText", "smallerText", "read", "stopReading", "pause", "resume", "refresh", "close", "help",
  "openLatestMaterial", "openMaterial", "openSubject", "addTask", ...MAP_COMMANDS];

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

/**
 * The calendar day ("2026-11-27") a day said in a command means, from `now` (a Date) on the
 * device's calendar: today, tomorrow, the day after, or the next such weekday (today's weekday is
 * a week on: "per lunedì" said on a Monday is next Monday). Null for a day it does not know.
 */
export function dayOf(said, now = new Date()) {
  const ahead = { today: 0, tomorrow: 1, dayAfterTomorrow: 2 }[said];
  let days = ahead;
  if (days === undefined) {
    const weekday = WEEKDAYS.indexOf(said);
    if (weekday < 0) return null;
    days = ((weekday - now.getDay() + 7) % 7) || 7;
  }
  return localDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() + days));
}
