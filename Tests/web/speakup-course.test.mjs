// The course page's logic: where activities lead, what a practice asks, how far lessons and weeks have come.
import assert from "node:assert/strict";
import { test } from "node:test";
import { activityHash, activityOfPrompt, coursePromptId, findLesson, lengthWords, lessonStatus, onDay, practiceChecks, practicePrompt, stateOf, tally }
  from "../../Web/speakup/course-rules.js";

const lesson = (id, ...activities) => ({ id, title: id, activities: activities.map((kind, index) => ({ id: `${id}-a${index + 1}`, kind })) });
const weeks = [
  { number: 1, theme: "One", lessons: [lesson("w1-l1", "reading", "practice"), lesson("w1-l2", "drill")] },
  { number: 2, theme: "Two", lessons: [lesson("w2-l1", "review")] },
];
const progress = (statuses) => ({ activities: Object.entries(statuses).map(([id, status]) => ({ id, status })) });

test("a course practice's take answers the prompt course:<activity>, and leads back to it", () => {
  assert.equal(coursePromptId("w3-l2-a1"), "course:w3-l2-a1");
  assert.equal(activityOfPrompt("course:w3-l2-a1"), "w3-l2-a1");
  assert.equal(activityOfPrompt("p-012"), null);
  assert.equal(activityOfPrompt(null), null);
  const prompt = practicePrompt({ id: "w1-l1-a2", practice: { prompt: "Say hello", seconds: 90 } });
  assert.deepEqual(prompt, { id: "course:w1-l1-a2", text: "Say hello", seconds: 90, category: "course", difficulty: null, lessonActivity: "w1-l1-a2" });
});

test("what a practice asks, a line per check, the length always", () => {
  assert.deepEqual(practiceChecks({ seconds: 60 }), ["Talk for a minute (at least 51 s and 45 words)."]);
  assert.deepEqual(practiceChecks({ seconds: 120, maxFillers: 0, paceWithin: 25, minPauses: 3, minSentences: 6 }), [
    "Talk for 2 minutes (at least 102 s and 90 words).", "Not a single filler.", "Keep your pace within 25 words a minute of your target.",
    "Pause between ideas at least 3 times.", "At least 6 whole sentences.",
  ]);
  assert.deepEqual(practiceChecks({ seconds: 30, maxFillers: 1 }), ["Talk for 30 seconds (at least 25.5 s and 23 words).", "At most 1 filler."]);
  assert.equal(lengthWords(90), "90 seconds");
});

test("lessons are done when every activity is, locked when all are, else open; unknown activities are locked", () => {
  const some = progress({ "w1-l1-a1": "done", "w1-l1-a2": "open", "w1-l2-a1": "open" });
  assert.equal(lessonStatus(weeks[0].lessons[0], some), "open");
  assert.equal(lessonStatus(weeks[1].lessons[0], some), "locked");
  assert.equal(lessonStatus(weeks[0].lessons[0], progress({ "w1-l1-a1": "done", "w1-l1-a2": "done" })), "done");
  assert.equal(stateOf(some, "nope").status, "locked");
  assert.deepEqual(tally(weeks[0].lessons.flatMap((item) => item.activities), some), { done: 1, total: 3 });
});

test("a lesson is found with its week and neighbours, across weeks", () => {
  const found = findLesson(weeks, "w1-l2");
  assert.equal(found.week.number, 1);
  assert.equal(found.previous.id, "w1-l1");
  assert.equal(found.next.id, "w2-l1");
  assert.equal(findLesson(weeks, "w1-l1").previous, null);
  assert.equal(findLesson(weeks, "w9-l9"), null);
  assert.equal(findLesson(null, "w1-l1"), null);
});

test("drills and exercises lead to their own pages; a warm-up is told from a calm exercise by the catalogue", () => {
  assert.equal(activityHash({ kind: "drill", drill: "pace-control" }), "#drill/pace-control");
  assert.equal(activityHash({ kind: "exercise", exercise: "box-breathing" }, [{ id: "box-breathing" }]), "#warmup/box-breathing");
  assert.equal(activityHash({ kind: "exercise", exercise: "safe-place" }, [{ id: "box-breathing" }]), "#calm/safe-place");
  assert.equal(activityHash({ kind: "reading" }), null);
});

test("dates read as a day of the month; nothing without one", () => {
  assert.equal(onDay("2026-03-03T10:00:00Z", "en-GB"), "on 3 March");
  assert.equal(onDay(null), "");
  assert.equal(onDay("garbage"), "");
});
