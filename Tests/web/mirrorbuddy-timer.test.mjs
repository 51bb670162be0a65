// MirrorBuddy's focus timer (Web/mirrorbuddy/timer-rules.js) and ambient noise generators
// (noise.js): Pomodoro 25/5/15 with a long break after 4 (15/5/15 in ADHD mode), paused time left
// out, stretches for the server, checkpoints every 10 minutes, the idle nudge; noise in [-1, 1]
// with pink and brown noise's power falling with frequency.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as timer from "../../Web/mirrorbuddy/timer-rules.js";
import { brown, generate, KINDS, pink, rain, white } from "../../Web/mirrorbuddy/noise.js";

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 27, 15, 0, 0);

/** Ticks from `from` to `to` every `step` ms, collecting the events. */
function run(state, from, to, step = 1000) {
  const events = [];
  for (let now = from; now <= to; now += step) {
    const moved = timer.tick(state, now);
    state = moved.state;
    events.push(...moved.events.map((event) => ({ ...event, at: now })));
  }
  return { state, events };
}

test("a Pomodoro: 25 minutes of work, a 5-minute break, and the work part is one stretch", () => {
  let state = timer.start("pomodoro", T0, { subjectId: "matematica" });
  assert.equal(state.phase, "work");
  assert.equal(timer.shown(state, T0 + 5 * MIN), 20 * MIN);
  const { state: after, events } = run(state, T0, T0 + 25 * MIN + 1000);
  const stretch = events.find((event) => event.type === "stretch");
  assert.deepEqual({ ...stretch, at: undefined }, { type: "stretch", startedAt: new Date(T0).toISOString(), minutes: 25, pomodoro: true, at: undefined });
  assert.deepEqual(events.filter((e) => e.type === "phase").map((e) => [e.from, e.to]), [["work", "shortBreak"]]);
  assert.equal(after.phase, "shortBreak");
  assert.equal(after.worksDone, 1);
  state = run(after, T0 + 25 * MIN + 2000, T0 + 30 * MIN + 2000).state;
  assert.equal(state.phase, "work");
});

test("after 4 work parts comes the 15-minute long break", () => {
  const state = timer.start("pomodoro", T0);
  // 4 × (25 + 5) − 5 = 115 minutes: the 4th work part ends
  const { state: after, events } = run(state, T0, T0 + 116 * MIN, 30_000);
  const phases = events.filter((e) => e.type === "phase").map((e) => e.to);
  assert.deepEqual(phases, ["shortBreak", "work", "shortBreak", "work", "shortBreak", "work", "longBreak"]);
  assert.equal(events.filter((e) => e.type === "stretch").length, 4);
  assert.equal(after.phase, "longBreak");
  assert.equal(timer.shown(after, T0 + 116 * MIN), 14 * MIN);
  const back = run(after, T0 + 116 * MIN, T0 + 131 * MIN, 30_000);
  assert.equal(back.state.phase, "work");
});

test("ADHD mode: 15 minutes of work, 5 of break, 15 long", () => {
  assert.deepEqual(timer.pomodoroPlan(true), { work: 15 * MIN, shortBreak: 5 * MIN, longBreak: 15 * MIN, longEvery: 4 });
  const state = timer.start("pomodoro", T0, { adhdMode: true });
  const { events } = run(state, T0, T0 + 15 * MIN);
  assert.equal(events.find((e) => e.type === "stretch").minutes, 15);
  const four = run(state, T0, T0 + 4 * 15 * MIN + 3 * 5 * MIN, 30_000);
  assert.equal(four.state.phase, "longBreak");
});

test("a big jump in time (the tab slept) crosses several parts at once", () => {
  const state = timer.start("pomodoro", T0);
  const { state: after, events } = timer.tick(state, T0 + 61 * MIN);
  assert.equal(events.filter((e) => e.type === "stretch").length, 2);
  assert.equal(after.phase, "work");
  assert.equal(timer.elapsed(after, T0 + 61 * MIN), 1 * MIN);
});

