// What a tablet owes the server: answers given while the network was away and progress made
// offline. Kept in localStorage per child, sent in order when the server can be reached again.
import { api, ApiError } from "../shared/api.js";
import { safeStorage } from "../shared/safe-storage.js";
import { fromServer, mergeProgress } from "./game.js";

const key = (childId, what) => `spellflare-${what}-${childId}`;

// What could not be stored (storage full, or refused as in old Safari's private mode) is kept in
// memory for the rest of the visit, so an answer is never lost and the game never stops on it.
const stored = safeStorage();
const read = (childId, what, fallback) => stored.read(key(childId, what), fallback);
const write = (childId, what, value) => { stored.write(key(childId, what), value); };

export function localProgress(childId) {
  return read(childId, "progress", { completed: {}, current: {}, epochs: {} });
}

export function saveLocalProgress(childId, progress) { write(childId, "progress", progress); }

export function pendingAnswers(childId) { return read(childId, "outbox", []).length; }

/** Queues an answer ({sessionId, body}) to send. */
export function queueAnswer(childId, sessionId, body) {
  write(childId, "outbox", [...read(childId, "outbox", []), { sessionId, body }]);
}

/** True when the error means "no network" rather than "the server said no". */
export function isOffline(error) {
  return !(error instanceof ApiError) || error.status >= 500;
}

let flushing = null;

/**
 * Sends queued answers in order, then merges progress both ways. Resolves to
 * {sent, progress, lastResponse}; stops at the first network failure (the rest stays queued).
 * Answers the server refuses for good (already applied, game over, gone) are dropped.
 */
export function flush(childId) {
  flushing ??= (async () => {
    let sent = 0;
    let lastResponse = null;
    try {
      for (;;) {
        const queue = read(childId, "outbox", []);
        if (!queue.length) break;
        const [{ sessionId, body }] = queue;
        try {
          lastResponse = await api(`/api/spellflare/sessions/${encodeURIComponent(sessionId)}/answers`, { method: "POST", body });
          sent += 1;
        } catch (error) {
          if (isOffline(error)) return { sent, progress: null, lastResponse, offline: true };
          lastResponse = null;  // refused for good: drop it and go on
        }
        write(childId, "outbox", read(childId, "outbox", []).slice(1));
      }
      const local = localProgress(childId);
      const completed = Object.entries(local.completed).flatMap(([grade, levels]) => levels.map((level) => ({ grade: +grade, level })));
      const current = Object.entries(local.current).map(([grade, level]) => ({ grade: +grade, level }));
      const epochs = Object.entries(local.epochs ?? {}).map(([grade, epoch]) => ({ grade: +grade, epoch }));
      const merged = fromServer(await api("/api/spellflare/progress/sync", { method: "POST", body: { completed, current, epochs } }));
      const progress = mergeProgress(merged, localProgress(childId));
      saveLocalProgress(childId, progress);
      return { sent, progress, lastResponse, offline: false };
    } catch (error) {
      if (isOffline(error)) return { sent, progress: null, lastResponse, offline: true };
      throw error;
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

/** Replaces local progress with the server's (after a reset, which only the server may do). */
export function adoptServerProgress(childId, view) {
  const progress = fromServer(view);
  saveLocalProgress(childId, progress);
  return progress;
}
