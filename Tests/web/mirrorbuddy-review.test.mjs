// MirrorBuddy's review fixes, the pure pieces: long sentences read in pieces with their words
// (speech-pieces.js), study time sent one stretch at a time in order and tried again on a network
// error (send-queue.js, over api() with a fake fetch), the timer pausing itself when an idle nudge
// goes unanswered (timer-rules.js), the upload checks and the photo size (upload-rules.js), a
// material's summary merged after a change (data.js), and error words naming the field.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sayable, speechPieces, PIECE_MAX, SAY_MAX } from "../../Web/mirrorbuddy/speech-pieces.js";
import { splitText } from "../../Web/mirrorbuddy/text-pieces.js";
import { backoff, keepaliveInit, sendQueue, worthRetrying } from "../../Web/mirrorbuddy/send-queue.js";
import * as timer from "../../Web/mirrorbuddy/timer-rules.js";
import {
  fitSize, moveItem, pdfProblem, photosBodyFits, photosProblem, photosThatFit, pickedPhotoProblem, sentPhotoProblem, uploadErrorLines,
  PDF_MAX_BYTES, PHOTO_MAX_BYTES, PHOTOS_MAX, base64Of,
} from "../../Web/mirrorbuddy/upload-rules.js";
import { api, ApiError } from "../../Web/shared/api.js";
import { errorText, setLanguage, t } from "../../Web/mirrorbuddy/i18n.js";

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 27, 15, 0, 0);

// ---- Sentences for speech

const wordsIn = (text) => splitText(text).words;

test("sayable: no emoji, squeezed spaces, at most 600 characters, and saying it twice changes nothing", () => {
  assert.equal(sayable("  Ciao 🎉  a   tutti\n👋 "), "Ciao a tutti");
  assert.equal(sayable("x".repeat(700)).length, SAY_MAX);
  const once = sayable("Una  frase 🙂 con\tspazi");
  assert.equal(sayable(once), once);
});

test("a short sentence is one piece with all its words", () => {
  const text = "Il Sole è una stella.";
  const pieces = speechPieces(text, wordsIn(text));
  assert.equal(pieces.length, 1);
  assert.equal(pieces[0].text, text);
  assert.equal(pieces[0].say, text);
  assert.deepEqual(pieces[0].words, [0, 1, 2, 3, 4]);
  assert.deepEqual(pieces[0].local, wordsIn(text));
});

test("a long sentence is cut at commas and semicolons into pieces of ~300 characters, words in order and aligned", () => {
  const clause = "la rivoluzione cambiò la vita dei contadini e delle città in tutta la Francia";
  const text = `${Array.from({ length: 12 }, (_, i) => `${clause} ${i}`).join(", ")}; e poi finì.`;
  assert.ok(text.length > 900);
  const words = wordsIn(text);
  const pieces = speechPieces(text, words);
  assert.ok(pieces.length >= 3, `${pieces.length} pieces`);
  // Every word once, in order.
  assert.deepEqual(pieces.flatMap((piece) => piece.words), words.map((_, index) => index));
  for (const piece of pieces) {
    assert.ok(piece.text.length <= PIECE_MAX + 2, `piece of ${piece.text.length}`);
    assert.ok(piece.say.length <= SAY_MAX);
    assert.equal(piece.say, sayable(piece.text), "what is said is the one normalised text");
    // The piece's local offsets point at the same words in its own text.
    piece.local.forEach((span, k) => {
      const word = words[piece.words[k]];
      assert.equal(piece.text.slice(span.start, span.end), text.slice(word.start, word.end));
    });
    // Cut after punctuation, not in the middle of a clause (the last piece ends the sentence).
    if (piece !== pieces.at(-1)) assert.match(piece.text, /[,;]$/);
  }
  assert.equal(pieces[0].start, 0);
  assert.ok(pieces.at(-1).text.endsWith("finì."));
});

test("a long sentence without punctuation is cut at spaces; an overlong word is a piece of its own", () => {
  const text = Array.from({ length: 120 }, (_, i) => `parola${i}`).join(" ");
  const pieces = speechPieces(text, wordsIn(text));
  assert.ok(pieces.length >= 3);
  for (const piece of pieces) assert.ok(piece.text.length <= PIECE_MAX);
  assert.equal(pieces.map((piece) => piece.text).join(" "), text);
  const long = `inizio ${"a".repeat(400)} fine`;
  const cut = speechPieces(long, wordsIn(long));
  assert.deepEqual(cut.map((piece) => piece.words), [[0], [1], [2]]);
});

test("emoji in a piece stay in the text (for the highlight) but not in what is said", () => {
  const text = "Bravo 🎉 hai finito!";
  const [piece] = speechPieces(text, wordsIn(text));
  assert.equal(piece.text, text);
  assert.equal(piece.say, "Bravo hai finito!");
});

