// A set-up step on the page: its text, with its download links (buttons on the device's own
// set-up page, plain links in the parent area's list of steps).
import { h } from "../shared/dom.js";

/** A step is text, or text with download links in it. */
export function stepParts(step, { buttons = false } = {}) {
  return (Array.isArray(step) ? step : [step]).map((part) =>
    typeof part === "string" ? part
      // The parent area's plain links have no id: the key finds one again after a redraw.
      : h("a", buttons ? { class: "btn", href: part.href, id: part.id } : { href: part.href, dataset: { focusKey: part.id } }, part.text));
}
