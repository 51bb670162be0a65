// MirrorBuddy's flashcards, the pure part: intervals in short words in both languages
// (cards-words.js), when a card is due in words, a swipe and a key on the review screen
// (cards-rules.js), the review session's queue (cards-session.js: a card due again within 20
// minutes comes back at the end, one answered elsewhere is dropped, the end screen's counts), the
// new screens' routes, and the request bodies and queries (cards-data.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { has, t } from "../../Web/mirrorbuddy/i18n.js";
import { dueWords, hearLabel, intervalParts, intervalText } from "../../Web/mirrorbuddy/cards-words.js";
import { RATINGS, RETENTION, retentionValue, reviewKey, swipeRating } from "../../Web/mirrorbuddy/cards-rules.js";
import {
  LEARN_AHEAD_MS, afterAnswer, currentCard, dropCurrent, isOver, isStale, position, startSession, summary,
} from "../../Web/mirrorbuddy/cards-session.js";
import { BATCH, cardsQuery, chosenBodies, handCardBody, reviewPath } from "../../Web/mirrorbuddy/cards-data.js";
import { hashFor, routeFor, voiceScreen } from "../../Web/mirrorbuddy/routes.js";
import { ApiError } from "../../Web/shared/api.js";
import { ErrorCode } from "../../Web/shared/error-codes.js";

const MIN = 60;
const HOUR = 3600;
const DAY = 86_400;

// ---- Intervals in words

test("an interval in short words, in Italian and in English", () => {
  const cases = [
    [0, "1 min", "1 min"], [30, "1 min", "1 min"], [60, "1 min", "1 min"], [10 * MIN, "10 min", "10 min"], [59 * MIN, "59 min", "59 min"],
    [HOUR, "1 ora", "1 h"], [5 * HOUR, "5 ore", "5 h"], [DAY, "1 g", "1 d"], [3 * DAY, "3 g", "3 d"], [29 * DAY, "29 g", "29 d"],
    [30 * DAY, "1 mese", "1 mo"], [60 * DAY, "2 mesi", "2 mo"], [92 * DAY, "3 mesi", "3 mo"],
    [365 * DAY, "1 anno", "1 yr"], [548 * DAY, "1,5 anni", "1.5 yr"], [3650 * DAY, "10 anni", "10 yr"],
  ];
  for (const [seconds, it, en] of cases) {
    assert.equal(intervalText(seconds, "it"), it, `${seconds} s in Italian`);
    assert.equal(intervalText(seconds, "en"), en, `${seconds} s in English`);
  }
});

test("an interval's unit changes only when the rounded number would reach the next one", () => {
  assert.deepEqual(intervalParts(59.4 * MIN), { unit: "minutes", count: 59 });
  assert.deepEqual(intervalParts(59.6 * MIN), { unit: "hours", count: 1 });
  assert.deepEqual(intervalParts(23.4 * HOUR), { unit: "hours", count: 23 });
  assert.deepEqual(intervalParts(23.6 * HOUR), { unit: "days", count: 1 });
  assert.deepEqual(intervalParts(350 * DAY), { unit: "years", count: 1 });
  for (const odd of [-5, Number.NaN, undefined, null, "x"]) assert.deepEqual(intervalParts(odd), { unit: "minutes", count: 1 }, String(odd));
});

test("when a card is due, in the student's words: today (or already due), tomorrow, in days, months, years", () => {
  const now = new Date(2026, 10, 27, 10, 0);
  const at = (days, hours = 0) => new Date(2026, 10, 27 + days, 10 + hours).toISOString();
  assert.equal(dueWords(at(0, 5), now, "it"), "oggi");
  assert.equal(dueWords(at(-4), now, "it"), "oggi", "an overdue card is for today");
  assert.equal(dueWords(at(1), now, "it"), "domani");
  assert.equal(dueWords(at(3), now, "it"), "tra 3 giorni");
  assert.equal(dueWords(at(3), now, "en"), "in 3 days");
  assert.equal(dueWords(at(0), now, "en"), "today");
  assert.equal(dueWords(at(1), now, "en"), "tomorrow");
  assert.equal(dueWords(at(60), now, "it"), "tra 2 mesi");
  assert.equal(dueWords(at(60), now, "en"), "in 2 months");
  assert.equal(dueWords(at(400), now, "it"), "tra 1 anno");
  assert.equal(dueWords("not a date", now, "it"), "");
});

