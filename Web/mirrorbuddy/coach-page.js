// #coach, what it does: the welcome, lines and suggested questions loaded on arriving (the welcome
// said when read-aloud is on); a question asked by typing (Send or Enter), by a tap on a suggestion
// or a quick follow-up, or aloud (🎤: "Hai detto: …" before the reply); the reply added to the
// conversation, said aloud, and its context sent back with the next question. After two minutes
// with nothing done, one idle line, once a visit. The conversation stays while the student stays
// in the app (the same child: a page loaded for another child starts afresh); what was typed stays
// in the field until the question has its reply. The drawing is coach-view.js's.
import { stopSpeaking } from "../shared/speech.js";
import { askCoach, askCoachByVoice, getCoach } from "./coach-data.js";
import { COACH_LISTEN, contextAfter, idleLineDue, lineFor, messageProblem, problemFor, spokenParts, voiceProblemKey, withExchange, withLine }
  from "./coach-rules.js";
import { cancelListening, isListening, listen, stopListening } from "./coach-voice.js";
import { currentLanguage, t } from "./i18n.js";
import { liveVoice } from "./live-say.js";
import { render, state, studentKey } from "./state.js";
import { isHushed, speakText, ttsOn } from "./voice.js";

const live = liveVoice("coach-live");
const IDLE_CHECK_MS = 5000;

// Kept while the student stays in the app: the lines, the context to send back, the turn (the
// request's variant, so canned lines vary) and what is typed in the field.
const talk = { owner: null, entries: [], context: null, turn: 0, draft: "" };
// This visit of #coach (null elsewhere): what GET /coach said, a question out, a problem, the microphone, the idle line.
let visit = null;

export const coachTalk = () => talk;
export const coachVisit = () => visit;

const onScreen = () => state.route.name === "coach";

/** Says `parts` one after another in `lang`, when read-aloud is on and the microphone is not listening. */
function sayAloud(parts, lang) {
  if (!ttsOn() || isHushed()) return;
  parts.filter(Boolean).forEach((text, index) => speakText(text, { lang, queue: index > 0 }));
}

/** Scrolls `id`'s top just under the sticky banner (its height changes with the screen and the text size), unless it is in view. */
function reveal(id) {
  const element = document.getElementById(id);
  if (!element) return;
  const top = (document.getElementById("context-banner")?.getBoundingClientRect().bottom ?? 0) + 12;
  const box = element.getBoundingClientRect();
  if (box.top >= top && box.bottom <= innerHeight) return;
  scrollBy({ top: box.top - top, behavior: "instant" });
}

function focusField() {
  document.getElementById("coach-input")?.focus({ preventScroll: true });
}

/** Arriving on #coach (or "aggiorna" said there): the screen's words loaded, the idle line watched for. */
export function enterCoach() {
  // Another child (the page's student loaded again): their conversation starts afresh.
  // By who the student is, not by the object: a new material reloads `state.me` for the same child.
  const owner = studentKey(state.me);
  if (talk.owner !== owner) Object.assign(talk, { owner, entries: [], context: null, turn: 0, draft: "" });
  if (!visit) {
    visit = { info: null, loading: true, error: null, busy: false, asking: null, problem: null, listening: "idle", idleShown: false,
      lastActivity: Date.now(), timer: 0 };
    watchIdle(visit);
  }
  live.ready();
  loadInfo(visit);
}

/** Leaving #coach: the microphone closes, the idle line is no longer watched for. */
export function leaveCoach() {
  if (!visit) return;
  clearInterval(visit.timer);
  visit = null;
  cancelListening();
}

/** GET /coach again (the retry button). */
export const reloadCoach = () => { if (visit) loadInfo(visit); };

async function loadInfo(mine) {
  mine.loading = !mine.info;
  mine.error = null;
  render();
  try {
    const info = await getCoach();
    if (visit !== mine) return;
    const first = !mine.info;
    Object.assign(mine, { info, loading: false });
    render();
    if (first && onScreen()) sayAloud([info.welcome], info.language);
  } catch (error) {
    if (visit !== mine) return;
    Object.assign(mine, { loading: false, error });
    render();
  }
}

/** The reply is in: the exchange kept, its context remembered, the reply shown and said. */
function answered(asked, reply, mine) {
  talk.entries = withExchange(talk.entries, asked, reply);
  talk.context = contextAfter(reply);
  if (visit === mine) Object.assign(mine, { busy: false, asking: null, problem: null });
  if (!onScreen()) return;
  render();
  if (visit !== mine) return;
  reveal(`coach-entry-${talk.entries.at(-1).n}`);
  const lang = reply.language ?? currentLanguage();
  const heard = asked.voice && asked.text ? t("coach.youSaid", { heard: asked.text }, lang) : null;
  live.say([heard, ...spokenParts(reply)].filter(Boolean).join(" "));
  sayAloud([heard, ...spokenParts(reply)], lang);
}

