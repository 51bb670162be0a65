// The page kit's redraw (Web/shared/redraw.js): drawing a region again keeps the focused element (by
// data-focus-key or id), a text field's caret, and how far the page and scrolled boxes were scrolled.
// A minimal fake DOM stands in for the page (node --test Tests/web).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readPlace, redraw } from "../../Web/shared/redraw.js";
import { fakePage } from "./support/fake-page.mjs";


test("the element with the same id gets the focus back, without scrolling to it", () => {
  const page = fakePage();
  page.region.replace(page.element({ id: "save" }), page.element({ id: "other" }));
  page.region.children[0].focus();
  redraw(page.region, () => page.region.replace(page.element({ id: "other" }), page.element({ id: "save" })), page.options);
  assert.equal(page.doc.activeElement, page.region.children[1]);
  assert.deepEqual(page.doc.activeElement.focusedWith, { preventScroll: true });
});

test("data-focus-key finds an element without an id (a card in a list)", () => {
  const page = fakePage();
  const card = (n) => page.element({ dataset: { focusKey: `device-${n}` } });
  page.region.replace(card(1), card(2));
  page.region.children[1].focus();
  redraw(page.region, () => page.region.replace(card(1), card(2), card(3)), page.options);
  assert.equal(page.doc.activeElement.dataset.focusKey, "device-2");
});

test("the caret and selection of a text field come back", () => {
  const page = fakePage();
  page.region.replace(page.element({ id: "note", text: "hello there" }));
  const field = page.region.children[0];
  field.focus();
  field.setSelectionRange(2, 5, "backward");
  redraw(page.region, () => page.region.replace(page.element({ id: "note", text: "hello there" })), page.options);
  const again = page.doc.activeElement;
  assert.notEqual(again, field);
  assert.deepEqual([again.selectionStart, again.selectionEnd, again.selectionDirection], [2, 5, "backward"]);
});

test("a field without a caret (selectionStart throws) is still focused again", () => {
  const page = fakePage();
  const numberField = () => Object.defineProperty(page.element({ id: "age" }), "selectionStart", { get() { throw new Error("InvalidStateError"); } });
  page.region.replace(numberField());
  page.region.children[0].focus();
  assert.equal(readPlace(page.region, page.options).selection, null);
  redraw(page.region, () => page.region.replace(numberField()), page.options);
  assert.equal(page.doc.activeElement.id, "age");
});

test("scrolled boxes (by data-scroll-key or id) and the page keep their scroll", () => {
  const page = fakePage();
  const carousel = page.element({ id: "device-carousel" });
  const list = page.element({ dataset: { scrollKey: "events" } });
  carousel.scrollLeft = 240;
  list.scrollTop = 90;
  page.region.replace(carousel, list);
  page.win.scrollTo(0, 600);
  redraw(page.region, () => {
    page.region.replace(page.element({ id: "device-carousel" }), page.element({ dataset: { scrollKey: "events" } }));
    page.win.scrollTo(0, 0);  // the region was briefly empty: the page jumped up
  }, page.options);
  assert.equal(page.region.children[0].scrollLeft, 240);
  assert.equal(page.region.children[1].scrollTop, 90);
  assert.equal(page.win.scrollY, 600);
});

test("focus the drawing put somewhere itself (a dialog, the next step) stays there", () => {
  const page = fakePage();
  page.region.replace(page.element({ id: "retry" }));
  page.region.children[0].focus();
  redraw(page.region, () => {
    page.region.replace(page.element({ id: "retry" }), page.element({ id: "next" }));
    page.region.children[1].focus();
  }, page.options);
  assert.equal(page.doc.activeElement.id, "next");
});

test("focus: false (a new screen) and focus outside the region are left alone", () => {
  const page = fakePage();
  page.region.replace(page.element({ id: "a" }));
  page.region.children[0].focus();
  redraw(page.region, () => page.region.replace(page.element({ id: "a" })), { ...page.options, focus: false });
  assert.equal(page.doc.activeElement, page.doc.body);
  const outside = page.element({ id: "a" });
  outside.focus();
  assert.equal(readPlace(page.region, page.options).focus, "");
});

test("an element gone after the redraw leaves the focus where it fell", () => {
  const page = fakePage();
  page.region.replace(page.element({ id: "rename" }));
  page.region.children[0].focus();
  const result = redraw(page.region, () => { page.region.replace(page.element({ id: "done" })); return "drawn"; }, page.options);
  assert.equal(result, "drawn");
  assert.equal(page.doc.activeElement, page.doc.body);
});
