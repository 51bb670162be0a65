// Coloring Fun's renderer in the page (Web/coloring/render.js): the blending sums, the texture
// hash and scatter, the fill bucket and the painters against the values Tests/ColoringTests expects
// of the Swift renderer, then whole drawings against the server's own export (fixtures/).
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { inflateSync } from "node:zlib";
import * as paint from "../../Web/coloring/render.js";
import { erasePixel, paintPixel, scale } from "../../Web/coloring/render/raster.js";
import { Scatter } from "../../Web/coloring/render/texture.js";

const WHITE = { r: 255, g: 255, b: 255, a: 255 }, BLACK = { r: 0, g: 0, b: 0, a: 255 };
const RED = { r: 237, g: 10, b: 63, a: 255 };

/** The finished picture of `actions` on a `width`×`height` paper, as the server renders a document. */
function render(actions, { width = 16, height = 16, outline = null, stamps } = {}) {
  const state = { layer: paint.raster(width, height), background: WHITE };
  const outlineLayer = outline ? paint.outlineLayer(outline, width, height) : null;
  for (const action of actions) paint.apply(state, paint.decodeAction(action), { outline: outlineLayer, stamps });
  return { picture: paint.picture(state, outlineLayer), state, outlineLayer };
}

const at = (picture, x, y) => [...picture.pixels.subarray((y * picture.width + x) * 4, (y * picture.width + x) * 4 + 3)];
const filled = (width, height, c) => paint.raster(width, height, c).pixels;
const marker = (points) => ({ type: "stroke", brush: "marker", color: "#ff0000", size: 8, points, seed: 0 });

// MARK: - Blending

test("value × factor / 255 rounds to nearest, and premultiplying uses it", () => {
  assert.deepEqual([scale(0, 255), scale(255, 255), scale(255, 0), scale(128, 128), scale(255, 128), scale(1, 127), scale(1, 128)],
    [0, 255, 0, 64, 128, 0, 1]);
  assert.deepEqual(paint.premultiplied({ r: 255, g: 128, b: 0, a: 128 }), { r: 128, g: 64, b: 0, a: 128 });
  assert.deepEqual(paint.premultiplied(WHITE), WHITE);
  assert.deepEqual(paint.color("#ED0a3f"), RED);
});

test("paint lays colour over what is there; the eraser takes it away; a clear alpha does nothing", () => {
  const p = new Uint8Array([255, 255, 255, 255]);
  paintPixel(p, 0, { r: 255, g: 0, b: 0 }, 200);
  assert.deepEqual([...p], [255, 55, 55, 255]);     // RenderTests: a marker is see-through
  paintPixel(p, 0, { r: 255, g: 0, b: 0 }, 0);
  assert.deepEqual([...p], [255, 55, 55, 255]);
  erasePixel(p, 0, 255);
  assert.deepEqual([...p], [0, 0, 0, 0]);
  const half = new Uint8Array([200, 100, 50, 255]);
  erasePixel(half, 0, 128);
  assert.deepEqual([...half], [100, 50, 25, 127]);
});

test("a premultiplied layer over a picture", () => {
  const top = paint.raster(1, 1, { r: 255, g: 0, b: 0, a: 128 });
  assert.deepEqual([...top.pixels], [128, 0, 0, 128]);
  assert.deepEqual([...paint.composited(top, paint.raster(1, 1, WHITE)).pixels], [255, 127, 127, 255]);
  assert.deepEqual([...paint.composited(paint.raster(1, 1), paint.raster(1, 1, RED)).pixels], [237, 10, 63, 255], "a clear layer changes nothing");
});

// MARK: - Repeatable randomness (Texture.swift, recomputed here with BigInt's exact UInt32 sums)

const u32 = (value) => BigInt.asUintN(32, BigInt(value));
function swiftGrain(x, y, seed) {
  let h = u32(u32(x) * 374761393n + u32(y) * 668265263n + u32(seed) * 2246822519n);
  h = u32((h ^ (h >> 13n)) * 1274126177n);
  h ^= h >> 16n;
  return Number(h & 255n);
}

test("the grain hash is Swift's UInt32 arithmetic, negative coordinates and large seeds included", () => {
  let state = 1;
  const next = () => { state = (Math.imul(state, 1103515245) + 12345) >>> 0; return state; };
  for (let i = 0; i < 2000; i++) {
    const x = (next() % 5000) - 1000, y = (next() % 5000) - 1000, seed = next();
    assert.equal(paint.grain(x, y, seed), swiftGrain(x, y, seed), `grain(${x}, ${y}, ${seed})`);
  }
  assert.equal(paint.grain(0, 0, 0), 0);
});

