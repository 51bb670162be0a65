// A timed warm-up, pure: which step is on, how long it has left, start / pause / skip / reset, and
// the steps entered since the last look (each plays its sound cue). Times are milliseconds from the
// caller's clock, so node --test can run a whole exercise in no time.

export const ROUNDS = { fewest: 1, most: 10 };

/**
 * A breathing exercise with `rounds` repeats of its pattern (1–10; the steps' "Round r of n" follow);
 * any other exercise as it is.
 */
export function withRounds(exercise, rounds) {
  if (!exercise?.rounds || !exercise.steps?.length) return exercise;
  const asked = typeof rounds === "number" && Number.isFinite(rounds) ? Math.round(rounds) : exercise.rounds;
  const wanted = Math.max(ROUNDS.fewest, Math.min(ROUNDS.most, asked));
  const pattern = exercise.steps.slice(0, Math.max(1, Math.floor(exercise.steps.length / exercise.rounds)));
  const steps = [];
  for (let round = 1; round <= wanted; round += 1) {
    for (const step of pattern) steps.push({ ...step, detail: step.detail.replace(/^Round \d+ of \d+/, `Round ${round} of ${wanted}`) });
  }
  return { ...exercise, steps, rounds: wanted };
}

/** A warm-up ready to start at its first step. */
export function newRun(exercise) {
  const steps = exercise?.steps ?? [];
  return { id: exercise?.id ?? "", steps, index: 0, left: (steps[0]?.seconds ?? 0) * 1000, running: false, at: null, done: steps.length === 0, spent: 0 };
}

/** Moves the clock to `now`: steps whose time ran out are left behind. Returns the run and the steps entered. */
export function tick(run, now) {
  if (!run.running || run.done) return { run, entered: [] };
  let elapsed = Math.max(0, now - run.at);
  const next = { ...run, at: now, spent: run.spent + elapsed };
  const entered = [];
  while (elapsed >= next.left && !next.done) {
    elapsed -= next.left;
    if (next.index + 1 >= next.steps.length) {
      next.done = true;
      next.running = false;
      next.left = 0;
      next.spent -= elapsed;
    } else {
      next.index += 1;
      next.left = next.steps[next.index].seconds * 1000;
      entered.push(next.index);
    }
  }
  if (!next.done) next.left -= elapsed;
  return { run: next, entered };
}

/** Starts (or goes on after a pause); the first start enters step 0. */
export function start(run, now) {
  if (run.running || run.done) return { run, entered: [] };
  const first = run.at === null && run.index === 0 && run.spent === 0;
  return { run: { ...run, running: true, at: now }, entered: first ? [0] : [] };
}

export function pause(run, now) {
  const { run: moved, entered } = tick(run, now);
  return { run: { ...moved, running: false, at: moved.done ? moved.at : now }, entered };
}

/** Goes to the next step at once (the last one ends the run). */
export function skip(run, now) {
  const { run: moved } = tick(run, now);
  if (moved.done) return { run: moved, entered: [] };
  if (moved.index + 1 >= moved.steps.length) return { run: { ...moved, done: true, running: false, left: 0 }, entered: [] };
  const index = moved.index + 1;
  return { run: { ...moved, index, left: moved.steps[index].seconds * 1000, at: moved.running ? now : moved.at }, entered: [index] };
}

/** The same exercise from the start, not running. */
export const reset = (run) => newRun({ id: run.id, steps: run.steps });

/** Whole seconds left in the step, shown on the screen. */
export const secondsLeft = (run) => Math.ceil(run.left / 1000);

/** How far through the whole exercise the run is, 0…1. */
export function progress(run) {
  const total = run.steps.reduce((sum, step) => sum + step.seconds * 1000, 0);
  if (!total) return 1;
  if (run.done) return 1;
  const before = run.steps.slice(0, run.index).reduce((sum, step) => sum + step.seconds * 1000, 0);
  return Math.min(1, (before + run.steps[run.index].seconds * 1000 - run.left) / total);
}

/** Minutes and seconds of an exercise, as its card says ("48 s", "1 min 5 s"). */
export function lengthOf(seconds) {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest ? `${minutes} min ${rest} s` : `${minutes} min`;
}
