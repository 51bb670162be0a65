// A page's timer that asks the server again: every `every` ms while the tab is shown, once at once
// when it is shown again, and never two calls at a time. Its calls say they come from a timer
// (`X-Background-Refresh: 1`), so the parent area still locks itself when nobody is there.

/** The headers that tell the server a page's timer from a person. */
export const BACKGROUND_HEADERS = Object.freeze({ "X-Background-Refresh": "1" });

/**
 * Calls `refresh({ headers })` every `every` ms until `stop()`; `now()` calls it at once (or joins the
 * call already under way). Pass `headers` on to `api()`. A hidden tab is never asked.
 */
export function poll(refresh, every, { doc = globalThis.document } = {}) {
  let timer = null;
  let running = null;
  let stopped = false;
  const hidden = () => doc?.visibilityState === "hidden";

  function now() {
    if (stopped || hidden()) return Promise.resolve();
    running ??= (async () => {
      try { await refresh({ headers: BACKGROUND_HEADERS }); } finally { running = null; }
    })();
    return running;
  }

  const tick = () => { now().catch((error) => console.error(error)); };
  const start = () => { timer ??= globalThis.setInterval(tick, every); };
  const pause = () => { globalThis.clearInterval(timer); timer = null; };

  function onVisibility() {
    if (stopped) return;
    if (hidden()) { pause(); return; }
    tick();
    start();
  }

  doc?.addEventListener?.("visibilitychange", onVisibility);
  if (!hidden()) start();

  return {
    now,
    stop() {
      stopped = true;
      pause();
      doc?.removeEventListener?.("visibilitychange", onVisibility);
    },
  };
}
