// Coloring Fun's renderer in the page: the same arithmetic as the server's `Coloring` module
// (Sources/Coloring), so what the child sees is what the server exports. Pictures are
// {width, height, pixels: Uint8Array RGBA}; paint layers hold premultiplied colour.

// MARK: - Pictures and blending

export function raster(width, height, color = null) {
  const pixels = new Uint8Array(width * height * 4);
  if (color && color.a > 0) {
    const p = premultiplied(color);
    for (let i = 0; i < pixels.length; i += 4) { pixels[i] = p.r; pixels[i + 1] = p.g; pixels[i + 2] = p.b; pixels[i + 3] = p.a; }
  }
  return { width, height, pixels };
}

export const copy = (picture) => ({ width: picture.width, height: picture.height, pixels: picture.pixels.slice() });

/** value × factor / 255, rounded (both 0…255). */
const scale = (value, factor) => ((value * factor + 127) / 255) | 0;

export function premultiplied(c) { return { r: scale(c.r, c.a), g: scale(c.g, c.a), b: scale(c.b, c.a), a: c.a }; }

/** `#rrggbb` → {r, g, b, a: 255}. */
export function color(hex) {
  const value = parseInt(hex.slice(1), 16);
  return { r: value >> 16, g: (value >> 8) & 255, b: value & 255, a: 255 };
}

function paintPixel(p, i, c, alpha) {
  if (alpha <= 0) return;
  const keep = 255 - alpha;
  p[i] = scale(c.r, alpha) + scale(p[i], keep);
  p[i + 1] = scale(c.g, alpha) + scale(p[i + 1], keep);
  p[i + 2] = scale(c.b, alpha) + scale(p[i + 2], keep);
  p[i + 3] = alpha + scale(p[i + 3], keep);
}

function erasePixel(p, i, alpha) {
  if (alpha <= 0) return;
  const keep = 255 - alpha;
  p[i] = scale(p[i], keep); p[i + 1] = scale(p[i + 1], keep); p[i + 2] = scale(p[i + 2], keep); p[i + 3] = scale(p[i + 3], keep);
}

/** `top` (premultiplied) laid over `below`, as a new picture. */
export function composited(top, below) {
  const out = below.pixels.slice();
  const t = top.pixels;
  for (let i = 0; i < t.length; i += 4) {
    const keep = 255 - t[i + 3];
    out[i] = t[i] + scale(out[i], keep); out[i + 1] = t[i + 1] + scale(out[i + 1], keep);
    out[i + 2] = t[i + 2] + scale(out[i + 2], keep); out[i + 3] = t[i + 3] + scale(out[i + 3], keep);
  }
  return { width: below.width, height: below.height, pixels: out };
}

// MARK: - Repeatable randomness (32-bit integer arithmetic, as Texture.swift)

export function grain(x, y, seed) {
  let h = (Math.imul(x, 374761393) + Math.imul(y, 668265263) + Math.imul(seed, 2246822519 | 0)) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177) >>> 0;
  h = (h ^ (h >>> 16)) >>> 0;
  return h & 255;
}

class Scatter {
  constructor(seed) { this.state = seed === 0 ? 0x9e3779b9 : seed >>> 0; }
  next() {
    let s = this.state;
    s ^= s << 13; s ^= s >>> 17; s ^= s << 5;
    this.state = s >>> 0;
    return this.state;
  }
  unit() { return this.next() / 4294967296; }
}

// MARK: - Coverage masks (CoverageMask.swift)

const level = (coverage) => (coverage <= 0 ? 0 : coverage >= 1 ? 255 : Math.round(coverage * 255));

class Mask {
  constructor(minX, minY, maxX, maxY, width, height) {
    const left = Math.max(0, Math.floor(minX - 1)), top = Math.max(0, Math.floor(minY - 1));
    const right = Math.min(width - 1, Math.ceil(maxX + 1)), bottom = Math.min(height - 1, Math.ceil(maxY + 1));
    this.x0 = left; this.y0 = top;
    this.width = Math.max(0, right - left + 1); this.height = Math.max(0, bottom - top + 1);
    this.values = new Uint8Array(this.width * this.height);
  }

  add(minX, minY, maxX, maxY, coverage) {
    const left = Math.max(this.x0, Math.floor(minX - 1)), right = Math.min(this.x0 + this.width - 1, Math.ceil(maxX + 1));
    const top = Math.max(this.y0, Math.floor(minY - 1)), bottom = Math.min(this.y0 + this.height - 1, Math.ceil(maxY + 1));
    if (left > right || top > bottom) return;
    const v = this.values;
    for (let y = top; y <= bottom; y++) {
      const py = y + 0.5, row = (y - this.y0) * this.width - this.x0;
      for (let x = left; x <= right; x++) {
        const value = level(coverage(x + 0.5, py));
        if (value > v[row + x]) v[row + x] = value;
      }
    }
  }

