// Coloring Fun's renderer in the page: the same arithmetic as the server's `Coloring` module
// (Sources/Coloring), so what the child sees is what the server exports. Pictures are
// {width, height, pixels: Uint8Array RGBA}; paint layers hold premultiplied colour. The painters
// live in render/, named after the Swift files they port; this one replays a drawing
// (DrawingRenderer.swift) and is what the rest of the page imports.
import { paintStroke } from "./render/brush-painter.js";
import { DEFAULT_TOLERANCE, fill } from "./render/flood-fill.js";
import { color, composited, raster, scale } from "./render/raster.js";
import { paintShape } from "./render/shape-painter.js";
import { paintStamp } from "./render/stamp-painter.js";

export { paintStroke, steps } from "./render/brush-painter.js";
export { DEFAULT_TOLERANCE, fill, region } from "./render/flood-fill.js";
export { color, composited, copy, premultiplied, raster } from "./render/raster.js";
export { paintShape } from "./render/shape-painter.js";
export { paintStamp } from "./render/stamp-painter.js";
export { StrokePreview } from "./render/stroke-preview.js";
export { grain } from "./render/texture.js";

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
