// Every word of the server's word bank has a sentence that holds it (node --test Tests/web).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { containsWord, sentenceFor, sentences, teachingLines } from "../../Web/spellflare/sentences.js";

/** The 12 tiers of Sources/Spelling/WordBank.swift, parsed from the Swift source. */
function bankTiers() {
  const swift = readFileSync(new URL("../../Sources/Spelling/WordBank.swift", import.meta.url), "utf8");
  const start = swift.indexOf("tiers");
  const end = swift.indexOf("difficulties =", start);
  assert.ok(start >= 0 && end > start, "WordBank.swift has its tiers where the test looks");
  const tiers = new Map();
  for (const [, tier, body] of swift.slice(start, end).matchAll(/(\d+):\s*\[([^\]]*)\]/g)) {
    tiers.set(Number(tier), [...body.matchAll(/"([^"]+)"/g)].map(([, word]) => word));
  }
  return tiers;
}

test("the word bank parses into 12 tiers of 20 words", () => {
  const tiers = bankTiers();
  assert.equal(tiers.size, 12);
  for (const [tier, words] of tiers) assert.equal(words.length, 20, `tier ${tier}`);
});

test("every bank word has a sentence that holds it as a whole word", () => {
  const words = new Set([...bankTiers().values()].flat());
  assert.ok(words.size > 190, `${words.size} unique words`);
  const problems = [];
  for (const word of words) {
    const sentence = sentenceFor(word);
    if (!sentence) problems.push(`${word}: no sentence`);
    else if (!containsWord(sentence, word)) problems.push(`${word}: "${sentence}" does not say it`);
  }
  assert.deepEqual(problems, []);
});

test("sentences are short, one sentence each, and only for bank words", () => {
  const words = new Set([...bankTiers().values()].flat());
  for (const [word, sentence] of Object.entries(sentences)) {
    assert.ok(words.has(word), `${word} is not in the bank`);
    assert.ok(sentence.split(/\s+/).length <= 16, `${word}: "${sentence}" is long`);
    assert.match(sentence, /^[A-Z].*[.!?]$/, `${word}: "${sentence}" is one sentence`);
  }
});

test("words that sound like others get a sentence that tells them apart", () => {
  assert.equal(sentenceFor("sought"), "She sought her lost shoe under the bed.");
  assert.match(sentenceFor("sun"), /sky/);
  assert.match(sentenceFor("hat"), /head/);
  assert.match(sentenceFor("hot"), /soup/);
  assert.match(sentenceFor("write"), /pencil/);
});

test("whole words only, any case", () => {
  assert.ok(containsWord("We ate French toast.", "french"));
  assert.ok(containsWord("Congratulations on winning!", "congratulations"));
  assert.ok(!containsWord("The catalogue came.", "cat"));
  assert.ok(!containsWord("He sat on the bed.", "at"));
});

test("a word is said, then its sentence, then the word; a word without one twice", () => {
  assert.deepEqual(teachingLines("cat").map((line) => line.text), ["cat", "The cat drinks milk from a bowl.", "cat"]);
  assert.ok(teachingLines("cat")[0].gap > 0 && teachingLines("cat")[1].gap > 0);
  assert.deepEqual(teachingLines("rocket").map((line) => line.text), ["rocket", "rocket"]);
  assert.equal(sentenceFor("Cat"), sentenceFor("cat"));
  assert.equal(sentenceFor("constructor"), null);
  assert.equal(sentenceFor("toString"), null);
});
