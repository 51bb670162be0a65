// Family challenges' words without a page (Web/speakup/challenge-rules.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { answerText, barText, canChallenge, challengeLine, daysLeft, starText } from "../../Web/speakup/challenge-rules.js";

const leo = { name: "Leo" }, ava = { name: "Ava" };
const challenge = (patch) => ({ from: leo, to: ava, measure: "score", target: 63, status: "open", tries: 0, best: null, ...patch });

test("a bar is a number for a coach, stars for Show & Tell, and never a number a child must read", () => {
  assert.equal(barText("score", 63, false), "63");
  assert.equal(barText("score", 63, true), "");
  assert.equal(barText("stars", 3, true), "★★★☆☆");
  assert.equal(starText(9), "★★★★★");
  assert.equal(starText(-1), "☆☆☆☆☆");
});

test("only a take on a prompt with a score or stars can be sent", () => {
  assert.equal(canChallenge({ promptId: "p", score: 60, analysis: { scores: { zeroGated: false } } }), true);
  assert.equal(canChallenge({ promptId: "p", score: 10, analysis: { scores: { zeroGated: true } } }), false);
  assert.equal(canChallenge({ promptId: "p", stars: 2 }), true);
  assert.equal(canChallenge({ promptId: null, score: 60 }), false);
  assert.equal(canChallenge(null), false);
});

test("a take says how it did against the challenge", () => {
  const answer = (outcome, value, measure = "score") => ({ from: leo, measure, target: 63, value, outcome });
  assert.equal(answerText(answer("beaten", 71), false), "🏆 You beat Leo's 63 with 71!");
  assert.equal(answerText(answer("tied", 63), false), "🤝 You matched Leo's 63. One more point wins it.");
  assert.equal(answerText({ from: leo, measure: "stars", target: 3, value: 3, outcome: "tied" }, false), "🤝 You matched Leo's ★★★☆☆. One more star wins it.");
  assert.equal(answerText(answer("notYet", 59), false), "So close: Leo's 63 still stands (you got 59). Try again?");
  assert.equal(answerText(answer("beaten", 4, "stars"), true), "🏆 You beat Leo's challenge!");
  assert.ok(!/\d/.test(answerText(answer("notYet", 59), true)), "no number for a child");
  assert.equal(answerText(null, false), "");
});

test("the list says who, what is left to beat and how it ended", () => {
  assert.equal(challengeLine(challenge({}), { mine: false, kid: false }), "Leo challenges you: beat 63.");
  assert.equal(challengeLine(challenge({ tries: 2, best: 59 }), { mine: false, kid: false }), "Leo challenges you: beat 63 (your best: 59, 2 tries).");
  assert.equal(challengeLine(challenge({}), { mine: false, kid: true }), "Leo challenges you!");
  assert.equal(challengeLine(challenge({}), { mine: true, kid: false }), "Waiting for Ava…");
  assert.equal(challengeLine(challenge({ tries: 1, best: 40 }), { mine: true, kid: false }), "Ava has had 1 try: your 63 still stands.");
  assert.equal(challengeLine(challenge({ status: "beaten", tries: 2, best: 71 }), { mine: true, kid: false }), "Ava beat your 63 with 71! 🎉");
  assert.equal(challengeLine(challenge({ status: "beaten", measure: "stars", target: 3, best: 4 }), { mine: true, kid: true }), "Ava beat your challenge! 🎉");
  assert.equal(challengeLine(challenge({ status: "expired" }), { mine: true, kid: false }), "Ava did not answer in time.");
  assert.equal(challengeLine(challenge({ status: "expired", tries: 3 }), { mine: true, kid: true }), "Ava tried: your challenge held! 🛡️");
  assert.equal(challengeLine(challenge({ status: "expired", tries: 3 }), { mine: true, kid: false }), "Ava had 3 tries: your 63 held! 🛡️");
  assert.equal(challengeLine(challenge({ status: "beaten", best: 70 }), { mine: false, kid: false }), "You beat Leo's 63 with 70! 🏆");
  assert.equal(challengeLine(challenge({ measure: "stars", target: 3, tries: 1, best: 2 }), { mine: true, kid: true }), "Ava tried: your challenge still stands.");
  for (const status of ["open", "beaten", "expired"]) {
    for (const mine of [true, false]) {
      const line = challengeLine(challenge({ status, tries: 4, best: 71 }), { mine, kid: true });
      assert.ok(!/\d/.test(line), `a child reads no number: ${line}`);
    }
  }
});

test("days left round up and stop at 0", () => {
  const now = new Date("2026-03-01T12:00:00Z");
  assert.equal(daysLeft({ expiresAt: "2026-03-03T11:00:00Z" }, now), 2);
  assert.equal(daysLeft({ expiresAt: "2026-02-28T00:00:00Z" }, now), 0);
});
