// The mind map tests' fixtures: a small map (the contract's flat list), a seeded generator and
// random valid maps made from it.
import { buildTree } from "../../../Web/mirrorbuddy/map-tree.js";
import { ordered } from "../../../Web/mirrorbuddy/map-edit.js";

// Fotosintesi → Cloroplasti (clorofilla, tilacoidi), Luce (sole), Acqua (radici, foglie, vapore).
export const NODES = [
  { id: "r", parentId: null, label: "Fotosintesi", colour: null },
  { id: "a", parentId: "r", label: "Cloroplasti", colour: null },
  { id: "a1", parentId: "a", label: "clorofilla", colour: null },
  { id: "a2", parentId: "a", label: "tilacoidi", colour: "rosa" },
  { id: "b", parentId: "r", label: "Luce", colour: "giallo" },
  { id: "b1", parentId: "b", label: "sole", colour: null },
  { id: "c", parentId: "r", label: "Acqua", colour: null },
  { id: "c1", parentId: "c", label: "radici", colour: null },
  { id: "c2", parentId: "c", label: "foglie", colour: null },
  { id: "c3", parentId: "c", label: "vapore", colour: null },
];
export const ids = (nodes) => nodes.map((node) => node.id);

/** A seeded generator (the same trees every run). */
export function seeded(seed) {
  let s = seed >>> 0;
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 2 ** 32; };
}

/** A random valid map of `count` nodes, at most 5 levels, its labels of random lengths. */
export function randomMap(random, count) {
  const nodes = [{ id: "root", parentId: null, label: "Radice", colour: null }];
  for (let i = 1; i < count; i += 1) {
    const levels = buildTree(nodes);
    const parents = nodes.filter((node) => levels.byId.get(node.id).level < 4);
    const parent = parents[Math.floor(random() * parents.length)];
    nodes.push({ id: `n${i}`, parentId: parent.id, label: "parola ".repeat(1 + Math.floor(random() * 9)).trim(), colour: null });
  }
  return ordered(nodes);
}