test("the scatter is xorshift32 (13, 17, 5); seed 0 starts from the golden ratio", () => {
  const one = new Scatter(1);
  assert.deepEqual([one.next(), one.next(), one.next()], [270369, 67634689, 2647435461]);
  const zero = new Scatter(0), golden = new Scatter(0x9e3779b9);
  for (let i = 0; i < 5; i++) assert.equal(zero.next(), golden.next());
  const units = new Scatter(42);
  for (let i = 0; i < 1000; i++) { const u = units.unit(); assert.ok(u >= 0 && u < 1); }
  const big = new Scatter(4_000_000_000);
  assert.ok(big.next() > 0, "a seed above 2³¹ stays unsigned");
});

// MARK: - The fill bucket (FloodFillTests.swift)

function ring(size, x0, y0, x1, y1) {
  const picture = paint.raster(size, size, WHITE);
  const set = (x, y) => picture.pixels.set([0, 0, 0, 255], (y * size + x) * 4);
  for (let x = x0; x <= x1; x++) { set(x, y0); set(x, y1); }
  for (let y = y0; y <= y1; y++) { set(x0, y); set(x1, y); }
  return picture;
}
const count = (flags) => flags.reduce((sum, flag) => sum + flag, 0);

test("a region: one enclosed pixel, the outside of a ring, nothing off the picture", () => {
  const one = paint.region(ring(9, 3, 3, 5, 5), 4, 4, 0);
  assert.equal(count(one), 1);
  assert.equal(one[4 * 9 + 4], 1);
  assert.equal(count(paint.region(ring(20, 4, 4, 14, 14), 0, 0, 0)), 400 - 11 * 11);
  const plain = paint.raster(4, 4, WHITE);
  assert.equal(paint.region(plain, -1, 0, 0), null);
  assert.equal(paint.region(plain, 0, 4, 0), null);
  assert.equal(paint.region(plain, 4, 0, 0), null);
});

test("pixels touching only at a corner are not joined", () => {
  // A diagonal of black pixels splits a 5×5 white square into two triangles.
  const picture = paint.raster(5, 5, WHITE);
  for (let i = 0; i < 5; i++) picture.pixels.set([0, 0, 0, 255], (i * 5 + i) * 4);
  assert.equal(count(paint.region(picture, 4, 0, 0)), 10);
  assert.equal(count(paint.region(picture, 0, 4, 0)), 10);
});

test("tolerance decides how far a shade counts, on every channel", () => {
  const ramp = paint.raster(10, 4);
  for (let y = 0; y < 4; y++) for (let x = 0; x < 10; x++) ramp.pixels.set([250 - x * 10, 250 - x * 10, 250 - x * 10, 255], (y * 10 + x) * 4);
  const columns = (tolerance) => count(paint.region(ramp, 0, 0, tolerance)) / 4;
  assert.deepEqual([0, 9, 10, 35, 255].map(columns), [1, 1, 2, 4, 10]);
  const alpha = paint.raster(2, 1);
  alpha.pixels.set([0, 0, 0, 255, 0, 0, 0, 200]);
  assert.equal(count(paint.region(alpha, 0, 0, 54)), 1, "alpha counts too");
  assert.equal(count(paint.region(alpha, 0, 0, 55)), 2);
  assert.equal(paint.DEFAULT_TOLERANCE, 48);
});

test("a fill stays inside a ring, with a one-pixel rim under its inner edge", () => {
  const seen = ring(20, 4, 4, 14, 14), layer = paint.raster(20, 20);
  paint.fill(layer, seen, 9, 9, RED, 0);
  const picture = paint.composited(layer, seen);
  assert.deepEqual(at(picture, 9, 9), [237, 10, 63]);
  assert.deepEqual(at(picture, 5, 5), [237, 10, 63]);
  assert.deepEqual(at(picture, 4, 9), [237, 10, 63], "the rim");
  assert.deepEqual(at(picture, 3, 9), [255, 255, 255]);
  assert.deepEqual(at(picture, 2, 2), [255, 255, 255]);
  const whole = paint.raster(40, 30);
  paint.fill(whole, paint.raster(40, 30, WHITE), 39, 29, RED, 48);
  assert.deepEqual(whole.pixels, filled(40, 30, RED));
});

test("on a colouring page the fill looks at the outline and the outline stays on top", () => {
  const outline = [{ type: "shape", shape: "circle", from: [8, 8], to: [56, 56], color: "#000000", size: 6, filled: false }];
  const { picture } = render([{ type: "fill", at: [32, 32], color: "#ed0a3f", tolerance: 48 }], { width: 64, height: 64, outline });
  assert.deepEqual(at(picture, 32, 32), [237, 10, 63]);
  assert.deepEqual(at(picture, 20, 32), [237, 10, 63]);
  assert.deepEqual(at(picture, 32, 8), [0, 0, 0]);
  assert.deepEqual(at(picture, 2, 2), [255, 255, 255]);
  assert.deepEqual(at(picture, 62, 32), [255, 255, 255]);
});

