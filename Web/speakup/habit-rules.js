// Goals, the daily challenge and achievements in the page, pure: which badges are new since the
// speaker last saw them, how far a goal has come, and the words for each. The server judges all of
// it (GET /api/speakup/habits).

/** Achievements won that are not in `seen` (ids), in the server's order. */
export function newlyUnlocked(achievements = [], seen = []) {
  const known = new Set(seen);
  return achievements.filter((item) => item.state.unlockedAt && !known.has(item.achievement.id));
}

/** The ids of every achievement won. */
export const unlockedIds = (achievements = []) => achievements.filter((item) => item.state.unlockedAt).map((item) => item.achievement.id);

/** 0–100: how far along a goal or an achievement is. */
export function percent(current, target) {
  if (!Number.isFinite(current) || !Number.isFinite(target) || target <= 0) return 0;
  return Math.max(0, Math.min(100, Math.round((current / target) * 100)));
}

/** "3 of 5 takes", "12.5 of 30 minutes". */
export function goalAmount(goal) {
  const { current, target } = goal.progress;
  const shown = Number.isInteger(current) ? String(current) : current.toFixed(1);
  return `${shown} of ${target} ${goal.unit}`;
}

/** What a goal's state reads as, with the days left of an active one. */
export function goalStatus(goal, now = new Date()) {
  if (goal.progress.status === "reached") return "Reached! 🎉";
  if (goal.progress.status === "missed") return "Time ran out. Try again?";
  const days = Math.max(0, Math.ceil((new Date(goal.endsAt) - now) / 86_400_000));
  return days <= 1 ? "Last day" : `${days} days left`;
}

/** The templates a speaker can start now: those without an active goal of their kind. */
export function startable(templates = [], goals = []) {
  const running = new Set(goals.filter((goal) => goal.progress.status === "active").map((goal) => goal.kind));
  return templates.filter((template) => !running.has(template.id));
}

/** "7 of 10" for a locked achievement (nothing for a one-off). */
export function achievementProgress({ achievement, state }) {
  if (state.unlockedAt || achievement.target <= 1) return "";
  if (achievement.id === "score80" || achievement.id === "score95") return state.current ? `best ${state.current}` : "";
  if (achievement.id === "fiveStars") return state.current ? `best ${state.current} ★` : "";
  return `${Math.min(state.current, achievement.target)} of ${achievement.target}`;
}
