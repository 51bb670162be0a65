// QR code encoder (ISO/IEC 18004), written for this project: byte mode (UTF-8), versions 1–10,
// error correction L/M/Q/H. qrMatrix() gives the modules; qrSvg() draws them with attributes only
// (the Content-Security-Policy forbids inline styles), qrSvgMarkup() gives the same SVG as text.

const SVG_NS = "http://www.w3.org/2000/svg";
const MAX_VERSION = 10;

// The two format-information bits of each error correction level.
const ECC_BITS = { L: 0b01, M: 0b00, Q: 0b11, H: 0b10 };

// Block layout per level, for versions 1–10: [error correction codewords per block,
// blocks in group 1, data codewords per group-1 block, blocks in group 2 (one data codeword more each)].
const BLOCKS = {
  L: [[7, 1, 19, 0], [10, 1, 34, 0], [15, 1, 55, 0], [20, 1, 80, 0], [26, 1, 108, 0],
    [18, 2, 68, 0], [20, 2, 78, 0], [24, 2, 97, 0], [30, 2, 116, 0], [18, 2, 68, 2]],
  M: [[10, 1, 16, 0], [16, 1, 28, 0], [26, 1, 44, 0], [18, 2, 32, 0], [24, 2, 43, 0],
    [16, 4, 27, 0], [18, 4, 31, 0], [22, 2, 38, 2], [22, 3, 36, 2], [26, 4, 43, 1]],
  Q: [[13, 1, 13, 0], [22, 1, 22, 0], [18, 2, 17, 0], [26, 2, 24, 0], [18, 2, 15, 2],
    [24, 4, 19, 0], [18, 2, 14, 4], [22, 4, 18, 2], [20, 4, 16, 4], [24, 6, 19, 2]],
  H: [[17, 1, 9, 0], [28, 1, 16, 0], [22, 2, 13, 0], [16, 4, 9, 0], [22, 2, 11, 2],
    [28, 4, 15, 0], [26, 4, 13, 1], [26, 4, 14, 2], [24, 4, 12, 4], [28, 6, 15, 2]],
};

// Row/column centres of the alignment patterns, for versions 1–10.
const ALIGNMENT = [[], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50]];

// --- Capacity: how many bytes fit, and the smallest version that holds the text ---

function blockLayout(version, ecc) {
  const [ecPerBlock, group1, dataPerBlock, group2] = BLOCKS[ecc][version - 1];
  const dataLengths = [...Array(group1).fill(dataPerBlock), ...Array(group2).fill(dataPerBlock + 1)];
  return { ecPerBlock, dataLengths, dataCodewords: dataLengths.reduce((sum, length) => sum + length, 0) };
}

/** Bits of the byte-mode character count: 8 up to version 9, 16 from version 10. */
const countBits = (version) => (version <= 9 ? 8 : 16);

function capacityBytes(version, ecc) {
  return Math.floor((blockLayout(version, ecc).dataCodewords * 8 - 4 - countBits(version)) / 8);
}

function chooseVersion(byteCount, ecc) {
  for (let version = 1; version <= MAX_VERSION; version++) {
    if (byteCount <= capacityBytes(version, ecc)) return version;
  }
  throw new Error(`QR code: the text is too long (${byteCount} bytes in UTF-8; at most ` +
    `${capacityBytes(MAX_VERSION, ecc)} fit in version ${MAX_VERSION} with error correction ${ecc})`);
}

// --- Data codewords: mode, length, bytes, terminator, padding ---

function dataCodewords(bytes, version, ecc) {
  const capacity = blockLayout(version, ecc).dataCodewords * 8;
  const bits = [];
  const put = (value, length) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4); // byte mode
  put(bytes.length, countBits(version));
  for (const byte of bytes) put(byte, 8);
  put(0, Math.min(4, capacity - bits.length)); // terminator
  put(0, (8 - (bits.length % 8)) % 8); // up to a byte boundary
  const codewords = [];
  for (let i = 0; i < bits.length; i += 8) codewords.push(bits.slice(i, i + 8).reduce((byte, bit) => byte * 2 + bit, 0));
  for (let pad = 0xec; codewords.length < capacity / 8; pad ^= 0xec ^ 0x11) codewords.push(pad);
  return codewords;
}