// MARK: - Brushes, shapes and stamps (RenderTests.swift)

test("a filled rectangle on pixel edges is exact", () => {
  const { picture } = render([{ type: "shape", shape: "rectangle", from: [4, 4], to: [12, 8], color: "#0000ff", size: 6, filled: true }]);
  const expected = filled(16, 16, WHITE);
  for (let y = 4; y < 8; y++) for (let x = 4; x < 12; x++) expected.set([0, 0, 255, 255], (y * 16 + x) * 4);
  assert.deepEqual(picture.pixels, expected);
});

test("a marker is see-through: over itself once, over another stroke twice", () => {
  assert.deepEqual(at(render([marker([2, 8, 14, 8])]).picture, 8, 8), [255, 55, 55]);
  assert.deepEqual(at(render([marker([2, 8, 14, 8])]).picture, 8, 1), [255, 255, 255]);
  assert.deepEqual(at(render([marker([2, 8, 14, 8]), marker([8, 2, 8, 14])]).picture, 8, 8), [255, 12, 12]);
  assert.deepEqual(at(render([marker([2, 8, 14, 8, 2, 8])]).picture, 8, 8), [255, 55, 55], "a zigzag does not darken itself");
});

test("the paper is under the paint, clear keeps it, the eraser shows it", () => {
  const { picture } = render([marker([2, 8, 14, 8]), { type: "background", color: "#000000" }]);
  assert.deepEqual(at(picture, 8, 8), [200, 0, 0]);
  assert.deepEqual(at(picture, 8, 1), [0, 0, 0]);
  assert.deepEqual(render([marker([2, 8, 14, 8]), { type: "background", color: "#000000" }, { type: "clear" }]).picture.pixels, filled(16, 16, BLACK));
  const erased = render([
    { type: "background", color: "#fbe870" },
    { type: "shape", shape: "rectangle", from: [0, 0], to: [16, 16], color: "#0000ff", size: 6, filled: true },
    { type: "stroke", brush: "eraser", color: "#ffffff", size: 6, points: [8, 0, 8, 16], seed: 0 },
  ]).picture;
  assert.deepEqual(at(erased, 8, 8), [251, 232, 112]);
  assert.deepEqual(at(erased, 1, 8), [0, 0, 255]);
});

test("textures repeat for the same seed, and the seeded ones change with it", () => {
  for (const brush of ["crayon", "marker", "chalk", "sparkle", "hearts", "dots", "flowers", "confetti"]) {
    const stroke = (seed) => [{ type: "stroke", brush, color: "#3aa655", size: 24, points: [5, 40, 120, 60], seed }];
    const first = render(stroke(1), { width: 128, height: 96 }).picture.pixels;
    assert.deepEqual(render(stroke(1), { width: 128, height: 96 }).picture.pixels, first, brush);
    assert.notDeepEqual(first, filled(128, 96, WHITE), `${brush} paints`);
    if (["crayon", "chalk", "sparkle", "confetti"].includes(brush)) {
      assert.notDeepEqual(render(stroke(2), { width: 128, height: 96 }).picture.pixels, first, `${brush} changes with the seed`);
    }
  }
});

test("pattern brushes place their shapes at even steps along the path", () => {
  const p = (x, y) => ({ x, y });
  assert.deepEqual(paint.steps([p(0, 0), p(10, 0), p(10, 10)], 5), [p(0, 0), p(5, 0), p(10, 0), p(10, 5), p(10, 10)]);
  assert.deepEqual(paint.steps([p(3, 3)], 5), [p(3, 3)]);
  assert.deepEqual(paint.steps([p(0, 0), p(3, 0), p(6, 0)], 5), [p(0, 0), p(5, 0)], "the spacing carries over a corner");
  assert.deepEqual(paint.steps([], 5), []);
});

test("every shape draws inside its box; filled ones at their centre, outlines hollow", () => {
  for (const shape of ["line", "rectangle", "circle", "star"]) {
    for (const isFilled of [false, true]) {
      const { picture } = render([{ type: "shape", shape, from: [20, 20], to: [80, 70], color: "#000000", size: 6, filled: isFilled }], { width: 100, height: 90 });
      const dark = [];
      for (let y = 0; y < 90; y++) for (let x = 0; x < 100; x++) if (at(picture, x, y).join() !== "255,255,255") dark.push([x, y]);
      assert.ok(dark.length > 0, `${shape} filled: ${isFilled}`);
      assert.ok(dark.every(([x, y]) => x >= 16 && x <= 84 && y >= 16 && y <= 74), `${shape} stays in its box`);
      if (isFilled && shape !== "line") assert.deepEqual(at(picture, 50, 45), [0, 0, 0], `${shape} is filled at its centre`);
      if (!isFilled && shape !== "line") assert.deepEqual(at(picture, 50, 47), [255, 255, 255], `${shape} outline is hollow`);
    }
  }
});

