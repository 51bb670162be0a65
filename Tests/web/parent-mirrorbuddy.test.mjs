// The parent's MirrorBuddy diary: how weeks, minutes, percentages, streaks, mastery and subjects
// are worded, and the numbers the bars and the calendar are drawn from (Web/parent/mirrorbuddy-format.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  barPercent, calendarDayText, countText, dayLabel, dayParts, dayState, levelText, masteryWord, minutesText, percent,
  retentionText, streakWord, subjectLabel, subjectOf, todayKey, weekHeading,
} from "../../Web/parent/mirrorbuddy-format.js";

const week = (first, count = 7) => {
  const start = Date.parse(`${first}T12:00:00Z`);
  return Array.from({ length: count }, (_, index) => ({ date: new Date(start + index * 86_400_000).toISOString().slice(0, 10), minutes: 0, counted: false }));
};

test("the week's heading from its days: one month, two months, two years", () => {
  assert.equal(weekHeading(week("2026-11-23")), "23–29 Nov 2026");
  assert.equal(weekHeading(week("2026-11-30")), "30 Nov – 6 Dec 2026");
  assert.equal(weekHeading(week("2026-12-28")), "28 Dec 2026 – 3 Jan 2027");
  assert.equal(weekHeading(week("2026-02-23")), "23 Feb – 1 Mar 2026");
  assert.equal(weekHeading([]), "This week");
  assert.equal(weekHeading(undefined), "This week");
});

test("days read as written, whatever the time zone", () => {
  assert.deepEqual(dayParts("2026-11-23"), { year: 2026, month: "Nov", day: 23, weekday: "Mon" });
  assert.equal(dayLabel("2026-11-29"), "Sun 29 Nov");
  assert.equal(dayLabel("2027-01-01"), "Fri 1 Jan");
});

test("minutes as hours and minutes", () => {
  assert.deepEqual([95, 0, 60, 12.4, 12.5, 59.6, 120, 125, 0.3, -4, null, undefined].map(minutesText),
    ["1 h 35 min", "0 min", "1 h", "12 min", "13 min", "1 h", "2 h", "2 h 5 min", "less than 1 min", "0 min", "0 min", "0 min"]);
});

test("counts with the right word", () => {
  assert.equal(countText(1, "day"), "1 day");
  assert.equal(countText(0, "day"), "0 days");
  assert.equal(countText(3, "quiz", "quizzes"), "3 quizzes");
});

test("shares as percentages, and none as a dash", () => {
  assert.deepEqual([0, 0.5, 0.873, 1, 1.2, -0.1].map(percent), ["0 %", "50 %", "87 %", "100 %", "100 %", "0 %"]);
  assert.deepEqual([null, undefined, Number.NaN, "x"].map(percent), ["–", "–", "–", "–"]);
});

test("retention in words, with no learnt cards reviewed", () => {
  assert.equal(retentionText(0.87), "remembered 87 % of learnt cards");
  assert.equal(retentionText(0), "remembered 0 % of learnt cards");
  assert.equal(retentionText(null), "no learnt cards reviewed yet");
  assert.equal(retentionText(undefined), "no learnt cards reviewed yet");
});

test("mastery statuses in words; an unknown one reads as not started", () => {
  assert.deepEqual(["notStarted", "attempted", "struggling", "familiar", "proficient", "mastered"].map(masteryWord),
    ["Not started", "Just started (fewer than 5 answers)", "Needs practice", "Getting there", "Good at it", "Mastered"]);
  assert.equal(masteryWord("excelling"), "Not started");
  assert.equal(masteryWord(undefined), "Not started");
});

test("the weekly digest's streak words", () => {
  assert.deepEqual(["strong", "building", "starting", "freshStart"].map(streakWord),
    ["Strong habit — 30+ days", "Building — a week or more", "Getting started", "Ready for a fresh start"]);
  assert.equal(streakWord(undefined), "Ready for a fresh start");
});

test("subjects named from the child's list: known, deleted, none", () => {
  const subjects = [{ id: "maths", name: "Maths", emoji: "📐", colour: "#1e88e5" }, { id: "s-1", name: "Storia", emoji: "🏛️", colour: "#8e24aa" }];
  assert.deepEqual(subjectOf("maths", subjects), { name: "Maths", emoji: "📐" });
  assert.equal(subjectLabel("s-1", subjects), "🏛️ Storia");
  assert.deepEqual(subjectOf("gone", subjects), { name: "Other subject", emoji: "📚" });
  assert.equal(subjectLabel("gone", subjects), "📚 Other subject");
  assert.deepEqual(subjectOf(null, subjects), { name: "No subject", emoji: "🗂️" });
  assert.equal(subjectLabel(undefined), "🗂️ No subject");
  assert.equal(subjectLabel("maths"), "📚 Other subject", "no list: every id is another subject");
});

test("bar lengths against the longest, with a sliver for a little", () => {
  assert.equal(barPercent(30, 60), 50);
  assert.equal(barPercent(60, 60), 100);
  assert.equal(barPercent(0, 60), 0);
  assert.equal(barPercent(0.1, 60), 2);
  assert.equal(barPercent(10, 0), 0);
  assert.equal(barPercent(0.873, 1), 87.3);
  assert.equal(barPercent(2, 1), 100);
});

test("calendar days: their state and their words", () => {
  const today = "2026-11-25";
  assert.equal(dayState({ date: "2026-11-24", minutes: 20, counted: true }, today), "counted");
  assert.equal(dayState({ date: "2026-11-24", minutes: 0, counted: true }, today), "counted", "a task done counts");
  assert.equal(dayState({ date: "2026-11-24", minutes: 8, counted: false }, today), "studied");
  assert.equal(dayState({ date: "2026-11-25", minutes: 0, counted: false }, today), "none");
  assert.equal(dayState({ date: "2026-11-26", minutes: 0, counted: false }, today), "future");
  assert.equal(calendarDayText({ date: "2026-11-23", minutes: 25, counted: true }, today), "Mon 23 Nov: 25 min, streak day");
  assert.equal(calendarDayText({ date: "2026-11-24", minutes: 8, counted: false }, today), "Tue 24 Nov: 8 min, not a streak day");
  assert.equal(calendarDayText({ date: "2026-11-25", minutes: 0, counted: false }, today), "Wed 25 Nov: no study, not a streak day");
  assert.equal(calendarDayText({ date: "2026-11-29", minutes: 0, counted: false }, today), "Sun 29 Nov: not yet");
});

test("today's key on this device's calendar, and the level in words", () => {
  assert.equal(todayKey(new Date(2026, 10, 5, 23, 30)), "2026-11-05");
  assert.equal(levelText({ level: 4, xpIntoLevel: 80, xpForNext: 800 }), "Level 4 · 80 of 800 XP towards level 5");
  assert.equal(levelText(null), "Level 1");
});
