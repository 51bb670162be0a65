// A take's transcript as the page shows it (Web/speakup/words.js): tappable words with fillers
// marked, paragraphs at long pauses, the fillers grouped for their chips, the word being heard,
// pace in 5-second slices and word swaps from the analysis.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fillerGroups, paceBuckets, paragraphs, segmentAt, segments, wordSwaps } from "../../Web/speakup/words.js";

const w = (text, start, end, filler = null) => ({ text, start, end, filler });
const transcript = [
  w("um", 0.2, 0.5, "hesitation"), w("so", 0.6, 0.8, "lexical"), w("my", 0.9, 1.1), w("dog", 1.1, 1.5), w("is", 1.6, 1.7),
  w("like", 1.8, 2.0, "lexical"), w("really", 2.1, 2.5), w("fast", 2.5, 3.0),
  w("Um", 5.5, 5.9, "hesitation"), w("he", 6.0, 6.2), w("runs", 6.2, 6.6), w("like", 6.7, 6.9), w("wind", 7.0, 7.4),
];

test("every entry becomes a segment, fillers marked with their kind, the rest not", () => {
  const list = segments(transcript);
  assert.equal(list.length, 13);
  assert.deepEqual(list.filter((s) => s.filler).map((s) => [s.text, s.filler]), [["um", "hesitation"], ["so", "lexical"], ["like", "lexical"], ["Um", "hesitation"]]);
  assert.equal(list[11].filler, null, "“runs like wind”: a like the analysis did not call a filler stays a word");
  assert.deepEqual(list.map((s) => s.index), [...list.keys()]);
});

test("a pause of two seconds or more starts a paragraph", () => {
  const list = segments(transcript);
  assert.equal(list[8].paragraph, true);
  assert.equal(Math.round(list[8].pauseBefore * 10) / 10, 2.5);
  assert.deepEqual(paragraphs(list).map((p) => p.map((s) => s.text).join(" ")), ["um so my dog is like really fast", "Um he runs like wind"]);
});

test("empty text is left out and odd times are made safe", () => {
  const list = segments([w("", 0, 1), w("  hi ", "1.5", 1.0), null, w("there", undefined, undefined)]);
  assert.deepEqual(list.map((s) => [s.text, s.start, s.end]), [["hi", 1.5, 1.5], ["there", 0, 0]]);
  assert.deepEqual(segments(), []);
});

test("fillers grouped: most used first, case folded, a chip for each time (at most 12)", () => {
  const groups = fillerGroups(transcript);
  assert.deepEqual(groups.map((g) => [g.text, g.kind, g.count, g.times]), [["um", "hesitation", 2, [0.2, 5.5]], ["so", "lexical", 1, [0.6]], ["like", "lexical", 1, [1.8]]]);
  const many = Array.from({ length: 20 }, (_, i) => w("uh", i, i + 0.3, "hesitation"));
  assert.equal(fillerGroups(many)[0].times.length, 12);
  assert.equal(fillerGroups(many)[0].count, 20);
  const kinds = ["a", "b", "c", "d", "e", "f"].map((text, i) => w(text, i, i + 0.1, "lexical"));
  assert.equal(fillerGroups(kinds).length, 5, "the top five");
});

test("the word being heard is the last one started", () => {
  const list = segments(transcript);
  assert.equal(segmentAt(list, 0), -1);
  assert.equal(segmentAt(list, 0.2), 0);
  assert.equal(segmentAt(list, 1.3), 3);
  assert.equal(segmentAt(list, 4.0), 7, "in a pause: the word before it");
  assert.equal(segmentAt(list, 99), 12);
  assert.equal(segmentAt([], 3), -1);
});

test("pace in 5-second slices, fillers not counted", () => {
  const buckets = paceBuckets(transcript, 8);
  assert.deepEqual(buckets.map((b) => [b.start, b.end]), [[0, 5], [5, 8]]);
  assert.equal(buckets[0].wpm, 60, "5 words in 5 s");
  assert.equal(buckets[1].wpm, 80, "4 words in 3 s");
  assert.deepEqual(paceBuckets([], 0), []);
  assert.equal(paceBuckets(transcript, 10.4).length, 2, "a last slice under a second is left out");
});

test("word swaps from the analysis, whatever the fields are called; none when it has none", () => {
  assert.deepEqual(wordSwaps({ wordSwaps: [{ word: "like", count: 4, alternatives: ["about", "such as"] }] }),
    [{ word: "like", count: 4, alternatives: ["about", "such as"] }]);
  assert.deepEqual(wordSwaps({ crutchWords: [{ text: "really", suggestions: [{ text: "truly" }] }] }), [{ word: "really", count: null, alternatives: ["truly"] }]);
  assert.deepEqual(wordSwaps({ wordSwaps: { items: [{ word: "just", alternatives: [] }, { word: "so", alternatives: ["therefore"] }] } }),
    [{ word: "so", count: null, alternatives: ["therefore"] }]);
  assert.deepEqual(wordSwaps({}), []);
  assert.deepEqual(wordSwaps(null), []);
  const many = Array.from({ length: 9 }, (_, i) => ({ word: `w${i}`, alternatives: ["x"] }));
  assert.equal(wordSwaps({ wordSwaps: many }).length, 6);
});
