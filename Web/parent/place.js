// The parent area drawn again without losing the parent's place: the kit's redraw keeps the focus
// (by id or data-focus-key), a text field's caret, and the scroll of the page and of scrolled boxes
// (the tab strip, the SpotCheck carousel). Two things a redraw shows are new and are brought into
// view, as the area always did: a tab just opened (its button, in a strip that scrolls sideways on
// a phone) and an error that was not showing before. No DOM of its own, so node --test reads it.
import { redraw } from "../shared/redraw.js";

/**
 * What a redraw from `before` to `after` (each `{tab, error}`; `before` null on the first draw)
 * brings into view: "tab" when another tab shows, "error" when a new error does, else null.
 */
export function revealAfter(before, after) {
  if (!before || before.tab !== after.tab) return "tab";
  if (after.error && after.error !== before.error) return "error";
  return null;
}

/**
 * A drawer for `region`: `draw(showing, paint)` calls `paint()`, which replaces what the region
 * shows, keeping the parent's place; then scrolls `find(kind)` (the element for "tab" or "error")
 * into view if revealAfter says the redraw showed it new. `options` go to redraw (doc, win).
 */
export function pageDrawer(region, find, options = {}) {
  let shown = null;
  return function draw(showing, paint) {
    const reveal = revealAfter(shown, showing);
    shown = { ...showing };
    const result = redraw(region, paint, options);
    if (reveal) find(reveal)?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
    return result;
  };
}
