// MirrorBuddy's voice commands, the pure part (Web/mirrorbuddy/voice-rules.js): the end of speech
// heard in the microphone's levels, when the space bar may start listening, what each command of
// the contract does on each screen, the text size's notches, the history depth behind "indietro",
// the lines for problems, and every line they name present in both catalogues.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { ErrorCode } from "../../Web/shared/error-codes.js";
import { has, setLanguage, t } from "../../Web/mirrorbuddy/i18n.js";
import {
  ACTION_KEYS, COMMANDS, LISTEN, dayOf, PROBLEM_KEYS, actionFor, answerProblemKey, depthAfter, hearLevel, microphoneKey, releaseEnds,
  spaceHasOwnMeaning, spaceKeyDown, spaceKeyUp, startListening, stepTextSize, worthSending,
} from "../../Web/mirrorbuddy/voice-rules.js";
import { MAP_COMMANDS } from "../../Web/mirrorbuddy/map-voice.js";

const FRAME = 50; // recorder.js calls onLevel about every 50 ms

/** Feeds `levels` (one per frame, from `at`) to the detector; returns its state and when it ended. */
function listen(levels, { holding = false, at = 0, state = startListening(at) } = {}) {
  let now = at;
  for (const level of levels) {
    now += FRAME;
    state = hearLevel(state, level, now, { holding });
    if (state.end) return { state, endedAt: now };
  }
  return { state, endedAt: null };
}

const frames = (ms, level) => Array(Math.round(ms / FRAME)).fill(level);

// ---- The end of speech

test("speech then 0.8 s of quiet ends the recording, not a frame sooner", () => {
  const spoken = [...frames(300, 0), ...frames(1000, 0.5)];
  const almost = listen([...spoken, ...frames(750, 0.01)]);
  assert.equal(almost.endedAt, null, "750 ms of quiet is a pause between words");
  const { state, endedAt } = listen([...spoken, ...frames(1000, 0.01)]);
  assert.equal(state.end, "quiet");
  // Quiet starts at the first quiet frame (1350 ms) and has lasted 800 ms at 2150 ms.
  assert.equal(endedAt, 1300 + FRAME + LISTEN.quietAfterMs);
});

test("quiet before the student speaks never ends it; nothing at all runs to the 6-second limit", () => {
  const late = listen([...frames(3000, 0.01), ...frames(600, 0.4), ...frames(900, 0)]);
  assert.equal(late.state.end, "quiet");
  assert.ok(late.endedAt > 3600, `ended at ${late.endedAt}, before the student spoke`);
  const silent = listen(frames(8000, 0));
  assert.equal(silent.state.end, "limit");
  assert.equal(silent.endedAt, LISTEN.maxMs);
  assert.equal(worthSending(silent.state), false, "a silent recording is not sent");
  assert.equal(worthSending(late.state), true);
});

test("a click or a cough (under 150 ms loud) is not speech: quiet after it does not end the recording", () => {
  const { state, endedAt } = listen([...frames(500, 0), 0.9, 0.9, ...frames(2000, 0)]);
  assert.equal(endedAt, null);
  assert.equal(state.heard, false);
  assert.equal(listen([...frames(500, 0), 0.9, 0.9, 0.9, ...frames(900, 0)]).state.end, "quiet", "three frames (150 ms) are speech");
});

test("speaking from the very first frame (a held space bar) is speech too", () => {
  const { state, endedAt } = listen([...frames(1000, 0.5), ...frames(900, 0)]);
  assert.equal(state.end, "quiet");
  assert.equal(endedAt, 1000 + FRAME + LISTEN.quietAfterMs);
});

test("a soft sound between quiet and voice keeps the recording going (a trailing word)", () => {
  const { endedAt } = listen([...frames(500, 0.5), ...frames(600, 0.01), ...frames(200, 0.09), ...frames(900, 0.01)]);
  // The quiet counts again from after the soft sound: 500 + 600 + 200, then 800 ms.
  assert.equal(endedAt, 1300 + FRAME + LISTEN.quietAfterMs);
});

