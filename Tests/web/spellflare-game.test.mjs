// Spellflare's rules in the page (Web/spellflare/game.js) against the cases the server's rules are
// tested with (Tests/SpellingTests): answers, retries, giving up, the end of a level, stars and
// progress merged between devices.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  applyAnswer, completeLevel, currentWord, fromServer, isOver, isPassed, levelState, matches, mergeProgress, normalized, stars,
} from "../../Web/spellflare/game.js";

/** A game as the server's SessionView sends it: `count` words word0, word1, … */
const game = (count = 15) => ({
  id: "g1", grade: 1, level: 1, words: Array.from({ length: count }, (_, i) => `word${i}`), position: 0,
  correctCount: 0, incorrectCount: 0, triesOnWord: 0, requiredCorrect: 10, comeBackAfter: 3, passed: false, over: false, answers: 0,
});

/** Plays answers ({answer} or {giveUp: true}, or a plain string) in order; returns the results. */
function play(start, ...answers) {
  let current = start;
  return answers.map((answer) => {
    const result = applyAnswer(current, typeof answer === "string" ? { answer } : answer);
    current = result.game;
    return result;
  });
}
const last = (results) => results.at(-1).game;
const giveUp = { giveUp: true };

test("answers: case, spaces and hyphens are ignored (SpellingRuleTests' table)", () => {
  const table = [
    ["cat", "cat", true], ["CAT", "cat", true], [" c a t ", "cat", true], ["c-a-t", "cat", true], ["c a-t\n", "cat", true],
    ["kat", "cat", false], ["ca", "cat", false], ["catt", "cat", false], ["", "cat", false], ["c.a.t", "cat", false],
    ["Beautiful", "beautiful", true], ["beatiful", "beautiful", false], ["c\ta\tt", "cat", true],
  ];
  for (const [answer, word, expected] of table) assert.equal(matches(answer, word), expected, JSON.stringify([answer, word]));
  assert.equal(normalized(" Ice-Cream "), "icecream");
});

test("a wrong answer stays on the word; the right one after it is not a first try", () => {
  const [wrong, right] = play(game(), "nope", "WORD0");
  assert.equal(wrong.outcome, "incorrect");
  assert.equal(wrong.firstTry, null);
  assert.deepEqual([wrong.game.position, wrong.game.triesOnWord, wrong.game.incorrectCount], [0, 1, 0], "a retry is not a miss yet");
  assert.equal(currentWord(wrong.game), "word0");
  assert.deepEqual([right.outcome, right.firstTry, right.word], ["correct", false, "word0"]);
  assert.deepEqual([right.game.position, right.game.triesOnWord, right.game.correctCount], [1, 0, 1]);
});

test("every answer counts toward seq, the number the server expects next", () => {
  const results = play(game(), "nope", "word0", giveUp, "word2");
  assert.deepEqual(results.map((r) => r.game.answers), [1, 2, 3, 4]);
});

test("the game given is left as it was (the page keeps it until the answer is queued)", () => {
  const before = game(6);
  const frozen = structuredClone(before);
  play(before, "nope", giveUp, "word1");
  assert.deepEqual(before, frozen);
});

test("ten right answers pass the level, once; nothing is accepted after the end", () => {
  const results = play(game(), "nope", "word0", ...Array.from({ length: 9 }, (_, i) => `word${i + 1}`));
  assert.deepEqual(results.slice(2).map((r) => r.firstTry), Array(9).fill(true));
  assert.deepEqual(results.map((r) => r.levelComplete), [...Array(10).fill(false), true]);
  const end = last(results);
  assert.ok(isPassed(end) && isOver(end) && end.passed && end.over);
  assert.equal(end.correctCount, 10);
  assert.throws(() => applyAnswer(end, { answer: "word10" }), /over/);
  assert.throws(() => applyAnswer(end, giveUp), /over/);
});

test("a given-up word comes back three words later, once; running out of words ends the game unpassed", () => {
  const start = game(6);
  const [first] = play(start, giveUp);
  assert.deepEqual([first.outcome, first.firstTry, first.word], ["gaveUp", false, "word0"]);
  assert.deepEqual(first.game.words, ["word0", "word1", "word2", "word3", "word0", "word4", "word5"]);
  assert.deepEqual([first.game.incorrectCount, currentWord(first.game)], [1, "word1"]);

  const results = play(first.game, "word1", "word2", "word3");
  assert.equal(currentWord(last(results)), "word0");
  const [again] = play(last(results), giveUp);
  assert.equal(again.word, "word0");
  assert.equal(again.game.words.length, 7, "it comes back only once");
  const end = last(play(again.game, "word4", "word5"));
  assert.ok(isOver(end) && !isPassed(end));
  assert.deepEqual([end.correctCount, end.incorrectCount, end.over, end.passed], [5, 2, true, false]);
  assert.equal(currentWord(end), null);
  assert.throws(() => applyAnswer(end, { answer: "word5" }), /over/);
});

test("near the end a given-up word goes last", () => {
  const end = last(play(game(2), "word0", giveUp));
  assert.deepEqual(end.words, ["word0", "word1", "word1"]);
  assert.equal(currentWord(end), "word1");
});

test("a word given up after a wrong try is a miss, and the next word starts afresh", () => {
  const [, gaveUp] = play(game(), "nope", giveUp);
  assert.deepEqual([gaveUp.game.triesOnWord, gaveUp.game.incorrectCount, gaveUp.game.correctCount], [0, 1, 0]);
});

