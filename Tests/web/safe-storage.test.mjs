// The page kit's storage (Web/shared/safe-storage.js): localStorage that never throws, and keeps in
// memory for the visit what the device could not keep (node --test Tests/web).
import { test } from "node:test";
import assert from "node:assert/strict";
import { safeStorage } from "../../Web/shared/safe-storage.js";
import { memoryStorage } from "./support/memory-storage.mjs";

const full = () => ({ ...memoryStorage(), setItem() { throw new DOMException("full", "QuotaExceededError"); } });
const denied = () => ({ getItem() { throw new Error("denied"); }, setItem() { throw new Error("denied"); }, removeItem() { throw new Error("denied"); } });

test("values go in as JSON and come back as they were; text is kept as it is", () => {
  const device = memoryStorage();
  const store = safeStorage(() => device);
  assert.equal(store.write("a", { n: 1, list: [2] }), true);
  assert.equal(device.items.get("a"), '{"n":1,"list":[2]}');
  assert.deepEqual(store.read("a"), { n: 1, list: [2] });
  store.writeText("flag", "1");
  assert.equal(device.items.get("flag"), "1");
  assert.equal(store.readText("flag"), "1");
  store.remove("a");
  assert.equal(store.read("a", "none"), "none");
  assert.equal(store.readText("missing"), null);
});

test("nothing, null or something that is not JSON reads as the fallback", () => {
  const device = memoryStorage();
  const store = safeStorage(() => device);
  assert.equal(store.read("missing"), null);
  assert.deepEqual(store.read("missing", []), []);
  device.setItem("broken", "{not json");
  assert.deepEqual(store.read("broken", { empty: true }), { empty: true });
  device.setItem("null", "null");
  assert.deepEqual(store.read("null", []), []);
});

test("full storage: the write says so, and the value is still read back for this visit", () => {
  const device = full();
  const store = safeStorage(() => device);
  assert.doesNotThrow(() => store.write("draft", { strokes: 3 }));
  assert.equal(store.write("draft", { strokes: 4 }), false);
  assert.deepEqual(store.read("draft"), { strokes: 4 });
  store.writeText("muted", "1");
  assert.equal(store.readText("muted"), "1");
});

test("once the device can keep it again, what is on the device is what is read", () => {
  let device = full();
  const store = safeStorage(() => device);
  store.write("outbox", [1]);
  device = memoryStorage();
  assert.equal(store.write("outbox", [1, 2]), true);
  assert.deepEqual(JSON.parse(device.items.get("outbox")), [1, 2]);
  device.setItem("outbox", "[7]");
  assert.deepEqual(store.read("outbox"), [7], "the memory copy is gone");
});

test("storage that throws on every call, or is missing, never stops the page", () => {
  for (const storage of [() => denied(), () => undefined, () => { throw new Error("SecurityError"); }]) {
    const store = safeStorage(storage);
    assert.equal(store.read("a", "fallback"), "fallback");
    assert.equal(store.readText("a"), null);
    assert.equal(store.write("a", { kept: "for the visit" }), false);
    assert.deepEqual(store.read("a"), { kept: "for the visit" });
    assert.doesNotThrow(() => store.remove("a"));
    assert.equal(store.read("a"), null, "removed from memory too");
  }
});

test("each store has its own memory", () => {
  const device = full();
  const one = safeStorage(() => device);
  const two = safeStorage(() => device);
  one.write("k", 1);
  assert.equal(two.read("k"), null);
});

test("the default store reads the page's localStorage when it is called, not when it is made", async () => {
  const { local } = await import("../../Web/shared/safe-storage.js");
  globalThis.localStorage = memoryStorage();
  try {
    local.write("late", true);
    assert.equal(globalThis.localStorage.items.get("late"), "true");
  } finally {
    delete globalThis.localStorage;
  }
});
