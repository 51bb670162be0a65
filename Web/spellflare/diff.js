// A wrong spelling against its word, letter by letter, to show a child what to fix: letters in
// the right place, wrong letters (typed instead of another, or one too many) and missing letters
// (gaps). Pure: no DOM (Tests/web/spellflare-diff.test.mjs).
import { normalized } from "./game.js";

/**
 * Aligns `attempt` with `word` (fewest changes: Levenshtein, case, spaces and hyphens ignored as
 * the game does). Returns {cells, firstError, correct, attempt}: cells in reading order, each
 * {kind: "right"|"wrong"|"extra"|"missing", letter (what was typed; "" for missing), expected
 * (the word's letter; "" for extra)}; `attempt` is the normalised attempt the cells cover;
 * `firstError` is where in it the first thing to fix is (the caret for Retry), or -1 when right.
 */
export function spellingDiff(attempt, word) {
  const typed = [...normalized(attempt ?? "")];
  const target = [...normalized(word ?? "")];
  // cost[i][j]: the fewest changes from typed[i..] to target[j..] (suffixes, so the walk below goes
  // left to right and marks the later of two equal letters: "catt" has its last t too many).
  const cost = Array.from({ length: typed.length + 1 }, () => new Array(target.length + 1).fill(0));
  for (let i = typed.length; i >= 0; i--) {
    for (let j = target.length; j >= 0; j--) {
      if (i === typed.length) cost[i][j] = target.length - j;
      else if (j === target.length) cost[i][j] = typed.length - i;
      else {
        const same = typed[i] === target[j] ? 0 : 1;
        cost[i][j] = Math.min(cost[i + 1][j + 1] + same, cost[i + 1][j] + 1, cost[i][j + 1] + 1);
      }
    }
  }
  // From the start: a matching letter first, then a swapped letter, a missing one, an extra one.
  const cells = [];
  let i = 0;
  let j = 0;
  while (i < typed.length || j < target.length) {
    const here = cost[i][j];
    if (i < typed.length && j < target.length && typed[i] === target[j] && here === cost[i + 1][j + 1]) {
      cells.push({ kind: "right", letter: typed[i], expected: target[j] });
      i += 1; j += 1;
    } else if (i < typed.length && j < target.length && here === cost[i + 1][j + 1] + 1) {
      cells.push({ kind: "wrong", letter: typed[i], expected: target[j] });
      i += 1; j += 1;
    } else if (j < target.length && here === cost[i][j + 1] + 1) {
      cells.push({ kind: "missing", letter: "", expected: target[j] });
      j += 1;
    } else {
      cells.push({ kind: "extra", letter: typed[i], expected: "" });
      i += 1;
    }
  }
  let firstError = -1;
  let position = 0;
  for (const cell of cells) {
    if (cell.kind !== "right") { firstError = position; break; }
    position += 1;
  }
  return { cells, firstError, correct: firstError === -1, attempt: typed.join("") };
}

/** How many letters need fixing (wrong, extra or missing). */
export function mistakes(diff) {
  return diff.cells.filter((cell) => cell.kind !== "right").length;
}

/** What to fix, in a child's words: "Fix the red letters.", "Fill the gap." ... ("" when right). */
export function fixHint(diff) {
  const wrong = diff.cells.some((cell) => cell.kind === "wrong" || cell.kind === "extra");
  const missing = diff.cells.filter((cell) => cell.kind === "missing").length;
  const gaps = missing === 1 ? "fill the gap" : "fill the gaps";
  if (wrong && missing) return `Fix the red letters and ${gaps}.`;
  if (wrong) return "Fix the red letters.";
  if (missing) return `${gaps[0].toUpperCase()}${gaps.slice(1)}.`;
  return "";
}