// --- Reed–Solomon over GF(256), primitive polynomial x^8 + x^4 + x^3 + x^2 + 1 (0x11d) ---

const EXP = new Uint8Array(510);
const LOG = new Uint8Array(256);
for (let i = 0, x = 1; i < 255; i++, x = (x << 1) ^ (x & 0x80 ? 0x11d : 0)) {
  EXP[i] = EXP[i + 255] = x;
  LOG[x] = i;
}

function gfMultiply(a, b) {
  return a && b ? EXP[LOG[a] + LOG[b]] : 0;
}

/** (x − α^0)(x − α^1)…(x − α^(degree−1)), coefficients from the highest power down. */
function rsGenerator(degree) {
  let poly = [1];
  for (let i = 0; i < degree; i++) {
    const next = [...poly, 0];
    for (let j = 0; j < poly.length; j++) next[j + 1] ^= gfMultiply(poly[j], EXP[i]);
    poly = next;
  }
  return poly;
}

/** The error correction codewords: data · x^degree modulo the generator. */
function rsRemainder(data, generator) {
  const remainder = new Array(generator.length - 1).fill(0);
  for (const codeword of data) {
    const factor = codeword ^ remainder.shift();
    remainder.push(0);
    for (let i = 0; i < remainder.length; i++) remainder[i] ^= gfMultiply(generator[i + 1], factor);
  }
  return remainder;
}

// --- Blocks: split the data, add error correction to each block, interleave ---

function interleave(codewords, version, ecc) {
  const { ecPerBlock, dataLengths } = blockLayout(version, ecc);
  const generator = rsGenerator(ecPerBlock);
  let offset = 0;
  const blocks = dataLengths.map((length) => {
    const data = codewords.slice(offset, (offset += length));
    return { data, ec: rsRemainder(data, generator) };
  });
  const result = [];
  for (let i = 0; i < Math.max(...dataLengths); i++) {
    for (const block of blocks) if (i < block.data.length) result.push(block.data[i]);
  }
  for (let i = 0; i < ecPerBlock; i++) for (const block of blocks) result.push(block.ec[i]);
  return result;
}

// --- Function patterns: finders with separators, timing, alignment, version, format area ---

function newGrid(size) {
  const rows = () => Array.from({ length: size }, () => new Array(size).fill(false));
  return { size, dark: rows(), reserved: rows() };
}

function setFunction(grid, x, y, dark) {
  grid.dark[y][x] = dark;
  grid.reserved[y][x] = true;
}

/** A square pattern centred on (cx, cy): `isDark(ring)` by distance from the centre, up to `radius`. */
function drawSquare(grid, cx, cy, radius, isDark) {
  for (let dy = -radius; dy <= radius; dy++) {
    for (let dx = -radius; dx <= radius; dx++) {
      const x = cx + dx, y = cy + dy;
      if (x >= 0 && y >= 0 && x < grid.size && y < grid.size) setFunction(grid, x, y, isDark(Math.max(Math.abs(dx), Math.abs(dy))));
    }
  }
}

