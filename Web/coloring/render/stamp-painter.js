// Stamps (StampPainter.swift): a premultiplied picture scaled, turned and maybe mirrored onto the
// paint layer, sampled bilinearly.
import { scale } from "./raster.js";

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
