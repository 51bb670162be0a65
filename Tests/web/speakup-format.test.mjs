// SpeakUp's words and numbers (Web/speakup/format.js) and its addresses (routes.js): durations,
// verdicts and score colours at their edges, stars, streaks, the greeting, metric labels, days for
// a pre-reader and the microphone's advice without "type instead".
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  DURATIONS, clock, deltaText, moved, movedText, dimensionName, fillerLabel, greeting, humanize, kidDay, lengthSpoken, lengthText, nearestDuration, nextMilestone,
  paceLabel, pausesLabel, practiceName, scoreBand, sincePrevious, starRow, streakText, verdict, withoutTyping, wordsLabel,
} from "../../Web/speakup/format.js";
import { hashFor, routeFor } from "../../Web/speakup/routes.js";
import { microphoneProblem } from "../../Web/shared/recorder.js";

test("a clock and a take's length", () => {
  assert.deepEqual([0, 7, 59.9, 60, 65, 600, -3, null].map(clock), ["0:00", "0:07", "0:59", "1:00", "1:05", "10:00", "0:00", "0:00"]);
  assert.deepEqual([30, 45, 60, 90, 120, 300, 600, 65].map(lengthText), ["30 s", "45 s", "1 min", "1.5 min", "2 min", "5 min", "10 min", "1 min 5 s"]);
  assert.deepEqual([30, 60, 90, 180].map(lengthSpoken), ["30 seconds", "1 minute", "1 and a half minutes", "3 minutes"]);
});

test("the lengths on offer: the coach's seven, Show & Tell's three short ones", () => {
  assert.deepEqual(DURATIONS.coach, [30, 60, 90, 120, 180, 300, 600]);
  assert.deepEqual(DURATIONS.showAndTell, [30, 45, 60]);
  assert.equal(nearestDuration(60), 60);
  assert.equal(nearestDuration(100), 90);
  assert.equal(nearestDuration(900), 600);
  assert.equal(nearestDuration(120, "showAndTell"), 60, "a long prompt is still a short take for Mia");
  assert.equal(nearestDuration(40, "showAndTell"), 45);
  assert.equal(nearestDuration(undefined, "showAndTell"), 30);
});

test("verdicts and score colours change at 40, 60 and 80", () => {
  const table = [[0, "Needs work", "low"], [39, "Needs work", "low"], [40, "Developing", "mid"], [59, "Developing", "mid"],
    [60, "Solid", "good"], [79, "Solid", "good"], [80, "Strong", "high"], [100, "Strong", "high"], [null, "Not scored", "empty"], [Number.NaN, "Not scored", "empty"]];
  for (const [score, word, band] of table) {
    assert.equal(verdict(score), word, String(score));
    assert.equal(scoreBand(score), band, String(score));
  }
});

test("the change against the average and against the last take (±3 is noise)", () => {
  assert.deepEqual(deltaText(78, 72), { text: "▲ 6 above your average", direction: "up" });
  assert.deepEqual(deltaText(70, 72.6), { text: "▼ 3 below your average", direction: "down" });
  assert.deepEqual(deltaText(72, 72.2), { text: "Right on your average", direction: "same" });
  assert.equal(deltaText(72, null), null);
  assert.equal(sincePrevious(70, 67).direction, "same");
  assert.deepEqual(sincePrevious(75, 70), { text: "+5 since last time", direction: "up" });
  assert.deepEqual(sincePrevious(60, 70), { text: "-10 since last time", direction: "down" });
  assert.equal(sincePrevious(60, undefined), null);
});

test("what moved most against the averages: the biggest rise and fall, beyond 3 points of noise", () => {
  const change = moved({ clarity: 80, pace: 62, fillers: 70, pauses: null }, { clarity: 72, pace: 68, fillers: 71, pauses: 60 });
  assert.deepEqual(change, { up: { key: "clarity", name: "Clarity", delta: 8 }, down: { key: "pace", name: "Pace", delta: -6 } });
  assert.equal(movedText(change), "Clarity ▲ 8 · Pace ▼ 6 against your average");
  assert.equal(moved({ clarity: 70 }, { clarity: 72 }), null, "2 points is noise");
  assert.equal(moved({ clarity: 70 }, null), null, "no averages before a first take");
  assert.equal(movedText(moved({ pace: 50 }, { pace: 40 })), "Pace ▲ 10 against your average");
  assert.equal(movedText(null), null);
});

test("stars: five places, clamped, words for the ear", () => {
  assert.deepEqual(starRow(3), { filled: 3, empty: 2, label: "3 stars out of 5" });
  assert.deepEqual(starRow(1), { filled: 1, empty: 4, label: "1 star out of 5" });
  assert.deepEqual(starRow(9), { filled: 5, empty: 0, label: "5 stars out of 5" });
  assert.deepEqual(starRow(null), { filled: 0, empty: 5, label: "0 stars out of 5" });
});

