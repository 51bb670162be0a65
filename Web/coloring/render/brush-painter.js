// Brushes (BrushPainter.swift): solid brushes lay one mask along the path with their texture,
// pattern brushes place shapes at even steps along it, and the eraser takes paint away.
import { Mask } from "./coverage-mask.js";
import { scale } from "./raster.js";
import { Scatter, grain } from "./texture.js";

const PETALS = [[0, -1], [0.9510565162951535, -0.30901699437494745], [0.5877852522924732, 0.8090169943749473],
  [-0.5877852522924729, 0.8090169943749476], [-0.9510565162951536, -0.30901699437494734]];
const FLOWER_MIDDLE = { r: 255, g: 212, b: 0, a: 255 };
const CONFETTI = [[237, 10, 63], [255, 136, 51], [251, 232, 112], [58, 166, 85], [0, 149, 183], [131, 89, 163]].map(([r, g, b]) => ({ r, g, b, a: 255 }));
const TWINKLE = { r: 255, g: 255, b: 255, a: 235 };

/** Points every `spacing` along the path, starting at its first point. */
export function steps(points, spacing) {
  if (!points.length || spacing <= 0) return [];
  const found = [points[0]];
  let carried = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1], b = points[i];
    const dx = b.x - a.x, dy = b.y - a.y, length = Math.sqrt(dx * dx + dy * dy);
    if (length <= 0) continue;
    let along = spacing - carried;
    while (along <= length) {
      found.push({ x: a.x + (dx * along) / length, y: a.y + (dy * along) / length });
      along += spacing;
    }
    carried = length - (along - spacing);
  }
  return found;
}

/** One mask along the whole path (a disc for a single point). */
export function pathMask(points, radius, layer) {
  const xs = points.map((p) => p.x), ys = points.map((p) => p.y);
  const mask = new Mask(Math.min(...xs) - radius, Math.min(...ys) - radius, Math.max(...xs) + radius, Math.max(...ys) + radius, layer.width, layer.height);
  if (points.length === 1) mask.disc(points[0], radius);
  for (let i = 1; i < points.length; i++) mask.capsule(points[i - 1], points[i], radius);
  return mask;
}

const around = (centre, radius, layer) => new Mask(centre.x - radius, centre.y - radius, centre.x + radius, centre.y + radius, layer.width, layer.height);

/** Pattern brushes' items and their spacing; `scatter` is the stroke's repeatable randomness. */
export const PATTERNS = {
  hearts: { spacing: (size) => size * 1.1, paint(layer, c, centre, size) { const m = around(centre, size / 2, layer); m.heart(centre, size); m.paint(c, layer); } },
  dots: { spacing: (size) => size * 1.2, paint(layer, c, centre, size) { const m = around(centre, size / 2, layer); m.disc(centre, (size / 2) * 0.6); m.paint(c, layer); } },
  flowers: {
    spacing: (size) => size * 1.2,
    paint(layer, c, centre, size) {
      const radius = size / 2;
      const petals = around(centre, radius, layer);
      for (const [dx, dy] of PETALS) petals.disc({ x: centre.x + dx * radius * 0.5, y: centre.y + dy * radius * 0.5 }, radius * 0.32);
      petals.paint(c, layer);
      const middle = around(centre, radius, layer);
      middle.disc(centre, radius * 0.25);
      middle.paint(FLOWER_MIDDLE, layer);
    },
  },
  confetti: {
    spacing: (size) => Math.max(3, size * 0.45),
    paint(layer, c, centre, size, scatter) {
      const px = centre.x + (scatter.unit() - 0.5) * size;
      const py = centre.y + (scatter.unit() - 0.5) * size;
      const tall = (scatter.next() & 1) === 0;
      const [w, h] = tall ? [size / 6, size / 3] : [size / 3, size / 6];
      const mask = around({ x: px, y: py }, Math.max(w, h), layer);
      mask.box(px - w / 2, py - h / 2, px + w / 2, py + h / 2);
      const pick = scatter.next() % CONFETTI.length;
      mask.paint(scatter.next() % 3 === 0 ? c : CONFETTI[pick], layer);
    },
  },
};

/** Solid brushes: the alpha each pixel takes from its coverage (null: the eraser). */
export function solidTexture(brush, seed) {
  switch (brush) {
    case "crayon": return (x, y, alpha) => scale(alpha, grain(x, y, seed) < 64 ? 90 : 240);
    case "marker": return (x, y, alpha) => scale(alpha, 200);
    case "chalk": return (x, y, alpha) => scale(alpha, grain(x >> 1, y >> 1, seed) < 100 ? 50 : 225);
    case "sparkle": return (x, y, alpha) => scale(alpha, 220);
    default: return null;
  }
}

function twinkles(layer, points, size, seed) {
  const radius = size / 2, scatter = new Scatter(seed);
  for (const centre of steps(points, Math.max(4, size * 0.8))) {
    const arm = radius * (0.5 + 0.5 * scatter.unit());
    const sx = centre.x + (scatter.unit() - 0.5) * radius;
    const sy = centre.y + (scatter.unit() - 0.5) * radius;
    const mask = new Mask(sx - arm, sy - arm, sx + arm, sy + arm, layer.width, layer.height);
    mask.capsule({ x: sx - arm, y: sy }, { x: sx + arm, y: sy }, 1);
    mask.capsule({ x: sx, y: sy - arm }, { x: sx, y: sy + arm }, 1);
    mask.paint(TWINKLE, layer);
  }
}

export function paintStroke(layer, { brush, color: c, size, points, seed }) {
  const pattern = PATTERNS[brush];
  if (pattern) {
    const scatter = new Scatter(seed);
    for (const centre of steps(points, pattern.spacing(size))) pattern.paint(layer, c, centre, size, scatter);
    return;
  }
  const mask = pathMask(points, size / 2, layer);
  if (brush === "eraser") mask.erase(layer); else mask.paint(c, layer, solidTexture(brush, seed));
  if (brush === "sparkle") twinkles(layer, points, size, seed);
}
