// MirrorBuddy's homework helper, the pure part: what an exercise may be and what the field counts,
// the server's answer made safe to draw, which step is shown and where Back, Next and the arrow
// keys go, Ctrl/⌘+Enter, the checklist's ticks, what a step says aloud, which line tells a
// problem, the route, and both catalogues.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ApiError } from "../../Web/shared/api.js";
import { ErrorCode } from "../../Web/shared/error-codes.js";
import { has, t } from "../../Web/mirrorbuddy/i18n.js";
import { hashFor, routeFor, voiceScreen } from "../../Web/mirrorbuddy/routes.js";
import {
  KEY_WORDS_MAX, NOTES_MAX, TEXT_MAX, allTicked, characters, clampStep, cleanAnswer, fieldCount, freshTicks, homeworkBody, isRateLimited, moveStep,
  problemFor, problemKey, sendsExercise, shownStep, spokenStep, stepKey, textProblem, tickCount, withTick,
} from "../../Web/mirrorbuddy/homework-rules.js";

const EXERCISE = "Calcola l'area di un rettangolo lungo 12 cm e largo 5 cm. Poi spiega come hai fatto.";

// The contract's example answer.
const ANSWER = {
  language: "it",
  hasNumbers: true,
  steps: [
    { number: 1, title: "Capisci la consegna", prompt: "Leggi la consegna con calma. Cosa devi fare?",
      sentences: [{ text: "Calcola l'area di un rettangolo lungo 12 cm e largo 5 cm.", asks: true }, { text: "Poi spiega come hai fatto.", asks: true }],
      keyWords: ["rettangolo", "area"] },
    { number: 2, title: "Cosa sai già", prompt: "Ecco cosa dicono i tuoi appunti.", keyWords: ["rettangolo", "area"],
      notes: [{ materialId: "mat-1", title: "Geometria", subjectId: "matematica", position: 2, heading: "Il rettangolo",
        text: "L'area del rettangolo si calcola moltiplicando la base per l'altezza." }] },
    { number: 3, title: "Prova e controlla", prompt: "Ora tocca a te!", checklist: ["Scrivi i dati.", "Fai il calcolo.", "Controlla."] },
  ],
};

// ---- What may be sent

test("an exercise is 1 to 2000 characters after trimming, counted as the server counts them", () => {
  assert.equal(TEXT_MAX, 2000);
  for (const empty of ["", "   ", "\n\n\t", null, undefined]) assert.equal(textProblem(empty), "empty", JSON.stringify(empty));
  assert.equal(textProblem(EXERCISE), null);
  assert.equal(textProblem(`\n  ${"a".repeat(2000)}  \n`), null, "the spaces and new lines around do not count");
  assert.equal(textProblem("a".repeat(2001)), "tooLong");
  assert.equal(textProblem("📐".repeat(2000)), null, "an emoji is one character, not two UTF-16 halves");
  assert.equal(characters("👩‍🏫"), 1, "an emoji made of several is one, as Swift counts it");
  assert.equal(characters("perché"), 6);
});

test("the body sends the exercise trimmed, its new lines inside kept", () => {
  assert.deepEqual(homeworkBody("  Leggi il testo.\nRispondi alle domande.\n "), { text: "Leggi il testo.\nRispondi alle domande." });
  assert.deepEqual(homeworkBody(null), { text: "" });
});

test("the counter counts what the field counts, and says when it is full", () => {
  assert.deepEqual(fieldCount(""), { used: 0, max: 2000, full: false });
  assert.deepEqual(fieldCount(EXERCISE), { used: EXERCISE.length, max: 2000, full: false });
  assert.equal(fieldCount("a".repeat(2000)).full, true);
  assert.equal(fieldCount("📐").used, 2, "maxlength counts UTF-16 units, so the counter does too");
});

// ---- The answer as the page draws it