// ---- Swipes and keys

const swipe = (dx, dy, pointerType = "touch") => swipeRating({ dx, dy, pointerType });

test("a swipe of 50 px or more, mostly sideways: left is Again, right is Good", () => {
  assert.equal(swipe(-50, 0), "again");
  assert.equal(swipe(-120, 30), "again");
  assert.equal(swipe(50, 0), "good");
  assert.equal(swipe(200, -80), "good");
  assert.equal(swipe(49, 0), null, "too short");
  assert.equal(swipe(-49.9, 0), null);
  assert.equal(swipe(60, 60), null, "diagonal");
  assert.equal(swipe(90, 61), null, "more than ~34° off");
  assert.equal(swipe(0, 200), null, "a scroll");
  assert.equal(swipe(Number.NaN, 0), null);
  // Never the harsh ends of the original (Hard, Easy): a slip of the thumb costs little.
  for (const dx of [-300, -50, 50, 300]) assert.ok(["again", "good"].includes(swipe(dx, 0)));
});

test("only a finger or a pen swipes: a mouse dragged across the answer (selecting its words) answers nothing", () => {
  assert.equal(swipe(200, 0, "pen"), "good");
  assert.equal(swipe(-200, 0, "pen"), "again");
  assert.equal(swipe(200, 0, "mouse"), null);
  assert.equal(swipe(-200, 0, "mouse"), null);
  assert.equal(swipe(200, 0, ""), null);
  assert.equal(swipeRating({ dx: 200, dy: 0 }), null, "no pointer type: no answer");
  assert.equal(swipeRating(), null);
});

const key = (name, extra = {}) => ({ key: name, code: name === " " ? "Space" : "", repeat: false, ...extra });
const BODY = null;
const BUTTON = { tag: "BUTTON", role: "", editable: false };
const TEXTAREA = { tag: "TEXTAREA", role: "", editable: false };
const LINK = { tag: "A", role: "", editable: false };
const INPUT = { tag: "INPUT", role: "", editable: false };
const SELECT = { tag: "SELECT", role: "", editable: false };
const BACK = { tag: "DIV", role: "group", editable: false }; // #review-back, the turned card's back

test("Enter on a link does nothing to the card (the link opens); Space on the page turns it", () => {
  assert.equal(reviewKey(key("Enter"), { focus: LINK }), null);
  assert.equal(reviewKey(key("Enter"), { focus: LINK, flipped: true }), null);
  assert.equal(reviewKey(key(" "), { focus: LINK }), null);
  assert.equal(reviewKey(key(" "), { focus: BODY }), "flip");
});

test("\"3\" answers Good only once the card is turned", () => {
  assert.equal(reviewKey(key("3"), { focus: BODY, flipped: true }), "good");
  assert.equal(reviewKey(key("3"), { focus: BODY, flipped: false }), null);
  assert.equal(reviewKey(key("3"), { focus: BACK, inCard: true, flipped: true }), "good");
});

test("Space and Enter turn the card from the page or from the card itself, never from a control elsewhere", () => {
  assert.equal(reviewKey(key("Enter"), { focus: BUTTON, inCard: true }), "flip", "the card's own front button");
  assert.equal(reviewKey(key(" "), { focus: BUTTON, inCard: true }), "flip");
  assert.equal(reviewKey(key(" "), { focus: BACK, inCard: true, flipped: true }), "swallow", "a second Space on the turned card");
  assert.equal(reviewKey(key("Enter"), { focus: BACK, inCard: true, flipped: true }), null);
  for (const focus of [LINK, BUTTON, INPUT, SELECT, TEXTAREA, { tag: "DIV", role: "", editable: true }, { tag: "DIV", role: "", editable: false }]) {
    assert.equal(reviewKey(key("Enter"), { focus }), null, `Enter on ${focus.tag}`);
    assert.equal(reviewKey(key(" "), { focus }), null, `Space on ${focus.tag}`);
    assert.equal(reviewKey(key(" "), { focus, flipped: true }), null, `Space on ${focus.tag}, turned`);
  }
  assert.equal(reviewKey({ key: "Enter", code: "NumpadEnter" }, { focus: BODY }), "flip");
});

