// SpeakUp's prompt library and wheel, the pure parts (Web/speakup/prompt-filter.js, wheel-geometry.js):
// search and filters, done/total, the wheel's pick, its slices, where a spin lands, and the addresses.
import { test } from "node:test";
import assert from "node:assert/strict";
import { batchSummary, categoryProgress, filterPrompts, importSummary, pickPrompt, promptProblem, toggleWheelCategory, wheelCategories } from "../../Web/speakup/prompt-filter.js";
import { segmentAt, shortName, spinPlan, wheelPicture, wheelSegments } from "../../Web/speakup/wheel-geometry.js";
import { findAll } from "../../Web/speakup/svg.js";
import { hashFor, routeFor } from "../../Web/speakup/routes.js";

const PROMPTS = [
  { id: "a", text: "Tell the story of your best day at the café", category: "storytelling", difficulty: "easy", answered: true, custom: false },
  { id: "b", text: "Explain how a rainbow forms", category: "describe-explain", difficulty: "medium", answered: false, custom: false },
  { id: "c", text: "Tell a story about a lost dog", category: "storytelling", difficulty: "hard", answered: false, custom: false },
  { id: "custom-1", text: "Describe my street", category: "describe-explain", difficulty: "easy", answered: false, custom: true },
];

test("search keeps prompts with every word, any case and accent; filters narrow it", () => {
  assert.deepEqual(filterPrompts(PROMPTS, { query: "tell STORY" }).map((p) => p.id), ["a", "c"]);
  assert.deepEqual(filterPrompts(PROMPTS, { query: "cafe" }).map((p) => p.id), ["a"], "café is found without its accent");
  assert.deepEqual(filterPrompts(PROMPTS, { query: "  " }).map((p) => p.id), ["a", "b", "c", "custom-1"]);
  assert.deepEqual(filterPrompts(PROMPTS, { category: "storytelling", difficulty: "hard" }).map((p) => p.id), ["c"]);
  assert.deepEqual(filterPrompts(PROMPTS, { show: "todo" }).map((p) => p.id), ["b", "c", "custom-1"]);
  assert.deepEqual(filterPrompts(PROMPTS, { show: "answered" }).map((p) => p.id), ["a"]);
  assert.deepEqual(filterPrompts(PROMPTS, { show: "mine" }).map((p) => p.id), ["custom-1"]);
  assert.deepEqual(filterPrompts(PROMPTS, { query: "dragon" }), []);
  assert.deepEqual(filterPrompts(null), []);
});

test("each category says done/total; the wheel shows only categories with prompts", () => {
  const categories = [{ id: "x", name: "X", total: 3, answered: 3 }, { id: "y", name: "Y", total: 2, answered: 1 }, { id: "z", name: "Z", total: 0, answered: 0 }];
  assert.deepEqual(categoryProgress(categories).map((c) => [c.label, c.done]), [["3/3", true], ["1/2", false], ["0/0", false]]);
  assert.deepEqual(wheelCategories({ categories }).map((c) => c.id), ["x", "y"]);
  assert.deepEqual(wheelCategories(null), []);
});

test("categories switched off leave the wheel; the last one on cannot be switched off", () => {
  const library = { categories: [{ id: "x", total: 3 }, { id: "y", total: 2 }, { id: "z", total: 0 }] };
  assert.deepEqual(wheelCategories(library, ["x"]).map((c) => c.id), ["y"]);
  assert.deepEqual(wheelCategories(library, ["x", "y"]).map((c) => c.id), ["x", "y"], "all off is every one on");
  assert.deepEqual(toggleWheelCategory(library, [], "x"), ["x"]);
  assert.deepEqual(toggleWheelCategory(library, ["x"], "x"), []);
  assert.deepEqual(toggleWheelCategory(library, ["x"], "y"), ["x"], "y is the last one on");
  assert.deepEqual(toggleWheelCategory(library, ["x"], "z"), ["x", "z"], "an empty category may go");
});

test("the wheel's pick prefers a prompt not done yet, and takes a done one when all are", () => {
  assert.equal(pickPrompt(PROMPTS, "storytelling", () => 0).id, "c");
  assert.equal(pickPrompt(PROMPTS, "storytelling", () => 0.999).id, "c");
  assert.equal(pickPrompt(PROMPTS.map((p) => ({ ...p, answered: true })), "storytelling", () => 0.999).id, "c");
  assert.equal(pickPrompt(PROMPTS.map((p) => ({ ...p, answered: true })), "storytelling", () => 0).id, "a");
  assert.equal(pickPrompt(PROMPTS, "nothing-here"), null);
});

