// The journal and score card sheets' requests without a page (Web/speakup/export-rules.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { cardThemes, fileName, journalRequest } from "../../Web/speakup/export-rules.js";

test("a preset range is sent as one; an unknown one falls back to 30 days", () => {
  assert.deepEqual(journalRequest({ range: "week", tz: "Europe/Rome" }).body,
    { range: "week", achievements: true, paper: "a4", tz: "Europe/Rome" });
  assert.equal(journalRequest({ range: "year" }).body.range, "month");
  assert.deepEqual(journalRequest({ range: "all", achievements: false, paper: "letter" }).body, { range: "all", achievements: false, paper: "letter" });
});

test("days replace the range; either end may be open", () => {
  assert.deepEqual(journalRequest({ range: "week", from: "2026-03-01", to: "2026-03-31" }).body,
    { from: "2026-03-01", to: "2026-03-31", achievements: true, paper: "a4" });
  assert.deepEqual(journalRequest({ to: "2026-03-31" }).body, { to: "2026-03-31", achievements: true, paper: "a4" });
  assert.equal(journalRequest({ from: "2026-03-05", to: "2026-03-05" }).error, undefined);
});

test("a range that ends before it starts, or a day that is not one, is an error to show", () => {
  assert.equal(journalRequest({ from: "2026-03-10", to: "2026-03-09" }).error, "The last day comes before the first.");
  assert.equal(journalRequest({ from: "10/03/2026" }).error, "The first day must be a date.");
  assert.equal(journalRequest({ to: "soon" }).error, "The last day must be a date.");
});

test("card themes start with the speaker's own default", () => {
  assert.equal(cardThemes(true)[0][0], "sunshine");
  assert.equal(cardThemes(false)[0][0], "midnight");
  assert.equal(cardThemes(true).length, 5);
  assert.deepEqual(new Set(cardThemes(false).map(([id]) => id)), new Set(cardThemes(true).map(([id]) => id)));
});

test("file names are plain letters", () => {
  assert.equal(fileName("journal", "Léo Rossi", "2026-03-10", "pdf"), "speakup-journal-leo-rossi-2026-03-10.pdf");
  assert.equal(fileName("card", "🦊", "2026-03-10", "png"), "speakup-card-speaker-2026-03-10.png");
});
