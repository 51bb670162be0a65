// Which audio format the page asks the server for (node --test Tests/web).
import { test } from "node:test";
import assert from "node:assert/strict";
import { playableFormat } from "../../Web/shared/audio-format.js";

const browser = (answers) => ({ canPlayType: (type) => answers[type] ?? "" });

test("a browser that plays Ogg Opus gets Opus", () => {
  assert.equal(playableFormat(browser({ 'audio/ogg; codecs="opus"': "probably" })), "opus");
  assert.equal(playableFormat(browser({ 'audio/ogg; codecs="opus"': "maybe" })), "opus");
});

test("an older iPad that plays no Ogg gets WAV", () => {
  assert.equal(playableFormat(browser({ "audio/wav": "maybe" })), "wav");
});

test("with no audio element at all, WAV (every browser plays it)", () => {
  assert.equal(playableFormat(null), "wav");
});

