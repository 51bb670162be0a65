// The radar of sub-scores (the original's SubscoreRadarChart), drawn by us: one axis per sub-score
// the analysis could compute, rings at 25/50/75/100, the strongest and weakest axes marked. Pure:
// it returns a picture tree (svg.js) that node --test can measure.
import { DIMENSIONS } from "./format.js";
import { el, r1 } from "./svg.js";

export const WIDTH = 360;
export const HEIGHT = 300;
const CENTRE = { x: WIDTH / 2, y: HEIGHT / 2 };
const RADIUS = 95;
const LABEL_RADIUS = 112;

/** The axes present in `subscores` (numbers only), in the radar's order: {key, label, value}. */
export function axes(subscores = {}) {
  return DIMENSIONS.filter(([key]) => Number.isFinite(subscores?.[key]))
    .map(([key, label]) => ({ key, label, value: Math.max(0, Math.min(100, subscores[key])) }));
}

/** The point of `value` (0–100) on axis `index` of `count`, the first pointing straight up. */
export function pointOn(index, count, value, radius = RADIUS) {
  const angle = -Math.PI / 2 + (index * 2 * Math.PI) / count;
  const distance = (radius * value) / 100;
  return { x: r1(CENTRE.x + distance * Math.cos(angle)), y: r1(CENTRE.y + distance * Math.sin(angle)), cos: Math.cos(angle) };
}

/** The strongest and weakest axes' keys (null when all are level or there are fewer than two). */
export function extremes(list) {
  if (list.length < 2) return { strongest: null, weakest: null };
  const values = list.map((axis) => axis.value);
  if (Math.max(...values) === Math.min(...values)) return { strongest: null, weakest: null };
  const strongest = list.reduce((best, axis) => (axis.value > best.value ? axis : best));
  const weakest = list.reduce((worst, axis) => (axis.value < worst.value ? axis : worst));
  return { strongest: strongest.key, weakest: weakest.key };
}

const polygon = (points) => points.map((p) => `${p.x},${p.y}`).join(" ");

/**
 * The radar of `subscores` as a picture, or null with fewer than three axes (a radar needs an area).
 * `values: false` leaves the numbers off (Show & Tell).
 */
export function radar(subscores, { values = true, title = "Sub-scores" } = {}) {
  const list = axes(subscores);
  if (list.length < 3) return null;
  const { strongest, weakest } = extremes(list);
  const count = list.length;
  const rings = [25, 50, 75, 100].map((level) =>
    el("polygon", { class: "radar-ring", points: polygon(list.map((_, i) => pointOn(i, count, level))) }));
  const spokes = list.map((_, i) => {
    const end = pointOn(i, count, 100);
    return el("line", { class: "radar-spoke", x1: CENTRE.x, y1: CENTRE.y, x2: end.x, y2: end.y });
  });
  const shape = el("polygon", { class: "radar-area", points: polygon(list.map((axis, i) => pointOn(i, count, axis.value))) });
  const marks = list.map((axis, i) => {
    const at = pointOn(i, count, axis.value);
    const kind = axis.key === strongest ? " strongest" : axis.key === weakest ? " weakest" : "";
    return el("circle", { class: `radar-dot${kind}`, cx: at.x, cy: at.y, r: kind ? 5 : 3.5, "data-axis": axis.key });
  });
  const labels = list.map((axis, i) => {
    const at = pointOn(i, count, 100, LABEL_RADIUS);
    const anchor = at.cos > 0.3 ? "start" : at.cos < -0.3 ? "end" : "middle";
    const kind = axis.key === strongest ? " strongest" : axis.key === weakest ? " weakest" : "";
    return el("text", { class: `radar-label${kind}`, x: at.x, y: at.y, "text-anchor": anchor, "dominant-baseline": "middle" },
      el("tspan", {}, axis.label), values ? el("tspan", { class: "radar-value", x: at.x, dy: "1.15em" }, String(Math.round(axis.value))) : null);
  });
  const spoken = list.map((axis) => (values ? `${axis.label} ${Math.round(axis.value)}` : axis.label)).join(", ");
  const extra = [strongest && `strongest ${list.find((a) => a.key === strongest).label}`, weakest && `weakest ${list.find((a) => a.key === weakest).label}`]
    .filter(Boolean).join(", ");
  return el("svg", { class: "radar", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", "aria-label": `${title}: ${spoken}${extra ? `; ${extra}` : ""}` },
    rings, spokes, shape, marks, labels);
}
