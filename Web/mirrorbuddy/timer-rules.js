// The focus timer as a pure state machine, time a parameter (ms): a count-up study timer and a
// Pomodoro (25 / 5 / 15, a long break after every 4 work parts; 15 / 5 / 15 in ADHD mode). Paused
// time never counts. `tick` answers the events the page acts on: a finished stretch of study to
// send to the server, a new phase, a 10-minute checkpoint. Node-tested.

export const MINUTE = 60_000;
export const CHECKPOINT_EVERY = 10 * MINUTE;
export const MAX_STRETCH = 240 * MINUTE;   // the server takes at most 240 minutes in one stretch
export const MIN_STRETCH = 30_000;         // less than half a minute is not sent
export const IDLE_AFTER = 60_000;
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
 * Whether to nudge a student who has not touched anything for a minute while the timer runs:
 * null, "idle" (a kind word) or "break" (past 25 minutes of study: suggest a pause). Once per quiet spell.
 */
export function nudgeFor(state, { now, lastActivity, nudgedAt = -Infinity }) {
  if (!state.mode || !state.running || !studying(state.phase)) return null;
  if (now - lastActivity < IDLE_AFTER || nudgedAt >= lastActivity) return null;
  return studied(state, now) >= BREAK_AFTER ? "break" : "idle";
}

/** "1:05:09" or "25:00". */
export function clock(ms) {
  const seconds = Math.floor(Math.max(0, ms) / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}