test("the answer keeps the contract's fields of the right types, its steps in order", () => {
  const clean = cleanAnswer(ANSWER);
  assert.equal(clean.language, "it");
  assert.equal(clean.hasNumbers, true);
  assert.deepEqual(clean.steps.map((step) => step.number), [1, 2, 3]);
  assert.deepEqual(clean.steps[0].sentences, ANSWER.steps[0].sentences);
  assert.deepEqual(clean.steps[0].keyWords, ["rettangolo", "area"]);
  assert.deepEqual(clean.steps[1].notes, [{ materialId: "mat-1", title: "Geometria", heading: "Il rettangolo", position: 2,
    text: "L'area del rettangolo si calcola moltiplicando la base per l'altezza." }]);
  assert.deepEqual(clean.steps[2].checklist, ANSWER.steps[2].checklist);
  assert.equal("checklist" in clean.steps[0], false, "a field the step does not have stays absent");
  assert.equal("notes" in clean.steps[0], false);
});

test("an odd answer is drawn safely: steps sorted, bad entries dropped, lists bounded", () => {
  const odd = cleanAnswer({
    language: "fr", hasNumbers: "yes",
    steps: [
      { number: 3, title: "C", prompt: "c", checklist: ["ok", 7, "  ", null] },
      null,
      { number: 1, title: "A", prompt: "a", sentences: [{ text: "  Una frase.  ", asks: "yes" }, { text: "" }, { asks: true }, "nope"],
        keyWords: ["a", "b", "c", "d", "e", "f", "g", 4] },
      { number: 2, title: "B", prompt: "b", notes: [{ materialId: "" , text: "x" }, { materialId: "m1", text: "one" }, { materialId: "m2", text: "two", heading: 3 },
        { materialId: "m3", text: "three" }, { materialId: "m4", text: "four" }] },
    ],
  });
  assert.equal(odd.language, "it", "only it or en");
  assert.equal(odd.hasNumbers, false);
  assert.deepEqual(odd.steps.map((step) => step.number), [1, 2, 3]);
  assert.deepEqual(odd.steps[0].sentences, [{ text: "Una frase.", asks: false }], "asks only when true");
  assert.equal(odd.steps[0].keyWords.length, KEY_WORDS_MAX);
  assert.deepEqual(odd.steps[1].notes.map((note) => note.materialId), ["m1", "m2", "m3"], `at most ${NOTES_MAX}, each with a material`);
  assert.equal(odd.steps[1].notes[1].heading, null);
  assert.deepEqual(odd.steps[2].checklist, ["ok"]);
  assert.equal(cleanAnswer({ steps: [] }), null);
  assert.equal(cleanAnswer(null), null);
  assert.equal(cleanAnswer({ language: "en" }), null);
});

// ---- Which step is shown, and moving

test("Back and Next stay within the steps, and the step on show knows its ends", () => {
  assert.equal(moveStep(0, 1, 3), 1);
  assert.equal(moveStep(2, 1, 3), 2, "Next on the last step stays");
  assert.equal(moveStep(0, -1, 3), 0, "Back on the first stays");
  assert.equal(moveStep(1, -1, 3), 0);
  assert.equal(clampStep(7, 3), 2);
  assert.equal(clampStep(-2, 3), 0);
  assert.equal(clampStep(undefined, 3), 0);
  const clean = cleanAnswer(ANSWER);
  assert.deepEqual({ ...shownStep(clean, 0), step: undefined }, { step: undefined, index: 0, count: 3, first: true, last: false });
  assert.equal(shownStep(clean, 0).step.number, 1);
  assert.deepEqual({ ...shownStep(clean, 2), step: undefined }, { step: undefined, index: 2, count: 3, first: false, last: true });
  assert.equal(shownStep(clean, 9).step.number, 3);
  assert.equal(shownStep(null, 0), null, "no steps before an answer");
});

