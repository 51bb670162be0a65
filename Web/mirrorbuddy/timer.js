// Runs the focus timer (timer-rules.js) on the wall clock: one tick a second updates the clocks on
// screen, sends each finished stretch of study to the server, announces a new Pomodoro part, speaks
// a short recap every 10 minutes (settings.checkpoints), and nudges after a minute without a touch.
import { sounds } from "../shared/sounds.js";
import { toast } from "./celebrate.js";
import { contextTime } from "./context-banner.js";
import { sendStretch } from "./data.js";
import { t } from "./i18n.js";
import { render, state, subjectById, subjectName } from "./state.js";
import * as rules from "./timer-rules.js";
import { speakText, ttsOn } from "./voice.js";

let timer = rules.stopped;
let ticking = null;
let lastActivity = Date.now();
let nudgedAt = -Infinity;
let nextBreakHint = rules.BREAK_AFTER;

export const timerState = () => timer;
export const timerRunning = () => Boolean(timer.mode);

const subjectWords = () => {
  const subject = subjectById(timer.subjectId ?? state.context.subjectId);
  return subject ? subjectName(subject) : t("checkpoint.anySubject");
};

function say(lines, kind = "info") {
  toast(lines, { kind, say: false });
  if (ttsOn()) speakText([].concat(lines).join(". "));
}

async function send(stretch, { subjectId, taskId }) {
  try {
    const answer = await sendStretch({ ...stretch, subjectId: subjectId ?? undefined, taskId: taskId ?? undefined });
    if (answer.xp) toast([t("timer.stretchSaved", { minutes: Math.round(stretch.minutes) }), t("celebrate.xp", { xp: answer.xp }),
      ...(answer.unlocked ?? []).map((id) => t("celebrate.badge", { name: t(`badge.${id}.name`) }))], { kind: "party", say: false });
    render();
  } catch {
    toast(t("timer.notSaved"), { kind: "info", say: false });
  }
}

function handle(events, owner) {
  for (const event of events) {
    if (event.type === "stretch") send(event, owner);
    else if (event.type === "phase") {
      if (event.to === "work") sounds.go(); else sounds.rest();
      say(t(`timer.phaseStart.${event.to}`), "nudge");
      render();
    } else if (event.type === "checkpoint" && state.settings?.checkpoints) {
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
  const owner = { subjectId: timer.subjectId, taskId: timer.taskId };
  const moved = rules.tick(timer, now);
  timer = moved.state;
  handle(moved.events, owner);
  const nudge = rules.nudgeFor(timer, { now, lastActivity, nudgedAt });
  if (nudge) {
    nudgedAt = lastActivity;
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

/** Any touch, key or scroll counts as the student being there. */
export function watchActivity(target = document) {
  for (const type of ["pointerdown", "keydown", "scroll", "input"]) {
    target.addEventListener(type, () => { lastActivity = Date.now(); }, { passive: true, capture: true });
  }
}