test("in a noisy room the thresholds rise with the noise, so speech still ends; a fan alone is never speech", () => {
  const room = 0.08; // above the fixed quiet level: without the rise, it would never be quiet
  const noisy = listen([...frames(500, room), ...frames(800, 0.5), ...frames(1000, room)]);
  assert.equal(noisy.state.end, "quiet");
  assert.ok(noisy.endedAt < 2400, `ended at ${noisy.endedAt}`);
  const fan = listen(frames(7000, 0.2));
  assert.equal(fan.state.heard, false);
  assert.equal(fan.state.end, "limit");
});

test("while held (button or space bar) quiet never ends it, the limit still does; an ended detector stays ended", () => {
  const held = listen([...frames(500, 0.5), ...frames(3000, 0)], { holding: true });
  assert.equal(held.endedAt, null);
  const limited = listen([...frames(500, 0.5), ...frames(7000, 0)], { holding: true });
  assert.equal(limited.state.end, "limit");
  assert.equal(hearLevel(limited.state, 0.9, 99_999), limited.state);
});

test("levels out of range or not numbers are read as 0…1", () => {
  const { state } = listen([Number.NaN, -3, undefined, 7, 7, 7, 7]);
  assert.equal(state.peak, 1);
  assert.equal(state.floor, 0);
  assert.equal(state.heard, true);
});

test("a press held 450 ms or more is push-to-talk (letting go sends); a shorter one is a tap", () => {
  assert.equal(releaseEnds(0), false);
  assert.equal(releaseEnds(LISTEN.holdMs - 1), false);
  assert.equal(releaseEnds(LISTEN.holdMs), true);
});

// ---- The space bar

const space = (extra = {}) => ({ key: " ", code: "Space", repeat: false, ...extra });

test("space on the page itself (or a heading, a link, the reading text) presses; held down it only repeats", () => {
  assert.equal(spaceKeyDown(space(), null), "press");
  assert.equal(spaceKeyDown(space({ repeat: true }), null), "swallow");
  assert.equal(spaceKeyDown({ key: "Spacebar", code: "", repeat: false }, null), "press");
  assert.equal(spaceKeyDown({ key: "Unidentified", code: "Space" }, null), "press");
  for (const focus of [{ tag: "H2", role: "" }, { tag: "A", role: "" }, { tag: "DIV", role: "region" }, { tag: "DIALOG", role: "" }]) {
    assert.equal(spaceKeyDown(space(), focus), "press", JSON.stringify(focus));
  }
});

test("space is left alone where it types, ticks, presses or plays", () => {
  const own = [{ tag: "INPUT" }, { tag: "input" }, { tag: "TEXTAREA" }, { tag: "SELECT" }, { tag: "BUTTON" }, { tag: "SUMMARY" }, { tag: "VIDEO" },
    { tag: "DIV", editable: true }, { tag: "P", editable: true }, { tag: "DIV", role: "button" }, { tag: "SPAN", role: "switch" },
    { tag: "LI", role: "option" }, { tag: "DIV", role: "Checkbox" }, { tag: "A", role: "button" }, { tag: "DIV", role: "group slider" }];
  for (const focus of own) {
    assert.equal(spaceHasOwnMeaning(focus), true, JSON.stringify(focus));
    assert.equal(spaceKeyDown(space(), focus), "pass", JSON.stringify(focus));
    assert.equal(spaceKeyDown(space({ repeat: true }), focus), "pass", "not even swallowed: holding space in a field types spaces");
  }
  assert.equal(spaceHasOwnMeaning(null), false);
});

test("other keys, space with a modifier or while composing, and space under a modal dialog pass", () => {
  assert.equal(spaceKeyDown({ key: "Enter", code: "Enter" }, null), "pass");
  assert.equal(spaceKeyDown({ key: "a", code: "KeyA" }, null), "pass");
  for (const modifier of ["ctrlKey", "altKey", "metaKey", "shiftKey", "isComposing"]) {
    assert.equal(spaceKeyDown(space({ [modifier]: true }), null), "pass", modifier);
  }
  assert.equal(spaceKeyDown(space(), null, { modalOpen: true }), "pass");
  assert.equal(spaceKeyUp(space()), true);
  assert.equal(spaceKeyUp({ key: "Enter", code: "Enter" }), false);
});

