// Where each node of a mind map is drawn, pure (node-tested). The nodes shown (the root, and the
// children of every open node) stand in columns by level: with `sides: "right"` the root is at
// the left and everything grows to the right (phones); with "both" the root is in the middle, its
// first branches (half, rounded up) grow to the right and the others to the left (a mind map's
// look). Each subtree keeps a band of its own, its parent in the band's middle, so no two nodes
// overlap. Sizes come from `measure(id) → {w, h}` (the page measures the real boxes); `estimateSize`
// guesses them from the label when there is no page.
import { visibleIds } from "./map-tree.js";

export const LAYOUT = Object.freeze({ columnGap: 72, rowGap: 14, margin: 56 });

/** A node's size guessed from its label: about `charPx` a character, wrapped at `maxW`, at least 44 px tall. */
export function estimateSize(label, { charPx = 9, lineH = 24, padX = 28, padY = 16, minW = 72, maxW = 220, minH = 48 } = {}) {
  const chars = [...String(label ?? "")].length;
  const perLine = Math.max(1, Math.floor((maxW - padX) / charPx));
  const lines = Math.max(1, Math.ceil(chars / perLine));
  const w = Math.min(maxW, Math.max(minW, Math.min(chars, perLine) * charPx + padX));
  return { w: Math.ceil(w), h: Math.max(minH, lines * lineH + padY) };
}

/**
 * The drawing of the nodes shown: {boxes: Map id → {x, y, w, h, level, side: 1 | -1 (0 the root)},
 * edges: [{from, to, d (an SVG path)}], width, height}. `expanded`: the open nodes.
 */
export function layoutMap(tree, expanded, measure, { sides = "right", gap = LAYOUT } = {}) {
  const boxes = new Map();
  if (tree.rootId === null) return { boxes, edges: [], width: 0, height: 0 };
  const shown = new Set(visibleIds(tree, expanded));
  const size = new Map([...shown].map((id) => [id, measure(id)]));
  const kidsOf = (id) => (expanded.has(id) ? tree.byId.get(id).children.filter((child) => shown.has(child)) : []);
  const rootKids = kidsOf(tree.rootId);
  const split = sides === "both" ? Math.ceil(rootKids.length / 2) : rootKids.length;
  const halves = [{ side: 1, kids: rootKids.slice(0, split) }, { side: -1, kids: rootKids.slice(split) }];

  // Each level's column as wide as its widest node, per side.
  const columns = { 1: [], [-1]: [] };
  const sideOf = new Map([[tree.rootId, 0]]);
  for (const { side, kids } of halves) {
    const walk = kids.map((id) => [id, 1]);
    while (walk.length) {
      const [id, level] = walk.pop();
      sideOf.set(id, side);
      columns[side][level] = Math.max(columns[side][level] ?? 0, size.get(id).w);
      for (const child of kidsOf(id)) walk.push([child, level + 1]);
    }
  }
  const rootSize = size.get(tree.rootId);
  // x of a column's inner edge (the side nearer the root), from the root's centre.
  const edgeX = (side, level) => {
    let x = rootSize.w / 2 + gap.columnGap;
    for (let l = 1; l < level; l += 1) x += columns[side][l] + gap.columnGap;
    return x;
  };

  // A subtree's band height: its children's bands stacked, or its own box if taller.
  const band = new Map();
  const bandOf = (id) => {
    if (band.has(id)) return band.get(id);
    const kids = kidsOf(id);
    const stacked = kids.reduce((sum, child) => sum + bandOf(child), 0) + Math.max(0, kids.length - 1) * gap.rowGap;
    const height = Math.max(size.get(id).h, stacked);
    band.set(id, height);
    return height;
  };
  const place = (id, level, side, top) => {
    const { w, h } = size.get(id);
    const height = bandOf(id);
    const inner = edgeX(side, level);
    // On the right a node's left edge is on its column's inner edge; on the left, its right edge.
    const x = side > 0 ? inner : -inner - w;
    boxes.set(id, { x, y: top + (height - h) / 2, w, h, level, side });
    const kids = kidsOf(id);
    const stacked = kids.reduce((sum, child) => sum + bandOf(child), 0) + Math.max(0, kids.length - 1) * gap.rowGap;
    let y = top + (height - stacked) / 2;
    for (const child of kids) {
      place(child, level + 1, side, y);
      y += bandOf(child) + gap.rowGap;
    }
  };
  const heights = halves.map(({ kids }) => kids.reduce((sum, id) => sum + bandOf(id), 0) + Math.max(0, kids.length - 1) * gap.rowGap);
  const total = Math.max(rootSize.h, ...heights);
  halves.forEach(({ side, kids }, i) => {
    let y = (total - heights[i]) / 2;
    for (const id of kids) { place(id, 1, side, y); y += bandOf(id) + gap.rowGap; }
  });
  boxes.set(tree.rootId, { x: -rootSize.w / 2, y: (total - rootSize.h) / 2, w: rootSize.w, h: rootSize.h, level: 0, side: 0 });

  // Everything moved into view, a margin all round (the ▸ buttons stand in it).
  const all = [...boxes.values()];
  const left = Math.min(...all.map((box) => box.x)) - gap.margin;
  const top = Math.min(...all.map((box) => box.y)) - gap.rowGap;
  for (const box of all) { box.x = Math.round(box.x - left); box.y = Math.round(box.y - top); }
  const width = Math.max(...all.map((box) => box.x + box.w)) + gap.margin;
  const height = Math.max(...all.map((box) => box.y + box.h)) + gap.rowGap;

  const edges = [];
  for (const id of shown) {
    const parentId = tree.byId.get(id).parentId;
    if (parentId === null || !boxes.has(parentId)) continue;
    edges.push({ from: parentId, to: id, d: edgePath(boxes.get(parentId), boxes.get(id)) });
  }
  return { boxes, edges, width, height };
}

/** A soft curve from the parent's side to the child's facing side. */
export function edgePath(parent, child) {
  const right = child.side >= 0 && child.x >= parent.x;
  const x1 = right ? parent.x + parent.w : parent.x;
  const y1 = parent.y + parent.h / 2;
  const x2 = right ? child.x : child.x + child.w;
  const y2 = child.y + child.h / 2;
  const mid = (x1 + x2) / 2;
  const f = (n) => Math.round(n * 10) / 10;
  return `M${f(x1)} ${f(y1)} C${f(mid)} ${f(y1)} ${f(mid)} ${f(y2)} ${f(x2)} ${f(y2)}`;
}

/** Whether two boxes overlap (touching edges do not). */
export const overlaps = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