test("paused time is left out of the clock, the stretch and the checkpoints", () => {
  let state = timer.start("pomodoro", T0);
  state = timer.pause(state, T0 + 10 * MIN);
  assert.equal(timer.shown(state, T0 + 50 * MIN), 15 * MIN, "the clock stands still");
  assert.equal(timer.tick(state, T0 + 50 * MIN).events.length, 0);
  state = timer.resume(state, T0 + 50 * MIN);
  const { events } = run(state, T0 + 50 * MIN, T0 + 65 * MIN + 1000);
  const stretch = events.find((e) => e.type === "stretch");
  assert.equal(stretch.minutes, 25);
  assert.equal(stretch.startedAt, new Date(T0).toISOString());
  assert.ok(stretch.at >= T0 + 65 * MIN);
  assert.equal(timer.pause(timer.stopped, T0), timer.stopped);
});

test("the study timer counts up; stopping sends what was studied, without the pauses", () => {
  let state = timer.start("study", T0, { subjectId: "storia" });
  state = timer.pause(state, T0 + 12 * MIN);
  state = timer.resume(state, T0 + 20 * MIN);
  assert.equal(timer.shown(state, T0 + 21 * MIN), 13 * MIN);
  assert.equal(timer.studied(state, T0 + 21 * MIN), 13 * MIN);
  const { state: end, events } = timer.stop(state, T0 + 21 * MIN + 30_000);
  assert.equal(end, timer.stopped);
  assert.deepEqual(events, [{ type: "stretch", startedAt: new Date(T0).toISOString(), minutes: 13.5, pomodoro: false }]);
  assert.deepEqual(timer.stop(timer.start("study", T0), T0 + 10_000).events, [], "less than half a minute is not sent");
});

test("stopping a Pomodoro halfway sends the part done, not as a whole Pomodoro; a break sends nothing", () => {
  const state = timer.start("pomodoro", T0);
  assert.deepEqual(timer.stop(state, T0 + 10 * MIN).events, [{ type: "stretch", startedAt: new Date(T0).toISOString(), minutes: 10, pomodoro: false }]);
  const onBreak = timer.tick(state, T0 + 27 * MIN).state;
  assert.equal(onBreak.phase, "shortBreak");
  assert.deepEqual(timer.stop(onBreak, T0 + 28 * MIN).events, []);
});

test("a long study timer is sent in stretches of at most 240 minutes", () => {
  const { events } = timer.tick(timer.start("study", T0), T0 + 250 * MIN);
  const stretches = events.filter((e) => e.type === "stretch");
  assert.equal(stretches.length, 1);
  assert.equal(stretches[0].minutes, 240);
});

test("a checkpoint every 10 minutes of study, not counting breaks or pauses", () => {
  let state = timer.start("study", T0);
  let { state: s1, events } = run(state, T0, T0 + 21 * MIN, 10_000);
  assert.deepEqual(events.filter((e) => e.type === "checkpoint").map((e) => e.minutes), [10, 20]);
  state = timer.pause(s1, T0 + 21 * MIN);
  assert.equal(timer.tick(state, T0 + 60 * MIN).events.length, 0);
  const pomodoro = run(timer.start("pomodoro", T0), T0, T0 + 34 * MIN, 10_000); // 25 + 4 of study, a 5-minute break between
  assert.deepEqual(pomodoro.events.filter((e) => e.type === "checkpoint").map((e) => e.minutes), [10, 20], "the 5-minute break is not study");
});

