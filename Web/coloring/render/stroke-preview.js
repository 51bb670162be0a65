// Strokes previewed while the finger moves: the page's own part of the renderer (the server only
// ever paints finished strokes), built from the brush painter's pieces.
import { PATTERNS, paintStroke, pathMask, solidTexture, steps } from "./brush-painter.js";
import { erasePixel, paintPixel, scale } from "./raster.js";
import { Scatter } from "./texture.js";

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
