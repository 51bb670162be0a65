// The focus timer as a pure state machine, time a parameter (ms): a count-up study timer and a
// Pomodoro (25 / 5 / 15, a long break after every 4 work parts; 15 / 5 / 15 in ADHD mode). Paused
// time never counts. `tick` answers the events the page acts on: a finished stretch of study to
// send to the server, a new phase, a 10-minute checkpoint. Node-tested.

export const MINUTE = 60_000;
export const CHECKPOINT_EVERY = 10 * MINUTE;
export const MAX_STRETCH = 240 * MINUTE;   // the server takes at most 240 minutes in one stretch
export const MIN_STRETCH = 30_000;         // less than half a minute is not sent
export const IDLE_AFTER = 60_000;
export const AUTO_PAUSE_AFTER = 5 * MINUTE; // an idle nudge unanswered this long pauses the timer
export const BREAK_AFTER = 25 * MINUTE;

/** The lengths of a Pomodoro's parts. */
export function pomodoroPlan(adhdMode = false) {
  return { work: (adhdMode ? 15 : 25) * MINUTE, shortBreak: 5 * MINUTE, longBreak: 15 * MINUTE, longEvery: 4 };
}

export const stopped = Object.freeze({ mode: null, phase: "idle", running: false });

const studying = (phase) => phase === "work" || phase === "study";
const minutesOf = (ms) => Math.round((ms / MINUTE) * 100) / 100;
const iso = (ms) => new Date(ms).toISOString();

/** A timer started at `now`: mode "study" (count-up) or "pomodoro". */
export function start(mode, now, { adhdMode = false, subjectId = null, taskId = null } = {}) {
  return {
    mode, phase: mode === "pomodoro" ? "work" : "study", running: true, plan: pomodoroPlan(adhdMode),
    subjectId, taskId, phaseStartedAt: now, runningSince: now, phaseElapsed: 0, studiedMs: 0,
    nextCheckpoint: CHECKPOINT_EVERY, worksDone: 0,
  };
}

/** Running time in the current phase. */
export function elapsed(state, now) {
  if (!state.mode) return 0;
  return state.phaseElapsed + (state.running ? Math.max(0, now - state.runningSince) : 0);
}

/** Study time since the timer started (work parts and the count-up; no breaks, no pauses). */
export function studied(state, now) {
  if (!state.mode) return 0;
  return state.studiedMs + (state.running && studying(state.phase) ? Math.max(0, now - state.runningSince) : 0);
}

/** What the clock shows: the count-up, or what is left of a Pomodoro part. */
export function shown(state, now) {
  if (!state.mode) return 0;
  if (state.mode === "study") return elapsed(state, now);
  return Math.max(0, state.plan[state.phase] - elapsed(state, now));
}

/** Running time up to `at` folded into the phase (and into study time). */
function settle(state, at) {
  if (!state.running) return state;
  const ran = Math.max(0, at - state.runningSince);
  return { ...state, phaseElapsed: state.phaseElapsed + ran, studiedMs: state.studiedMs + (studying(state.phase) ? ran : 0), runningSince: at };
}

export function pause(state, now) {
  if (!state.mode || !state.running) return state;
  return { ...settle(state, now), running: false };
}

export function resume(state, now) {
  if (!state.mode || state.running) return state;
  return { ...state, running: true, runningSince: now };
}

/** Moves the timer to `now`: {state, events: [{type: "stretch"|"phase"|"checkpoint", …}]}. */
export function tick(state, now) {
  const events = [];
  if (!state.mode || !state.running) return { state, events };
  for (;;) {
    const length = state.mode === "pomodoro" ? state.plan[state.phase] : MAX_STRETCH;
    if (elapsed(state, now) < length) break;
    const boundary = state.runningSince + (length - state.phaseElapsed);
    state = settle(state, boundary);
    if (state.mode === "study") {
      events.push({ type: "stretch", startedAt: iso(state.phaseStartedAt), minutes: minutesOf(length), pomodoro: false });
      state = { ...state, phaseStartedAt: boundary, phaseElapsed: 0 };
      continue;
    }
    let next = "work";
    if (state.phase === "work") {
      events.push({ type: "stretch", startedAt: iso(state.phaseStartedAt), minutes: minutesOf(length), pomodoro: true });
      const worksDone = state.worksDone + 1;
      next = worksDone % state.plan.longEvery === 0 ? "longBreak" : "shortBreak";
      state = { ...state, worksDone };
    }
    events.push({ type: "phase", from: state.phase, to: next });
    state = { ...state, phase: next, phaseStartedAt: boundary, phaseElapsed: 0 };
  }
  const total = studied(state, now);
  if (total >= state.nextCheckpoint) {
    const reached = Math.floor(total / CHECKPOINT_EVERY) * CHECKPOINT_EVERY;
    events.push({ type: "checkpoint", minutes: reached / MINUTE });
    state = { ...state, nextCheckpoint: reached + CHECKPOINT_EVERY };
  }
  return { state, events };
}

