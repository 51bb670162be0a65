// SpeakUp's warm-up runner (Web/speakup/warmup-runner.js): steps timed from the caller's clock,
// start / pause / skip / reset, the steps entered (their sound cues), progress and the time spent.
import { test } from "node:test";
import assert from "node:assert/strict";
import { lengthOf, newRun, pause, progress, reset, secondsLeft, skip, start, tick, withRounds } from "../../Web/speakup/warmup-runner.js";
import { hashFor, routeFor } from "../../Web/speakup/routes.js";

const BOX = { id: "box", steps: [{ label: "In", seconds: 4 }, { label: "Hold", seconds: 4 }, { label: "Out", seconds: 4 }] };

test("a run starts at its first step, enters each step as its time comes, and ends", () => {
  let run = newRun(BOX);
  assert.equal(run.running, false);
  assert.equal(secondsLeft(run), 4);
  let step = start(run, 1000);
  assert.deepEqual(step.entered, [0]);
  run = step.run;
  step = tick(run, 2500);
  assert.deepEqual(step.entered, []);
  assert.equal(secondsLeft(step.run), 3);
  step = tick(step.run, 5000);
  assert.deepEqual(step.entered, [1]);
  assert.equal(step.run.index, 1);
  assert.equal(step.run.left, 4000);
  step = tick(step.run, 13_000);
  assert.deepEqual(step.entered, [2], "one look may cross the last step's start and its end");
  assert.equal(step.run.done, true);
  assert.equal(step.run.spent, 12_000, "only the exercise's time counts, not the time after it ended");
  assert.equal(progress(step.run), 1);
});

test("a long gap between looks enters every step it crossed", () => {
  const { run } = start(newRun(BOX), 0);
  const step = tick(run, 9000);
  assert.deepEqual(step.entered, [1, 2]);
  assert.equal(step.run.index, 2);
  assert.equal(step.run.left, 3000);
  assert.ok(Math.abs(progress(step.run) - 0.75) < 1e-9);
});

test("pause stops the clock; start goes on where it was without entering the step again", () => {
  let { run } = start(newRun(BOX), 0);
  run = pause(run, 1500).run;
  assert.equal(run.running, false);
  run = tick(run, 60_000).run;
  assert.equal(run.left, 2500, "time does not pass while paused");
  const again = start(run, 60_000);
  assert.deepEqual(again.entered, []);
  assert.equal(tick(again.run, 61_000).run.left, 1500);
});

test("skip goes to the next step (entering it), the last skip ends; reset starts over", () => {
  let { run } = start(newRun(BOX), 0);
  let step = skip(run, 1000);
  assert.deepEqual(step.entered, [1]);
  assert.equal(step.run.left, 4000);
  step = skip(step.run, 1200);
  step = skip(step.run, 1300);
  assert.equal(step.run.done, true);
  assert.deepEqual(skip(step.run, 2000).entered, []);
  run = reset(step.run);
  assert.equal(run.done, false);
  assert.equal(run.index, 0);
  assert.equal(run.running, false);
  assert.deepEqual(start(run, 5000).entered, [0]);
  // Skipping before starting moves on too, and the clock starts at Start.
  const waiting = skip(newRun(BOX), 0).run;
  assert.equal(waiting.index, 1);
  assert.equal(tick(waiting, 50_000).run.left, 4000);
});

test("an exercise's length is said in minutes and seconds; the addresses of the practice screens", () => {
  assert.equal(lengthOf(48), "48 s");
  assert.equal(lengthOf(60), "1 min");
  assert.equal(lengthOf(65), "1 min 5 s");
  assert.equal(newRun({ steps: [] }).done, true);
  assert.deepEqual(routeFor("#practice"), { name: "practice" });
  assert.deepEqual(routeFor("#warmup/box-breathing"), { name: "warmup", id: "box-breathing" });
  assert.deepEqual(routeFor("#calm/safe-place"), { name: "calm", id: "safe-place" });
  assert.equal(hashFor({ name: "warmup", id: "siren" }), "#warmup/siren");
  assert.equal(hashFor({ name: "calm", id: "safe-place" }), "#calm/safe-place");
  assert.equal(hashFor({ name: "practice" }), "#practice");
});

test("breathing rounds: the pattern repeats 1 to 10 times and each step says its round", () => {
  const step = (label, round, of) => ({ label, detail: `Round ${round} of ${of}: ${label.toLowerCase()} for 4.`, seconds: 4 });
  const box = { id: "box", rounds: 2, steps: [step("In", 1, 2), step("Out", 1, 2), step("In", 2, 2), step("Out", 2, 2)] };
  const five = withRounds(box, 5);
  assert.equal(five.rounds, 5);
  assert.equal(five.steps.length, 10);
  assert.deepEqual(five.steps.map((s) => s.detail.slice(0, 13)), ["Round 1 of 5:", "Round 1 of 5:", "Round 2 of 5:", "Round 2 of 5:", "Round 3 of 5:",
    "Round 3 of 5:", "Round 4 of 5:", "Round 4 of 5:", "Round 5 of 5:", "Round 5 of 5:"]);
  assert.equal(withRounds(box, 0).rounds, 1);
  assert.equal(withRounds(box, 99).rounds, 10);
  assert.equal(withRounds(box, "junk").rounds, 2, "a stored value that is not a number keeps the exercise's own");
  const twister = { id: "t", steps: [step("Say", 1, 1)] };
  assert.equal(withRounds(twister, 5), twister, "only breathing has rounds");
});
