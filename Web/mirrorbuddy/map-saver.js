// Saving a mind map, pure (node-tested with fake timers and a fake send): each edit marks the map
// changed and the whole tree goes to the server about a second after the last one (PUT maps/:id
// with the revision it was read at), or at once on `flush` (leaving the screen, an export). One
// save at a time: edits made while one is on its way go in the next, at the revision it answered.
// 409 map_changed: another device saved first. Nothing is thrown away: the student's nodes stay
// waiting (edits made meanwhile join them) and `onConflict(error)` lets the page reload the map;
// then `resolve(revision)` saves the student's version at the server's revision (last writer
// wins), or `fail(error)` keeps it for a retry. Any other refusal stops the saving until the next
// edit or `retry`. "saved" is said only when the server has everything.
import { ErrorCode } from "../shared/error-codes.js";

// The code as the contract names it until error-codes.js (written from the server's catalogue) has
// it: never undefined, which a network error's missing code would equal.
export const MAP_CHANGED = ErrorCode.mapChanged ?? "map_changed";
export const SAVE_DELAY_MS = 1000;

/**
 * A saver. `send({revision, nodes}) → Promise<MindMap>`; `onStatus(status, error?)` with status
 * "saved" | "waiting" (an edit not sent yet) | "saving" | "error"; `onSaved(map)`; `onConflict(error)`.
 * `flush({keepalive: true})` passes `keepalive` on to `send` (the page going away).
 */
export function mapSaver({ revision, send, onStatus = () => {}, onSaved = () => {}, onConflict = () => {}, delay = SAVE_DELAY_MS,
  setTimer = (fn, ms) => setTimeout(fn, ms), clearTimer = (timer) => clearTimeout(timer) } = {}) {
  let current = revision;
  let pending = null;   // the nodes to send next (null: nothing changed since the last save)
  let timer = null;
  let inFlight = null;  // the promise of the save on its way
  let status = "saved";
  let stopped = false;  // a conflict, or stopped: nothing more goes out from this saver
  let failed = false;   // the last save was refused: nothing goes out by itself until an edit or a retry
  let conflict = null;  // a 409 being settled by the page: {done: Promise, settle()}; edits wait in `pending`

  const set = (next, error) => { status = next; onStatus(next, error); };

  /** Sends the waiting nodes once; resolves when the server has answered. */
  function start({ keepalive = false } = {}) {
    const nodes = pending;
    pending = null;
    set("saving");
    inFlight = (async () => {
      try {
        const map = await send(keepalive ? { revision: current, nodes, keepalive } : { revision: current, nodes });
        current = map.revision;
        onSaved(map);
        failed = false;
      } catch (error) {
        if (error?.code === MAP_CHANGED && !stopped) {
          // Kept (with any newer edit) until the page has read the other version.
          pending ??= nodes;
          const known = Number(error.details?.revision);
          if (Number.isInteger(known)) current = known;
          let settle;
          conflict = { done: new Promise((resolve) => { settle = resolve; }), settle: () => settle(), error };
          if (timer !== null) { clearTimer(timer); timer = null; }
        } else {
          // Kept to send again with the next edit (or a retry), unless a newer edit replaced it.
          pending ??= nodes;
          failed = true;
          set("error", error);
        }
      } finally {
        inFlight = null;
      }
      if (conflict && conflict.error) { const { error } = conflict; conflict.error = null; onConflict(error); return; }
      if (stopped) return;
      if (failed) return;
      if (!pending) { set("saved"); return; }
      // Edits made while it was on its way: after the usual pause, unless one is already timed.
      set("waiting");
      timer ??= setTimer(fire, delay);
    })();
    return inFlight;
  }

  function fire() {
    timer = null;
    if (!inFlight && !conflict && pending && !stopped) start();
  }

  /** Everything waiting sent now, one save after another (after a conflict is settled); stops at a failure. */
  async function sendNow({ keepalive = false } = {}) {
    if (timer !== null) { clearTimer(timer); timer = null; }
    for (;;) {
      if (inFlight) { await inFlight; if (timer !== null) { clearTimer(timer); timer = null; } continue; }
      if (conflict && !stopped) { await conflict.done; continue; }
      if (!pending || stopped || failed) return;
      await start({ keepalive });
    }
  }

  function endConflict() {
    const was = conflict;
    conflict = null;
    was?.settle();
  }

  return {
    /** The map changed: `nodes` is its whole tree now; it goes out `delay` ms after the last change. */
    changed(nodes) {
      if (stopped) return;
      pending = nodes;
      failed = false;
      if (conflict) return;  // kept: it goes out once the conflict is settled
      if (status !== "saving") set("waiting");
      if (timer !== null) clearTimer(timer);
      timer = setTimer(fire, delay);
    },
    /** Sends what is waiting now (and waits for any save on its way); `keepalive` as the page goes away. */
    flush: (options) => sendNow(options),
    /** Tries the failed save again. */
    retry() { failed = false; return sendNow(); },
    /** After a 409: the page has the server's version (at `revision`); the student's nodes go out on top of it. */
    resolve(revision) {
      if (!conflict) return Promise.resolve();
      if (revision !== undefined && revision !== null) current = revision;
      failed = false;
      endConflict();
      return stopped ? Promise.resolve() : sendNow();
    },
    /** After a 409: the other version could not be read; the student's nodes wait for a retry. */
    fail(error) {
      if (!conflict) return;
      failed = true;
      endConflict();
      if (!stopped) set("error", error);
    },
    /** The nodes not saved yet, or null. */
    unsaved: () => (stopped ? null : pending),
    /** Stops: nothing more is sent (another map shown, the map reloaded). */
    stop() { stopped = true; pending = null; endConflict(); if (timer !== null) { clearTimer(timer); timer = null; } },
    get revision() { return current; },
    get status() { return status; },
    /** A save on its way, or a conflict being settled. */
    get sending() { return Boolean(inFlight) || Boolean(conflict); },
    get busy() { return Boolean(inFlight) || timer !== null || Boolean(conflict); },
  };
}
