// Spellflare's outbox (Web/spellflare/outbox.js): answers kept in localStorage while the network is
// away and sent in order later, against a stand-in server that keeps the real one's `seq` rule
// (SpellflareController.answer): an answer it already has is answered as a duplicate, not counted.
import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { ApiError } from "../../Web/shared/api.js";
import { flush, isOffline, localProgress, pendingAnswers, queueAnswer, saveLocalProgress } from "../../Web/spellflare/outbox.js";
import { memoryStorage } from "./support/memory-storage.mjs";

const json = (status, value) => new Response(JSON.stringify(value), { status, headers: { "Content-Type": "application/json" } });
const offline = () => { throw new TypeError("fetch failed"); };

/**
 * The server's side: games by id with the answers applied, the family's progress, and every request
 * seen. `intercept(request, apply)` may answer first: throw for no network, or return a Response.
 */
function standInServer() {
  const server = {
    games: new Map([["g1", []]]),
    progress: { grades: [] },
    requests: [],
    intercept: null,
  };
  const route = (request) => {
    const { path, method, body } = request;
    if (path === "/api/session") return json(200, { csrfToken: "token" });
    const answer = /^\/api\/spellflare\/sessions\/([^/]+)\/answers$/.exec(path);
    if (answer && method === "POST") {
      const applied = server.games.get(decodeURIComponent(answer[1]));
      if (!applied) return json(404, { error: { code: "not_found", message: "No such game." } });
      if (body.seq < applied.length) return json(200, { outcome: null, duplicate: true, session: { answers: applied.length } });
      if (body.seq > applied.length) return json(409, { error: { code: "answer_out_of_order", message: "Send them in order." } });
      applied.push(body);
      return json(200, { outcome: "correct", duplicate: false, session: { answers: applied.length } });
    }
    if (path === "/api/spellflare/progress/sync" && method === "POST") return json(200, server.progress);
    return json(404, { error: { code: "not_found", message: path } });
  };
  globalThis.fetch = async (path, init = {}) => {
    const request = { path, method: init.method ?? "GET", body: init.body ? JSON.parse(init.body) : undefined, headers: init.headers };
    server.requests.push(request);
    return server.intercept?.(request, () => route(request)) ?? route(request);
  };
  server.answersSent = () => server.requests.filter((r) => r.path.endsWith("/answers")).map((r) => r.body.seq);
  return server;
}

const answer = (seq, text = `word${seq}`) => ({ seq, answer: text, seconds: 2.5, answeredAt: "2026-05-01T10:00:00.000Z" });
const queueThree = () => { for (const seq of [0, 1, 2]) queueAnswer("mia", "g1", answer(seq)); };

let server;
beforeEach(() => {
  globalThis.localStorage = memoryStorage();
  server = standInServer();
});

test("answers are kept per child, in the order given, with their seq", () => {
  queueThree();
  queueAnswer("leo", "g9", answer(0));
  assert.equal(pendingAnswers("mia"), 3);
  assert.equal(pendingAnswers("leo"), 1);
  assert.equal(pendingAnswers("zoe"), 0);
  const kept = JSON.parse(localStorage.getItem("spellflare-outbox-mia"));
  assert.deepEqual(kept.map((item) => [item.sessionId, item.body.seq]), [["g1", 0], ["g1", 1], ["g1", 2]]);
});

test("a flush sends the answers in order, then merges progress both ways", async () => {
  queueThree();
  saveLocalProgress("mia", { completed: { 2: [1] }, current: { 2: 2 }, epochs: {} });
  server.progress = { grades: [{ grade: 3, currentLevel: 2, completedLevels: [1], epoch: 0 }] };
  const result = await flush("mia");
  assert.deepEqual(server.answersSent(), [0, 1, 2]);
  assert.deepEqual(server.games.get("g1").map((body) => body.answer), ["word0", "word1", "word2"]);
  assert.equal(server.requests.find((r) => r.path.endsWith("/answers")).path, "/api/spellflare/sessions/g1/answers");
  const sync = server.requests.find((r) => r.path === "/api/spellflare/progress/sync");
  assert.deepEqual(sync.body, { completed: [{ grade: 2, level: 1 }], current: [{ grade: 2, level: 2 }], epochs: [] });
  assert.deepEqual(result.progress, { completed: { 2: [1], 3: [1] }, current: { 2: 2, 3: 2 }, epochs: {} });
  assert.deepEqual(localProgress("mia"), result.progress, "kept on the device");
  assert.deepEqual([result.sent, result.offline, result.lastResponse.session.answers], [3, false, 3]);
  assert.equal(pendingAnswers("mia"), 0);
});

