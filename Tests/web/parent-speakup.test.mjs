// The parent's SpeakUp tab: how sizes, lengths and results are worded (Web/parent/speakup-format.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { megabytes, minutesSeconds, takeResult } from "../../Web/parent/speakup-format.js";

test("sizes in KB under a megabyte, else MB with one decimal", () => {
  assert.deepEqual([0, 800 * 1024, 1024 * 1024, 200 * 1024 * 1024, 13_000_000].map(megabytes), ["0 KB", "800 KB", "1.0 MB", "200.0 MB", "12.4 MB"]);
});

test("lengths as minutes and seconds", () => {
  assert.deepEqual([0, 5.4, 59.6, 65, 600].map(minutesSeconds), ["0:00", "0:05", "1:00", "1:05", "10:00"]);
});

test("a take's result: stars for Show & Tell, a score for the coach", () => {
  assert.equal(takeResult({ stars: 3, score: null }), "⭐⭐⭐ (3 of 5 stars)");
  assert.equal(takeResult({ stars: null, score: 82 }), "82 / 100");
  assert.equal(takeResult({ stars: null, score: null }), "not scored");
});
