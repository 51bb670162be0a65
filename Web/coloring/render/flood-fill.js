// The fill bucket (FloodFill.swift): a scanline flood fill that looks at what the child sees
// (paper, paint and outline) and paints the region, grown by one pixel, on the paint layer.

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

/** Grows a region by one pixel in the four directions. */
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