test("a new prompt's text is checked as the server checks it", () => {
  assert.match(promptProblem(" hi  "), /at least 5/);
  assert.match(promptProblem("x".repeat(401)), /400/);
  assert.equal(promptProblem("  Tell me   about it "), null);
  assert.equal(promptProblem("é".repeat(400)), null);
});

test("an import's answer is told in words", () => {
  assert.equal(importSummary({ added: 1 }), "Added 1 prompt.");
  assert.equal(importSummary({ added: 3, skipped: [2, 5], refiled: [4], refiledTo: "Personal Growth" }),
    "Added 3 prompts. Skipped 2 already in your library (rows 2, 5). Put row 4 under Personal Growth: their category was not one we know.");
});

test("slices share the circle; the one under the pointer is found after any turn", () => {
  const segments = wheelSegments(["a", "b", "c", "d"].map((id) => ({ id, name: id })));
  assert.deepEqual(segments.map((s) => [s.start, s.end, s.middle]), [[0, 90, 45], [90, 180, 135], [180, 270, 225], [270, 360, 315]]);
  assert.equal(segmentAt(0, 4), 0);
  assert.equal(segmentAt(10, 4), 3, "turned 10° clockwise: the last slice has come under the pointer");
  assert.equal(segmentAt(-10, 4), 0);
  assert.equal(segmentAt(360 * 5 + 100, 4), 2);
  assert.equal(segmentAt(0, 0), -1);
  assert.equal(wheelSegments([{ id: "only", name: "Only" }])[0].path.split("A").length, 2, "one category: a whole disc");
});

test("a spin turns 3–6 times and a bit, 2.5–4.5 s, and lands inside the slice it planned", () => {
  for (const count of [1, 5, 12]) {
    for (let seed = 0; seed < 200; seed += 1) {
      let x = seed * 9301 + 49297;
      const random = () => { x = (x * 9301 + 49297) % 233280; return x / 233280; };
      const from = (seed * 37) % 360;
      const plan = spinPlan(from, count, random);
      const turned = plan.to - from;
      assert.ok(turned >= 3 * 360 && turned < 7 * 360, `${turned}`);
      assert.ok(plan.seconds >= 2.5 && plan.seconds <= 4.5);
      assert.equal(segmentAt(plan.to, count), plan.index);
      const width = 360 / count;
      const atPointer = (((360 - (plan.to % 360)) % 360) + 360) % 360;
      const into = atPointer - plan.index * width;
      assert.ok(into > width * 0.1 && into < width * 0.9, "never on a line between two slices");
    }
  }
});

test("the wheel's picture: a slice and a label per category, emoji for Show & Tell, short names", () => {
  const segments = wheelSegments([{ id: "kids-story", name: "Tell a Story" }, { id: "kids-howto", name: "How To" }]);
  const picture = wheelPicture(segments, { label: "The question wheel", emoji: { "kids-story": "📖" } });
  assert.equal(picture.attrs["aria-label"], "The question wheel");
  assert.equal(findAll(picture, (n) => n.tag === "path").length, 2);
  assert.deepEqual(findAll(picture, (n) => n.tag === "text").map((n) => n.children[0]), ["📖", "How"]);
  assert.equal(shortName("Conversation Starters"), "Conversati…");
  assert.equal(shortName("Describe & Explain"), "Describe");
});

test("#prompts and #wheel are addresses of their own", () => {
  assert.deepEqual(routeFor("#prompts"), { name: "prompts" });
  assert.deepEqual(routeFor("#wheel"), { name: "wheel" });
  assert.equal(hashFor({ name: "wheel" }), "#wheel");
  assert.equal(hashFor({ name: "prompts" }), "#prompts");
});

test("a pasted batch says what was added and which lines were skipped", () => {
  assert.equal(batchSummary({ added: 3, skipped: [] }), "Added 3 prompts.");
  assert.equal(batchSummary({ added: 1, skipped: [4] }), "Added 1 prompt. Skipped line 4: already yours.");
  assert.equal(batchSummary({ added: 0, skipped: [2, 5, 7] }), "Added 0 prompts. Skipped lines 2, 5 and 7: already yours.");
});
