// MirrorBuddy's coach, the pure part: what a question may be, the request built from the last
// reply's context (the JSON body and the voice query), the conversation after an exchange, the
// quick buttons, how a reply looks and is said, a canned line by the turn, when the idle line is
// due, which line tells a problem, the route, and both catalogues.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ErrorCode } from "../../Web/shared/error-codes.js";
import { ApiError } from "../../Web/shared/api.js";
import { has, t } from "../../Web/mirrorbuddy/i18n.js";
import { voicePath } from "../../Web/mirrorbuddy/coach-data.js";
import {
  COACH_LISTEN, IDLE_MS, KEPT_ENTRIES, MESSAGE_MAX, askBody, cleanContext, contextAfter, idleLineDue, isRateLimited, lineFor, messageProblem, problemFor,
  quickButtons, replyLook, sourceLine, spokenParts, voiceHeaders, voiceProblemKey, voiceQuery, withExchange, withLine,
} from "../../Web/mirrorbuddy/coach-rules.js";
import { LISTEN, PROBLEM_KEYS } from "../../Web/mirrorbuddy/voice-rules.js";
import { hashFor, routeFor, voiceScreen } from "../../Web/mirrorbuddy/routes.js";

const CONTEXT = { question: "cos'è la fotosintesi?", materialId: "mat-1", position: 3 };
const source = (extra = {}) => ({ materialId: "mat-1", title: "Le piante", subjectId: "scienze", position: 3, heading: "La fotosintesi", text: "…", ...extra });
const reply = (kind, extra = {}) => ({ kind, concern: null, intro: null, text: "La fotosintesi è il processo…", sources: kind === "answer" ? [source()] : [],
  context: kind === "answer" ? CONTEXT : null, language: "it", ...extra });

// ---- What may be sent

test("a question is 1 to 500 characters after trimming, counted as the server counts them", () => {
  assert.equal(MESSAGE_MAX, 500);
  for (const empty of ["", "   ", "\n\t", null, undefined]) assert.equal(messageProblem(empty), "empty", JSON.stringify(empty));
  assert.equal(messageProblem("a"), null);
  assert.equal(messageProblem(`  ${"a".repeat(500)}  `), null, "the spaces around do not count");
  assert.equal(messageProblem("a".repeat(501)), "tooLong");
  assert.equal(messageProblem("🌱".repeat(500)), null, "an emoji is one character, not two UTF-16 halves");
  assert.equal(messageProblem("🌱".repeat(501)), "tooLong");
});

// ---- The request from the last reply's context

test("the body sends the message trimmed, the last context verbatim and the turn as the variant", () => {
  assert.deepEqual(askBody("  cos'è la fotosintesi? ", null, 0), { message: "cos'è la fotosintesi?", context: null, variant: 0 });
  assert.deepEqual(askBody("dimmi di più", CONTEXT, 4), { message: "dimmi di più", context: CONTEXT, variant: 4 });
  assert.deepEqual(askBody("e poi?", { materialId: "mat-1", position: 0 }, 1).context, { materialId: "mat-1", position: 0 }, "position 0 is kept");
});

test("the context after a reply is its own, and none after a concern or without one", () => {
  assert.deepEqual(contextAfter(reply("answer")), CONTEXT);
  assert.equal(contextAfter(reply("concern", { concern: "distress", context: CONTEXT })), null, "a concern starts afresh, whatever it carries");
  assert.equal(contextAfter(reply("notFound")), null);
  assert.deepEqual(contextAfter(reply("noMore", { context: CONTEXT })), CONTEXT, "noMore keeps where the student was");
  assert.equal(contextAfter(null), null);
});

test("a context keeps only the contract's fields of the right types", () => {
  assert.deepEqual(cleanContext({ ...CONTEXT, extra: 1 }), CONTEXT);
  assert.deepEqual(cleanContext({ question: "x", materialId: null, position: "3" }), { question: "x" });
  assert.equal(cleanContext({}), null);
  assert.equal(cleanContext("context"), null);
  assert.equal(cleanContext(null), null);
});

test("a spoken question carries the material, the place and the turn in its query, its question in a header", () => {
  assert.equal(voiceQuery(null, 0), "variant=0");
  const query = new URLSearchParams(voiceQuery(CONTEXT, 7));
  assert.deepEqual(Object.fromEntries(query), { materialId: "mat-1", position: "3", variant: "7" });
  assert.equal(new URLSearchParams(voiceQuery({ materialId: "m", position: 0 }, 2)).get("position"), "0");
  assert.equal(voicePath(CONTEXT, 1), `/api/mirrorbuddy/coach/voice?${voiceQuery(CONTEXT, 1)}`);
  assert.ok(!voicePath(CONTEXT, 1).includes("question"), "the child's words stay out of the address");
  assert.deepEqual(voiceHeaders(CONTEXT), { "X-Coach-Question": "cos'%C3%A8%20la%20fotosintesi%3F" });
  assert.deepEqual(voiceHeaders(null), {});
});

