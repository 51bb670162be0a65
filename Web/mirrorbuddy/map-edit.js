// Edits of a mind map, pure (node-tested): each takes the flat node list and gives a new valid one
// (the root first, every parent before its children, siblings in order — the contract's order,
// depth first) or throws a MapEditError the page words. Rename, add a child or a sibling, delete a
// node with everything under it (never the root), move it under another parent (never under itself
// or its own descendants: no cycles; not deeper than the server takes) or up and down among its
// siblings, colour it. `check` finds what the server would refuse (422 invalid_field).
import { COLOURS, buildTree, descendantsOf } from "./map-tree.js";

export const NODE_LIMIT = 500;   // nodes a map may have
export const LABEL_MAX = 80;     // characters in a label
export const MAX_LEVEL = 8;      // the deepest level (the root is 0)
const ID_RULE = /^[A-Za-z0-9_-]{1,40}$/;

/** Why an edit cannot be made: `reason` is "label" | "root" | "full" | "deep" | "cycle" | "missing" | "colour". */
export class MapEditError extends Error {
  constructor(reason) {
    super(reason);
    this.reason = reason;
  }
}

/** A label as the server keeps it: one line, spaces squeezed, no control characters. */
export const cleanLabel = (text) => String(text ?? "").replace(/[\p{Cc}]/gu, " ").replace(/\s+/g, " ").trim();

/** The label if the server takes it (1…80 characters), else a MapEditError "label". */
function labelFor(text) {
  const label = cleanLabel(text);
  if (!label || [...label].length > LABEL_MAX) throw new MapEditError("label");
  return label;
}

/** The list in the contract's order (depth first from the root, siblings as they were), each node a fresh object. */
export function ordered(nodes) {
  const tree = buildTree(nodes);
  return tree.order.map((id) => {
    const item = tree.byId.get(id);
    return { id, parentId: item.parentId, label: item.label, colour: item.colour };
  });
}

/** An id no node has yet: "n" and random letters (`random` gives 0…1). */
export function newId(nodes, random = Math.random) {
  const taken = new Set(nodes.map((node) => node.id));
  for (;;) {
    let id = "n";
    for (let i = 0; i < 8; i += 1) id += "abcdefghijkmnpqrstuvwxyz23456789"[Math.floor(random() * 32) % 32];
    if (!taken.has(id)) return id;
  }
}

function known(tree, id) {
  if (!tree.byId.has(id)) throw new MapEditError("missing");
  return tree.byId.get(id);
}

/** How many levels the subtree of `id` has below it (0 for a leaf). */
function heightBelow(tree, id) {
  const start = tree.byId.get(id).level;
  return Math.max(0, ...descendantsOf(tree, id).map((child) => tree.byId.get(child).level - start));
}

/** The list with `node` put among `parentId`'s children at `position` (default: last). */
function placed(nodes, node, parentId, position = null) {
  const others = nodes.filter((item) => item.id !== node.id);
  const siblings = others.filter((item) => item.parentId === parentId);
  const at = position === null ? siblings.length : Math.max(0, Math.min(position, siblings.length));
  const moved = { ...node, parentId };
  // Siblings are ordered by where they stand in the list: put it just before the sibling it goes before.
  if (at < siblings.length) {
    const before = others.indexOf(siblings[at]);
    return ordered([...others.slice(0, before), moved, ...others.slice(before)]);
  }
  return ordered([...others, moved]);
}

export function rename(nodes, id, text) {
  const tree = buildTree(nodes);
  known(tree, id);
  const label = labelFor(text);
  return ordered(nodes).map((node) => (node.id === id ? { ...node, label } : node));
}

/** A new child of `parentId`, last among its children. → {nodes, id}. */
export function addChild(nodes, parentId, text, id = newId(nodes)) {
  const tree = buildTree(nodes);
  const parent = known(tree, parentId);
  if (tree.order.length >= NODE_LIMIT) throw new MapEditError("full");
  if (parent.level + 1 > MAX_LEVEL) throw new MapEditError("deep");
  const label = labelFor(text);
  return { nodes: placed(ordered(nodes), { id, parentId, label, colour: null }, parentId), id };
}

/** A new sibling just after `siblingId` (never beside the root). → {nodes, id}. */
export function addSibling(nodes, siblingId, text, id = newId(nodes)) {
  const tree = buildTree(nodes);
  const sibling = known(tree, siblingId);
  if (sibling.parentId === null) throw new MapEditError("root");
  if (tree.order.length >= NODE_LIMIT) throw new MapEditError("full");
  const label = labelFor(text);
  return { nodes: placed(ordered(nodes), { id, parentId: sibling.parentId, label, colour: null }, sibling.parentId, sibling.index + 1), id };
}