test("stamps are scaled, turned and mirrored", () => {
  // A stamp picture whose left half is red and right half blue.
  const image = paint.raster(8, 8);
  for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) image.pixels.set(x < 4 ? [255, 0, 0, 255] : [0, 0, 255, 255], (y * 8 + x) * 4);
  const stamps = new Map([["🐞", image]]);
  const stamp = (rotation, flipped) => render([{ type: "stamp", emoji: "🐞", at: [32, 32], size: 32, rotation, flipped }], { width: 64, height: 64, stamps }).picture;
  const plain = stamp(0, false), mirrored = stamp(0, true), turned = stamp(90, false);
  assert.deepEqual([at(plain, 22, 32), at(plain, 42, 32), at(plain, 5, 5)], [[255, 0, 0], [0, 0, 255], [255, 255, 255]]);
  assert.deepEqual([at(mirrored, 22, 32), at(mirrored, 42, 32)], [[0, 0, 255], [255, 0, 0]]);
  assert.deepEqual([at(turned, 32, 22), at(turned, 32, 42)], [[255, 0, 0], [0, 0, 255]], "clockwise: the left half ends up on top");
  assert.deepEqual(render([{ type: "stamp", emoji: "🦖", at: [8, 8], size: 16 }], { stamps }).picture.pixels, filled(16, 16, WHITE), "no picture: skipped");
});

test("a previewed stroke ends exactly as the stroke painted at once", () => {
  for (const brush of ["crayon", "chalk", "sparkle", "eraser", "confetti", "flowers"]) {
    const base = paint.raster(64, 48, { r: 0, g: 102, b: 255, a: 255 });
    const stroke = paint.decodeAction({ type: "stroke", brush, color: "#ed0a3f", size: 12, points: [4, 4, 20, 30, 40, 10, 60, 44], seed: 77 });
    const layer = paint.copy(base), preview = new paint.StrokePreview(layer, base, { ...stroke, points: [] });
    for (const point of stroke.points) { preview.stroke.points.push(point); preview.extend(); }
    preview.finish();
    const once = paint.copy(base);
    paint.paintStroke(once, stroke);
    assert.deepEqual(layer.pixels, once.pixels, brush);
  }
});

// MARK: - Against the Swift renderer

const fixtures = JSON.parse(readFileSync(new URL("./fixtures/coloring-render.json", import.meta.url), "utf8"));
const unpacked = (base64) => new Uint8Array(inflateSync(Buffer.from(base64, "base64")));

/** A stamp as app.js keeps it: the server's PNG (straight alpha), premultiplied. */
function stampPicture({ width, height, rgba }) {
  const data = unpacked(rgba), pixels = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i += 4) {
    const p = paint.premultiplied({ r: data[i], g: data[i + 1], b: data[i + 2], a: data[i + 3] });
    pixels.set([p.r, p.g, p.b, p.a], i);
  }
  return { width, height, pixels };
}

function differences(actual, expected) {
  let pixels = 0, worst = 0, first = null;
  for (let i = 0; i < expected.length; i += 4) {
    const d = Math.max(...[0, 1, 2, 3].map((k) => Math.abs(actual[i + k] - expected[i + k])));
    if (d > 0) { pixels += 1; worst = Math.max(worst, d); first ??= i / 4; }
  }
  return { pixels, worst, first };
}

for (const fixture of fixtures.cases) {
  test(`the same pixels as the server's export: ${fixture.name}`, () => {
    const { width, height, actions } = fixture.document;
    const stamps = new Map(Object.entries(fixture.stamps ?? {}).map(([emoji, image]) => [emoji, stampPicture(image)]));
    const { picture, state, outlineLayer } = render(actions, { width, height, outline: fixture.outline, stamps });
    assert.deepEqual([picture.width, picture.height], [fixture.expected.width, fixture.expected.height]);
    if (fixture.expected.rgba) assert.deepEqual(differences(picture.pixels, unpacked(fixture.expected.rgba)), { pixels: 0, worst: 0, first: null });
    assert.equal(createHash("sha256").update(picture.pixels).digest("hex"), fixture.expected.sha256);
    // The canvas is drawn with drawInto (the same sums, straight into the page's ImageData).
    const canvas = new Uint8ClampedArray(width * height * 4);
    paint.drawInto(canvas, state, outlineLayer);
    assert.equal(createHash("sha256").update(canvas).digest("hex"), fixture.expected.sha256, "drawInto");
  });
}
