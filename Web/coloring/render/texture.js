// Repeatable randomness for brush textures and scatter (Texture.swift): 32-bit integer arithmetic
// only, so the page's numbers are the server's.

/** A hash of a pixel and a stroke's seed, 0…255. */
export function grain(x, y, seed) {
  let h = (Math.imul(x, 374761393) + Math.imul(y, 668265263) + Math.imul(seed, 2246822519 | 0)) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177) >>> 0;
  h = (h ^ (h >>> 16)) >>> 0;
  return h & 255;
}

/** xorshift32: the scatter of pattern brushes (confetti's colours and offsets, sparkles). */
export class Scatter {
  constructor(seed) { this.state = seed === 0 ? 0x9e3779b9 : seed >>> 0; }
  next() {
    let s = this.state;
    s ^= s << 13; s ^= s >>> 17; s ^= s << 5;
    this.state = s >>> 0;
    return this.state;
  }
  unit() { return this.next() / 4294967296; }
}