/** The list without `id` and everything under it (never the root). */
export function removeNode(nodes, id) {
  const tree = buildTree(nodes);
  const node = known(tree, id);
  if (node.parentId === null) throw new MapEditError("root");
  const gone = new Set([id, ...descendantsOf(tree, id)]);
  return ordered(nodes).filter((item) => !gone.has(item.id));
}

/**
 * The nodes `id` may move under: every node but itself, its own descendants (a cycle) and those
 * whose level would put its subtree deeper than MAX_LEVEL; its present parent too. Depth first.
 */
export function moveTargets(nodes, id) {
  const tree = buildTree(nodes);
  if (!tree.byId.has(id) || tree.byId.get(id).parentId === null) return [];
  const below = new Set([id, ...descendantsOf(tree, id)]);
  const height = heightBelow(tree, id);
  return tree.order.filter((target) => !below.has(target) && tree.byId.get(target).level + 1 + height <= MAX_LEVEL);
}

/** `id` (with everything under it) moved to be the last child of `parentId`. */
export function moveUnder(nodes, id, parentId) {
  const tree = buildTree(nodes);
  const node = known(tree, id);
  const parent = known(tree, parentId);
  if (node.parentId === null) throw new MapEditError("root");
  if (parentId === id || descendantsOf(tree, id).includes(parentId)) throw new MapEditError("cycle");
  if (parent.level + 1 + heightBelow(tree, id) > MAX_LEVEL) throw new MapEditError("deep");
  if (node.parentId === parentId) return ordered(nodes);
  const list = ordered(nodes);
  return placed(list, list.find((item) => item.id === id), parentId);
}

/** `id` one place up (-1) or down (+1) among its siblings; the same list at either end. */
export function moveAmongSiblings(nodes, id, step) {
  const tree = buildTree(nodes);
  const node = known(tree, id);
  if (node.parentId === null) throw new MapEditError("root");
  const to = node.index + Math.sign(step);
  const list = ordered(nodes);
  if (to < 0 || to >= node.siblings) return list;
  return placed(list, list.find((item) => item.id === id), node.parentId, to);
}

/** Whether `id` can go up (-1) or down (+1) among its siblings. */
export function canMoveAmongSiblings(nodes, id, step) {
  const node = buildTree(nodes).byId.get(id);
  if (!node || node.parentId === null) return false;
  const to = node.index + Math.sign(step);
  return to >= 0 && to < node.siblings;
}

/** `id` in colour `colour` (a name of COLOURS), or its level's colour again (null). */
export function setColour(nodes, id, colour) {
  known(buildTree(nodes), id);
  if (colour !== null && !Object.hasOwn(COLOURS, colour)) throw new MapEditError("colour");
  return ordered(nodes).map((node) => (node.id === id ? { ...node, colour } : node));
}

/**
 * What the server would refuse in a list sent whole (its 422 rules): [] when none. Each problem
 * is a short word: "count", "root", "parent", "cycle", "deep", "label", "id", "duplicate", "colour", "order".
 */
export function check(nodes) {
  const problems = new Set();
  if (!Array.isArray(nodes) || nodes.length === 0 || nodes.length > NODE_LIMIT) return ["count"];
  const ids = new Set();
  for (const node of nodes) {
    if (typeof node.id !== "string" || !ID_RULE.test(node.id)) problems.add("id");
    if (ids.has(node.id)) problems.add("duplicate");
    ids.add(node.id);
    const label = cleanLabel(node.label);
    if (!label || [...label].length > LABEL_MAX) problems.add("label");
    if (node.colour !== null && node.colour !== undefined && !Object.hasOwn(COLOURS, node.colour)) problems.add("colour");
  }
  if (nodes.filter((node) => node.parentId === null || node.parentId === undefined).length !== 1) problems.add("root");
  if (nodes.some((node) => node.parentId !== null && node.parentId !== undefined && !ids.has(node.parentId))) problems.add("parent");
  const tree = buildTree(nodes);
  if (!problems.has("root") && !problems.has("parent") && !problems.has("duplicate") && tree.order.length !== nodes.length) problems.add("cycle");
  if ([...tree.byId.values()].some((item) => item.level > MAX_LEVEL)) problems.add("deep");
  const seen = new Set();
  if (nodes[0]?.parentId !== null && nodes[0]?.parentId !== undefined) problems.add("order");
  for (const node of nodes) {
    if (node.parentId !== null && node.parentId !== undefined && !seen.has(node.parentId)) problems.add("order");
    seen.add(node.id);
  }
  return [...problems];
}