test("no network: what was not sent stays queued, and the next flush goes on from there", async () => {
  queueThree();
  server.intercept = (request, apply) => (request.body?.seq >= 1 ? offline() : apply());
  const first = await flush("mia");
  assert.deepEqual([first.sent, first.offline, first.progress], [1, true, null]);
  assert.equal(pendingAnswers("mia"), 2);
  assert.ok(!server.requests.some((r) => r.path.endsWith("/sync")), "no sync while offline");

  server.intercept = null;
  const second = await flush("mia");
  assert.deepEqual([second.sent, second.offline], [2, false]);
  assert.deepEqual(server.answersSent(), [0, 1, 1, 2], "answer 1 again, then 2: never out of order");
  assert.deepEqual(server.games.get("g1").map((body) => body.seq), [0, 1, 2]);
});

test("a lost response: the answer is sent again and the server's duplicate is counted once", async () => {
  queueThree();
  // The server applies answer 0, but its response never arrives.
  server.intercept = (request, apply) => { if (request.body?.seq === 0) { apply(); offline(); } };
  const lost = await flush("mia");
  assert.deepEqual([lost.sent, lost.offline], [0, true]);
  assert.equal(pendingAnswers("mia"), 3, "the device can't know the server has it");
  assert.equal(server.games.get("g1").length, 1);

  server.intercept = null;
  const replay = await flush("mia");
  assert.deepEqual(server.answersSent(), [0, 0, 1, 2]);
  assert.deepEqual(server.games.get("g1").map((body) => body.seq), [0, 1, 2], "applied once each");
  assert.deepEqual([replay.sent, pendingAnswers("mia")], [3, 0]);
});

test("a server error (5xx) is treated like no network: the answer waits", async () => {
  queueThree();
  server.intercept = (request) => (request.body?.seq !== undefined ? json(503, { error: { code: "unavailable", message: "Busy." } }) : undefined);
  const result = await flush("mia");
  assert.deepEqual([result.sent, result.offline, pendingAnswers("mia")], [0, true, 3]);
});

test("an answer refused for good (game gone, out of order) is dropped and the rest go on", async () => {
  queueAnswer("mia", "gone", answer(0));
  queueAnswer("mia", "g1", answer(5));    // the server has none of 0…4: refused as out of order
  queueAnswer("mia", "g1", answer(0));
  const result = await flush("mia");
  assert.deepEqual(server.requests.filter((r) => r.path.endsWith("/answers")).map((r) => r.path.split("/")[4]), ["gone", "g1", "g1"]);
  assert.deepEqual([result.sent, result.offline, pendingAnswers("mia")], [1, false, 0]);
  assert.deepEqual(server.games.get("g1").map((body) => body.seq), [0]);
});

test("two flushes at once share one run, so no answer goes twice", async () => {
  queueThree();
  const [a, b] = [flush("mia"), flush("mia")];
  assert.equal(a, b);
  await a;
  assert.deepEqual(server.answersSent(), [0, 1, 2]);
});

test("a corrupt outbox or progress is read as empty, and queueing starts afresh", async () => {
  localStorage.setItem("spellflare-outbox-mia", "{not json");
  localStorage.setItem("spellflare-progress-mia", "[1, 2");
  assert.equal(pendingAnswers("mia"), 0);
  assert.deepEqual(localProgress("mia"), { completed: {}, current: {}, epochs: {} });
  localStorage.setItem("spellflare-outbox-mia", "null");
  assert.equal(pendingAnswers("mia"), 0);
  queueAnswer("mia", "g1", answer(0));
  assert.equal(pendingAnswers("mia"), 1);
  const result = await flush("mia");
  assert.deepEqual([result.sent, result.offline], [1, false]);
});

test("storage that can't be read is an empty outbox", () => {
  globalThis.localStorage = { getItem() { throw new Error("denied"); }, setItem() {}, removeItem() {} };
  assert.equal(pendingAnswers("mia"), 0);
  assert.deepEqual(localProgress("mia"), { completed: {}, current: {}, epochs: {} });
});

test("full storage: queueing an answer does not throw, and the answer is still sent", async () => {
  globalThis.localStorage = { ...memoryStorage(), setItem() { throw new DOMException("full", "QuotaExceededError"); } };
  assert.doesNotThrow(() => queueAnswer("mia", "g1", answer(0)));
  await flush("mia");
  assert.deepEqual(server.answersSent(), [0]);
});

test("offline means no answer from the API at all, or a 5xx", () => {
  assert.equal(isOffline(new TypeError("fetch failed")), true);
  assert.equal(isOffline(new ApiError(502, "http_502", "Bad gateway")), true);
  assert.equal(isOffline(new ApiError(503, "unavailable", "Busy")), true);
  assert.equal(isOffline(new ApiError(409, "answer_out_of_order", "Send them in order.")), false);
  assert.equal(isOffline(new ApiError(404, "not_found", "No such game.")), false);
  assert.equal(isOffline(new ApiError(429, "rate_limited", "Slow down.")), false);
});
