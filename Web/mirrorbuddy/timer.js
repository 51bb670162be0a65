// Runs the focus timer (timer-rules.js) on the wall clock: one tick a second updates the clocks on
// screen, sends each finished stretch of study to the server (one at a time, in order, tried again
// when the network fails: send-queue.js), announces a new Pomodoro part, speaks a short recap every
// 10 minutes (settings.checkpoints), nudges after a minute without a touch (the reader reading
// aloud counts as a touch) and pauses by itself when that nudge goes unanswered for 5 minutes.
// Leaving the page (🚪, a reload, closing the tab) sends a running timer's stretch with keepalive.
import { sounds } from "../shared/sounds.js";
import { toast } from "./celebrate.js";
import { contextTime } from "./context-banner.js";
import { sendStretch, sendStretchOnLeave } from "./data.js";
import { t } from "./i18n.js";
import { sendQueue } from "./send-queue.js";
import { render, state, subjectById, subjectName } from "./state.js";
import * as rules from "./timer-rules.js";
import { announce, isReadingAloud } from "./voice.js";

let timer = rules.stopped;
let ticking = null;
let lastActivity = Date.now();
let nudgedAt = -Infinity;
let nextBreakHint = rules.BREAK_AFTER;
const outbox = sendQueue({ send: sendStretch });

export const timerState = () => timer;
export const timerRunning = () => Boolean(timer.mode);

const subjectWords = () => {
  const subject = subjectById(timer.subjectId ?? state.context.subjectId);
  return subject ? subjectName(subject) : t("checkpoint.anySubject");
};

/** Shown in a toast; said too when read-aloud is on, unless the reader is reading (then only shown). */
function say(lines, kind = "info") {
  toast(lines, { kind, say: false });
  announce([].concat(lines).join(". "));
}

/** The request body of a stretch (the server ignores `startedAt` and ends it on arrival). */
const bodyOf = (stretch, { subjectId, taskId }) => ({ startedAt: stretch.startedAt, minutes: stretch.minutes, pomodoro: stretch.pomodoro,
  subjectId: subjectId ?? undefined, taskId: taskId ?? undefined });

/** Sends a stretch as soon as it ends, after any still on their way. */
async function send(stretch, owner) {
  const result = await outbox.add(bodyOf(stretch, owner));
  if (result.outcome === "saved") {
    const answer = result.answer;
    if (answer?.xp) toast([t("timer.stretchSaved", { minutes: Math.round(stretch.minutes) }), t("celebrate.xp", { xp: answer.xp }),
      ...(answer.unlocked ?? []).map((id) => t("celebrate.badge", { name: t(`badge.${id}.name`) }))], { kind: "party", say: false });
    render();
  } else if (result.outcome === "failed") {
    toast(t("timer.notSaved"), { kind: "info", say: false });
  }
}

function handle(events, owner) {
  // After a sleep several recaps can come at once: only the last is worth saying.
  const lastCheckpoint = events.filter((event) => event.type === "checkpoint").at(-1);
  for (const event of events) {
    if (event.type === "stretch") send(event, owner);
    else if (event.type === "phase") {
      if (event.to === "work") sounds.go(); else sounds.rest();
      say(t(`timer.phaseStart.${event.to}`), "nudge");
      render();
    } else if (event === lastCheckpoint && state.settings?.checkpoints) {
      const line = t(`checkpoint.line${1 + Math.floor(Math.random() * 3)}`, { subject: subjectWords(), minutes: event.minutes });
      say(line, "nudge");
    }
  }
}

/** Brings the clocks on screen up to date without drawing the page again. */
export function updateClocks(now = Date.now()) {
  for (const element of document.querySelectorAll("[data-timer-clock]")) element.textContent = rules.clock(rules.shown(timer, now));
  for (const element of document.querySelectorAll("[data-studied-clock]")) element.textContent = rules.clock(rules.studied(timer, now));
  for (const element of document.querySelectorAll("[data-context-clock]")) element.textContent = rules.clock(contextTime(now));
}

function step() {
  const now = Date.now();
  // Listening to the reader is being there.
  if (isReadingAloud()) lastActivity = now;
  const owner = { subjectId: timer.subjectId, taskId: timer.taskId };
  const moved = rules.advance(timer, now, { lastActivity });
  timer = moved.state;
  handle(moved.events, owner);
  if (moved.autoPaused) {
    say(t("timer.autoPaused"), "nudge");
    render();
  }
  const nudge = rules.nudgeFor(timer, { now, lastActivity, nudgedAt });
  if (nudge) {
    nudgedAt = rules.quietSince(timer, lastActivity);
    say(t(`timer.nudge.${nudge}`, { subject: subjectWords() }), "nudge");
  }
  if (state.settings?.breakReminders && timer.mode === "study" && rules.studied(timer, now) >= nextBreakHint) {
    nextBreakHint += rules.BREAK_AFTER;
    say(t("timer.nudge.break", { subject: subjectWords() }), "nudge");
  }
  updateClocks(now);
}

export function startTimer(mode) {
  if (timer.mode) stopTimer();
  timer = rules.start(mode, Date.now(), { adhdMode: Boolean(state.settings?.adhdMode), subjectId: state.context.subjectId, taskId: state.context.taskId });
  lastActivity = Date.now();
  nextBreakHint = rules.BREAK_AFTER;
  clearInterval(ticking);
  ticking = setInterval(step, 1000);
  sounds.go();
  render();
}

export function pauseTimer() { timer = rules.pause(timer, Date.now()); render(); }
export function resumeTimer() { timer = rules.resume(timer, Date.now()); lastActivity = Date.now(); render(); }

export function stopTimer() {
  const owner = { subjectId: timer.subjectId, taskId: timer.taskId };
  const ended = rules.stop(timer, Date.now());
  timer = ended.state;
  clearInterval(ticking);
  ticking = null;
  handle(ended.events, owner);
  render();
}

/**
 * The page is going away (🚪, a reload, the tab closed): a running or paused timer's study so far
 * and every stretch not saved yet go with keepalive requests, which outlive the page.
 */
export function flushOnLeave() {
  const owner = { subjectId: timer.subjectId, taskId: timer.taskId };
  const ended = rules.stop(timer, Date.now());
  const leaving = outbox.takeAll();
  if (timer.mode) {
    timer = ended.state;
    clearInterval(ticking);
    ticking = null;
    leaving.push(...ended.events.filter((event) => event.type === "stretch").map((stretch) => bodyOf(stretch, owner)));
  }
  for (const body of leaving) sendStretchOnLeave(body);
}

/** Any touch, key or scroll counts as the student being there; leaving the page saves the timer. */
export function watchActivity(target = document, win = globalThis) {
  for (const type of ["pointerdown", "keydown", "scroll", "input"]) {
    target.addEventListener(type, () => { lastActivity = Date.now(); }, { passive: true, capture: true });
  }
  win.addEventListener?.("pagehide", flushOnLeave);
}
