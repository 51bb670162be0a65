// The hub's words: what a dictated request becomes in the message box.
import { test } from "node:test";
import assert from "node:assert/strict";
import { asMessage } from "../../Web/hub/words.js";

test("dictation reads as a message: a capital first letter and a capital I", () => {
  assert.equal(asMessage("music please"), "Music please");
  assert.equal(asMessage("i want the drums and i like it"), "I want the drums and I like it");
  assert.equal(asMessage("  icecream  is   nice "), "Icecream is nice");
});

test("nothing heard is an empty message", () => {
  assert.equal(asMessage(""), "");
  assert.equal(asMessage("   "), "");
  assert.equal(asMessage(undefined), "");
});