test("the arrow keys move the steps, except in a text field, with a modifier, a repeat or under a dialog", () => {
  const key = (name, extra = {}) => ({ key: name, code: name, ...extra });
  assert.equal(stepKey(key("ArrowRight")), "next");
  assert.equal(stepKey(key("ArrowLeft")), "back");
  assert.equal(stepKey(key("Right")), "next", "old browsers' names");
  assert.equal(stepKey(key("ArrowUp")), null);
  assert.equal(stepKey(key("Enter")), null);
  assert.equal(stepKey(key("ArrowRight"), { focus: { tag: "BUTTON" } }), "next", "on Next or a step button");
  assert.equal(stepKey(key("ArrowRight"), { focus: { tag: "INPUT", type: "checkbox" } }), "next", "on a box of the checklist");
  assert.equal(stepKey(key("ArrowRight"), { focus: { tag: "TEXTAREA" } }), null, "the caret moves in the field");
  assert.equal(stepKey(key("ArrowLeft"), { focus: { tag: "INPUT", type: "text" } }), null);
  assert.equal(stepKey(key("ArrowLeft"), { focus: { tag: "INPUT", type: null } }), null, "an input with no type is a text field");
  assert.equal(stepKey(key("ArrowLeft"), { focus: { tag: "DIV", editable: true } }), null);
  for (const modifier of ["ctrlKey", "altKey", "metaKey", "shiftKey", "repeat", "isComposing"]) {
    assert.equal(stepKey(key("ArrowRight", { [modifier]: true })), null, modifier);
  }
  assert.equal(stepKey(key("ArrowRight"), { modalOpen: true }), null);
});

test("Ctrl+Enter and ⌘+Enter send the exercise; Enter alone is a new line", () => {
  assert.equal(sendsExercise({ key: "Enter", ctrlKey: true }), true);
  assert.equal(sendsExercise({ key: "Enter", metaKey: true }), true);
  assert.equal(sendsExercise({ key: "Unidentified", code: "NumpadEnter", ctrlKey: true }), true);
  assert.equal(sendsExercise({ key: "Enter" }), false);
  assert.equal(sendsExercise({ key: "Enter", shiftKey: true }), false);
  assert.equal(sendsExercise({ key: "Enter", ctrlKey: true, altKey: true }), false);
  assert.equal(sendsExercise({ key: "Enter", ctrlKey: true, isComposing: true }), false, "an IME choosing a word");
  assert.equal(sendsExercise({ key: "a", ctrlKey: true }), false);
});

// ---- The checklist

test("the checklist starts unticked, one tick a line, and is all done only when every line is ticked", () => {
  const ticks = freshTicks(ANSWER.steps[2].checklist);
  assert.deepEqual(ticks, [false, false, false]);
  assert.deepEqual(freshTicks(undefined), []);
  const one = withTick(ticks, 1, true);
  assert.deepEqual(one, [false, true, false]);
  assert.deepEqual(ticks, [false, false, false], "the ticks are a new list");
  assert.deepEqual(withTick(one, 1, false), [false, false, false]);
  assert.equal(withTick(one, 3, true), one, "a line out of the list changes nothing");
  assert.equal(withTick(one, -1, true), one);
  assert.deepEqual(tickCount(one), { done: 1, of: 3 });
  assert.equal(allTicked(one), false);
  assert.equal(allTicked([true, true, true]), true);
  assert.equal(allTicked([]), false);
  assert.equal(allTicked(null), false);
});

// ---- Read aloud

test("a step is said title first, then its prompt, and step 1 the exercise's sentences", () => {
  const clean = cleanAnswer(ANSWER);
  assert.deepEqual(spokenStep(clean.steps[0]), ["Capisci la consegna", "Leggi la consegna con calma. Cosa devi fare?",
    "Calcola l'area di un rettangolo lungo 12 cm e largo 5 cm.", "Poi spiega come hai fatto."]);
  assert.deepEqual(spokenStep(clean.steps[1]), ["Cosa sai già", "Ecco cosa dicono i tuoi appunti."], "the notes are read where they are opened");
  assert.deepEqual(spokenStep(clean.steps[2]), ["Prova e controlla", "Ora tocca a te!"]);
  assert.deepEqual(spokenStep({ number: 2, title: " ", prompt: "Solo questo." }), ["Solo questo."]);
  assert.deepEqual(spokenStep(null), []);
});

// ---- Problems