// ---- What each command does

const TEXT_SIZE = { key: "textSize", min: 0.8, max: 2.0, step: 0.1 };
const HOME = { route: { name: "home" }, canGoBack: true, panelOpen: false, reader: "idle", timer: { mode: null, running: false },
  hasText: false, tts: true, textSize: 1, textSpec: TEXT_SIZE };
const MATERIAL = { ...HOME, route: { name: "material", id: "m1" }, hasText: true };
const act = (command, extra = {}, here = HOME) => actionFor({ heard: "…", command, ...extra }, here);

test("nothing understood, or understood but refused, says so and does nothing else", () => {
  assert.deepEqual(actionFor({ heard: "", command: null }, HOME), { kind: "say", key: "voice.notUnderstood" });
  assert.deepEqual(actionFor({ heard: "leggi", command: null }, HOME), { kind: "say", key: "voice.notHere" });
  assert.deepEqual(actionFor(null, HOME), { kind: "say", key: "voice.notUnderstood" });
  assert.deepEqual(act("dance"), { kind: "say", key: "voice.notUnderstood" }, "a command this page does not know");
});

test("the screens: home, settings, profile (#progress), materials, tasks; every move leaves the screen", () => {
  const hashes = { home: "#home", settings: "#settings", profile: "#progress", materials: "#materials", tasks: "#tasks" };
  for (const [command, hash] of Object.entries(hashes)) assert.deepEqual(act(command), { kind: "go", hash, leaves: true }, command);
});

test("a subject, a material, the newest material: by the ids the server found", () => {
  assert.deepEqual(act("openSubject", { subjectId: "matematica" }), { kind: "go", hash: "#subject/matematica", leaves: true });
  assert.equal(act("openSubject", { subjectId: "storia e geo" }).hash, "#subject/storia%20e%20geo");
  assert.equal(act("openSubject").key, "voice.notUnderstood");
  assert.equal(act("openMaterial", { materialId: "m7" }).hash, "#material/m7");
  assert.equal(act("openMaterial", { materialId: null }).key, "voice.notUnderstood");
  assert.equal(act("openLatestMaterial", { subjectId: "storia", materialId: "m9" }).hash, "#material/m9");
  assert.deepEqual(act("openLatestMaterial", { subjectId: "storia", materialId: null }), { kind: "say", key: "voice.noMaterials" });
});

test("a new material goes into the subject shown; back stays inside MirrorBuddy; close closes, or goes back", () => {
  assert.equal(act("newMaterial", {}, { ...HOME, route: { name: "subject", id: "scienze" } }).hash, "#new/scienze");
  assert.equal(act("newMaterial").hash, "#new");
  assert.equal(act("newMaterial", {}, { ...HOME, route: { name: "materials" } }).hash, "#new");
  assert.deepEqual(act("back"), { kind: "back", leaves: true });
  assert.deepEqual(act("back", {}, { ...HOME, canGoBack: false }), { kind: "go", hash: "#home", leaves: true });
  assert.deepEqual(act("close", {}, { ...HOME, panelOpen: true }), { kind: "close" });
  assert.deepEqual(act("close", {}, { ...HOME, panelOpen: false }), { kind: "back", leaves: true });
  assert.deepEqual(act("close", {}, { ...HOME, canGoBack: false }), { kind: "go", hash: "#home", leaves: true });
});

test("search opens the materials' search (already there: it stays)", () => {
  assert.deepEqual(act("search"), { kind: "search", leaves: true });
  assert.deepEqual(act("search", {}, { ...HOME, route: { name: "materials" } }), { kind: "search", leaves: false });
});

