// Drawing a region again without losing the reader's place: the element that had the keyboard
// (found again by its `data-focus-key` or id), the caret or selection in a text field, and how far
// the page and any scrolled box in the region (by `data-scroll-key` or id) were scrolled.

const keyOf = (element) => element?.dataset?.focusKey || element?.id || "";
const scrollKeyOf = (element) => element?.dataset?.scrollKey || element?.id || "";

function findByKey(region, key, attribute) {
  const escaped = globalThis.CSS?.escape ? CSS.escape(key) : key.replace(/["\\]/g, "\\$&");
  return region.querySelector(`[${attribute}="${escaped}"]`) ?? region.querySelector(`[id="${escaped}"]`);
}

/** Where the reader is in `region`: {focus, selection, page, boxes}. */
export function readPlace(region, { doc = globalThis.document, win = globalThis } = {}) {
  const active = doc.activeElement;
  const inside = active && active !== doc.body && region.contains(active);
  let selection = null;
  if (inside) {
    // Only text fields have a caret; other inputs throw or answer null.
    try {
      if (typeof active.selectionStart === "number") {
        selection = { start: active.selectionStart, end: active.selectionEnd, direction: active.selectionDirection ?? "none" };
      }
    } catch { /* no caret here */ }
  }
  const boxes = [];
  for (const box of region.querySelectorAll("[data-scroll-key], [id]")) {
    if (box.scrollTop || box.scrollLeft) boxes.push({ key: scrollKeyOf(box), top: box.scrollTop, left: box.scrollLeft });
  }
  return { focus: inside ? keyOf(active) : "", selection, page: { x: win.scrollX ?? 0, y: win.scrollY ?? 0 }, boxes };
}

/**
 * Puts the reader back in `place` after `region` was drawn again. Focus goes back only when the
 * drawing did not put it somewhere itself (a dialog, a next step) and `focus` is not false.
 */
export function restorePlace(region, place, { focus = true, doc = globalThis.document, win = globalThis } = {}) {
  for (const { key, top, left } of place.boxes) {
    const box = findByKey(region, key, "data-scroll-key");
    if (box) { box.scrollTop = top; box.scrollLeft = left; }
  }
  if ((win.scrollX ?? 0) !== place.page.x || (win.scrollY ?? 0) !== place.page.y) win.scrollTo?.(place.page.x, place.page.y);
  const active = doc.activeElement;
  if (!focus || !place.focus || (active && active !== doc.body)) return;
  const target = findByKey(region, place.focus, "data-focus-key");
  if (!target) return;
  target.focus({ preventScroll: true });
  if (place.selection && typeof target.setSelectionRange === "function") {
    try { target.setSelectionRange(place.selection.start, place.selection.end, place.selection.direction); } catch { /* no caret here */ }
  }
}

/** Calls `draw()`, which replaces what `region` shows, keeping the reader's place across it. */
export function redraw(region, draw, options = {}) {
  const place = readPlace(region, options);
  const result = draw();
  restorePlace(region, place, options);
  return result;
}
