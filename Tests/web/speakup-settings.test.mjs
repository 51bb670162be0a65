// SpeakUp's settings form (Web/speakup/settings-form.js), Compare's rows (compare-rows.js) and the
// addresses of both (routes.js): the server's rules checked before Save, fillers added and taken
// off, the weights' total, Then vs Now's pick and which way each measure is better.
import { test } from "node:test";
import assert from "node:assert/strict";
import { addFiller, draftFrom, normalizedFiller, problem, removeFiller, requestFrom, toggleDefault, weightTotal } from "../../Web/speakup/settings-form.js";
import { comparisonRows, kidThenAndNow, measures, pointsText, thenAndNow } from "../../Web/speakup/compare-rows.js";
import { hashFor, routeFor } from "../../Web/speakup/routes.js";

const WEIGHTS = { clarity: 18, pace: 12, fillers: 14, pauses: 12, vocalVariety: 12, delivery: 10, vocabulary: 8, structure: 8, relevance: 6 };
const SETTINGS = { targetWPM: 150, learnTarget: true, learnedWPM: null, countdown: 10, defaultSeconds: 60, timerEnd: "stop", trackPauses: true,
  trackFillers: true, fillers: { always: ["basically right"], context: [], removed: ["so"] }, weights: WEIGHTS, defaultWeights: WEIGHTS,
  defaultFillers: ["like", "so", "um", "you know"] };

test("a draft is a copy: editing it leaves the server's settings alone", () => {
  const draft = draftFrom(SETTINGS);
  draft.weights.clarity = 0;
  draft.always.push("x");
  assert.equal(SETTINGS.weights.clarity, 18);
  assert.deepEqual(SETTINGS.fillers.always, ["basically right"]);
  assert.equal(draftFrom(null).countdown, 10, "no settings yet: the defaults");
});

test("the weights must total 100 %, and Save says so", () => {
  const draft = draftFrom(SETTINGS);
  assert.equal(weightTotal(draft.weights), 100);
  assert.equal(problem(draft), null);
  draft.weights.clarity = 30;
  assert.equal(weightTotal(draft.weights), 112);
  assert.match(problem(draft), /112 %/);
  assert.equal(weightTotal({}), 0);
  assert.equal(weightTotal({ clarity: "7", unknown: 50 }), 7, "only the nine count");
  assert.match(problem({ ...draftFrom(SETTINGS), targetWPM: 260 }), /100 to 200/);
  assert.match(problem({ ...draftFrom(SETTINGS), countdown: 7 }), /countdown/);
});

test("a filler is kept as the server keeps it: lower case, single spaces, 1 to 3 words of letters", () => {
  assert.equal(normalizedFiller("  You   KNOW "), "you know");
  assert.equal(normalizedFiller("don’t"), "don't");
  assert.equal(normalizedFiller("uh-huh"), "uh-huh");
  assert.equal(normalizedFiller("perché"), "perché", "letters of any language");
  for (const bad of ["", "   ", "a b c d", "42", "um!", "-", "x".repeat(41)]) assert.equal(normalizedFiller(bad), null, bad);
});

test("adding a filler: new, already there, a usual one, one taken off, a full list", () => {
  let draft = draftFrom(SETTINGS);
  const added = addFiller(draft, "context", "Anyway");
  assert.deepEqual(added.draft.context, ["anyway"]);
  assert.match(addFiller(added.draft, "always", "anyway").error, /already/);
  assert.match(addFiller(draft, "always", "um").error, /usual/);
  assert.match(addFiller(draft, "always", "!!").error, /one to three words/);
  const back = addFiller(draft, "always", "so");
  assert.deepEqual(back.draft.removed, [], "a usual filler taken off is counted again");
  assert.deepEqual(back.draft.always, ["basically right"]);
  draft = { ...draft, always: Array.from({ length: 50 }, (_, i) => `word${"abcdefghijklmnopqrstuvwxyz"[i % 26]}${"abcdefghijklmnopqrstuvwxyz"[Math.floor(i / 26)]}`) };
  assert.match(addFiller(draft, "always", "another").error, /at most 50/);
  assert.deepEqual(removeFiller(draftFrom(SETTINGS), "always", "basically right").always, []);
});

test("a usual filler is taken off and counted again", () => {
  const draft = draftFrom(SETTINGS);
  assert.deepEqual(toggleDefault(draft, "like").removed, ["so", "like"]);
  assert.deepEqual(toggleDefault(draft, "so").removed, []);
});