test("stars from the words not right on the first try: none 3, up to three 2, more 1", () => {
  assert.deepEqual([0, 1, 3, 4, 15].map(stars), [3, 2, 2, 1, 1]);
});

test("levels: completing one opens the next, up to 50; replaying an old one moves nothing back", () => {
  let progress = { completed: {}, current: {}, epochs: {} };
  assert.equal(levelState(progress, 3, 1), "unlocked");
  assert.equal(levelState(progress, 3, 2), "locked");
  progress = completeLevel(progress, 3, 1);
  assert.deepEqual([levelState(progress, 3, 1), levelState(progress, 3, 2), progress.current[3]], ["completed", "unlocked", 2]);
  assert.equal(levelState(progress, 4, 2), "locked", "each grade has its own levels");
  progress = completeLevel(progress, 3, 1);
  assert.equal(progress.current[3], 2);
  assert.deepEqual(progress.completed[3], [1], "no level twice");
  progress = completeLevel(progress, 3, 50);
  assert.equal(progress.current[3], 2, "level 50 is the last: nothing after it");
  assert.equal(levelState(progress, 3, 50), "completed");
  for (let level = 2; level <= 49; level++) progress = completeLevel(progress, 3, level);
  assert.equal(progress.current[3], 50);
  assert.deepEqual(progress.completed[3], Array.from({ length: 50 }, (_, i) => i + 1));
});

// MARK: - Merging progress (ProgressMergeTests.swift)

const empty = () => ({ completed: {}, current: {}, epochs: {} });
const complete = (progress, ...pairs) => pairs.reduce((p, [grade, level]) => completeLevel(p, grade, level), progress);
/** A grade reset as the server does it: its levels go and its epoch goes up. */
function reset(progress, grade) {
  const next = structuredClone(progress);
  delete next.completed[grade];
  delete next.current[grade];
  next.epochs[grade] = (next.epochs[grade] ?? 0) + 1;
  return next;
}

test("the seed's last-writer-wins loses a level that this merge keeps", () => {
  const tablet = complete(empty(), [2, 1], [5, 7]);
  const phone = complete(empty(), [2, 1], [2, 2]);
  const merged = mergeProgress(tablet, phone);
  assert.deepEqual(merged.completed, { 2: [1, 2], 5: [7] });
  assert.equal(merged.current[2], 3);
});

test("a stale tablet's sync after a reset does not bring the grade back; other grades still merge", () => {
  const tablet = complete(empty(), [3, 1], [3, 2], [1, 4]);
  const server = reset(tablet, 3);
  const merged = mergeProgress(server, tablet);
  assert.equal(merged.completed[3], undefined);
  assert.equal(levelState(merged, 3, 2), "locked");
  assert.equal(merged.epochs[3], 1);
  assert.equal(levelState(merged, 1, 4), "completed");
  const after = completeLevel(merged, 3, 1);
  assert.deepEqual(mergeProgress(after, tablet).completed[3], [1], "a level played after the reset counts");
});

test("merging is commutative, associative and idempotent, and never loses a level (random progress)", () => {
  let seed = 7;
  const random = (n) => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return seed % n; };
  const randomProgress = () => {
    let progress = empty();
    for (let i = random(40); i > 0; i--) {
      const grade = 1 + random(7);
      progress = random(8) === 0 ? reset(progress, grade) : completeLevel(progress, grade, 1 + random(50));
    }
    return fromServer({ grades: Object.keys({ ...progress.completed, ...progress.current, ...progress.epochs }).map((grade) => ({
      grade: +grade, currentLevel: progress.current[grade] ?? 1, completedLevels: progress.completed[grade] ?? [], epoch: progress.epochs[grade] ?? 0,
    })) });
  };
  for (let round = 0; round < 300; round++) {
    const [a, b, c] = [randomProgress(), randomProgress(), randomProgress()];
    const ab = mergeProgress(a, b);
    assert.deepEqual(ab, mergeProgress(b, a));
    assert.deepEqual(mergeProgress(ab, c), mergeProgress(a, mergeProgress(b, c)));
    assert.deepEqual(mergeProgress(a, a), a);
    assert.deepEqual(mergeProgress(ab, b), ab);
    for (let grade = 1; grade <= 7; grade++) {
      const [ea, eb] = [a.epochs[grade] ?? 0, b.epochs[grade] ?? 0];
      const newer = ea >= eb ? a : b;
      for (const level of newer.completed[grade] ?? []) assert.ok(ab.completed[grade].includes(level), "the newer side's levels stay");
      if (ea === eb) {
        for (const level of [...(a.completed[grade] ?? []), ...(b.completed[grade] ?? [])]) assert.ok(ab.completed[grade].includes(level));
        assert.equal(ab.current[grade] ?? 1, Math.max(a.current[grade] ?? 1, b.current[grade] ?? 1));
      }
    }
  }
});

test("the server's progress view becomes local progress, leaving out what is empty", () => {
  const view = { grades: [
    { grade: 2, currentLevel: 3, completedLevels: [1, 2], epoch: 0 },
    { grade: 4, currentLevel: 1, completedLevels: [], epoch: 2 },
    { grade: 5, currentLevel: 1, completedLevels: [] },
  ] };
  assert.deepEqual(fromServer(view), { completed: { 2: [1, 2] }, current: { 2: 3 }, epochs: { 4: 2 } });
});