// ---- The conversation

test("an exchange adds the child's line then the reply, numbered on, the oldest dropped past the limit", () => {
  let entries = withExchange([], { text: "ciao" }, reply("greeting"));
  assert.deepEqual(entries.map((e) => [e.n, e.who]), [[0, "child"], [1, "coach"]]);
  assert.equal(entries[0].voice, false);
  entries = withExchange(entries, { text: "what is evaporation", voice: true }, reply("answer"));
  assert.deepEqual(entries.map((e) => e.n), [0, 1, 2, 3]);
  assert.equal(entries[2].voice, true);
  assert.equal(entries[3].reply.kind, "answer");
  let long = [];
  for (let i = 0; i < KEPT_ENTRIES; i += 1) long = withExchange(long, { text: `q${i}` }, reply("answer"));
  assert.equal(long.length, KEPT_ENTRIES);
  assert.equal(long.at(-1).n, KEPT_ENTRIES * 2 - 1, "numbers never repeat, so every line keeps its id");
  assert.equal(new Set(long.map((e) => e.n)).size, long.length);
});

test("the idle line joins the conversation as the coach's, with no context", () => {
  const entries = withLine(withExchange([], { text: "ciao" }, reply("greeting")), "Ci sei? Fammi una domanda!", "idle");
  const last = entries.at(-1);
  assert.equal(last.n, 2);
  assert.equal(last.who, "coach");
  assert.deepEqual([last.reply.kind, last.reply.text, last.reply.context], ["idle", "Ci sei? Fammi una domanda!", null]);
  assert.equal(replyLook(last.reply), "nudge");
});

test("the quick follow-ups come after an answer only", () => {
  assert.deepEqual(quickButtons(reply("answer")), ["more", "simpler"]);
  for (const kind of ["notFound", "noMore", "concern", "greeting", "thanks", "unclear", "idle"]) assert.deepEqual(quickButtons(reply(kind)), [], kind);
  assert.deepEqual(quickButtons(null), []);
});

test("distress is calm, other concerns plain lines, answers with their source", () => {
  assert.equal(replyLook(reply("concern", { concern: "distress" })), "calm");
  for (const concern of ["personalData", "jailbreak", "unsafeTopic", "homework"]) assert.equal(replyLook(reply("concern", { concern })), "concern", concern);
  assert.equal(replyLook(reply("answer")), "answer");
  for (const kind of ["notFound", "noMore", "greeting", "thanks", "unclear"]) assert.equal(replyLook(reply(kind)), "plain", kind);
});

test("the source line is the title and the heading, the title alone without a heading", () => {
  assert.equal(sourceLine(source()), "Le piante · La fotosintesi");
  assert.equal(sourceLine(source({ heading: null })), "Le piante");
  assert.equal(sourceLine(source({ heading: "  " })), "Le piante");
  assert.equal(sourceLine(source({ heading: "Le piante" })), "Le piante", "a heading that repeats the title is said once");
  assert.equal(sourceLine(null), "");
});

test("a reply is said intro first, then its text", () => {
  assert.deepEqual(spokenParts(reply("answer", { intro: "Nessun problema, andiamo piano." })), ["Nessun problema, andiamo piano.", "La fotosintesi è il processo…"]);
  assert.deepEqual(spokenParts(reply("answer")), ["La fotosintesi è il processo…"]);
  assert.deepEqual(spokenParts(reply("unclear", { text: "" })), []);
  assert.deepEqual(spokenParts(null), []);
});

// ---- Canned lines and the idle line

test("a canned line is chosen by the turn, going round the list", () => {
  const lines = ["uno", "due", "tre"];
  assert.deepEqual([0, 1, 2, 3, 4].map((turn) => lineFor(lines, turn)), ["uno", "due", "tre", "uno", "due"]);
  assert.equal(lineFor(lines, -1), "tre");
  assert.equal(lineFor(lines, undefined), "uno");
  assert.equal(lineFor(["", "  ", "solo"], 5), "solo", "blank lines are skipped");
  assert.equal(lineFor([], 0), null);
  assert.equal(lineFor(undefined, 0), null);
});