// ---- The send queue, over api() and a fake fetch

function fakeServer(script) {
  const calls = [];
  globalThis.fetch = async (url, init = {}) => {
    if (url === "/api/session") return json(200, { signedIn: true, csrfToken: "tok" });
    const body = JSON.parse(init.body ?? "null");
    calls.push({ url, body, headers: init.headers });
    const answer = await script(body, calls.length);
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return calls;
}

function json(status, data) {
  return new Response(JSON.stringify(data), { status, headers: { "Content-Type": "application/json" } });
}

const post = (body) => api("/api/mirrorbuddy/sessions", { method: "POST", body });
const noWait = () => Promise.resolve();

test("stretches go one at a time, in the order they ended, even when the first answer is slow", async () => {
  const arrived = [];
  fakeServer(async (body) => {
    if (body.minutes === 25) await new Promise((resolve) => setTimeout(resolve, 30));
    arrived.push(body.minutes);
    return json(201, { xp: body.minutes });
  });
  const queue = sendQueue({ send: post, sleep: noWait });
  const results = await Promise.all([queue.add({ minutes: 25 }), queue.add({ minutes: 15 }), queue.add({ minutes: 5 })]);
  assert.deepEqual(arrived, [25, 15, 5]);
  assert.deepEqual(results.map((result) => [result.outcome, result.answer?.xp]), [["saved", 25], ["saved", 15], ["saved", 5]]);
  assert.equal(queue.size, 0);
});

test("a network error is tried again with a growing wait; a 4xx is not; 409 stretch_overlaps counts as done", async () => {
  const waits = [];
  const sleep = (ms) => { waits.push(ms); return Promise.resolve(); };
  fakeServer((body, n) => {
    if (body.minutes === 10 && n <= 2) return new TypeError("Failed to fetch");
    if (body.minutes === 20) return json(422, { error: { code: "invalid_field", message: "minutes", details: { field: "minutes" } } });
    if (body.minutes === 30) return json(409, { error: { code: "stretch_overlaps", message: "overlaps" } });
    return json(201, { xp: 1 });
  });
  const queue = sendQueue({ send: post, sleep });
  assert.equal((await queue.add({ minutes: 10 })).outcome, "saved");
  assert.deepEqual(waits, [backoff(0), backoff(1)]);
  const refused = await queue.add({ minutes: 20 });
  assert.equal(refused.outcome, "failed");
  assert.equal(refused.error.status, 422);
  assert.deepEqual(waits, [2000, 4000], "a 4xx is not tried again");
  assert.equal((await queue.add({ minutes: 30 })).outcome, "already");
});

test("a server that stays away: a few tries, then failed; 5xx counts as worth retrying", async () => {
  let tries = 0;
  fakeServer(() => { tries += 1; return json(503, { error: { code: "internal_error", message: "down" } }); });
  const result = await sendQueue({ send: post, sleep: noWait, attempts: 3 }).add({ minutes: 1 });
  assert.equal(result.outcome, "failed");
  assert.equal(tries, 3);
  assert.ok(worthRetrying(new TypeError("x")));
  assert.ok(worthRetrying(new ApiError(500, "internal_error", "x")));
  assert.ok(!worthRetrying(new ApiError(429, "rate_limited", "x")));
  assert.ok(!worthRetrying(new ApiError(400, "invalid_field", "x")));
});

test("leaving the page takes what is not saved yet (the one being sent too) and the queue sends it no more", async () => {
  let release;
  const sent = [];
  fakeServer(async (body) => {
    sent.push(body.minutes);
    if (body.minutes === 1) await new Promise((resolve) => { release = resolve; });
    return json(201, {});
  });
  const queue = sendQueue({ send: post, sleep: noWait });
  const first = queue.add({ minutes: 1 });
  const second = queue.add({ minutes: 2 });
  await new Promise((resolve) => setTimeout(resolve, 5));
  assert.deepEqual(queue.takeAll(), [{ minutes: 1 }, { minutes: 2 }]);
  release();
  await first;
  assert.equal((await second).outcome, "handedOff");
  assert.deepEqual(sent, [1], "the second was handed to the keepalive request, not sent again");
});

test("the keepalive request: POST, JSON, the CSRF token, keepalive", () => {
  const init = keepaliveInit({ minutes: 12.5, startedAt: "2026-11-27T15:00:00.000Z", pomodoro: false }, "tok");
  assert.equal(init.method, "POST");
  assert.equal(init.keepalive, true);
  assert.deepEqual(init.headers, { "Content-Type": "application/json", "X-CSRF-Token": "tok" });
  assert.deepEqual(JSON.parse(init.body), { minutes: 12.5, startedAt: "2026-11-27T15:00:00.000Z", pomodoro: false });
});

// ---- The timer pausing itself

test("an idle nudge unanswered for 5 minutes pauses the timer at the nudge; an answered one does not", () => {
  const state = timer.start("study", T0);
  assert.equal(timer.autoPauseAt(state, { now: T0 + 5 * MIN, lastActivity: T0 }), null);
  assert.equal(timer.autoPauseAt(state, { now: T0 + 6 * MIN, lastActivity: T0 }), T0 + MIN);
  assert.equal(timer.autoPauseAt(state, { now: T0 + 6 * MIN, lastActivity: T0 + 2 * MIN }), null, "a touch after the nudge");
  assert.equal(timer.autoPauseAt(timer.pause(state, T0 + MIN), { now: T0 + 60 * MIN, lastActivity: T0 }), null, "not when paused");
  // An idle tab for 3 hours counts one minute, not hours.
  const moved = timer.advance(state, T0 + 180 * MIN, { lastActivity: T0 });
  assert.equal(moved.autoPaused, true);
  assert.equal(moved.state.running, false);
  assert.equal(timer.studied(moved.state, T0 + 180 * MIN), MIN);
  assert.deepEqual(moved.events, []);
  // The study so far is a stretch when stopped.
  assert.deepEqual(timer.stop(moved.state, T0 + 181 * MIN).events.map((event) => event.minutes), [1]);
});

test("a phone that slept through a Pomodoro's break wakes with the work part paused a minute in", () => {
  const state = timer.start("pomodoro", T0);
  // Touched at 24 min, then the phone slept until 2 hours.
  const moved = timer.advance(state, T0 + 120 * MIN, { lastActivity: T0 + 24 * MIN });
  const stretches = moved.events.filter((event) => event.type === "stretch");
  assert.equal(moved.autoPaused, true);
  assert.equal(stretches.length, 1, "the work part that ended is one stretch");
  assert.equal(stretches[0].minutes, 25);
  assert.equal(moved.state.phase, "work");
  assert.equal(moved.state.running, false);
  assert.equal(timer.elapsed(moved.state, T0 + 120 * MIN), MIN, "a minute into the next work part, then paused");
});

test("advance without idleness is tick: the same parts and stretches", () => {
  const state = timer.start("pomodoro", T0);
  const now = T0 + 26 * MIN;
  const moved = timer.advance(state, now, { lastActivity: now - 1000 });
  const ticked = timer.tick(state, now);
  assert.equal(moved.autoPaused, false);
  assert.deepEqual(moved.events, ticked.events);
  assert.equal(moved.state.phase, ticked.state.phase);
});

test("the nudge counts quiet from a new part or a resume, not from a touch before the break", () => {
  const onWork = { ...timer.start("pomodoro", T0), runningSince: T0 + 30 * MIN, phaseStartedAt: T0 + 30 * MIN };
  assert.equal(timer.nudgeFor(onWork, { now: T0 + 30 * MIN + 30_000, lastActivity: T0 + 20 * MIN }), null);
  assert.equal(timer.nudgeFor(onWork, { now: T0 + 31 * MIN + 1000, lastActivity: T0 + 20 * MIN }), "idle");
});

// ---- Uploads

test("the PDF check: a PDF of at most 40 MB", () => {
  assert.equal(pdfProblem(null).key, "new.pdf.need");
  assert.equal(pdfProblem({ type: "image/png", size: 10, name: "a.png" }).key, "new.pdf.notPdf");
  assert.equal(pdfProblem({ type: "application/pdf", size: 0, name: "a.pdf" }).key, "new.pdf.empty");
  assert.equal(pdfProblem({ type: "application/pdf", size: PDF_MAX_BYTES, name: "a.pdf" }), null);
  assert.deepEqual(pdfProblem({ type: "application/pdf", size: PDF_MAX_BYTES + 1, name: "a.pdf" }), { key: "new.pdf.tooBig", params: { mb: 40 } });
  assert.equal(pdfProblem({ type: "", size: 5, name: "Storia.PDF" }), null, "a picker that gives no type: the name says PDF");
});

test("the photo checks: pictures only, JPEG/PNG/WebP of at most 15 MB sent, 1 to 20 photos", () => {
  assert.equal(pickedPhotoProblem({ type: "image/heic", size: 3 }), null, "any picture the browser may open is taken");
  assert.equal(pickedPhotoProblem({ type: "application/pdf", size: 3 }).key, "new.photos.notImage");
  assert.equal(sentPhotoProblem({ type: "image/jpeg", size: PHOTO_MAX_BYTES }), null);
  assert.deepEqual(sentPhotoProblem({ type: "image/jpeg", size: PHOTO_MAX_BYTES + 1 }), { key: "new.photos.tooBig", params: { mb: 15 } });
  assert.equal(sentPhotoProblem({ type: "image/heic", size: 10 }).key, "new.photos.notImage");
  assert.equal(photosProblem(0).key, "new.photos.need");
  assert.equal(photosProblem(PHOTOS_MAX), null);
  assert.deepEqual(photosProblem(21), { key: "new.photos.tooMany", params: { max: 20 } });
  assert.equal(photosThatFit(18, 5), 2);
  assert.equal(photosThatFit(20, 1), 0);
  assert.ok(photosBodyFits(Array(20).fill(2 * 1024 * 1024)));
  assert.ok(!photosBodyFits(Array(20).fill(PHOTO_MAX_BYTES)));
});

test("a photo is shrunk to 2500 px on its long side, keeping its shape, never grown", () => {
  assert.deepEqual(fitSize(4032, 3024), { width: 2500, height: 1875 });
  assert.deepEqual(fitSize(3024, 4032), { width: 1875, height: 2500 });
  assert.deepEqual(fitSize(1200, 900), { width: 1200, height: 900 });
  assert.deepEqual(fitSize(10000, 3), { width: 2500, height: 1 });
  assert.deepEqual(fitSize(0, 0), { width: 1, height: 1 });
});

test("photos move earlier and later in page order; the ends do not move", () => {
  assert.deepEqual(moveItem(["a", "b", "c"], 2, -1), ["a", "c", "b"]);
  assert.deepEqual(moveItem(["a", "b", "c"], 0, 1), ["b", "a", "c"]);
  const list = ["a", "b"];
  assert.equal(moveItem(list, 0, -1), list);
  assert.equal(moveItem(list, 1, 1), list);
  assert.equal(base64Of("data:image/jpeg;base64,QUJD"), "QUJD");
});

test("an upload's refusal in the student's words; the server's English reason only in English", () => {
  const unreadable = new ApiError(422, "invalid_field", "This PDF is locked with a password.", { field: "pdf" });
  assert.deepEqual(uploadErrorLines(unreadable, "pdf", "it"), [t("new.unreadable.pdf", {}, "it")]);
  assert.match(uploadErrorLines(unreadable, "pdf", "it")[0], /100 pagine/);
  assert.deepEqual(uploadErrorLines(unreadable, "pdf", "en"), [t("new.unreadable.pdf", {}, "en"), "This PDF is locked with a password."]);
  assert.deepEqual(uploadErrorLines(new ApiError(413, "body_too_large", "big"), "photos", "it"), [t("new.error.body_too_large", {}, "it")]);
  assert.deepEqual(uploadErrorLines(new ApiError(503, "reader_unavailable", "no poppler"), "pdf", "en"), [t("new.error.reader_unavailable", {}, "en")]);
  setLanguage("it");
  assert.deepEqual(uploadErrorLines(new ApiError(409, "study_full", "full"), "pdf", "it"), [t("error.study_full")]);
  assert.doesNotMatch(t("error.study_full"), /materiali/, "full may be tasks or subjects too");
});

test("invalid_field names the field in the catalogue's words", () => {
  setLanguage("it");
  assert.equal(errorText(new ApiError(422, "invalid_field", "A task's title can be at most 120 characters.", { field: "title" })), "Controlla questo campo: il titolo.");
  assert.equal(errorText(new ApiError(422, "invalid_field", "?", { field: "somethingNew" })), t("error.invalid_field"));
  setLanguage("en");
  assert.equal(errorText(new ApiError(422, "invalid_field", "?", { field: "subjectId" })), "Check this field: the subject.");
  setLanguage("it");
});

// ---- A material after a change

test("a changed material keeps its word spans and loses what the server left out", async () => {
  const { mergeSummary } = await import("../../Web/mirrorbuddy/data.js");
  const detail = { id: "m1", title: "Old", subjectId: "storia", failure: null, text: "Ciao a tutti.", words: [{ start: 0, end: 4 }], sentences: [{ start: 0, end: 13 }] };
  const summary = { id: "m1", title: "New", source: "text", status: "ready", language: "it", words: 3, pages: 0, createdAt: "2026-11-27T15:00:00Z" };
  const merged = mergeSummary(detail, summary);
  assert.equal(merged.title, "New");
  assert.equal(merged.subjectId, null, "no subjectId in the JSON: cleared");
  assert.equal(merged.snippet, null);
  assert.deepEqual(merged.words, detail.words);
  assert.equal(merged.text, detail.text);
  assert.equal(mergeSummary(detail, { ...summary, subjectId: "arte" }).subjectId, "arte");
});