  capsule(a, b, radius) {
    const dx = b.x - a.x, dy = b.y - a.y, lengthSquared = dx * dx + dy * dy;
    this.add(Math.min(a.x, b.x) - radius, Math.min(a.y, b.y) - radius, Math.max(a.x, b.x) + radius, Math.max(a.y, b.y) + radius, (px, py) => {
      let t = lengthSquared > 0 ? ((px - a.x) * dx + (py - a.y) * dy) / lengthSquared : 0;
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      const ex = px - (a.x + t * dx), ey = py - (a.y + t * dy);
      return radius + 0.5 - Math.sqrt(ex * ex + ey * ey);
    });
  }

  disc(centre, radius) { this.capsule(centre, centre, radius); }

  box(minX, minY, maxX, maxY) {
    this.add(minX, minY, maxX, maxY, (px, py) => {
      const overlapX = Math.min(px + 0.5, maxX) - Math.max(px - 0.5, minX);
      const overlapY = Math.min(py + 0.5, maxY) - Math.max(py - 0.5, minY);
      return overlapX <= 0 || overlapY <= 0 ? 0 : Math.min(1, overlapX) * Math.min(1, overlapY);
    });
  }

  ellipse(minX, minY, maxX, maxY, filled, thickness) {
    const cx = (minX + maxX) / 2, cy = (minY + maxY) / 2;
    const a = Math.max(0.5, (maxX - minX) / 2), b = Math.max(0.5, (maxY - minY) / 2);
    const pad = filled ? 0 : thickness / 2;
    this.add(minX - pad, minY - pad, maxX + pad, maxY + pad, (px, py) => {
      const nx = (px - cx) / a, ny = (py - cy) / b;
      const signed = (Math.sqrt(nx * nx + ny * ny) - 1) * Math.min(a, b);
      return filled ? 0.5 - signed : thickness / 2 + 0.5 - Math.abs(signed);
    });
  }

  polygon(points) {
    if (points.length < 3) return;
    const xs = points.map((p) => p.x), ys = points.map((p) => p.y);
    this.add(Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys), (px, py) => {
      let inside = 0;
      for (const [sx, sy] of SAMPLES) if (contains(points, px + sx, py + sy)) inside += 1;
      return inside / 4;
    });
  }

  heart(centre, size) {
    const half = size / 2;
    this.add(centre.x - half, centre.y - half, centre.x + half, centre.y + half, (px, py) => {
      let inside = 0;
      for (const [sx, sy] of SAMPLES) {
        const x = ((px + sx - centre.x) / half) * 1.25, y = (-(py + sy - centre.y) / half) * 1.25 + 0.2;
        const q = x * x + y * y - 1;
        if (q * q * q - x * x * y * y * y <= 0) inside += 1;
      }
      return inside / 4;
    });
  }

  paint(c, layer, texture = null) {
    const p = layer.pixels, v = this.values;
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        const coverage = v[y * this.width + x];
        if (coverage === 0) continue;
        const base = scale(coverage, c.a);
        const alpha = texture ? texture(this.x0 + x, this.y0 + y, base) : base;
        paintPixel(p, ((this.y0 + y) * layer.width + this.x0 + x) * 4, c, alpha);
      }
    }
  }

  erase(layer) {
    const p = layer.pixels, v = this.values;
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) erasePixel(p, ((this.y0 + y) * layer.width + this.x0 + x) * 4, v[y * this.width + x]);
    }
  }
}

const SAMPLES = [[-0.25, -0.25], [0.25, -0.25], [-0.25, 0.25], [0.25, 0.25]];