test("Save sends every field the server reads, the weights as numbers", () => {
  const draft = { ...draftFrom(SETTINGS), weights: { ...WEIGHTS, pace: "12" } };
  const body = requestFrom(draft);
  assert.deepEqual(Object.keys(body).sort(), ["countdown", "defaultSeconds", "fillers", "learnTarget", "targetWPM", "timerEnd", "trackFillers", "trackPauses", "weights"]);
  assert.equal(body.weights.pace, 12);
  assert.deepEqual(body.fillers, { always: ["basically right"], context: [], removed: ["so"] });
});

const take = (id, score, { wpm = 150, fillers = 0, hesitations = 0, clarity = 50, words = 100 } = {}) => ({
  id, score, wordCount: words,
  analysis: { wordCount: words, wpm: { overall: wpm }, fillers: { items: Array(fillers).fill({}) },
    pauses: { items: Array(hesitations).fill({ kind: "hesitation" }).concat([{ kind: "strategic" }]) }, scores: { overall: score, subscores: { clarity } } },
});

test("Then vs Now: the first and the latest scored takes", () => {
  const points = [{ takeId: "a", score: null }, { takeId: "b", score: 40 }, { takeId: "c", score: 55 }, { takeId: "d", score: null }, { takeId: "e", score: 61 }];
  assert.deepEqual(thenAndNow(points), { then: "b", now: "e" });
  assert.equal(thenAndNow([{ takeId: "b", score: 40 }]), null);
  assert.equal(thenAndNow([]), null);
  assert.equal(thenAndNow(), null);
});

test("Show & Tell's Then and Now: the first and the newest talk with stars", () => {
  const points = [{ takeId: "a", stars: null }, { takeId: "b", stars: 2 }, { takeId: "c", stars: 4 }, { takeId: "d", stars: 5 }];
  assert.deepEqual([kidThenAndNow(points).then.takeId, kidThenAndNow(points).now.takeId], ["b", "d"]);
  assert.equal(kidThenAndNow(points.slice(0, 2)), null);
});

test("each measure's change and which way is better", () => {
  const rows = Object.fromEntries(comparisonRows(take("a", 40, { wpm: 200, fillers: 9, hesitations: 4, clarity: 50, words: 80 }),
    take("b", 52, { wpm: 160, fillers: 3, hesitations: 4, clarity: 45, words: 120 }), 150).map((row) => [row.key, row]));
  assert.deepEqual([rows.score.change, rows.score.better], [12, true]);
  assert.deepEqual([rows.wpm.change, rows.wpm.better], [-40, true], "slower is better when it is nearer the target");
  assert.deepEqual([rows.fillerCount.change, rows.fillerCount.better], [-6, true]);
  assert.deepEqual([rows.hesitations.change, rows.hesitations.better], [0, null]);
  assert.deepEqual([rows["sub:clarity"].change, rows["sub:clarity"].better], [-5, false]);
  assert.deepEqual([rows.wordCount.change, rows.wordCount.better], [40, true]);
  assert.deepEqual([rows["sub:pace"].then, rows["sub:pace"].change], [null, null], "a sub-score neither take has");
  const faster = comparisonRows(take("a", 40, { wpm: 120 }), take("b", 40, { wpm: 190 }), 150).find((row) => row.key === "wpm");
  assert.equal(faster.better, false, "30 under the target, then 40 over it");
  assert.equal(measures({ wpm: 130, fillerCount: 2 }).hesitations, null, "a summary has no pauses");
});

test("the headline in points", () => {
  assert.equal(pointsText(40, 52), "+12 points");
  assert.equal(pointsText(52, 51), "−1 point");
  assert.equal(pointsText(50, 50), "Same score");
  assert.equal(pointsText(null, 50), null);
});

test("the addresses of Settings and Compare", () => {
  assert.deepEqual(routeFor("#settings"), { name: "settings" });
  assert.deepEqual(routeFor("#compare"), { name: "compare" });
  assert.deepEqual(routeFor("#compare/tk-1/tk_2"), { name: "compare", then: "tk-1", now: "tk_2" });
  assert.deepEqual(routeFor("#compare/tk-1"), { name: "today" });
  assert.deepEqual(routeFor("#compare/a b/c"), { name: "today" });
  for (const route of [{ name: "settings" }, { name: "compare" }, { name: "compare", then: "a-1", now: "b_2" }]) assert.deepEqual(routeFor(hashFor(route)), route);
});
