// Spellflare's rules in the page, mirroring the server's `SpellingSession` so a game goes on
// when the network drops: the answer is checked here at once, and the outbox tells the server.

/** The seed's validateSpelling: case, spaces and hyphens ignored. */
export function normalized(answer) {
  return answer.toLowerCase().replace(/[\s-]/g, "");
}

export function matches(answer, word) {
  return normalized(answer) === word.toLowerCase();
}

export function currentWord(game) {
  return game.position < game.words.length ? game.words[game.position] : null;
}

export function isPassed(game) { return game.correctCount >= game.requiredCorrect; }

export function isOver(game) { return isPassed(game) || currentWord(game) === null; }

/**
 * Applies one answer ({answer} or {giveUp: true}) to a copy of `game`, as the server will.
 * Returns {game, outcome: "correct"|"incorrect"|"gaveUp", firstTry, word, levelComplete}.
 */
export function applyAnswer(game, { answer, giveUp = false }) {
  const word = currentWord(game);
  if (word === null || isOver(game)) throw new Error("This game is over.");
  const next = { ...game, words: [...game.words], cameBack: [...(game.cameBack ?? [])], answers: game.answers + 1 };
  const wasPassed = isPassed(game);
  let outcome;
  let firstTry = null;
  if (giveUp) {
    outcome = "gaveUp";
    firstTry = false;
    next.incorrectCount += 1;
    if (!next.cameBack.includes(word)) {
      next.cameBack.push(word);
      next.words.splice(Math.min(next.words.length, next.position + 1 + next.comeBackAfter), 0, word);
    }
    next.position += 1;
    next.triesOnWord = 0;
  } else if (matches(answer ?? "", word)) {
    outcome = "correct";
    firstTry = next.triesOnWord === 0;
    next.correctCount += 1;
    next.position += 1;
    next.triesOnWord = 0;
  } else {
    outcome = "incorrect";
    next.triesOnWord += 1;
  }
  next.passed = isPassed(next);
  next.over = isOver(next);
  return { game: next, outcome, firstTry, word, levelComplete: next.passed && !wasPassed };
}

/** Stars for a passed level from the words not right on the first try: none → 3, up to three → 2, more → 1. */
export function stars(misses) {
  return misses === 0 ? 3 : misses <= 3 ? 2 : 1;
}

/**
 * Local progress: {completed: {grade: [levels]}, current: {grade: level}, epochs: {grade: resets}},
 * merged like the server's `SpellingProgress`.
 */
export function completeLevel(progress, grade, level) {
  const completed = { ...progress.completed, [grade]: [...new Set([...(progress.completed[grade] ?? []), level])].sort((a, b) => a - b) };
  const current = { ...progress.current };
  if (level >= (current[grade] ?? 1) && level < 50) current[grade] = level + 1;
  return { completed, current, epochs: { ...(progress.epochs ?? {}) } };
}

const epochOf = (progress, grade) => (progress.epochs ?? {})[grade] ?? 0;

/** Per grade: the union of completed levels and the furthest current level, unless one side was reset later (higher epoch): then its grade wins. */
export function mergeProgress(a, b) {
  const merged = { completed: {}, current: {}, epochs: {} };
  const grades = new Set([a, b].flatMap((p) => [...Object.keys(p.completed), ...Object.keys(p.current), ...Object.keys(p.epochs ?? {})]));
  for (const grade of grades) {
    const [ea, eb] = [epochOf(a, grade), epochOf(b, grade)];
    const sides = ea === eb ? [a, b] : ea > eb ? [a] : [b];
    const levels = [...new Set(sides.flatMap((p) => p.completed[grade] ?? []))].sort((x, y) => x - y);
    const current = Math.max(...sides.map((p) => p.current[grade] ?? 1));
    if (levels.length) merged.completed[grade] = levels;
    if (current > 1) merged.current[grade] = current;
    if (Math.max(ea, eb) > 0) merged.epochs[grade] = Math.max(ea, eb);
  }
  return merged;
}

/** The server's progress view ({grades: [{grade, currentLevel, completedLevels, epoch}]}) as local progress. */
export function fromServer(view) {
  const progress = { completed: {}, current: {}, epochs: {} };
  for (const { grade, currentLevel, completedLevels, epoch = 0 } of view.grades) {
    if (completedLevels.length) progress.completed[grade] = completedLevels;
    if (currentLevel > 1) progress.current[grade] = currentLevel;
    if (epoch > 0) progress.epochs[grade] = epoch;
  }
  return progress;
}

export function levelState(progress, grade, level) {
  if ((progress.completed[grade] ?? []).includes(level)) return "completed";
  return level <= (progress.current[grade] ?? 1) ? "unlocked" : "locked";
}
