// Read-aloud in the page without a page (Web/speakup/reading-rules.js, live.js): the stream and
// upload addresses, how each word looks as the reader goes and once judged, the result's facts, the
// passages by level and a passage's best score.
import { test } from "node:test";
import assert from "node:assert/strict";
import { passagesByLevel, readingFacts, readingSeconds, readingStats, readingUploadPath, wordClass, wordLabel } from "../../Web/speakup/reading-rules.js";
import { liveURL, parseMessage } from "../../Web/speakup/live.js";

test("a reading streams with its passage and uploads to its own path", () => {
  assert.equal(liveURL({ passage: "the-lost-kite", promptId: "x" }, { protocol: "https:", host: "h" }), "wss://h/api/speakup/live?passage=the-lost-kite");
  assert.equal(readingUploadPath("the lost/kite"), "/api/speakup/read-aloud/the%20lost%2Fkite");
  assert.deepEqual(parseMessage('{"type":"reading","result":{"id":"p"}}'), { type: "reading", result: { id: "p" } });
  assert.equal(readingSeconds({ text: "one two  three\nfour" }), 31, "1.5 s a word and 25 s (the server allows 30)");
});

test("words light up to where the reader has come; once judged, each shows its mark", () => {
  assert.deepEqual([0, 1, 2, 3].map((i) => wordClass(i, 2, null)), ["word-lit", "word-lit", "word-ahead", "word-ahead"]);
  assert.deepEqual([0, 1].map((i) => wordClass(i, undefined, null)), ["word-ahead", "word-ahead"]);
  const result = { words: [{ mark: "read" }, { mark: "misread" }, { mark: "skipped" }] };
  assert.deepEqual([0, 1, 2].map((i) => wordClass(i, 0, result)), ["word-read", "word-misread", "word-skipped"]);
  assert.equal(wordLabel({ text: "mat.", mark: "misread", heardAs: "hat" }), "mat. (sounded like “hat”)");
  assert.equal(wordLabel({ text: "sat", mark: "skipped" }), "sat (not heard)");
  assert.equal(wordLabel({ text: "cat", mark: "read" }), "cat");
});

test("the result's facts leave out what did not happen", () => {
  assert.deepEqual(readingFacts({ read: 45, misread: 1, skipped: 3, wpm: 120 }), ["45 of 49 words read", "1 sounded different", "3 not heard", "120 words a minute"]);
  assert.deepEqual(readingFacts({ read: 49, misread: 0, skipped: 0, wpm: null }), ["49 of 49 words read"]);
});

test("passages by level, easy first, empty levels left out; a passage's best from the log", () => {
  const passages = [{ id: "a", level: "hard" }, { id: "b", level: "easy" }, { id: "c", level: "easy" }];
  assert.deepEqual(passagesByLevel(passages).map(([level, name, items]) => [level, name, items.map((p) => p.id)]),
    [["easy", "Easy", ["b", "c"]], ["hard", "Hard", ["a"]]]);
  const items = [{ kind: "readAloud", itemId: "b", reading: { score: 80, passed: false } }, { kind: "drill", itemId: "b", drill: { score: 100 } },
    { kind: "readAloud", itemId: "b", reading: { score: 96, passed: true } }];
  assert.deepEqual(readingStats(items, "b"), { tries: 2, best: 96, passed: true });
  assert.equal(readingStats(items, "a"), null);
});
