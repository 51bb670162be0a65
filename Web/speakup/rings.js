// Rings: the timer dial of the countdown and the recording, and Today's weekly rings (sessions
// against the goal, average score, best score). Pure: picture trees (svg.js) and their arithmetic.
import { el, r1 } from "./svg.js";

/** The stroke-dasharray/-offset that fill `fraction` (0…1) of a circle of radius `radius`. */
export function arc(fraction, radius) {
  const length = 2 * Math.PI * radius;
  const shown = Math.max(0, Math.min(1, Number.isFinite(fraction) ? fraction : 0));
  return { dasharray: r1(length), dashoffset: r1(length * (1 - shown)) };
}

/**
 * A dial: a track and an arc `fraction` full, starting at 12 o'clock, coloured by `phase` (class
 * `dial-<phase>`); `ids` name the arc and the centre text so a clock can update them in place.
 */
export function dial({ fraction = 0, text = "", phase = "calm", ids = {}, label = "" } = {}) {
  const radius = 88;
  const { dasharray, dashoffset } = arc(fraction, radius);
  return el("svg", { class: `dial dial-${phase}`, id: ids.svg, viewBox: "0 0 200 200", role: "img", "aria-label": label },
    el("circle", { class: "dial-track", cx: 100, cy: 100, r: radius }),
    el("circle", { class: "dial-arc", id: ids.arc, cx: 100, cy: 100, r: radius, "stroke-dasharray": dasharray, "stroke-dashoffset": dashoffset,
      transform: "rotate(-90 100 100)" }),
    text !== null ? el("text", { class: "dial-text", id: ids.text, x: 100, y: 100, "text-anchor": "middle", "dominant-baseline": "central" }, text) : null);
}

/**
 * Concentric rings, outermost first: [{fraction, className, label}]. The label of each says what
 * it measures for a screen reader; the numbers are shown beside the picture, not in it.
 */
export function ringStack(rings, { label = "" } = {}) {
  return el("svg", { class: "ring-stack", viewBox: "0 0 120 120", role: "img", "aria-label": label },
    rings.map((ring, index) => {
      const radius = 52 - index * 14;
      const { dasharray, dashoffset } = arc(ring.fraction, radius);
      return [
        el("circle", { class: "ring-track", cx: 60, cy: 60, r: radius }),
        el("circle", { class: `ring-arc ${ring.className ?? ""}`.trim(), cx: 60, cy: 60, r: radius, "stroke-dasharray": dasharray,
          "stroke-dashoffset": dashoffset, transform: "rotate(-90 60 60)" }),
      ];
    }));
}