test("the idle line is due after two minutes with nothing done, once, and never while something is under way", () => {
  assert.equal(IDLE_MS, 120_000);
  const at = 1_000_000;
  const cases = [
    [{ lastActivity: at, now: at + 119_999, shown: false }, false, "not yet"],
    [{ lastActivity: at, now: at + 120_000, shown: false }, true, "two minutes"],
    [{ lastActivity: at, now: at + 600_000, shown: true }, false, "once a visit"],
    [{ lastActivity: at, now: at + 130_000, shown: false, busy: true }, false, "a question is out"],
    [{ lastActivity: at, now: at + 130_000, shown: false, listening: true }, false, "the microphone listens"],
    [{ lastActivity: Number.NaN, now: at, shown: false }, false, "no time known"],
  ];
  for (const [input, due, why] of cases) assert.equal(idleLineDue(input), due, why);
  assert.equal(idleLineDue({ lastActivity: 0, now: 50, shown: false }, 50), true, "the wait is a parameter");
});

// ---- Problems

test("429 is a kind 'wait a moment'; any other error goes to the usual error line", () => {
  const limited = new ApiError(429, ErrorCode.rateLimited, "Too many", {}, 5);
  assert.equal(isRateLimited(limited), true);
  assert.equal(isRateLimited({ status: 429 }), true);
  assert.deepEqual(problemFor(limited), { key: "coach.wait" });
  const invalid = new ApiError(400, ErrorCode.invalidField, "bad", { field: "message" });
  assert.deepEqual(problemFor(invalid), { error: invalid });
  const offline = new TypeError("Failed to fetch");
  assert.deepEqual(problemFor(offline), { error: offline });
});

test("a recording refused is said with the voice commands' lines, 429 with the coach's", () => {
  assert.equal(voiceProblemKey(new ApiError(429, ErrorCode.rateLimited, "x")), "coach.wait");
  assert.equal(voiceProblemKey(new ApiError(503, ErrorCode.speechUnavailable, "x", {}, 3)), "voice.error.unavailable");
  assert.equal(voiceProblemKey(new ApiError(503, "busy", "x")), "voice.error.unavailable", "503 busy");
  assert.equal(voiceProblemKey(new ApiError(422, ErrorCode.badAudio, "x")), "voice.error.audio");
  assert.equal(voiceProblemKey(new ApiError(413, ErrorCode.bodyTooLarge, "x")), "voice.error.audio");
  assert.equal(voiceProblemKey(new ApiError(415, ErrorCode.unsupportedAudio, "x")), "voice.error.audio");
  assert.equal(voiceProblemKey(new TypeError("Failed to fetch")), "error.network");
  for (const key of [...PROBLEM_KEYS, "coach.wait"]) for (const lang of ["it", "en"]) assert.ok(has(key, lang), `${lang} ${key}`);
});

test("a question is heard as a voice command is, for up to 10 seconds (the server takes 15)", () => {
  assert.equal(COACH_LISTEN.maxMs, 10_000);
  assert.ok(COACH_LISTEN.maxMs < 15_000);
  for (const key of ["quietAfterMs", "speechLevel", "quietLevel", "speechMs", "noiseCap"]) assert.equal(COACH_LISTEN[key], LISTEN[key], key);
});

// ---- The route and the words

test("#coach is a screen of its own, heard by the voice commands as a screen with no commands of its own", () => {
  assert.deepEqual(routeFor("#coach"), { name: "coach" });
  assert.equal(hashFor({ name: "coach" }), "#coach");
  assert.deepEqual(routeFor("#coach/x"), { name: "home" }, "no id");
  assert.equal(voiceScreen("coach"), "progress");
});

test("every word the coach shows is in both catalogues, and the quick phrases are the ones the server knows", () => {
  const keys = ["homeTitle", "homeHint", "homeButton", "title", "intro", "noMaterials", "addMaterial", "talkLabel", "startHint", "you", "coach", "youSaid",
    "notHeard", "sourceLabel", "open", "hearAgain", "more", "simpler", "thinking", "askTitle", "suggestionsTitle", "fieldLabel", "placeholder", "send", "mic",
    "micStop", "listening", "needText", "tooLong", "wait"].map((key) => `coach.${key}`);
  for (const key of keys) for (const lang of ["it", "en"]) assert.ok(has(key, lang), `${lang} ${key}`);
  assert.equal(t("coach.more", {}, "it"), "Dimmi di più");
  assert.equal(t("coach.simpler", {}, "it"), "Non ho capito");
  assert.equal(t("coach.more", {}, "en"), "Tell me more");
  assert.equal(t("coach.simpler", {}, "en"), "I don't understand");
  assert.equal(t("coach.youSaid", { heard: "cos'è la fotosintesi" }, "it"), "Hai detto: «cos'è la fotosintesi»");
  assert.equal(t("coach.youSaid", { heard: "what is evaporation" }, "en"), "You said: “what is evaporation”");
  assert.equal(t("coach.open", {}, "it"), "Apri");
  assert.equal(t("coach.open", {}, "en"), "Open");
});