test("the greeting follows the hour; no name asks if they are ready", () => {
  assert.deepEqual([4, 5, 11, 12, 16, 17, 21, 22].map((hour) => greeting(hour, "Leo")),
    ["Hello, Leo", "Good morning, Leo", "Good morning, Leo", "Good afternoon, Leo", "Good afternoon, Leo", "Good evening, Leo", "Good evening, Leo", "Hello, Leo"]);
  assert.equal(greeting(9, "  "), "Ready to practise?");
});

test("the streak chip and the next milestone", () => {
  assert.equal(streakText({ current: 5, alive: true }), "5-day streak");
  assert.equal(streakText({ current: 1, alive: true }), "1-day streak");
  assert.equal(streakText({ current: 5, alive: false }), "Start a streak today");
  assert.equal(streakText({}), "Start a streak today");
  assert.deepEqual([0, 3, 6, 7, 29, 999, 1000].map(nextMilestone), [3, 7, 7, 14, 30, 1000, null]);
});

test("metric labels: pace at the target ±40, fillers 0–2/3–7/8+, words, pauses", () => {
  assert.deepEqual([109, 110, 150, 190, 191].map((wpm) => paceLabel(wpm, 150)), ["Slow", "On pace", "On pace", "On pace", "Fast"]);
  assert.deepEqual([0, 2, 3, 7, 8].map(fillerLabel), ["Clean", "Clean", "A few", "A few", "Many"]);
  assert.deepEqual([wordsLabel(10, 29), wordsLabel(10, 30), wordsLabel(10, 75), wordsLabel(39), wordsLabel(40), wordsLabel(120)],
    ["Brief", "Solid", "Full", "Brief", "Solid", "Full"]);
  const pause = (kind) => ({ start: 0, end: 1, kind });
  assert.equal(pausesLabel([pause("hesitation"), pause("hesitation"), pause("strategic")]), "Hesitant");
  assert.equal(pausesLabel([pause("strategic"), pause("short")]), "Strategic");
  assert.equal(pausesLabel([]), "Even");
});

test("names of sub-scores and practice routes", () => {
  assert.equal(dimensionName("vocalVariety"), "Vocal");
  assert.equal(dimensionName("somethingNew"), "Something new");
  assert.equal(practiceName("fillerDrill"), "Filler drill: the silent swap");
  assert.equal(practiceName("tongue-twisters"), "Tongue twisters");
  assert.equal(practiceName(null), null);
  assert.equal(humanize("quick_fire"), "Quick fire");
});

test("a pre-reader's day: today, yesterday, a weekday this week, else the month; never a number", () => {
  const now = new Date(2026, 10, 21, 15, 0); // Saturday 21 November 2026
  const at = (day, hour = 10) => new Date(2026, 10, day, hour).toISOString();
  assert.equal(kidDay(at(21, 8), now, "en-US"), "Today");
  assert.equal(kidDay(at(20, 23), now, "en-US"), "Yesterday");
  assert.equal(kidDay(at(17), now, "en-US"), "Tuesday");
  assert.equal(kidDay(new Date(2026, 9, 2).toISOString(), now, "en-US"), "October");
  for (const day of [1, 5, 14, 19, 21]) assert.doesNotMatch(kidDay(at(day), now, "en-US"), /\d/);
});

test("the microphone's advice without typing (SpeakUp has nothing to type), from the shared recorder's own words", () => {
  const advice = ["NotAllowedError", "NotFoundError", "NotReadableError", "NotSupportedError", "SomethingElse"]
    .map((name) => withoutTyping(microphoneProblem({ name })));
  for (const text of advice) {
    assert.doesNotMatch(text, /type/i, text);
    assert.match(text, /[.!)]$/, text);
  }
  assert.equal(advice[0], "The microphone is switched off for this page. Ask a grown-up to allow it.");
  assert.equal(advice[1], "I can't find a microphone.");
  assert.equal(advice[4], "The microphone didn't start. Try again.");
});

test("addresses: #today by default, #take/<id>, #history", () => {
  assert.deepEqual(routeFor(""), { name: "today" });
  assert.deepEqual(routeFor("#today"), { name: "today" });
  assert.deepEqual(routeFor("#history"), { name: "history" });
  assert.deepEqual(routeFor("#take/tk_01H"), { name: "take", id: "tk_01H" });
  assert.deepEqual(routeFor("#take/"), { name: "today" });
  assert.deepEqual(routeFor("#take/a b"), { name: "today" });
  assert.deepEqual(routeFor("#nonsense"), { name: "today" });
  for (const route of [{ name: "today" }, { name: "history" }, { name: "take", id: "abc-1" }]) assert.deepEqual(routeFor(hashFor(route)), route);
});