function drawFunctionPatterns(grid, version) {
  const last = grid.size - 1;
  for (let i = 0; i < grid.size; i++) {
    setFunction(grid, 6, i, i % 2 === 0); // timing patterns (the finders draw over their ends)
    setFunction(grid, i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [[3, 3], [last - 3, 3], [3, last - 3]]) {
    drawSquare(grid, cx, cy, 4, (ring) => ring !== 2 && ring !== 4); // finder, ring 4 = separator
  }
  const centres = ALIGNMENT[version - 1];
  for (const cx of centres) {
    for (const cy of centres) {
      const onFinder = (cx === 6 && cy === 6) || (cx === 6 && cy === last - 6) || (cx === last - 6 && cy === 6);
      if (!onFinder) drawSquare(grid, cx, cy, 2, (ring) => ring !== 1);
    }
  }
  drawFormat(grid, "M", 0); // reserves the format area; drawn again once the mask is chosen
  if (version >= 7) drawVersion(grid, version);
}

// --- Format and version information (BCH codes) ---

function bchRemainder(value, generator, degree) {
  let remainder = value << degree;
  for (let bit = 31 - Math.clz32(remainder); bit >= degree; bit--) {
    if ((remainder >>> bit) & 1) remainder ^= generator << (bit - degree);
  }
  return remainder;
}

function formatBits(ecc, mask) {
  const data = (ECC_BITS[ecc] << 3) | mask;
  return ((data << 10) | bchRemainder(data, 0x537, 10)) ^ 0x5412;
}

function drawFormat(grid, ecc, mask) {
  const bits = formatBits(ecc, mask);
  const size = grid.size;
  for (let i = 0; i < 15; i++) {
    const dark = ((bits >>> i) & 1) === 1;
    // Copy 1 around the top-left finder: down column 8 (skipping the timing row), then left along row 8.
    const [x1, y1] = i < 6 ? [8, i] : i < 8 ? [8, i + 1] : i === 8 ? [7, 8] : [14 - i, 8];
    // Copy 2: along row 8 under the top-right finder, then down column 8 beside the bottom-left finder.
    const [x2, y2] = i < 8 ? [size - 1 - i, 8] : [8, size - 15 + i];
    setFunction(grid, x1, y1, dark);
    setFunction(grid, x2, y2, dark);
  }
  setFunction(grid, 8, size - 8, true); // the dark module
}

function drawVersion(grid, version) {
  const bits = (version << 12) | bchRemainder(version, 0x1f25, 12);
  for (let i = 0; i < 18; i++) {
    const dark = ((bits >>> i) & 1) === 1;
    const a = grid.size - 11 + (i % 3), b = Math.floor(i / 3);
    setFunction(grid, a, b, dark); // 6×3 block left of the top-right finder
    setFunction(grid, b, a, dark); // 3×6 block above the bottom-left finder
  }
}

// --- Data placement: two-column zigzag from the bottom-right corner, skipping the timing column ---

function placeCodewords(grid, codewords) {
  const totalBits = codewords.length * 8;
  let index = 0;
  for (let right = grid.size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    const upward = ((right + 1) & 2) === 0;
    for (let step = 0; step < grid.size; step++) {
      const y = upward ? grid.size - 1 - step : step;
      for (const x of [right, right - 1]) {
        if (grid.reserved[y][x]) continue;
        // Modules past the last codeword are the remainder bits: light before masking.
        grid.dark[y][x] = index < totalBits && ((codewords[index >>> 3] >>> (7 - (index & 7))) & 1) === 1;
        index++;
      }
    }
  }
}

// --- Masking: the eight patterns, and the four penalty rules that choose one ---

const MASKS = [
  (r, c) => (r + c) % 2 === 0,
  (r) => r % 2 === 0,
  (r, c) => c % 3 === 0,
  (r, c) => (r + c) % 3 === 0,
  (r, c) => (Math.floor(r / 2) + Math.floor(c / 3)) % 2 === 0,
  (r, c) => ((r * c) % 2) + ((r * c) % 3) === 0,
  (r, c) => (((r * c) % 2) + ((r * c) % 3)) % 2 === 0,
  (r, c) => (((r + c) % 2) + ((r * c) % 3)) % 2 === 0,
];

function applyMask(grid, mask) {
  const dark = grid.dark.map((row, r) => row.map((isDark, c) => (grid.reserved[r][c] ? isDark : isDark !== MASKS[mask](r, c))));
  return { size: grid.size, dark, reserved: grid.reserved };
}

/** Rule 1: 3 + (n − 5) for each run of n ≥ 5 same-colour modules. */
function runPenalty(line) {
  let score = 0, run = 1;
  for (let i = 1; i <= line.length; i++) {
    if (i < line.length && line[i] === line[i - 1]) run++;
    else {
      if (run >= 5) score += run - 2;
      run = 1;
    }
  }
  return score;
}

/** Rule 3: 40 for each finder-like 1:1:3:1:1 pattern with four light modules on one side. */
const FINDER_LIKE = [[1, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0], [0, 0, 0, 0, 1, 0, 1, 1, 1, 0, 1]];
function finderLikePenalty(line) {
  let score = 0;
  for (let start = 0; start + 11 <= line.length; start++) {
    for (const pattern of FINDER_LIKE) {
      if (pattern.every((bit, i) => line[start + i] === (bit === 1))) score += 40;
    }
  }
  return score;
}

function penalty(dark) {
  const size = dark.length;
  const columns = dark.map((_, x) => dark.map((row) => row[x]));
  let score = 0;
  for (const line of [...dark, ...columns]) score += runPenalty(line) + finderLikePenalty(line);
  for (let y = 0; y + 1 < size; y++) { // rule 2: 3 for each 2×2 block of one colour
    for (let x = 0; x + 1 < size; x++) {
      const colour = dark[y][x];
      if (dark[y][x + 1] === colour && dark[y + 1][x] === colour && dark[y + 1][x + 1] === colour) score += 3;
    }
  }
  const darkCount = dark.reduce((sum, row) => sum + row.filter(Boolean).length, 0);
  score += Math.floor(Math.abs((darkCount * 100) / (size * size) - 50) / 5) * 10; // rule 4: balance
  return score;
}

// --- The matrix ---

/** The QR code of `text` (UTF-8, byte mode): { size, modules } with modules[y][x] true when dark. */
export function qrMatrix(text, { ecc = "M" } = {}) {
  if (!Object.hasOwn(ECC_BITS, ecc)) throw new Error(`QR code: unknown error correction level ${JSON.stringify(ecc)} (use L, M, Q or H)`);
  const bytes = new TextEncoder().encode(String(text));
  const version = chooseVersion(bytes.length, ecc);
  const grid = newGrid(version * 4 + 17);
  drawFunctionPatterns(grid, version);
  placeCodewords(grid, interleave(dataCodewords(bytes, version, ecc), version, ecc));
  let best = null;
  for (let mask = 0; mask < MASKS.length; mask++) {
    const candidate = applyMask(grid, mask);
    drawFormat(candidate, ecc, mask);
    const score = penalty(candidate.dark);
    if (best === null || score < best.score) best = { score, modules: candidate.dark };
  }
  return { size: grid.size, modules: best.modules };
}

// --- SVG: a white background and one path of dark modules (one sub-path per horizontal run) ---

function darkPath({ modules }, margin) {
  const parts = [];
  modules.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue;
      let end = x;
      while (end + 1 < row.length && row[end + 1]) end++;
      const run = end - x + 1;
      parts.push(`M${x + margin} ${y + margin}h${run}v1h-${run}z`);
      x = end;
    }
  });
  return parts.join("");
}