test("what a failed exercise shows: 429 wait a moment, 422 why in the page's words, the rest the usual error line", () => {
  const limited = new ApiError(429, ErrorCode.rateLimited, "slow down", {}, 10);
  assert.equal(isRateLimited(limited), true);
  assert.deepEqual(problemFor(limited, EXERCISE), { key: "homework.wait" });
  const invalid = new ApiError(422, ErrorCode.invalidField, "Write or paste the exercise first.", { field: "text" });
  assert.deepEqual(problemFor(invalid, "   "), { key: "homework.needText" });
  assert.deepEqual(problemFor(invalid, "a".repeat(2001)), { key: "homework.tooLong" });
  assert.deepEqual(problemFor(invalid, EXERCISE), { message: "Write or paste the exercise first." }, "the server saw what the page did not: its words");
  const caring = "Mi dispiace tanto. Parlane con un adulto di cui ti fidi. Se sei in pericolo chiama il 112.";
  assert.deepEqual(problemFor(new ApiError(422, ErrorCode.invalidField, caring, { field: "text" }), "Non riesco perché mio padre mi picchia"),
    { message: caring }, "distress: the coach's caring reply, as the server words it");
  const other = new ApiError(500, "internal", "boom");
  assert.deepEqual(problemFor(other, EXERCISE), { error: other });
  const network = new TypeError("Failed to fetch");
  assert.deepEqual(problemFor(network, EXERCISE), { error: network });
  assert.equal(problemKey("empty"), "homework.needText");
  assert.equal(problemKey("tooLong"), "homework.tooLong");
  assert.equal(problemKey(null), null);
});

// ---- The route and the words

test("#homework is a screen of its own, heard by the voice commands as a screen with no commands of its own", () => {
  assert.deepEqual(routeFor("#homework"), { name: "homework" });
  assert.equal(hashFor({ name: "homework" }), "#homework");
  assert.deepEqual(routeFor("#homework/x"), { name: "home" }, "no id");
  assert.equal(voiceScreen("homework"), "progress");
});

test("every word the helper shows is in both catalogues, and the buttons say what the brief says", () => {
  const keys = ["homeTitle", "homeHint", "homeButton", "title", "intro", "askTitle", "fieldLabel", "placeholder", "count", "keys", "full", "send", "thinking",
    "stepsLabel", "stepOf", "keyWords", "asksLegend", "asks", "noNotes", "addNotes", "ticked", "hear", "navLabel", "back", "next", "done", "doneTitle",
    "doneText", "doneToast", "doneToastSome", "another", "edit", "wait", "needText", "tooLong", "fromCoach"].map((key) => `homework.${key}`);
  for (const key of keys) for (const lang of ["it", "en"]) assert.ok(has(key, lang), `${lang} ${key}`);
  assert.equal(t("homework.send", {}, "it"), "Aiutami");
  assert.equal(t("homework.send", {}, "en"), "Help me");
  assert.equal(t("homework.done", {}, "it"), "Fatto!");
  assert.equal(t("homework.done", {}, "en"), "Done!");
  assert.equal(t("homework.another", {}, "it"), "Un altro esercizio");
  assert.equal(t("homework.another", {}, "en"), "Another exercise");
  assert.equal(t("homework.stepOf", { n: 1, of: 3 }, "it"), "Passo 1 di 3");
  assert.equal(t("homework.stepOf", { n: 2, of: 3 }, "en"), "Step 2 of 3");
  assert.equal(t("homework.ticked", { count: 1, of: 5 }, "it"), "1 passo fatto su 5");
  assert.equal(t("homework.ticked", { count: 3, of: 5 }, "it"), "3 passi fatti su 5");
  assert.equal(t("homework.homeTitle", {}, "it"), "Aiuto compiti");
  assert.equal(t("homework.homeTitle", {}, "en"), "Homework help");
  assert.match(t("homework.intro", {}, "it"), /non ti do la soluzione, ti aiuto a trovarla/);
});

test("the student is known by who they are, not by the loaded object", async () => {
  const { studentKey } = await import("../../Web/mirrorbuddy/state.js");
  assert.equal(studentKey({ student: { name: "Mario", grade: 8 } }), studentKey({ student: { name: "Mario", grade: 8 }, subjects: [] }));
  assert.notEqual(studentKey({ student: { name: "Mario", grade: 8 } }), studentKey({ student: { name: "Mia", grade: 3 } }));
  assert.equal(studentKey(null), null);
});