test("mind map on a material opens its map (made if it has none); anywhere else, the maps", () => {
  assert.deepEqual(act("mindMap", {}, MATERIAL), { kind: "mindMap", materialId: "m1", leaves: true });
  assert.deepEqual(act("mindMap", {}, { ...MATERIAL, route: { name: "material", id: "a b" } }), { kind: "mindMap", materialId: "a b", leaves: true });
  assert.deepEqual(act("mindMap"), { kind: "go", hash: "#maps", leaves: true });
  assert.ok(!ACTION_KEYS.some((key) => key.startsWith("voice.soon.")), "nothing is 'coming soon' any more");
});

test("flashcards on a material open its review; anywhere else, the cards", () => {
  assert.deepEqual(act("flashcards", {}, MATERIAL), { kind: "go", hash: "#review/m1", leaves: true });
  assert.deepEqual(act("flashcards", {}, { ...MATERIAL, route: { name: "material", id: "a b" } }), { kind: "go", hash: "#review/a%20b", leaves: true });
  assert.deepEqual(act("flashcards"), { kind: "go", hash: "#cards", leaves: true });
  assert.ok(!ACTION_KEYS.includes("voice.soon.flashcards"));
});

test("the look: the Dislessia profile on, the default look back, the text a notch bigger or smaller", () => {
  assert.deepEqual(act("dyslexiaOn"), { kind: "preset", preset: "dislessia", resumeReader: true });
  assert.deepEqual(act("dyslexiaOff"), { kind: "settings", change: { font: "system", letterSpacing: 0, wordSpacing: 0, lineSpacing: 1.5 }, resumeReader: true });
  assert.deepEqual(act("biggerText"), { kind: "textSize", value: 1.1, resumeReader: true });
  assert.deepEqual(act("smallerText", {}, { ...HOME, textSize: 1.5 }), { kind: "textSize", value: 1.4, resumeReader: true });
  assert.equal(act("biggerText", {}, { ...HOME, textSize: 2 }).key, "voice.textBiggest");
  assert.equal(act("smallerText", {}, { ...HOME, textSize: 0.8 }).key, "voice.textSmallest");
});

test("text size notches: the next one past the value, never past the slider's ends", () => {
  const cases = [[1, 1, 1.1], [1, -1, 0.9], [1.25, 1, 1.3], [1.25, -1, 1.2], [1.1, 1, 1.2], [1.2, -1, 1.1], [0.3, 1, 0.8],
    [1.95, 1, 2], [2, 1, null], [0.8, -1, null], [2.3, 1, null], [2.3, -1, 2], [undefined, 1, 1.1], [null, -1, 0.9], ["1.5", 1, 1.6]];
  for (const [value, direction, expected] of cases) assert.equal(stepTextSize(value, direction, TEXT_SIZE), expected, `${value} ${direction}`);
});

test("study: the timer starts, resumes when paused, and is left alone when running", () => {
  assert.deepEqual(act("startStudy", {}, MATERIAL), { kind: "startStudy", resumeReader: true });
  assert.deepEqual(act("startStudy", {}, { ...MATERIAL, timer: { mode: "study", running: false } }), { kind: "timer", call: "resumeTimer", resumeReader: true });
  assert.equal(act("startStudy", {}, { ...MATERIAL, timer: { mode: "pomodoro", running: true } }).key, "voice.timerRunning");
});

test("read, stop: the reader when there is a text and read-aloud is on", () => {
  assert.deepEqual(act("read", {}, MATERIAL), { kind: "reader", call: "readFrom" });
  assert.deepEqual(act("read", {}, { ...MATERIAL, reader: "paused" }), { kind: "reader", call: "resumeReading" });
  assert.deepEqual(act("read", {}, { ...MATERIAL, reader: "playing" }), { kind: "reader", call: "resumeReading" }, "listening paused it");
  assert.equal(act("read").key, "voice.nothingToRead");
  assert.equal(act("read", {}, { ...MATERIAL, tts: false }).key, "voice.readingOff");
  assert.deepEqual(act("stopReading", {}, { ...MATERIAL, reader: "paused" }), { kind: "reader", call: "stopReading" });
  assert.equal(act("stopReading", {}, MATERIAL).key, "voice.notReading");
});