function svgAttributes(text, { scale = 6, margin = 4, ecc = "M", label } = {}) {
  const matrix = qrMatrix(text, { ecc });
  const side = matrix.size + 2 * margin;
  return {
    svg: { viewBox: `0 0 ${side} ${side}`, width: side * scale, height: side * scale, role: "img",
      "aria-label": label ?? "QR code", "shape-rendering": "crispEdges" },
    rect: { width: side, height: side, fill: "#fff" },
    path: { d: darkPath(matrix, margin), fill: "#000" },
  };
}

/** The QR code as an <svg> element (role="img", aria-label = label ?? "QR code"). */
export function qrSvg(text, options = {}) {
  const parts = svgAttributes(text, options);
  const make = (tag, attributes) => {
    const element = document.createElementNS(SVG_NS, tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
    return element;
  };
  const svg = make("svg", parts.svg);
  svg.append(make("rect", parts.rect), make("path", parts.path));
  return svg;
}

/** The same SVG as qrSvg(), as markup (for tests and tools outside a browser). */
export function qrSvgMarkup(text, options = {}) {
  const parts = svgAttributes(text, options);
  const escape = (value) => String(value).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  const attributes = (object) => Object.entries(object).map(([name, value]) => ` ${name}="${escape(value)}"`).join("");
  return `<svg xmlns="${SVG_NS}"${attributes(parts.svg)}><rect${attributes(parts.rect)}/><path${attributes(parts.path)}/></svg>`;
}