test("Space or Enter turns the card; a focused button keeps them (it is pressed by them)", () => {
  assert.equal(reviewKey(key(" "), { focus: BODY }), "flip");
  assert.equal(reviewKey(key("Enter"), { focus: BODY }), "flip");
  assert.equal(reviewKey({ key: "Spacebar", code: "" }, { focus: BODY }), "flip");
  assert.equal(reviewKey(key(" "), { focus: BUTTON }), null);
  assert.equal(reviewKey(key("Enter"), { focus: BUTTON }), null);
  assert.equal(reviewKey(key("3"), { focus: BODY }), null, "no answer before the turn");
  assert.equal(reviewKey(key("a"), { focus: BODY }), null);
});

test("once turned, 1–4 answer Again, Hard, Good, Easy; Space does nothing (not the microphone)", () => {
  ["1", "2", "3", "4"].forEach((digit, index) => assert.equal(reviewKey(key(digit), { flipped: true, focus: BODY }), RATINGS[index]));
  assert.deepEqual(RATINGS, ["again", "hard", "good", "easy"]);
  assert.equal(reviewKey(key("3"), { flipped: true, focus: BUTTON }), "good");
  assert.equal(reviewKey(key(" "), { flipped: true, focus: BODY }), "swallow");
  assert.equal(reviewKey(key(" "), { flipped: true, focus: BUTTON }), null);
  assert.equal(reviewKey(key("Enter"), { flipped: true, focus: BODY }), null);
  assert.equal(reviewKey(key("5"), { flipped: true, focus: BODY }), null);
});

test("keys while typing, with a modifier, repeating or under a modal dialog are left alone", () => {
  assert.equal(reviewKey(key("1"), { flipped: true, focus: TEXTAREA }), null);
  assert.equal(reviewKey(key("4"), { flipped: true, focus: INPUT }), null);
  assert.equal(reviewKey(key("2"), { flipped: true, focus: { tag: "DIV", role: "", editable: true } }), null);
  assert.equal(reviewKey(key("2"), { flipped: true, focus: LINK }), "hard", "a link is not a text field");
  assert.equal(reviewKey(key(" "), { focus: { tag: "DIV", role: "", editable: true } }), null);
  assert.equal(reviewKey(key("1", { ctrlKey: true }), { flipped: true }), null);
  assert.equal(reviewKey(key(" ", { altKey: true }), {}), null);
  assert.equal(reviewKey(key("2", { repeat: true }), { flipped: true }), null);
  assert.equal(reviewKey(key(" "), { modalOpen: true }), null);
  assert.equal(reviewKey(key("3", { isComposing: true }), { flipped: true }), null);
});

test("the desired retention stays within 80–97 %, to the hundredth", () => {
  assert.equal(retentionValue(0.9), 0.9);
  assert.equal(retentionValue("0.934"), 0.93);
  assert.equal(retentionValue(0.5), RETENTION.min);
  assert.equal(retentionValue(1), RETENTION.max);
  assert.equal(retentionValue("x"), 0.9);
});

// ---- The session

const NOW = Date.UTC(2026, 10, 27, 15, 0, 0);
const card = (id, extra = {}) => ({ id, front: `F ${id}`, back: `B ${id}`, reps: 0, state: "new", due: new Date(NOW - DAY * 1000).toISOString(),
  previews: { again: 60, hard: 360, good: 600, easy: 8 * DAY }, ...extra });
const dueIn = (ms, extra = {}) => ({ due: new Date(NOW + ms).toISOString(), ...extra });

test("a session shows the cards in order, counting 'n of N'", () => {
  let session = startSession({ cards: [card("a"), card("b"), card("c")], remaining: 4, nextDue: null });
  assert.equal(currentCard(session).id, "a");
  assert.deepEqual(position(session), { n: 1, of: 3 });
  session = afterAnswer(session, "good", card("a", dueIn(3 * DAY * 1000, { reps: 1 })), { now: NOW, xp: 2 });
  assert.equal(currentCard(session).id, "b");
  assert.deepEqual(position(session), { n: 2, of: 3 });
  assert.equal(isOver(session), false);
});