test("pause and resume: the reader if it is reading, else the timer, else a line", () => {
  const running = { mode: "study", running: true };
  const paused = { mode: "study", running: false };
  assert.deepEqual(act("pause", {}, { ...MATERIAL, reader: "playing", timer: running }), { kind: "reader", call: "pauseReading" });
  assert.deepEqual(act("pause", {}, { ...MATERIAL, reader: "paused", timer: running }), { kind: "timer", call: "pauseTimer" });
  assert.equal(act("pause", {}, { ...MATERIAL, timer: paused }).key, "voice.nothingToPause");
  assert.deepEqual(act("resume", {}, { ...MATERIAL, reader: "paused", timer: paused }), { kind: "reader", call: "resumeReading" });
  assert.deepEqual(act("resume", {}, { ...HOME, timer: paused }), { kind: "timer", call: "resumeTimer" });
  assert.equal(act("resume", {}, { ...HOME, timer: running }).key, "voice.nothingToResume");
  assert.equal(act("resume").key, "voice.nothingToResume");
});

test("refresh and help are the page's own", () => {
  assert.deepEqual(act("refresh"), { kind: "refresh" });
  assert.deepEqual(act("help"), { kind: "help" });
});

test("every command of the contract has an action on every screen, and only lines the catalogues have", () => {
  const screens = ["home", "subject", "materials", "material", "new", "tasks", "progress", "settings", "cards", "card", "review"];
  const readers = ["idle", "playing", "paused"];
  const timers = [{ mode: null, running: false }, { mode: "study", running: true }, { mode: "pomodoro", running: false }];
  for (const name of screens) for (const reader of readers) for (const timer of timers) for (const command of COMMANDS) {
    const here = { ...HOME, route: { name, id: "x" }, reader, timer, hasText: name === "material", panelOpen: reader === "paused" };
    const action = actionFor({ heard: "x", command, subjectId: "s", materialId: "m" }, here);
    assert.ok(action.kind, `${command} on ${name}`);
    if (action.kind === "say") assert.ok(ACTION_KEYS.includes(action.key), `${command} on ${name}: ${action.key}`);
    // The map's commands are the map's own (mirrorbuddy-map-voice.test.mjs): anywhere else they were not understood.
    const own = !MAP_COMMANDS.includes(command) && command !== "openMaterial" && command !== "openSubject";
    if (action.kind === "say" && own) assert.notEqual(action.key, "voice.notUnderstood", command);
  }
});

