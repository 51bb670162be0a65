// A take from the first tap to the score, as a state machine: countdown → starting the microphone
// → recording → analysing → reveal (or failed). Pure: the time is a parameter, so node --test walks
// every path; recording.js performs what each phase asks for (the microphone, the upload).

/** The analysing screen's stages, one every STAGE_MS (the original's four). */
export const STAGES = Object.freeze(["Listening to your words…", "Finding fillers…", "Measuring pace and pauses…", "Checking delivery…"]);
export const STAGE_MS = 2500;
/** The server takes at most 10 minutes of audio. */
export const LONGEST_SECONDS = 600;
/** After this long a recording is worth asking about before it is thrown away. */
export const ASK_BEFORE_DISCARD_SECONDS = 5;

export const idle = Object.freeze({ phase: "idle" });

/**
 * The next state after `event`. A plan is {promptId (null: free practice), seconds, keepGoing}.
 * Events: start {plan, countdown, now}, tick {now}, startNow, cancel, recording {now},
 * micFailed {message}, stop {now}, analysed {take}, failed {message, code}, sendAgain {now} (a failed
 * upload, its recording kept), reset.
 * An event that does not fit the phase leaves the state as it was.
 */
export function step(state, event) {
  const { phase } = state;
  switch (event.type) {
    case "start":
      if (!["idle", "failed", "reveal"].includes(phase)) return state;
      return { phase: "countdown", plan: event.plan, startedAt: event.now, total: clampCountdown(event.countdown) };
    case "tick":
      if (phase === "countdown" && event.now - state.startedAt >= state.total * 1000) return { phase: "starting", plan: state.plan };
      return state;
    case "startNow":
      return phase === "countdown" ? { phase: "starting", plan: state.plan } : state;
    case "cancel":
      return ["countdown", "starting", "recording"].includes(phase) ? idle : state;
    case "recording":
      return phase === "starting" ? { phase: "recording", plan: state.plan, startedAt: event.now } : state;
    case "micFailed":
      return phase === "starting" ? { phase: "failed", plan: state.plan, message: event.message, code: null } : state;
    case "stop":
      if (phase !== "recording") return state;
      return { phase: "analysing", plan: state.plan, startedAt: event.now, seconds: (event.now - state.startedAt) / 1000 };
    case "analysed":
      return phase === "analysing" ? { phase: "reveal", plan: state.plan, take: event.take } : state;
    case "failed":
      return phase === "analysing" ? { phase: "failed", plan: state.plan, message: event.message, code: event.code ?? null, seconds: state.seconds } : state;
    case "sendAgain":
      if (phase !== "failed" || !Number.isFinite(state.seconds)) return state;
      return { phase: "analysing", plan: state.plan, startedAt: event.now, seconds: state.seconds };
    case "reset":
      return idle;
    default:
      return state;
  }
}

/** A countdown of 5–30 s (the settings' choices); 10 s when none was set. */
export function clampCountdown(seconds) {
  if (!Number.isFinite(seconds)) return 10;
  return Math.min(30, Math.max(5, Math.round(seconds)));
}

/** Whole seconds left on the countdown (10, 9, … 1, then 0). */
export function countdownLeft(state, now) {
  if (state.phase !== "countdown") return 0;
  return Math.max(0, Math.ceil(state.total - (now - state.startedAt) / 1000));
}

/** Seconds recorded so far. */
export const recorded = (state, now) => (state.phase === "recording" ? Math.max(0, (now - state.startedAt) / 1000) : 0);

/** How long the recorder may run: the chosen length, or the server's limit when the timer keeps going. */
export const maxSecondsFor = (plan) => (plan.keepGoing ? LONGEST_SECONDS : Math.min(plan.seconds, LONGEST_SECONDS));

/**
 * The timer dial at `elapsed` seconds of a `seconds`-long take: what it shows (time left, or time
 * over), how full the ring is, and its colour phase — calm, warn (the last third, at most 30 s),
 * danger (the last sixth, at most 10 s), overtime (past the end when the timer keeps going).
 */
export function timerView(elapsed, seconds) {
  const left = seconds - elapsed;
  if (left < 0) return { phase: "overtime", left: 0, over: -left, fraction: 1 };
  const phase = left <= Math.min(10, seconds / 6) ? "danger" : left <= Math.min(30, seconds / 3) ? "warn" : "calm";
  return { phase, left, over: 0, fraction: seconds > 0 ? Math.min(1, elapsed / seconds) : 1 };
}

/** Which analysing stage to show after `elapsedMs`; the last one stays until the score is in. */
export const stageAt = (elapsedMs, count = STAGES.length) => Math.min(count - 1, Math.max(0, Math.floor(elapsedMs / STAGE_MS)));

/** The upload's address: the prompt (left out for free practice) and the length chosen. */
export function uploadPath(plan) {
  const query = new URLSearchParams();
  if (plan.promptId) query.set("promptId", plan.promptId);
  query.set("seconds", String(plan.seconds));
  return `/api/speakup/takes?${query}`;
}