/** A question failed: it says why (429: wait a moment); what was typed is still in the field. */
function failed(mine, problem) {
  if (visit !== mine) return;
  Object.assign(mine, { busy: false, asking: null, problem });
  if (!onScreen()) return;
  render();
  reveal("coach-problem");
  const words = problem.key ? t(problem.key) : null;
  if (words) sayAloud([words], currentLanguage());
}

/** Asks `text` (typed, a suggestion or a quick follow-up). `typed`: it came from the field, which empties once answered. */
export async function ask(text, { typed = false } = {}) {
  const mine = visit;
  if (!mine || mine.busy || isListening()) return;
  noticed();
  const problem = messageProblem(text);
  if (problem) {
    mine.problem = { key: problem === "empty" ? "coach.needText" : "coach.tooLong" };
    render();
    if (typed) focusField();
    return;
  }
  const message = String(text).trim();
  stopSpeaking();
  Object.assign(mine, { busy: true, problem: null, asking: { text: message, voice: false } });
  const turn = talk.turn++;
  render();
  reveal("coach-thinking");
  let reply;
  try {
    reply = await askCoach(message, talk.context, turn);
  } catch (error) {
    failed(mine, problemFor(error));
    return;
  }
  // The field empties only if it still holds what was sent (the student may have typed on).
  if (typed && talk.draft.trim() === message) talk.draft = "";
  answered({ text: message }, reply, mine);
}

/** The field's Send (or Enter). */
export function send(event) {
  event?.preventDefault();
  ask(talk.draft, { typed: true });
}

/** What is typed, kept as it is typed (the screen is drawn anew on every change). */
export function typed(text) {
  talk.draft = text;
  if (visit?.problem?.key === "coach.needText" && text.trim()) { visit.problem = null; render(); }
}

function withTimeout(promise, ms) {
  let timer;
  const late = new Promise((resolve, reject) => { timer = setTimeout(() => reject(Object.assign(new Error("no answer"), { status: 503 })), ms); });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

function showLevel(level) {
  const fill = document.getElementById("coach-meter-fill");
  if (fill) fill.style.transform = `scaleX(${Math.min(1, Math.max(0, level)).toFixed(2)})`;
}

/** 🎤: listen to a question (a second tap sends it now), then send it with the context. */
export async function askByVoice() {
  const mine = visit;
  if (!mine) return;
  noticed();
  if (isListening()) { stopListening(); return; }
  if (mine.busy) return;
  Object.assign(mine, { listening: "starting", problem: null });
  render();
  const result = await listen({ onLevel: showLevel, onListening: () => { if (visit === mine) { mine.listening = "listening"; render(); } } });
  if (visit !== mine) return;
  mine.listening = "idle";
  if (result.cancelled) { render(); return; }
  if (result.problem) { failed(mine, { key: result.problem }); return; }
  const turn = talk.turn++;
  Object.assign(mine, { busy: true, asking: { text: "", voice: true } });
  render();
  reveal("coach-thinking");
  let reply;
  try {
    reply = await withTimeout(askCoachByVoice(result.audio.blob, talk.context, turn), COACH_LISTEN.answerMs);
  } catch (error) {
    failed(mine, { key: voiceProblemKey(error) });
    return;
  }
  answered({ text: reply.heard ?? "", voice: true }, reply, mine);
}

// ---- The idle line: two minutes on the screen with nothing done, once a visit.

function noticed() {
  if (visit && onScreen()) visit.lastActivity = Date.now();
}

function watchIdle(mine) {
  mine.timer = setInterval(() => {
    if (visit !== mine) { clearInterval(mine.timer); return; }
    const due = idleLineDue({ lastActivity: mine.lastActivity, now: Date.now(), shown: mine.idleShown, busy: mine.busy || !mine.info,
      listening: isListening() });
    if (!due || !onScreen()) return;
    mine.idleShown = true;
    const line = lineFor(mine.info.prompts?.idle, talk.turn);
    if (!line || !(mine.info.materials > 0)) return;
    talk.entries = withLine(talk.entries, line, "idle");
    render();
    reveal(`coach-entry-${talk.entries.at(-1).n}`);
    live.say(line);
    sayAloud([line], mine.info.language);
  }, IDLE_CHECK_MS);
}

for (const type of ["pointerdown", "keydown", "input", "wheel"]) addEventListener(type, noticed, { capture: true, passive: true });
