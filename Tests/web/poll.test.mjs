// The page kit's timer (Web/shared/poll.js): every N ms while the tab is shown, once at once when it
// is shown again, one call at a time, each saying it is a timer's (node --test Tests/web).
import { afterEach, beforeEach, mock, test } from "node:test";
import assert from "node:assert/strict";
import { BACKGROUND_HEADERS, poll } from "../../Web/shared/poll.js";

/** A document that is shown or hidden, with the one event poll listens to. */
function fakeDocument(visibilityState = "visible") {
  const listeners = new Set();
  return {
    visibilityState,
    addEventListener: (type, listener) => { if (type === "visibilitychange") listeners.add(listener); },
    removeEventListener: (type, listener) => { listeners.delete(listener); },
    set(state) { this.visibilityState = state; for (const listener of [...listeners]) listener(); },
    listeners,
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

beforeEach(() => { mock.timers.enable({ apis: ["setInterval"] }); });
afterEach(() => { mock.timers.reset(); });

test("runs every N ms, not at once, and sends the header that says a timer asked", async () => {
  const calls = [];
  const timer = poll((options) => { calls.push(options); }, 1000, { doc: fakeDocument() });
  assert.equal(calls.length, 0);
  mock.timers.tick(1000);
  await settle();
  mock.timers.tick(1000);
  await settle();
  assert.equal(calls.length, 2);
  assert.deepEqual(calls[0], { headers: { "X-Background-Refresh": "1" } });
  assert.equal(calls[0].headers, BACKGROUND_HEADERS);
  timer.stop();
});

test("a hidden tab is not asked; shown again, it is asked at once and then every N ms", async () => {
  const doc = fakeDocument();
  let calls = 0;
  const timer = poll(() => { calls += 1; }, 1000, { doc });
  doc.set("hidden");
  mock.timers.tick(5000);
  await settle();
  assert.equal(calls, 0, "paused while hidden");
  doc.set("visible");
  await settle();
  assert.equal(calls, 1, "once at once");
  mock.timers.tick(1000);
  await settle();
  assert.equal(calls, 2);
  timer.stop();
});

test("started in a hidden tab, it waits until the tab is shown", async () => {
  const doc = fakeDocument("hidden");
  let calls = 0;
  const timer = poll(() => { calls += 1; }, 1000, { doc });
  mock.timers.tick(3000);
  await timer.now();
  assert.equal(calls, 0, "now() in a hidden tab does nothing");
  doc.set("visible");
  await settle();
  assert.equal(calls, 1);
  timer.stop();
});

test("never two calls at a time: a tick or now() during a slow call joins it", async () => {
  let calls = 0;
  let finish;
  const timer = poll(() => { calls += 1; return new Promise((resolve) => { finish = resolve; }); }, 1000, { doc: fakeDocument() });
  mock.timers.tick(1000);
  mock.timers.tick(1000);
  const joined = timer.now();
  assert.equal(calls, 1);
  finish();
  await joined;
  mock.timers.tick(1000);
  await settle();
  assert.equal(calls, 2, "the next tick after it finished runs again");
  finish();
  timer.stop();
});

test("a call that fails does not stop the timer", async () => {
  const errors = mock.method(console, "error", () => {});
  let calls = 0;
  const timer = poll(async () => { calls += 1; throw new Error("offline"); }, 1000, { doc: fakeDocument() });
  mock.timers.tick(1000);
  await settle();
  mock.timers.tick(1000);
  await settle();
  assert.equal(calls, 2);
  assert.equal(errors.mock.callCount(), 2);
  await assert.rejects(timer.now(), /offline/, "now() lets its caller see the failure");
  timer.stop();
  errors.mock.restore();
});

test("stop() ends the ticks and the visibility listener", async () => {
  const doc = fakeDocument();
  let calls = 0;
  const timer = poll(() => { calls += 1; }, 1000, { doc });
  timer.stop();
  mock.timers.tick(5000);
  doc.set("hidden");
  doc.set("visible");
  await timer.now();
  assert.equal(calls, 0);
  assert.equal(doc.listeners.size, 0);
});

test("without a document (a worker, node) it just ticks", async () => {
  let calls = 0;
  const timer = poll(() => { calls += 1; }, 500, { doc: undefined });
  mock.timers.tick(500);
  await settle();
  assert.equal(calls, 1);
  timer.stop();
});