/** Stops at `now`: the study of an unfinished part is a stretch of its own (not a whole Pomodoro). */
export function stop(state, now) {
  if (!state.mode) return { state: stopped, events: [] };
  const moved = tick(state, now);
  const events = moved.events.filter((event) => event.type === "stretch");
  const last = moved.state;
  const ran = elapsed(last, now);
  if (studying(last.phase) && ran >= MIN_STRETCH) {
    events.push({ type: "stretch", startedAt: iso(last.phaseStartedAt), minutes: minutesOf(ran), pomodoro: false });
  }
  return { state: stopped, events };
}

/**
 * Since when the student has been quiet: the last touch, or later the moment the timer last began
 * to run (started, resumed, a new Pomodoro part) — a break away from the screen is not idleness.
 */
export function quietSince(state, lastActivity) {
  return Math.max(lastActivity, state.runningSince ?? -Infinity);
}

/**
 * Whether to nudge a student who has not touched anything for a minute while the timer runs:
 * null, "idle" (a kind word) or "break" (past 25 minutes of study: suggest a pause). Once per quiet
 * spell (`nudgedAt`: the quiet spell's start when the last nudge came).
 */
export function nudgeFor(state, { now, lastActivity, nudgedAt = -Infinity }) {
  if (!state.mode || !state.running || !studying(state.phase)) return null;
  const quiet = quietSince(state, lastActivity);
  if (now - quiet < IDLE_AFTER || nudgedAt >= quiet) return null;
  return studied(state, now) >= BREAK_AFTER ? "break" : "idle";
}

/**
 * When a timer whose idle nudge went unanswered for 5 minutes pauses: the moment of the nudge
 * (a minute into the quiet), so the unanswered time does not count; null while that has not
 * happened by `now`. Only while studying (breaks are meant to be away from the screen).
 */
export function autoPauseAt(state, { now, lastActivity }) {
  if (!state.mode || !state.running || !studying(state.phase)) return null;
  const nudge = quietSince(state, lastActivity) + IDLE_AFTER;
  return now - nudge >= AUTO_PAUSE_AFTER ? nudge : null;
}

/** When the current part ends by itself (a Pomodoro part, or the count-up's longest stretch). */
function partEnds(state) {
  const length = state.mode === "pomodoro" ? state.plan[state.phase] : MAX_STRETCH;
  return state.runningSince + (length - state.phaseElapsed);
}

/**
 * `tick` that also pauses by itself: moves the timer to `now` a part at a time and, where an idle
 * nudge went unanswered for 5 minutes, pauses it at the nudge (the phone slept, the tab was left
 * open). {state, events, autoPaused}.
 */
export function advance(state, now, { lastActivity }) {
  const events = [];
  for (let guard = 0; guard < 10_000; guard += 1) {
    if (!state.mode || !state.running) return { state, events, autoPaused: false };
    const to = Math.min(now, partEnds(state));
    const at = autoPauseAt(state, { now: to, lastActivity });
    if (at !== null) {
      const moved = tick(state, at);
      events.push(...moved.events);
      return { state: pause(moved.state, at), events, autoPaused: true };
    }
    const moved = tick(state, to);
    events.push(...moved.events);
    state = moved.state;
    if (to >= now) return { state, events, autoPaused: false };
  }
  return { state, events, autoPaused: false };
}

/** "1:05:09" or "25:00". */
export function clock(ms) {
  const seconds = Math.floor(Math.max(0, ms) / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}
