// The level being played, kept on this device per child so a reload, the browser's Back or a tab
// closed by mistake comes back to the same game, word and answers (and no second ad). Storage
// may be missing or full (private mode, quota): every call is safe, and what could not be kept
// lasts for this visit.
import { local } from "../shared/safe-storage.js";

const levelKey = (childId) => `spellflare-level-${childId}`;
const flagKey = (childId, name) => `spellflare-${name}-${childId}`;

/** The saved level ({grade, level, game, misses, missed, feedback, ...}) or null. */
export function loadLevel(childId) {
  const saved = local.read(levelKey(childId));
  return isLevel(saved) ? saved : null;
}

export function saveLevel(childId, saved) { local.write(levelKey(childId), { ...saved, savedAt: Date.now() }); }

export function clearLevel(childId) { local.remove(levelKey(childId)); }

/** A game the page can go on with: the server's game view with its words and seq count. */
function isLevel(saved) {
  const game = saved?.game;
  return Boolean(game && typeof game.id === "string" && Array.isArray(game.words) && Number.isInteger(game.answers)
    && Number.isInteger(game.position) && Number.isInteger(game.level) && Number.isInteger(game.grade));
}

/**
 * What to keep of the page's state while a level is played: the game, the words missed, and a
 * wrong answer still waiting for Retry or Give up (at the same word).
 */
export function snapshot(state) {
  const feedback = state.feedback?.kind === "incorrect"
    ? { kind: "incorrect", attempt: state.feedback.attempt, text: state.feedback.text, position: state.game.position }
    : null;
  return {
    grade: state.game.grade, level: state.game.level, game: state.game, misses: state.misses, missed: state.missed,
    feedback, voiceFailures: state.voiceFailures, keyboardOffered: state.keyboardOffered,
  };
}

/** A yes/no remembered per child (the voice how-to seen, say). */
export function flag(childId, name) { return local.readText(flagKey(childId, name)) === "1"; }

export function setFlag(childId, name) { local.writeText(flagKey(childId, name), "1"); }
