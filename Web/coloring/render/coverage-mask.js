// Coverage masks (CoverageMask.swift): how much of each pixel a shape covers (0…255), measured at
// pixel centres with a one-pixel soft edge; shapes added to one mask keep the larger coverage, so
// a stroke's overlapping pieces don't darken.
import { erasePixel, paintPixel, scale } from "./raster.js";

const level = (coverage) => (coverage <= 0 ? 0 : coverage >= 1 ? 255 : Math.round(coverage * 255));

/** A mask over a box of the picture (clipped to it). */
export class Mask {
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
