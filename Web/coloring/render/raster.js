// Pictures and their blending (Raster.swift's Raster and Blend, RGBA.swift's hex colours): a
// picture is {width, height, pixels: Uint8Array RGBA}; paint layers hold premultiplied colour.

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
export const scale = (value, factor) => ((value * factor + 127) / 255) | 0;

export function premultiplied(c) { return { r: scale(c.r, c.a), g: scale(c.g, c.a), b: scale(c.b, c.a), a: c.a }; }

/** `#rrggbb` → {r, g, b, a: 255}. */
export function color(hex) {
  const value = parseInt(hex.slice(1), 16);
  return { r: value >> 16, g: (value >> 8) & 255, b: value & 255, a: 255 };
}

export function paintPixel(p, i, c, alpha) {
  if (alpha <= 0) return;
  const keep = 255 - alpha;
  p[i] = scale(c.r, alpha) + scale(p[i], keep);
  p[i + 1] = scale(c.g, alpha) + scale(p[i + 1], keep);
  p[i + 2] = scale(c.b, alpha) + scale(p[i + 2], keep);
  p[i + 3] = alpha + scale(p[i + 3], keep);
}

export function erasePixel(p, i, alpha) {
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
