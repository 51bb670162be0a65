// Goals and badges in the page without a page (Web/speakup/habit-rules.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { achievementProgress, goalAmount, goalStatus, newlyUnlocked, percent, startable, unlockedIds } from "../../Web/speakup/habit-rules.js";

const badge = (id, unlockedAt = null, current = 0, target = 1) => ({ achievement: { id, target }, state: { id, current, target, unlockedAt } });

test("new badges are the ones won and not seen; the seen list is every one won", () => {
  const list = [badge("firstTake", "2026-01-01T00:00:00Z"), badge("tenTakes", null, 3, 10), badge("streak3", "2026-01-02T00:00:00Z")];
  assert.deepEqual(newlyUnlocked(list, ["firstTake"]).map((item) => item.achievement.id), ["streak3"]);
  assert.deepEqual(newlyUnlocked(list, ["firstTake", "streak3"]), []);
  assert.deepEqual(unlockedIds(list), ["firstTake", "streak3"]);
  assert.deepEqual(newlyUnlocked(undefined, undefined), []);
});

test("percent is 0–100 and safe with odd numbers", () => {
  assert.equal(percent(3, 10), 30);
  assert.equal(percent(12, 10), 100);
  assert.equal(percent(-1, 10), 0);
  assert.equal(percent(1, 0), 0);
  assert.equal(percent(Number.NaN, 5), 0);
});

test("a goal's amount and state, with the days left", () => {
  const goal = (status, current, endsAt = "2026-03-10T00:00:00Z") => ({ unit: "minutes", endsAt, progress: { status, current, target: 30 } });
  assert.equal(goalAmount(goal("active", 12.5)), "12.5 of 30 minutes");
  assert.equal(goalAmount(goal("active", 3)), "3 of 30 minutes");
  assert.equal(goalStatus(goal("reached", 30)), "Reached! 🎉");
  assert.equal(goalStatus(goal("missed", 3)), "Time ran out. Try again?");
  assert.equal(goalStatus(goal("active", 3), new Date("2026-03-07T00:00:00Z")), "3 days left");
  assert.equal(goalStatus(goal("active", 3), new Date("2026-03-09T12:00:00Z")), "Last day");
});

test("a template can be started unless its kind is running", () => {
  const templates = [{ id: "weeklyPractice" }, { id: "practiceTime" }];
  const goals = [{ kind: "weeklyPractice", progress: { status: "active" } }, { kind: "practiceTime", progress: { status: "missed" } }];
  assert.deepEqual(startable(templates, goals).map((item) => item.id), ["practiceTime"]);
});

test("a locked badge shows how far along it is; won ones and one-offs show nothing", () => {
  assert.equal(achievementProgress(badge("tenTakes", null, 3, 10)), "3 of 10");
  assert.equal(achievementProgress(badge("tenTakes", "2026-01-01T00:00:00Z", 10, 10)), "");
  assert.equal(achievementProgress(badge("braveListener", null, 0, 1)), "");
  assert.equal(achievementProgress(badge("score80", null, 72, 80)), "best 72");
  assert.equal(achievementProgress(badge("score80", null, 0, 80)), "");
  assert.equal(achievementProgress(badge("fiveStars", null, 4, 5)), "best 4 ★");
});