test("a card due again within 20 minutes goes to the end of the queue, as it came back from the server", () => {
  let session = startSession({ cards: [card("a"), card("b")] });
  const back = card("a", dueIn(MIN * 1000, { reps: 1, state: "learning", previews: { again: 60, hard: 480, good: 600, easy: DAY } }));
  session = afterAnswer(session, "again", back, { now: NOW });
  assert.deepEqual(session.queue.map((c) => c.id), ["b", "a"]);
  assert.equal(session.queue[1].reps, 1, "the next answer sends the reps the server gave");
  assert.deepEqual(position(session), { n: 2, of: 3 }, "a card that comes back counts again");
  session = afterAnswer(session, "good", card("b", dueIn(LEARN_AHEAD_MS)), { now: NOW });
  assert.deepEqual(session.queue.map((c) => c.id), ["a", "b"], "exactly 20 minutes still comes back");
  session = afterAnswer(session, "good", card("a", dueIn(LEARN_AHEAD_MS + 1000)), { now: NOW });
  assert.deepEqual(session.queue.map((c) => c.id), ["b"], "21 minutes does not");
});

test("a card reviewed on another device (409) is dropped without counting", () => {
  let session = startSession({ cards: [card("a"), card("b")] });
  session = dropCurrent(session);
  assert.equal(currentCard(session).id, "b");
  assert.deepEqual(position(session), { n: 1, of: 1 });
  assert.equal(summary(session).answers, 0);
  assert.ok(isStale(new ApiError(409, ErrorCode.reviewStale, "answered meanwhile")));
  assert.ok(!isStale(new ApiError(409, ErrorCode.studyFull, "full")));
  assert.ok(!isStale(new ApiError(400, ErrorCode.invalidField, "rating")));
  assert.ok(!isStale(new TypeError("Failed to fetch")));
  assert.ok(!isStale(null));
});

test("the end screen: cards reviewed, right answers (hard, good, easy), XP and the next review", () => {
  const later = new Date(NOW + 2 * DAY * 1000).toISOString();
  let session = startSession({ cards: [card("a"), card("b"), card("c")], remaining: 5, nextDue: later });
  session = afterAnswer(session, "again", card("a", dueIn(MIN * 1000)), { now: NOW, xp: 1 });
  session = afterAnswer(session, "hard", card("b", dueIn(3 * DAY * 1000)), { now: NOW, xp: 1 });
  session = afterAnswer(session, "easy", card("c", dueIn(DAY * 1000)), { now: NOW, xp: 2 });
  session = afterAnswer(session, "good", card("a", dueIn(DAY * 1000 / 2)), { now: NOW, xp: 1 });
  assert.ok(isOver(session));
  assert.equal(currentCard(session), null);
  const done = summary(session);
  assert.deepEqual({ ...done, nextDue: undefined }, { cards: 3, answers: 4, right: 3, xp: 5, nextDue: undefined, remaining: 5 });
  assert.equal(done.nextDue, new Date(NOW + DAY * 1000 / 2).toISOString(), "the soonest of the server's and the answered cards'");
  assert.deepEqual(session.ratings, { again: 1, hard: 1, good: 1, easy: 1 });
});

test("an empty session is over at once; answering past the end changes nothing", () => {
  const session = startSession({ cards: [], remaining: 0, nextDue: null });
  assert.ok(isOver(session));
  assert.deepEqual(position(session), { n: 1, of: 0 });
  assert.equal(afterAnswer(session, "good", card("x"), { now: NOW }), session);
  assert.deepEqual(summary(startSession()), { cards: 0, answers: 0, right: 0, xp: 0, nextDue: null, remaining: 0 });
});

// ---- Routes, requests, words

test("routes: the cards, one card, every due card and a material's", () => {
  assert.deepEqual(routeFor("#cards"), { name: "cards" });
  assert.deepEqual(routeFor("#review"), { name: "review" });
  assert.deepEqual(routeFor("#review/m_123"), { name: "review", id: "m_123" });
  assert.deepEqual(routeFor("#card/c-9f2a"), { name: "card", id: "c-9f2a" });
  assert.deepEqual(routeFor("#card"), { name: "home" }, "a card needs its id");
  assert.deepEqual(routeFor("#cards/x"), { name: "home" });
  assert.deepEqual(routeFor("#review/../x"), { name: "home" });
  for (const hash of ["#cards", "#review", "#review/m_123", "#card/c-9f2a"]) assert.equal(hashFor(routeFor(hash)), hash);
});