function contains(polygon, x, y) {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i], b = polygon[j];
    if ((a.y > y) !== (b.y > y) && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

// MARK: - Brushes (BrushPainter.swift)

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

function pathMask(points, radius, layer) {
  const xs = points.map((p) => p.x), ys = points.map((p) => p.y);
  const mask = new Mask(Math.min(...xs) - radius, Math.min(...ys) - radius, Math.max(...xs) + radius, Math.max(...ys) + radius, layer.width, layer.height);
  if (points.length === 1) mask.disc(points[0], radius);
  for (let i = 1; i < points.length; i++) mask.capsule(points[i - 1], points[i], radius);
  return mask;
}

const around = (centre, radius, layer) => new Mask(centre.x - radius, centre.y - radius, centre.x + radius, centre.y + radius, layer.width, layer.height);

/** Pattern brushes' items and their spacing; `scatter` is the stroke's repeatable randomness. */
const PATTERNS = {
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
function solidTexture(brush, seed) {
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

/**
 * A stroke drawn while the finger moves: only what the newest points change is painted, from
 * `base` (the layer before the stroke). `finish()` paints the whole stroke exactly as the server does.
 */
export class StrokePreview {
  constructor(layer, base, stroke) {
    this.layer = layer; this.base = base; this.stroke = stroke;
    this.pattern = PATTERNS[stroke.brush];
    this.scatter = new Scatter(stroke.seed);
    this.items = 0;
    this.coverage = this.pattern ? null : new Uint8Array(layer.width * layer.height);
    this.texture = solidTexture(stroke.brush, stroke.seed);
    this.painted = 0;  // points already drawn
  }

  /** Paints what the points added since the last call change; returns the changed box or null. */
  extend() {
    const { points, size } = this.stroke, { layer } = this;
    if (this.painted >= points.length) return null;
    const from = Math.max(0, this.painted - 1);
    this.painted = points.length;
    if (this.pattern) {
      const centres = steps(points, this.pattern.spacing(size));
      if (centres.length <= this.items) return null;
      const fresh = centres.slice(this.items);
      this.items = centres.length;
      for (const centre of fresh) this.pattern.paint(layer, this.stroke.color, centre, size, this.scatter);
      return boxAround(fresh, size);
    }
    const radius = size / 2, fresh = points.slice(from);
    const mask = pathMask(fresh, radius, layer);
    const { width } = layer, cov = this.coverage, base = this.base.pixels, out = layer.pixels;
    for (let y = 0; y < mask.height; y++) {
      for (let x = 0; x < mask.width; x++) {
        const value = mask.values[y * mask.width + x];
        const index = (mask.y0 + y) * width + mask.x0 + x;
        if (value <= cov[index]) continue;
        cov[index] = value;
        const i = index * 4;
        out[i] = base[i]; out[i + 1] = base[i + 1]; out[i + 2] = base[i + 2]; out[i + 3] = base[i + 3];
        if (this.texture) paintPixel(out, i, this.stroke.color, this.texture(mask.x0 + x, mask.y0 + y, scale(value, this.stroke.color.a)));
        else erasePixel(out, i, value);
      }
    }
    return { x0: mask.x0, y0: mask.y0, x1: mask.x0 + mask.width - 1, y1: mask.y0 + mask.height - 1 };
  }

  /** The whole stroke, exactly (sparkle's twinkles and all), from the layer before it. */
  finish() {
    this.layer.pixels.set(this.base.pixels);
    paintStroke(this.layer, this.stroke);
  }
}

function boxAround(centres, size) {
  const xs = centres.map((c) => c.x), ys = centres.map((c) => c.y);
  return { x0: Math.floor(Math.min(...xs) - size), y0: Math.floor(Math.min(...ys) - size), x1: Math.ceil(Math.max(...xs) + size), y1: Math.ceil(Math.max(...ys) + size) };
}

// MARK: - Shapes (ShapePainter.swift)

const STAR = [[0, -1], [0.22451398828979272, -0.30901699437494745], [0.9510565162951535, -0.30901699437494745],
  [0.3632712640026804, 0.11803398874989484], [0.5877852522924732, 0.8090169943749473], [0, 0.382],
  [-0.5877852522924729, 0.8090169943749476], [-0.36327126400268045, 0.1180339887498949],
  [-0.9510565162951536, -0.30901699437494734], [-0.22451398828979283, -0.3090169943749474]];

export function paintShape(layer, { shape, from, to, color: c, size, filled }) {
  const radius = size / 2;
  const minX = Math.min(from.x, to.x), maxX = Math.max(from.x, to.x), minY = Math.min(from.y, to.y), maxY = Math.max(from.y, to.y);
  const mask = new Mask(minX - radius, minY - radius, maxX + radius, maxY + radius, layer.width, layer.height);
  const outline = (corners) => corners.forEach((corner, i) => mask.capsule(corner, corners[(i + 1) % corners.length], radius));
  if (shape === "line") mask.capsule(from, to, radius);
  else if (shape === "rectangle") {
    if (filled) mask.box(minX, minY, maxX, maxY);
    else outline([{ x: minX, y: minY }, { x: maxX, y: minY }, { x: maxX, y: maxY }, { x: minX, y: maxY }]);
  } else if (shape === "circle") mask.ellipse(minX, minY, maxX, maxY, filled, size);
  else if (shape === "star") {
    const cx = (minX + maxX) / 2, cy = (minY + maxY) / 2, a = (maxX - minX) / 2, b = (maxY - minY) / 2;
    const corners = STAR.map(([ux, uy]) => ({ x: cx + ux * a, y: cy + uy * b }));
    if (filled) mask.polygon(corners); else outline(corners);
  }
  mask.paint(c, layer);
}

// MARK: - Fill bucket (FloodFill.swift)

export const DEFAULT_TOLERANCE = 48;

/** The region joined to (x, y) within `tolerance` on every channel, one flag a pixel; null off the picture. */
export function region(picture, x, y, tolerance) {
  const { width, height, pixels: p } = picture;
  if (x < 0 || y < 0 || x >= width || y >= height) return null;
  const inside = new Uint8Array(width * height);
  const seed = (y * width + x) * 4;
  const r = p[seed], g = p[seed + 1], b = p[seed + 2], a = p[seed + 3];
  const matches = (index) => {
    const i = index * 4;
    return Math.abs(p[i] - r) <= tolerance && Math.abs(p[i + 1] - g) <= tolerance && Math.abs(p[i + 2] - b) <= tolerance && Math.abs(p[i + 3] - a) <= tolerance;
  };
  const stack = [x, y];
  while (stack.length) {
    const sy = stack.pop(), sx = stack.pop();
    const row = sy * width;
    if (inside[row + sx]) continue;
    let left = sx, right = sx;
    while (left > 0 && !inside[row + left - 1] && matches(row + left - 1)) left--;
    while (right < width - 1 && !inside[row + right + 1] && matches(row + right + 1)) right++;
    inside.fill(1, row + left, row + right + 1);
    for (const ny of [sy - 1, sy + 1]) {
      if (ny < 0 || ny >= height) continue;
      const nrow = ny * width;
      let index = left;
      while (index <= right) {
        if (!inside[nrow + index] && matches(nrow + index)) {
          stack.push(index, ny);
          while (index <= right && !inside[nrow + index] && matches(nrow + index)) index++;
        } else index++;
      }
    }
  }
  return inside;
}

function withRim(inside, width, height) {
  const grown = inside.slice();
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (inside[row + x]) continue;
      if ((x > 0 && inside[row + x - 1]) || (x < width - 1 && inside[row + x + 1]) || (y > 0 && inside[row + x - width]) || (y < height - 1 && inside[row + x + width])) grown[row + x] = 1;
    }
  }
  return grown;
}

/** Fills the region found in `seen` (what the child sees) on the paint layer. */
export function fill(layer, seen, x, y, c, tolerance) {
  const inside = region(seen, x, y, tolerance);
  if (!inside) return;
  const painted = withRim(inside, seen.width, seen.height);
  const p = layer.pixels;
  for (let i = 0; i < painted.length; i++) {
    if (!painted[i]) continue;
    p[i * 4] = c.r; p[i * 4 + 1] = c.g; p[i * 4 + 2] = c.b; p[i * 4 + 3] = 255;
  }
}

// MARK: - Stamps (StampPainter.swift)

export function paintStamp(layer, image, { at, size, rotation, flipped }) {
  const reach = size * 0.7072;
  const left = Math.max(0, Math.floor(at.x - reach)), right = Math.min(layer.width - 1, Math.ceil(at.x + reach));
  const top = Math.max(0, Math.floor(at.y - reach)), bottom = Math.min(layer.height - 1, Math.ceil(at.y + reach));
  const angle = (rotation * Math.PI) / 180, cosine = Math.cos(angle), sine = Math.sin(angle);
  const factor = Math.max(image.width, image.height) / size;
  const out = layer.pixels;
  for (let y = top; y <= bottom; y++) {
    for (let x = left; x <= right; x++) {
      const vx = x + 0.5 - at.x, vy = y + 0.5 - at.y;
      let ux = vx * cosine + vy * sine;
      const uy = -vx * sine + vy * cosine;
      if (flipped) ux = -ux;
      const s = bilinear(image, ux * factor + image.width / 2 - 0.5, uy * factor + image.height / 2 - 0.5);
      if (s[3] <= 0) continue;
      const i = (y * layer.width + x) * 4, keep = 255 - s[3];
      out[i] = Math.min(255, s[0] + scale(out[i], keep)); out[i + 1] = Math.min(255, s[1] + scale(out[i + 1], keep));
      out[i + 2] = Math.min(255, s[2] + scale(out[i + 2], keep)); out[i + 3] = Math.min(255, s[3] + scale(out[i + 3], keep));
    }
  }
}

function bilinear(image, sx, sy) {
  const sums = [0, 0, 0, 0];
  if (!(sx > -1 && sy > -1 && sx < image.width && sy < image.height)) return sums;
  const x0 = Math.floor(sx), y0 = Math.floor(sy), fx = sx - x0, fy = sy - y0;
  for (const [dx, dy, weight] of [[0, 0, (1 - fx) * (1 - fy)], [1, 0, fx * (1 - fy)], [0, 1, (1 - fx) * fy], [1, 1, fx * fy]]) {
    const x = x0 + dx, y = y0 + dy;
    if (!(weight > 0) || x < 0 || y < 0 || x >= image.width || y >= image.height) continue;
    const i = (y * image.width + x) * 4;
    for (let k = 0; k < 4; k++) sums[k] += image.pixels[i + k] * weight;
  }
  return sums.map(Math.round);
}

// MARK: - Replaying a drawing (DrawingRenderer.swift)

/** Decodes one action of the document's JSON into the painters' form. */
export function decodeAction(action) {
  const point = (pair) => ({ x: pair[0], y: pair[1] });
  switch (action.type) {
    case "stroke": {
      const points = [];
      for (let i = 0; i < action.points.length; i += 2) points.push({ x: action.points[i], y: action.points[i + 1] });
      return { type: "stroke", brush: action.brush, color: color(action.color), size: action.size, points, seed: action.seed ?? 0 };
    }
    case "shape": return { type: "shape", shape: action.shape, from: point(action.from), to: point(action.to), color: color(action.color), size: action.size, filled: !!action.filled };
    case "stamp": return { type: "stamp", emoji: action.emoji, at: point(action.at), size: action.size, rotation: action.rotation ?? 0, flipped: !!action.flipped };
    case "fill": return { type: "fill", at: point(action.at), color: color(action.color), tolerance: action.tolerance ?? DEFAULT_TOLERANCE };
    case "background": return { type: "background", color: color(action.color) };
    default: return { type: "clear" };
  }
}

/**
 * Applies one decoded action to `state` ({layer, background}); `outline` is the page's line-art
 * layer (or null) and `stamps` maps an emoji to its premultiplied picture.
 */
export function apply(state, action, { outline = null, stamps = new Map() } = {}) {
  const { layer } = state;
  switch (action.type) {
    case "stroke": paintStroke(layer, action); break;
    case "shape": paintShape(layer, action); break;
    case "stamp": { const image = stamps.get(action.emoji); if (image) paintStamp(layer, image, action); break; }
    case "fill": {
      let seen = composited(layer, raster(layer.width, layer.height, state.background));
      if (outline) seen = composited(outline, seen);
      fill(layer, seen, Math.floor(action.at.x), Math.floor(action.at.y), action.color, action.tolerance);
      break;
    }
    case "background": state.background = action.color; break;
    case "clear": layer.pixels.fill(0); break;
  }
}

/** The page's outline layer from its actions. */
export function outlineLayer(actions, width, height) {
  const state = { layer: raster(width, height), background: { r: 255, g: 255, b: 255, a: 255 } };
  for (const action of actions) apply(state, decodeAction(action));
  return state.layer;
}

/**
 * Writes the finished picture's pixels inside `box` ({x0, y0, x1, y1}, inclusive; the whole
 * picture when null) into `out` (RGBA, the picture's size): the same sums as `picture`, for the
 * part a stroke just changed.
 */
export function drawInto(out, { layer, background }, outline, box = null) {
  const { width, height } = layer;
  const x0 = Math.max(0, box?.x0 ?? 0), y0 = Math.max(0, box?.y0 ?? 0);
  const x1 = Math.min(width - 1, box?.x1 ?? width - 1), y1 = Math.min(height - 1, box?.y1 ?? height - 1);
  const p = layer.pixels, o = outline?.pixels, bg = [background.r, background.g, background.b];
  for (let y = y0; y <= y1; y++) {
    for (let i = (y * width + x0) * 4, end = (y * width + x1) * 4; i <= end; i += 4) {
      const keep = 255 - p[i + 3];
      for (let k = 0; k < 3; k++) {
        const painted = p[i + k] + scale(bg[k], keep);
        out[i + k] = o ? o[i + k] + scale(painted, 255 - o[i + 3]) : painted;
      }
      out[i + 3] = 255;
    }
  }
}

/** The finished picture: paint over the paper, the outline on top. */
export function picture(state, outline) {
  const painted = composited(state.layer, raster(state.layer.width, state.layer.height, state.background));
  return outline ? composited(outline, painted) : painted;
}
