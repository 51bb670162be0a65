// The parent area's redraws (Web/parent/place.js): the parent's place (focus, caret, scroll) survives
// a redraw of the same tab; a tab just opened and an error not showing before are brought into view,
// nothing else is. A minimal fake DOM stands in for the page (node --test Tests/web).
import { test } from "node:test";
import assert from "node:assert/strict";
import { pageDrawer, revealAfter } from "../../Web/parent/place.js";
import { fakePage } from "./support/fake-page.mjs";

/** The fake page with the parent area's drawer over its region. */
function parentPage() {
  const page = fakePage();
  const { doc, win, region } = page;
  const paint = (...elements) => () => region.replace(...elements);
  const draw = pageDrawer(region, (kind) => region.byId(kind === "tab" ? "tab-open" : "parent-error"), { doc, win });
  return { ...page, paint, draw };
}

test("the first draw and another tab bring the open tab into view", () => {
  assert.equal(revealAfter(null, { tab: "inbox", error: "" }), "tab");
  assert.equal(revealAfter({ tab: "inbox", error: "" }, { tab: "family", error: "" }), "tab");
  assert.equal(revealAfter({ tab: "inbox", error: "" }, { tab: "family", error: "No network" }), "tab");
});

test("a redraw of the same tab brings in view only an error that was not showing", () => {
  const inbox = (error) => ({ tab: "inbox", error });
  assert.equal(revealAfter(inbox(""), inbox("")), null);
  assert.equal(revealAfter(inbox(""), inbox("No network")), "error");
  assert.equal(revealAfter(inbox("No network"), inbox("No network")), null);
  assert.equal(revealAfter(inbox("No network"), inbox("The note can be at most 200 characters.")), "error");
  assert.equal(revealAfter(inbox("No network"), inbox("")), null);
});

test("a background redraw of the same tab keeps the focus, the caret and the scroll, and scrolls nothing into view", () => {
  const page = parentPage();
  const tab = () => page.element({ id: "tab-open" });
  const note = (text) => page.element({ id: "note-r2", text });
  const tabs = () => page.element({ dataset: { scrollKey: "parent-tabs" } });
  page.draw({ tab: "inbox", error: "" }, page.paint(tab(), tabs(), note("See you")));
  assert.deepEqual(page.revealed, [["tab-open", { block: "nearest", inline: "nearest" }]]);
  page.revealed.length = 0;

  const field = page.region.byId("note-r2");
  field.focus();
  field.setSelectionRange(3, 3, "forward");
  page.region.children[1].scrollLeft = 180;
  page.win.scrollTo(0, 420);
  page.draw({ tab: "inbox", error: "" }, () => { page.paint(tab(), tabs(), note("See you"))(); page.win.scrollTo(0, 0); });

  const again = page.doc.activeElement;
  assert.notEqual(again, field);
  assert.equal(again.id, "note-r2");
  assert.deepEqual([again.selectionStart, again.selectionEnd, again.selectionDirection], [3, 3, "forward"]);
  assert.equal(page.region.children[1].scrollLeft, 180);
  assert.equal(page.win.scrollY, 420);
  assert.deepEqual(page.revealed, []);
});

test("a new error is brought into view once, the focus staying on the button that failed", () => {
  const page = parentPage();
  const approve = () => page.element({ dataset: { focusKey: "approve-r1" } });
  const error = () => page.element({ id: "parent-error" });
  page.draw({ tab: "inbox", error: "" }, page.paint(page.element({ id: "tab-open" }), approve()));
  page.region.children[1].focus();
  page.revealed.length = 0;

  page.draw({ tab: "inbox", error: "No network" }, page.paint(page.element({ id: "tab-open" }), error(), approve()));
  assert.deepEqual(page.revealed, [["parent-error", { block: "nearest", inline: "nearest" }]]);
  assert.equal(page.doc.activeElement.dataset.focusKey, "approve-r1");

  page.draw({ tab: "inbox", error: "No network" }, page.paint(page.element({ id: "tab-open" }), error(), approve()));
  assert.equal(page.revealed.length, 1, "the same error again stays where the parent scrolled");
});

test("a tab just opened keeps the focus on its link and brings it into view", () => {
  const page = parentPage();
  const link = () => page.element({ id: "tab-open" });
  page.draw({ tab: "inbox", error: "" }, page.paint(link()));
  page.region.children[0].focus();
  page.revealed.length = 0;
  const result = page.draw({ tab: "family", error: "" }, () => { page.paint(link())(); return "drawn"; });
  assert.equal(result, "drawn");
  assert.equal(page.doc.activeElement.id, "tab-open");
  assert.deepEqual(page.revealed, [["tab-open", { block: "nearest", inline: "nearest" }]]);
});

test("nothing to bring into view (no such element) is no error", () => {
  const page = parentPage();
  page.draw({ tab: "inbox", error: "" }, page.paint());
  page.draw({ tab: "inbox", error: "No network" }, page.paint());
  assert.deepEqual(page.revealed, []);
});