test("the idle nudge: after 60 s without a touch while studying, once; a break suggested past 25 minutes", () => {
  const state = timer.start("study", T0);
  assert.equal(timer.nudgeFor(state, { now: T0 + 59_000, lastActivity: T0 }), null);
  assert.equal(timer.nudgeFor(state, { now: T0 + 61_000, lastActivity: T0 }), "idle");
  assert.equal(timer.nudgeFor(state, { now: T0 + 90_000, lastActivity: T0, nudgedAt: T0 }), null, "once per quiet spell");
  assert.equal(timer.nudgeFor(state, { now: T0 + 30 * MIN, lastActivity: T0 + 28 * MIN }), "break");
  assert.equal(timer.nudgeFor(timer.pause(state, T0 + MIN), { now: T0 + 5 * MIN, lastActivity: T0 }), null, "not while paused");
  assert.equal(timer.nudgeFor(timer.stopped, { now: T0 + 5 * MIN, lastActivity: T0 }), null);
});

test("the clock reads m:ss, and h:mm:ss past an hour", () => {
  assert.equal(timer.clock(0), "0:00");
  assert.equal(timer.clock(25 * MIN), "25:00");
  assert.equal(timer.clock(65 * MIN + 9000), "1:05:09");
});

// ---- Noise

/** A seeded random number generator (mulberry32), so the spectra are the same on every run. */
function seeded(seed = 42) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let value = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** Average power around `frequency` (Hz) by Goertzel over 4096-sample blocks. */
function power(samples, frequency, rate = 44_100) {
  const block = 4096;
  const k = Math.round((block * frequency) / rate);
  const coefficient = 2 * Math.cos((2 * Math.PI * k) / block);
  let total = 0;
  let blocks = 0;
  for (let start = 0; start + block <= samples.length; start += block) {
    let s1 = 0, s2 = 0;
    for (let i = 0; i < block; i += 1) {
      const s = samples[start + i] + coefficient * s1 - s2;
      s2 = s1;
      s1 = s;
    }
    total += s1 * s1 + s2 * s2 - coefficient * s1 * s2;
    blocks += 1;
  }
  return total / blocks;
}

const bandPower = (samples, frequencies) => frequencies.reduce((sum, f) => sum + power(samples, f), 0) / frequencies.length;
const LOW = [100, 120, 140, 160, 180, 200];
const HIGH = [6400, 6600, 6800, 7000, 7200, 7400];
const N = 4096 * 24;

test("every noise stays within [-1, 1] and is not silent", () => {
  for (const kind of KINDS) {
    const samples = generate(kind, N, 44_100, seeded(7));
    let max = 0;
    for (const value of samples) {
      assert.ok(value >= -1 && value <= 1, `${kind}: ${value}`);
      max = Math.max(max, Math.abs(value));
    }
    assert.ok(max > 0.3, `${kind} is too quiet`);
  }
  assert.ok(KINDS.length >= 4);
});

test("white noise is flat; pink falls about 3 dB an octave, brown about 6 dB", () => {
  const ratio = (samples) => 10 * Math.log10(bandPower(samples, LOW) / bandPower(samples, HIGH)); // 100–200 Hz vs ~7 kHz: 5.3 octaves
  const whiteDb = ratio(white(N, seeded(1)));
  const pinkDb = ratio(pink(N, seeded(2)));
  const brownDb = ratio(brown(N, seeded(3)));
  assert.ok(Math.abs(whiteDb) < 3, `white: ${whiteDb.toFixed(1)} dB`);
  assert.ok(pinkDb > 10 && pinkDb < 23, `pink: ${pinkDb.toFixed(1)} dB`);      // ≈ 16 dB
  assert.ok(brownDb > 23, `brown: ${brownDb.toFixed(1)} dB`);                     // ≈ 32 dB
  assert.ok(brownDb > pinkDb + 6);
});

test("rain has drops: louder moments over a soft hiss", () => {
  const samples = rain(N, 44_100, seeded(5));
  let squares = 0;
  for (const value of samples) squares += value * value;
  const rms = Math.sqrt(squares / samples.length);
  let peak = 0;
  for (const value of samples) peak = Math.max(peak, Math.abs(value));
  assert.ok(peak / rms > 4, `crest factor ${(peak / rms).toFixed(1)}`);
});
