// A wrong spelling marked letter by letter against its word (node --test Tests/web).
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixHint, mistakes, spellingDiff } from "../../Web/spellflare/diff.js";

const kinds = (diff) => diff.cells.map((cell) => cell.kind[0]).join("");  // r, w, e (extra), m (missing)

test("a right spelling is all right letters, case and spaces ignored", () => {
  const diff = spellingDiff("Ca T", "cat");
  assert.equal(kinds(diff), "rrr");
  assert.equal(diff.correct, true);
  assert.equal(diff.firstError, -1);
  assert.equal(diff.attempt, "cat");
  assert.equal(fixHint(diff), "");
});

test("a wrong letter is marked where it was typed", () => {
  const diff = spellingDiff("cot", "cat");
  assert.equal(kinds(diff), "rwr");
  assert.deepEqual(diff.cells[1], { kind: "wrong", letter: "o", expected: "a" });
  assert.equal(diff.firstError, 1);
  assert.equal(fixHint(diff), "Fix the red letters.");
});

test("a missing letter is a gap, and the caret goes where it belongs", () => {
  const diff = spellingDiff("frend", "friend");
  assert.equal(kinds(diff), "rrmrrr");
  assert.deepEqual(diff.cells[2], { kind: "missing", letter: "", expected: "i" });
  assert.equal(diff.firstError, 2);
  assert.equal(fixHint(diff), "Fill the gap.");
  assert.equal(fixHint(spellingDiff("thout", "thought")), "Fill the gaps.");
});

test("a letter too many is marked extra", () => {
  const diff = spellingDiff("catt", "cat");
  assert.equal(kinds(diff), "rrre");
  assert.equal(diff.firstError, 3);
  assert.equal(mistakes(diff), 1);
});

test("swapped letters are two wrong letters", () => {
  const diff = spellingDiff("cta", "cat");
  assert.equal(kinds(diff), "rww");
  assert.equal(mistakes(diff), 2);
});

test("wrong and missing letters together", () => {
  const diff = spellingDiff("bootiful", "beautiful");
  assert.equal(diff.cells.filter((cell) => cell.kind !== "missing").map((cell) => cell.letter).join(""), "bootiful");
  assert.equal(diff.cells.filter((cell) => cell.kind !== "extra").map((cell) => cell.expected).join(""), "beautiful");
  assert.equal(mistakes(diff), 3);
  assert.equal(diff.firstError, 1);
  assert.equal(fixHint(diff), "Fix the red letters and fill the gap.");
});

test("the cells always spell the attempt (typed letters) and the word (expected letters)", () => {
  const pairs = [["", "cat"], ["xyz", "cat"], ["sort", "sought"], ["necesary", "necessary"], ["accomodate", "accommodate"], ["dog", "dog"],
    ["abcdefghij", "b"], ["q", "queue"]];
  for (const [attempt, word] of pairs) {
    const diff = spellingDiff(attempt, word);
    assert.equal(diff.cells.filter((c) => c.kind !== "missing").map((c) => c.letter).join(""), attempt, `${attempt}/${word}`);
    assert.equal(diff.cells.filter((c) => c.kind !== "extra").map((c) => c.expected).join(""), word, `${attempt}/${word}`);
    for (const cell of diff.cells) if (cell.kind === "right") assert.equal(cell.letter, cell.expected);
  }
  assert.equal(kinds(spellingDiff("", "cat")), "mmm");
  assert.equal(spellingDiff("", "cat").firstError, 0);
  assert.equal(mistakes(spellingDiff("sort", "sought")), 3);
});