test("the client knows every command the server's grammar can answer with", (context) => {
  const swift = new URL("../../Sources/Study/VoiceCommands.swift", import.meta.url);
  if (!existsSync(swift)) { context.skip("the server's VoiceCommands.swift is not here"); return; }
  // Every case, past the doc comments between them, up to the first member.
  const block = /enum VoiceCommand\b[^{]*\{([\s\S]*?)\n\s*(?:var|func|static)/.exec(readFileSync(swift, "utf8"));
  assert.ok(block, "VoiceCommand's cases");
  const cases = [...block[1].replace(/\/\/.*$/gm, "").matchAll(/case\s+([^\n]+)/g)].flatMap((match) => match[1].split(",").map((id) => id.trim()).filter(Boolean));
  assert.deepEqual([...cases].sort(), [...COMMANDS].sort());
});

// ---- Problems

test("a microphone that will not start: the line for why, as recorder.js sorts the errors", () => {
  const cases = { NotAllowedError: "voice.mic.denied", SecurityError: "voice.mic.denied", PermissionDeniedError: "voice.mic.denied",
    NotFoundError: "voice.mic.missing", OverconstrainedError: "voice.mic.missing", NotReadableError: "voice.mic.busy", AbortError: "voice.mic.busy",
    NotSupportedError: "voice.mic.unsupported", TypeError: "voice.mic.failed" };
  for (const [name, key] of Object.entries(cases)) assert.equal(microphoneKey({ name }), key, name);
  assert.equal(microphoneKey(undefined), "voice.mic.failed");
});

test("a recording the server could not take: rate limit, speech engine away, bad audio, no network", () => {
  const at = (code, status = 422) => answerProblemKey({ name: "Error", code, status });
  assert.equal(at(ErrorCode.rateLimited, 429), "voice.error.rateLimited");
  assert.equal(at(ErrorCode.speechWarmingUp, 503), "voice.error.unavailable");
  assert.equal(at(ErrorCode.speechUnavailable, 503), "voice.error.unavailable");
  assert.equal(at(ErrorCode.speechServiceFailed, 502), "voice.error.unavailable");
  assert.equal(at("http_503", 503), "voice.error.unavailable", "a proxy's 503");
  assert.equal(at(ErrorCode.noSpeech), "voice.heardNothing");
  for (const code of [ErrorCode.unsupportedAudio, ErrorCode.badAudio, ErrorCode.audioTooLong, ErrorCode.bodyTooLarge]) assert.equal(at(code), "voice.error.audio", code);
  assert.equal(answerProblemKey(new TypeError("Failed to fetch")), "error.network");
  assert.equal(at(ErrorCode.internalError, 500), "voice.error.generic");
  assert.equal(at("toString"), "voice.error.generic", "not a key of the table's prototype");
  assert.equal(answerProblemKey(null), "voice.error.generic");
});

// ---- History

test("the history depth: a new entry is one deeper, Back and Forward find their entry's depth", () => {
  assert.equal(depthAfter(-1, undefined), 0, "the first screen");
  assert.equal(depthAfter(0, undefined), 1);
  assert.equal(depthAfter(3, null), 4);
  assert.equal(depthAfter(3, 1), 1, "back to an entry already counted");
  assert.equal(depthAfter(1, 0), 0);
  for (const odd of ["2", -1, 1.5, Number.NaN]) assert.equal(depthAfter(2, odd), 3, String(odd));
});

// ---- The catalogues

test("every line the voice commands show or say is in both catalogues, with its slots", () => {
  const keys = [...ACTION_KEYS, ...PROBLEM_KEYS, ...COMMANDS.map((id) => `voice.command.${id}`)];
  for (const key of keys) for (const lang of ["it", "en"]) assert.ok(has(key, lang), `${lang} ${key}`);
  setLanguage("it");
  assert.equal(t("voice.heard", { phrase: "apri matematica" }), "Ho sentito: «apri matematica»");
  assert.match(t("voice.notUnderstood"), /^Non ho capito/);
  assert.match(t("voice.help.spoken", { examples: "«leggi»" }), /«leggi»/);
  setLanguage("en");
  assert.equal(t("voice.heard", { phrase: "open maths" }), "I heard: “open maths”");
  assert.match(t("voice.notUnderstood"), /^I didn't catch that/);
  assert.equal(t("voice.command.mindMap"), "See the material's mind map");
  setLanguage("it");
});

// ---- Tasks by voice

test("a task said with a subject or a day fills in the form, one tap from made; alone it opens the form", () => {
  assert.deepEqual(act("addTask", { subjectId: "storia" }), { kind: "addTask", key: "voice.taskReady", subjectId: "storia", day: null, leaves: true });
  assert.deepEqual(act("addTask", { day: "friday" }), { kind: "addTask", key: "voice.taskReady", subjectId: null, day: "friday", leaves: true });
  assert.deepEqual(act("addTask"), { kind: "newTask", leaves: true });
  assert.deepEqual(act("addTask", {}, { ...HOME, route: { name: "tasks" } }), { kind: "newTask", leaves: false });
});

test("the day said is a day on the device's calendar: the next such weekday, never today", () => {
  const friday = new Date(2026, 10, 27, 18, 30);
  assert.equal(dayOf("today", friday), "2026-11-27");
  assert.equal(dayOf("tomorrow", friday), "2026-11-28");
  assert.equal(dayOf("dayAfterTomorrow", friday), "2026-11-29");
  assert.equal(dayOf("monday", friday), "2026-11-30");
  assert.equal(dayOf("friday", friday), "2026-12-04");
  assert.equal(dayOf("thursday", friday), "2026-12-03");
  assert.equal(dayOf("tomorrow", new Date(2026, 11, 31, 23, 59)), "2027-01-01");
  assert.equal(dayOf("someday", friday), null);
});
