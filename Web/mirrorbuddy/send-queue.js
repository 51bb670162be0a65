// Study time on its way to the server, one stretch at a time and in the order they ended: the
// server records a stretch as ending when it arrives, so two sent at once could overlap and one be
// refused. A network error (or the server's 5xx) is tried again a few times with a growing wait;
// a 4xx is not. A 409 stretch_overlaps means the time is already counted: done. When the page
// goes away, `takeAll` hands what has not been saved yet to a keepalive request. Pure: the sending
// and the waiting are parameters (node-tested with a fake fetch).
import { ErrorCode } from "../shared/error-codes.js";

export const OVERLAPS = ErrorCode.stretchOverlaps;

/** Whether trying again may help: no answer at all (fetch's TypeError) or the server's 5xx. */
export function worthRetrying(error) {
  if (error instanceof TypeError) return true;
  return typeof error?.status === "number" && error.status >= 500;
}

/** The wait before try `n + 1` (n from 0): 2 s, 4 s, 8 s… */
export const backoff = (n, first = 2000) => first * 2 ** n;

/**
 * A queue over `send(item)` (a promise). `add(item)` resolves, when its turn has come and gone, with
 * {outcome: "saved", answer} | {outcome: "already"} (409 stretch_overlaps) | {outcome: "failed", error}
 * | {outcome: "handedOff"} (taken by `takeAll` before it was saved).
 */
export function sendQueue({ send, sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)), attempts = 4, wait = backoff } = {}) {
  const waiting = [];
  let chain = Promise.resolve();

  const drop = (entry) => {
    const at = waiting.indexOf(entry);
    if (at >= 0) waiting.splice(at, 1);
  };

  async function attempt(entry) {
    for (let n = 0; ; n += 1) {
      if (entry.taken) return { outcome: "handedOff" };
      try {
        const answer = await send(entry.item);
        drop(entry);
        return { outcome: "saved", answer };
      } catch (error) {
        if (error?.code === OVERLAPS) { drop(entry); return { outcome: "already" }; }
        if (!worthRetrying(error) || n + 1 >= attempts) { drop(entry); return { outcome: "failed", error }; }
      }
      await sleep(wait(n));
    }
  }

  return {
    /** Sends `item` after every item added before it. */
    add(item) {
      const entry = { item, taken: false };
      waiting.push(entry);
      const result = chain.then(() => attempt(entry));
      chain = result.then(() => {}, () => {});
      return result;
    },
    /** The items not saved yet (the one being sent too: a copy that arrives twice is refused as overlapping). */
    takeAll() {
      const items = waiting.map((entry) => { entry.taken = true; return entry.item; });
      waiting.length = 0;
      return items;
    },
    get size() { return waiting.length; },
  };
}

/** The fetch options of a request that outlives the page (pagehide): JSON, the CSRF token, keepalive. */
export function keepaliveInit(body, csrfToken) {
  return {
    method: "POST", keepalive: true, credentials: "same-origin",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": csrfToken ?? "" },
    body: JSON.stringify(body),
  };
}
