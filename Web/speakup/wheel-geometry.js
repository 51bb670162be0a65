// The prompt wheel's geometry, pure: one segment per category (angles clockwise from the top, where
// the pointer is), a spin of 3–6 full turns plus a random angle over 2.5–4.5 s, and which segment
// ends under the pointer. node --test checks it; wheel.js draws it.
import { el, r1 } from "./svg.js";

export const SIZE = 320;
const C = SIZE / 2;
const R = SIZE / 2 - 6;

const point = (degrees, radius) => {
  const radians = ((degrees - 90) * Math.PI) / 180;
  return [r1(C + radius * Math.cos(radians)), r1(C + radius * Math.sin(radians))];
};

/** Each category's segment: its start and end angle, the middle, and the SVG path of the slice. */
export function wheelSegments(categories) {
  const count = categories.length;
  const width = count ? 360 / count : 360;
  return categories.map((category, index) => {
    const start = index * width;
    const end = start + width;
    const [x1, y1] = point(start, R);
    const [x2, y2] = point(end, R);
    const large = width > 180 ? 1 : 0;
    const path = count === 1
      ? `M${C},${C - R} A${R},${R} 0 1 1 ${C - 0.01},${C - R} Z`
      : `M${C},${C} L${x1},${y1} A${R},${R} 0 ${large} 1 ${x2},${y2} Z`;
    return { id: category.id, name: category.name, index, start, end, middle: start + width / 2, path };
  });
}

/** The segment under the top pointer once the wheel has turned `rotation` degrees clockwise. */
export function segmentAt(rotation, count) {
  if (!count) return -1;
  const angle = (((360 - (rotation % 360)) % 360) + 360) % 360;
  return Math.min(count - 1, Math.floor(angle / (360 / count)));
}

/**
 * A spin from `rotation`: 3–6 whole turns and a random angle that lands inside a segment (never on a
 * line between two), over 2.5–4.5 s. `random()` is in [0, 1).
 */
export function spinPlan(rotation, count, random = Math.random) {
  const width = 360 / Math.max(1, count);
  const turns = 3 + Math.floor(random() * 4);
  const target = Math.floor(random() * Math.max(1, count));
  const inside = width * (0.15 + 0.7 * random());
  // The wheel turned so that `target`'s angle `inside` sits at the top: rotation ≡ 360 − (start + inside).
  const wanted = (((360 - (target * width + inside)) % 360) + 360) % 360;
  const current = ((rotation % 360) + 360) % 360;
  const extra = ((wanted - current) % 360 + 360) % 360;
  const seconds = 2.5 + 2 * random();
  return { to: rotation + turns * 360 + extra, index: target, seconds: Math.round(seconds * 100) / 100 };
}

/** The wheel as a picture: the slices with their emoji or short names, and the hub. */
export function wheelPicture(segments, { label = "Prompt wheel", emoji = {} } = {}) {
  const text = (segment) => {
    const [x, y] = point(segment.middle, R * 0.66);
    const words = emoji[segment.id] ?? shortName(segment.name);
    return el("text", { class: "wheel-label", x, y, "text-anchor": "middle", "dominant-baseline": "middle",
      transform: `rotate(${r1(segment.middle > 180 ? segment.middle + 90 : segment.middle - 90)} ${x} ${y})` }, words);
  };
  return el("svg", { class: "wheel-svg", viewBox: `0 0 ${SIZE} ${SIZE}`, role: "img", "aria-label": label },
    el("g", { class: "wheel-turn", id: "wheel-turn" },
      segments.map((segment) => el("path", { class: `wheel-slice slice-${segment.index % 6}`, d: segment.path, "data-category": segment.id })),
      segments.map(text)),
    el("circle", { class: "wheel-hub", cx: C, cy: C, r: 22 }));
}

/** A category name short enough for its slice. */
export function shortName(name) {
  const first = String(name ?? "").split(/\s*[&,]\s*|\s+/)[0];
  return first.length > 11 ? `${first.slice(0, 10)}…` : first;
}
