// The level kept on the device per child, safe when storage is missing or full (node --test Tests/web).
import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { clearLevel, flag, loadLevel, saveLevel, setFlag, snapshot } from "../../Web/spellflare/saved.js";
import { memoryStorage } from "./support/memory-storage.mjs";

const game = { id: "g1", grade: 2, level: 3, words: ["cat", "dog"], position: 1, answers: 2, correctCount: 1, triesOnWord: 1 };

beforeEach(() => { globalThis.localStorage = memoryStorage(); });

test("a level is kept per child and comes back as it was", () => {
  saveLevel("mia", snapshot({ game, misses: 1, missed: ["cat"], feedback: { kind: "incorrect", attempt: "dgo", text: "Nice try!" },
    voiceFailures: 1, keyboardOffered: false }));
  const saved = loadLevel("mia");
  assert.equal(saved.level, 3);
  assert.equal(saved.grade, 2);
  assert.deepEqual(saved.game, game);
  assert.deepEqual(saved.missed, ["cat"]);
  assert.deepEqual(saved.feedback, { kind: "incorrect", attempt: "dgo", text: "Nice try!", position: 1 });
  assert.equal(loadLevel("leo"), null);
  clearLevel("mia");
  assert.equal(loadLevel("mia"), null);
});

test("only a wrong answer waiting for Retry is kept, not a passing cheer", () => {
  const saved = snapshot({ game, misses: 0, missed: [], feedback: { kind: "correct", text: "Great job!" } });
  assert.equal(saved.feedback, null);
});

test("broken or foreign data is ignored", () => {
  globalThis.localStorage.setItem("spellflare-level-mia", "{not json");
  assert.equal(loadLevel("mia"), null);
  globalThis.localStorage.setItem("spellflare-level-mia", JSON.stringify({ game: { id: 3 } }));
  assert.equal(loadLevel("mia"), null);
});

test("storage that throws (private mode, full) never stops the page; what was saved lasts for the visit", () => {
  globalThis.localStorage = { getItem() { throw new Error("denied"); }, setItem() { throw new Error("full"); }, removeItem() { throw new Error("denied"); } };
  assert.doesNotThrow(() => saveLevel("zoe", snapshot({ game, misses: 0, missed: [] })));
  assert.equal(loadLevel("zoe").level, 3, "kept in memory for this visit");
  assert.doesNotThrow(() => clearLevel("zoe"));
  assert.equal(loadLevel("zoe"), null);
  assert.doesNotThrow(() => setFlag("zoe", "voice-howto"));
  assert.equal(flag("zoe", "voice-howto"), true);
  delete globalThis.localStorage;
  assert.equal(loadLevel("leo"), null);
});

test("a flag is remembered per child", () => {
  assert.equal(flag("mia", "voice-howto"), false);
  setFlag("mia", "voice-howto");
  assert.equal(flag("mia", "voice-howto"), true);
  assert.equal(flag("leo", "voice-howto"), false);
});
