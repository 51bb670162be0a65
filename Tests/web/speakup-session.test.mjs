// A take's flow as a state machine (Web/speakup/session.js): the countdown, the microphone, the
// recording, the upload and the score, every path walked with a clock the test holds.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  LONGEST_SECONDS, STAGES, STAGE_MS, clampCountdown, countdownLeft, idle, maxSecondsFor, recorded, stageAt, step, timerView, uploadPath,
} from "../../Web/speakup/session.js";

const plan = { promptId: "p1", seconds: 60, keepGoing: false };
const run = (events, from = idle) => events.reduce((state, event) => step(state, event), from);

test("a whole take: countdown, microphone, recording, analysing, score", () => {
  let state = step(idle, { type: "start", plan, countdown: 10, now: 0 });
  assert.equal(state.phase, "countdown");
  assert.deepEqual([0, 1, 9_001, 9_999].map((now) => countdownLeft(state, now)), [10, 10, 1, 1]);
  state = step(state, { type: "tick", now: 9_999 });
  assert.equal(state.phase, "countdown", "not before the full ten seconds");
  state = step(state, { type: "tick", now: 10_000 });
  assert.deepEqual(state, { phase: "starting", plan });
  state = step(state, { type: "recording", now: 11_000 });
  assert.equal(state.phase, "recording");
  assert.equal(recorded(state, 41_000), 30);
  state = step(state, { type: "stop", now: 71_000 });
  assert.deepEqual([state.phase, state.seconds], ["analysing", 60]);
  const take = { id: "t1", score: 82 };
  state = step(state, { type: "analysed", take });
  assert.deepEqual(state, { phase: "reveal", plan, take });
  assert.equal(step(state, { type: "reset" }), idle);
});

test("Start now skips the rest of the countdown; Cancel goes back to Today", () => {
  const counting = step(idle, { type: "start", plan, countdown: 30, now: 0 });
  assert.equal(step(counting, { type: "startNow" }).phase, "starting");
  assert.equal(step(counting, { type: "cancel" }), idle);
  assert.equal(run([{ type: "startNow" }, { type: "cancel" }], counting), idle, "cancelled while the microphone starts");
  assert.equal(run([{ type: "startNow" }, { type: "recording", now: 1 }, { type: "cancel" }], counting), idle, "✕ while recording");
});

test("a microphone that cannot start is a failure with its words; a new start is allowed", () => {
  const failed = run([{ type: "start", plan, countdown: 5, now: 0 }, { type: "startNow" }, { type: "micFailed", message: "No microphone." }]);
  assert.deepEqual([failed.phase, failed.message], ["failed", "No microphone."]);
  assert.equal(step(failed, { type: "sendAgain", now: 1 }), failed, "nothing was recorded to send");
  assert.equal(step(failed, { type: "start", plan, countdown: 5, now: 9 }).phase, "countdown");
});

test("a failed upload keeps the length recorded and can be sent again", () => {
  const analysing = run([{ type: "start", plan, countdown: 5, now: 0 }, { type: "startNow" }, { type: "recording", now: 0 }, { type: "stop", now: 42_000 }]);
  const failed = step(analysing, { type: "failed", message: "No connection.", code: null });
  assert.deepEqual([failed.phase, failed.seconds, failed.message], ["failed", 42, "No connection."]);
  const again = step(failed, { type: "sendAgain", now: 50_000 });
  assert.deepEqual([again.phase, again.seconds, again.startedAt], ["analysing", 42, 50_000]);
});

test("events out of turn change nothing", () => {
  const counting = step(idle, { type: "start", plan, countdown: 10, now: 0 });
  for (const [state, event] of [[idle, { type: "stop", now: 1 }], [idle, { type: "tick", now: 99_999 }], [idle, { type: "analysed", take: {} }],
    [counting, { type: "start", plan, countdown: 10, now: 5 }], [counting, { type: "stop", now: 1 }], [counting, { type: "recording", now: 1 }],
    [counting, { type: "bogus" }]]) {
    assert.equal(step(state, event), state, `${state.phase} + ${event.type}`);
  }
  const recording = run([{ type: "startNow" }, { type: "recording", now: 0 }], counting);
  assert.equal(step(recording, { type: "startNow" }), recording);
  assert.equal(step(recording, { type: "analysed", take: {} }), recording, "no score before Stop");
});

test("the countdown is 5–30 s, 10 s when unset", () => {
  assert.deepEqual([undefined, null, 2, 5, 12.4, 30, 45].map(clampCountdown), [10, 10, 5, 5, 12, 30, 30]);
  const state = step(idle, { type: "start", plan, countdown: undefined, now: 0 });
  assert.equal(state.total, 10);
  assert.equal(countdownLeft(idle, 0), 0);
});

test("the timer dial turns orange in the last third (≤ 30 s), red in the last sixth (≤ 10 s), purple past the end", () => {
  const phases = (seconds, marks) => marks.map((elapsed) => timerView(elapsed, seconds).phase);
  assert.deepEqual(phases(60, [0, 39, 40, 49, 50, 60, 61]), ["calm", "calm", "warn", "warn", "danger", "danger", "overtime"]);
  assert.deepEqual(phases(300, [0, 269, 270, 289, 290]), ["calm", "calm", "warn", "warn", "danger"]);
  assert.deepEqual(phases(30, [0, 19, 20, 24, 25]), ["calm", "calm", "warn", "warn", "danger"]);
  assert.deepEqual(timerView(15, 60), { phase: "calm", left: 45, over: 0, fraction: 0.25 });
  assert.deepEqual(timerView(72, 60), { phase: "overtime", left: 0, over: 12, fraction: 1 });
});

test("the recorder stops at the chosen length, or at the server's ten minutes when the timer keeps going", () => {
  assert.equal(maxSecondsFor({ seconds: 60, keepGoing: false }), 60);
  assert.equal(maxSecondsFor({ seconds: 60, keepGoing: true }), LONGEST_SECONDS);
  assert.equal(LONGEST_SECONDS, 600);
});

test("the analysing stages move on every 2.5 s and stay on the last", () => {
  assert.equal(STAGES.length, 4);
  assert.deepEqual([0, STAGE_MS - 1, STAGE_MS, 3 * STAGE_MS, 60_000, -5].map((ms) => stageAt(ms)), [0, 0, 1, 3, 3, 0]);
});

test("the upload names the prompt (none for free practice) and the length chosen", () => {
  assert.equal(uploadPath({ promptId: "p 1&x", seconds: 60 }), "/api/speakup/takes?promptId=p+1%26x&seconds=60");
  assert.equal(uploadPath({ promptId: null, seconds: 30 }), "/api/speakup/takes?seconds=30");
});
