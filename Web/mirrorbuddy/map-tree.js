// A mind map's tree, pure (node-tested): the flat node list of the maps contract (the root first,
// every parent before its children, siblings in order) read as a tree — each node's children in
// order, its level (the root 0), its path from the root — which nodes show given the expanded
// ones, and each node's colour (its own, else its level's, as the original and the server's SVG).

/** The seven named colours of the contract, as the server's SVG draws them. */
export const COLOURS = Object.freeze({
  rosso: "#D0021B", blu: "#4A90E2", verde: "#7ED321", giallo: "#F8C100", arancione: "#F5A623", viola: "#9013FE", rosa: "#E85D9E",
});
export const COLOUR_NAMES = Object.freeze(Object.keys(COLOURS));

/** The original's colours by level: root, branch, detail, deeper. */
export const LEVEL_COLOURS = Object.freeze(["#4A90E2", "#7ED321", "#F5A623", "#9013FE"]);

/** The colour a node is drawn in: its own (a name of COLOURS), else its level's. */
export function nodeColour(colour, level) {
  if (colour && Object.hasOwn(COLOURS, colour)) return COLOURS[colour];
  return LEVEL_COLOURS[Math.min(Math.max(Number(level) || 0, 0), LEVEL_COLOURS.length - 1)];
}

/** A colour "#RRGGBB" see-through (`alpha` 0…1), as CSS rgba(): a node's tint over the page's own background, light or dark. */
export function tintOf(hex, alpha) {
  const value = /^#([0-9a-f]{6})$/i.exec(String(hex ?? ""))?.[1] ?? "888888";
  const [r, g, b] = [0, 2, 4].map((at) => Number.parseInt(value.slice(at, at + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/**
 * The tree of a flat node list: {rootId, order (ids, depth first), byId: Map id → {id, label,
 * colour, parentId, children: [ids], level, index (among its siblings), siblings (how many)}}.
 * Siblings keep the order of the list. A node whose parent is missing, or that no walk from the
 * root reaches (a cycle), is left out; so is any root after the first.
 */
export function buildTree(nodes = []) {
  const byId = new Map();
  const kids = new Map();
  let rootId = null;
  for (const node of nodes) {
    if (!node || typeof node.id !== "string" || byId.has(node.id)) continue;
    byId.set(node.id, { id: node.id, label: String(node.label ?? ""), colour: node.colour ?? null, parentId: node.parentId ?? null,
      children: [], level: 0, index: 0, siblings: 1 });
    if (node.parentId === null || node.parentId === undefined) { rootId ??= node.id; continue; }
    if (!kids.has(node.parentId)) kids.set(node.parentId, []);
    kids.get(node.parentId).push(node.id);
  }
  const reached = new Map();
  const order = [];
  if (rootId !== null) {
    const walk = [rootId];
    while (walk.length) {
      const id = walk.pop();
      const item = byId.get(id);
      reached.set(id, item);
      order.push(id);
      const children = (kids.get(id) ?? []).filter((child) => !reached.has(child) && byId.has(child));
      item.children = children;
      children.forEach((child, index) => Object.assign(byId.get(child), { level: item.level + 1, index, siblings: children.length }));
      for (let i = children.length - 1; i >= 0; i -= 1) walk.push(children[i]);
    }
  }
  return { rootId, order, byId: reached };
}

export const nodeOf = (tree, id) => tree.byId.get(id) ?? null;
export const hasChildren = (tree, id) => (tree.byId.get(id)?.children.length ?? 0) > 0;
export const parentOf = (tree, id) => tree.byId.get(id)?.parentId ?? null;

/** The ids from the root down to `id` (both included); [] for an unknown id. */
export function pathTo(tree, id) {
  const path = [];
  for (let at = tree.byId.get(id); at; at = at.parentId === null ? null : tree.byId.get(at.parentId)) path.unshift(at.id);
  return path;
}

/** Every id under `id` (not `id` itself), depth first. */
export function descendantsOf(tree, id) {
  const out = [];
  const walk = [...(tree.byId.get(id)?.children ?? [])].reverse();
  while (walk.length) {
    const next = walk.pop();
    out.push(next);
    walk.push(...[...tree.byId.get(next).children].reverse());
  }
  return out;
}

/** The nodes that show, depth first: the root, and the children of every node shown and expanded. */
export function visibleIds(tree, expanded) {
  if (tree.rootId === null) return [];
  const out = [];
  const walk = [tree.rootId];
  while (walk.length) {
    const id = walk.pop();
    out.push(id);
    if (expanded.has(id)) {
      const children = tree.byId.get(id).children;
      for (let i = children.length - 1; i >= 0; i -= 1) walk.push(children[i]);
    }
  }
  return out;
}

/** What is open at the start, as in the original: the root, so its branches show and their details wait. */
export const startExpanded = (tree) => new Set(tree.rootId === null ? [] : [tree.rootId]);

/** Every node with children (Expand all). */
export const expandableIds = (tree) => tree.order.filter((id) => tree.byId.get(id).children.length > 0);

/** The expanded set kept to the ids still in `tree` (after a reload or an edit); the root at least. */
export function keepExpanded(tree, expanded) {
  const kept = new Set([...expanded].filter((id) => tree.byId.has(id)));
  if (tree.rootId !== null) kept.add(tree.rootId);
  return kept;
}

/** The expanded set with every ancestor of `id` added, so `id` shows. */
export function revealPath(tree, expanded, id) {
  const next = new Set(expanded);
  for (const ancestor of pathTo(tree, id).slice(0, -1)) next.add(ancestor);
  return next;
}

/** The words of a node's path, as read aloud: "Fotosintesi, cloroplasti". `hidden(id)` words a label the self-test hides. */
export function pathWords(tree, id, hidden = null) {
  return pathTo(tree, id).map((at) => (hidden && hidden(at) !== null ? hidden(at) : tree.byId.get(at).label)).join(", ");
}

/** How many nodes lie below the root (the self-test's N). */
export const belowRoot = (tree) => Math.max(0, tree.order.length - 1);