test("the flashcard screens are heard as a screen the server's voice grammar knows", () => {
  for (const name of ["home", "subject", "materials", "material", "new", "tasks", "progress", "settings"]) assert.equal(voiceScreen(name), name);
  for (const name of ["cards", "card", "review"]) assert.equal(voiceScreen(name), "progress");
});

test("a card written by hand: both sides trimmed, the subject or null; nothing without both sides", () => {
  assert.deepEqual(handCardBody({ front: "  Capitale della Francia? ", back: "Parigi\n", subjectId: "storia" }),
    { subjectId: "storia", cards: [{ front: "Capitale della Francia?", back: "Parigi", source: "hand" }] });
  assert.equal(handCardBody({ front: "x", back: "", subjectId: "" }), null);
  assert.equal(handCardBody({ front: "  ", back: "y" }), null);
  assert.equal(handCardBody({ front: "x", back: "y" }).subjectId, null);
});

test("the chosen suggestions: only the ticked ones, as suggested, 50 at a time; a ticked one without a side stops it", () => {
  const list = Array.from({ length: 120 }, (_, i) => ({ front: ` F${i} `, back: `B${i}`, kind: "definition", chosen: i % 2 === 0 }));
  const bodies = chosenBodies("m1", list);
  assert.deepEqual(bodies.map((body) => body.cards.length), [BATCH, 10]);
  assert.deepEqual(bodies[0].cards[0], { front: "F0", back: "B0", source: "suggested" });
  assert.ok(bodies.every((body) => body.materialId === "m1"));
  assert.deepEqual(chosenBodies("m1", list.map((item) => ({ ...item, chosen: false }))), []);
  assert.equal(chosenBodies("m1", [{ front: "F", back: "  ", chosen: true }]), null);
  assert.deepEqual(chosenBodies("m1", [{ front: "F", back: "  ", chosen: false }]), []);
});

test("an answer is sent with the student's time zone, as every call that earns XP", () => {
  assert.equal(reviewPath("c 1", "Europe/Rome"), "/api/mirrorbuddy/cards/c%201/review?tz=Europe%2FRome");
  assert.match(reviewPath("c1"), /^\/api\/mirrorbuddy\/cards\/c1\/review\?tz=[^&]+$/, "the device's zone by default");
});

test("the list's 🔊 buttons are told apart by their card's words; the suggestions' fields by their number", () => {
  assert.equal(hearLabel("Capitale della\nFrancia?", "it"), "Ascolta: Capitale della Francia?");
  assert.equal(hearLabel("2 + 2?", "en"), "Listen: 2 + 2?");
  const long = hearLabel("x".repeat(500), "it");
  assert.ok(long.length <= "Ascolta: ".length + 80 && long.endsWith("…"), long);
  assert.equal(t("suggest.question", { n: 1 }, "it"), "Domanda 1");
  assert.equal(t("suggest.answer", { n: 2 }, "it"), "Risposta 2");
  assert.equal(t("suggest.question", { n: 3 }, "en"), "Question 3");
});

test("a card already reviewed (409) is a neutral note, not an error about another device", () => {
  assert.equal(t("review.stale", {}, "it"), "Questa carta era già stata ripassata.");
  assert.equal(t("review.stale", {}, "en"), "This card was already reviewed.");
});

test("the filters of GET cards and GET review: only those given", () => {
  assert.equal(cardsQuery(), "");
  assert.equal(cardsQuery({ subjectId: "", materialId: null }), "");
  assert.equal(cardsQuery({ subjectId: "storia" }), "?subjectId=storia");
  assert.equal(cardsQuery({ materialId: "m 1" }), "?materialId=m+1");
  assert.equal(cardsQuery({ subjectId: "a", materialId: "b" }), "?subjectId=a&materialId=b");
});

test("every word the flashcards show is in both catalogues", () => {
  const keys = [
    ...["minutes", "hours", "days", "months", "years"].map((unit) => `cards.interval.${unit}`),
    ...["new", "learning", "review", "relearning"].map((s) => `cards.state.${s}`),
    ...RATINGS.map((rating) => `review.rating.${rating}`),
    ...["definition", "cloze"].map((kind) => `suggest.kind.${kind}`),
    ...["front", "back", "cards", "desiredRetention", "rating"].map((field) => `field.${field}`),
    "error.review_stale",
  ];
  for (const k of keys) for (const lang of ["it", "en"]) assert.ok(has(k, lang), `${lang} ${k}`);
});
