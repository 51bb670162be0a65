// MirrorBuddy's mind maps: the edits (map-edit.js), each giving a list the server takes — the root
// first, parents before children, no cycle, within 500 nodes and 8 levels, labels of 1–80
// characters — or a reason the page words.
import { test } from "node:test";
import assert from "node:assert/strict";
import { COLOUR_NAMES, buildTree } from "../../Web/mirrorbuddy/map-tree.js";
import {
  LABEL_MAX, MAX_LEVEL, MapEditError, NODE_LIMIT, addChild, addSibling, canMoveAmongSiblings, check, cleanLabel, moveAmongSiblings, moveTargets,
  moveUnder, newId, ordered, removeNode, rename, setColour,
} from "../../Web/mirrorbuddy/map-edit.js";
import { NODES, ids, seeded } from "./support/mirrorbuddy-map-fixture.mjs";

test("rename: the label trimmed to one line; empty or over 80 characters refused", () => {
  const renamed = rename(NODES, "b1", "  il   Sole\n ");
  assert.equal(renamed.find((node) => node.id === "b1").label, "il Sole");
  assert.deepEqual(check(renamed), []);
  assert.equal(rename(NODES, "b1", "è".repeat(LABEL_MAX)).find((node) => node.id === "b1").label.length, LABEL_MAX);
  for (const bad of ["", "   ", "x".repeat(LABEL_MAX + 1)]) assert.throws(() => rename(NODES, "b1", bad), (error) => error instanceof MapEditError && error.reason === "label");
  assert.throws(() => rename(NODES, "nope", "x"), { reason: "missing" });
  assert.equal(cleanLabel("a\tb\u0000c"), "a b c");
  assert.equal(NODES.find((node) => node.id === "b1").label, "sole", "the list given is not changed");
});

test("a new child goes last under its parent, a new sibling just after the node; the list stays in order", () => {
  const child = addChild(NODES, "a", "stroma", "n-new");
  assert.equal(child.id, "n-new");
  assert.deepEqual(buildTree(child.nodes).byId.get("a").children, ["a1", "a2", "n-new"]);
  assert.deepEqual(ids(child.nodes), ["r", "a", "a1", "a2", "n-new", "b", "b1", "c", "c1", "c2", "c3"]);
  assert.deepEqual(check(child.nodes), []);
  const sibling = addSibling(NODES, "c1", "fusto", "s1");
  assert.deepEqual(buildTree(sibling.nodes).byId.get("c").children, ["c1", "s1", "c2", "c3"]);
  assert.deepEqual(check(sibling.nodes), []);
  const last = addSibling(NODES, "c3", "fine", "s2");
  assert.deepEqual(buildTree(last.nodes).byId.get("c").children, ["c1", "c2", "c3", "s2"]);
  assert.throws(() => addSibling(NODES, "r", "x"), { reason: "root" });
  assert.equal(buildTree(addChild(NODES, "b1", "raggi").nodes).byId.get("b1").children.length, 1, "a new id is made when none is given");
});

test("new ids are the contract's (letters, digits, dashes, at most 40) and never one already there", () => {
  const random = seeded(7);
  const taken = new Set(ids(NODES));
  for (let i = 0; i < 200; i += 1) {
    const id = newId([...taken].map((x) => ({ id: x })), random);
    assert.match(id, /^[A-Za-z0-9_-]{1,40}$/);
    assert.ok(!taken.has(id));
    taken.add(id);
  }
  let calls = 0;
  const stuck = () => { calls += 1; return calls <= 8 ? 0 : 0.5; };
  assert.notEqual(newId([{ id: "naaaaaaaa" }], stuck), "naaaaaaaa", "a clash is made again");
});

test("a map is full at 500 nodes, and 8 levels below the root at most", () => {
  const full = [{ id: "r", parentId: null, label: "r" }, ...Array.from({ length: NODE_LIMIT - 1 }, (_, i) => ({ id: `n${i}`, parentId: "r", label: "x" }))];
  assert.throws(() => addChild(full, "r", "one more"), { reason: "full" });
  assert.throws(() => addSibling(full, "n0", "one more"), { reason: "full" });
  const chain = [{ id: "l0", parentId: null, label: "0" }];
  for (let level = 1; level <= MAX_LEVEL; level += 1) chain.push({ id: `l${level}`, parentId: `l${level - 1}`, label: String(level) });
  assert.deepEqual(check(chain), []);
  assert.throws(() => addChild(chain, `l${MAX_LEVEL}`, "too deep"), { reason: "deep" });
  assert.doesNotThrow(() => addChild(chain, `l${MAX_LEVEL - 1}`, "fits"));
});

test("delete takes the node with everything under it, never the root", () => {
  const left = removeNode(NODES, "c");
  assert.deepEqual(ids(left), ["r", "a", "a1", "a2", "b", "b1"]);
  assert.deepEqual(check(left), []);
  assert.deepEqual(ids(removeNode(NODES, "a2")), ["r", "a", "a1", "b", "b1", "c", "c1", "c2", "c3"]);
  assert.throws(() => removeNode(NODES, "r"), { reason: "root" });
  assert.throws(() => removeNode(NODES, "nope"), { reason: "missing" });
});

test("move: under any node but itself and its own ideas (no cycles), its subtree along, last among its new siblings", () => {
  assert.deepEqual(moveTargets(NODES, "a"), ["r", "b", "b1", "c", "c1", "c2", "c3"], "not a, a1, a2");
  assert.deepEqual(moveTargets(NODES, "r"), [], "the root does not move");
  const moved = moveUnder(NODES, "a", "c2");
  const tree = buildTree(moved);
  assert.deepEqual(tree.byId.get("c2").children, ["a"]);
  assert.deepEqual(tree.byId.get("a").children, ["a1", "a2"]);
  assert.equal(tree.byId.get("a2").level, 4);
  assert.deepEqual(check(moved), []);
  assert.deepEqual(buildTree(moveUnder(NODES, "c1", "a")).byId.get("a").children, ["a1", "a2", "c1"]);
  assert.throws(() => moveUnder(NODES, "a", "a"), { reason: "cycle" });
  assert.throws(() => moveUnder(NODES, "a", "a2"), { reason: "cycle" });
  assert.throws(() => moveUnder(NODES, "r", "a"), { reason: "root" });
  assert.deepEqual(moveUnder(NODES, "c2", "c"), ordered(NODES), "under its own parent: as it was");
});

test("move keeps the levels within 8: a deep subtree cannot go under a deep node", () => {
  const chain = [{ id: "l0", parentId: null, label: "0" }];
  for (let level = 1; level <= 6; level += 1) chain.push({ id: `l${level}`, parentId: `l${level - 1}`, label: String(level) });
  chain.push({ id: "s", parentId: "l0", label: "s" }, { id: "s1", parentId: "s", label: "s1" }, { id: "s2", parentId: "s1", label: "s2" });
  assert.ok(!moveTargets(chain, "s").includes("l6"), "s with two levels under it would reach level 9");
  assert.ok(moveTargets(chain, "s").includes("l5"));
  assert.throws(() => moveUnder(chain, "s", "l6"), { reason: "deep" });
  assert.deepEqual(check(moveUnder(chain, "s", "l5")), []);
});

test("up and down among its siblings; nothing past either end", () => {
  assert.deepEqual(buildTree(moveAmongSiblings(NODES, "c2", -1)).byId.get("c").children, ["c2", "c1", "c3"]);
  assert.deepEqual(buildTree(moveAmongSiblings(NODES, "c2", 1)).byId.get("c").children, ["c1", "c3", "c2"]);
  assert.deepEqual(buildTree(moveAmongSiblings(NODES, "a", 1)).byId.get("r").children, ["b", "a", "c"]);
  assert.deepEqual(ids(moveAmongSiblings(NODES, "a", 1)), ["r", "b", "b1", "a", "a1", "a2", "c", "c1", "c2", "c3"], "its subtree moves along");
  assert.deepEqual(moveAmongSiblings(NODES, "c1", -1), ordered(NODES));
  assert.deepEqual(moveAmongSiblings(NODES, "c3", 1), ordered(NODES));
  assert.deepEqual([canMoveAmongSiblings(NODES, "c1", -1), canMoveAmongSiblings(NODES, "c1", 1), canMoveAmongSiblings(NODES, "r", 1)], [false, true, false]);
  assert.throws(() => moveAmongSiblings(NODES, "r", 1), { reason: "root" });
});

test("colour: one of the seven names, or none (the level's again)", () => {
  assert.equal(setColour(NODES, "a", "viola").find((node) => node.id === "a").colour, "viola");
  assert.equal(setColour(NODES, "b", null).find((node) => node.id === "b").colour, null);
  assert.throws(() => setColour(NODES, "a", "fucsia"), { reason: "colour" });
  assert.deepEqual(check(setColour(NODES, "r", "blu")), []);
});

test("check finds what the server refuses", () => {
  assert.deepEqual(check(NODES), []);
  assert.deepEqual(check([]), ["count"]);
  const root = NODES[0];
  const cases = [
    [[root, { ...root, id: "r2" }], "root"],
    [[root, { id: "x", parentId: "ghost", label: "x" }], "parent"],
    [[root, { id: "p", parentId: "q", label: "p" }, { id: "q", parentId: "p", label: "q" }], "cycle"],
    [[root, { id: "x", parentId: "r", label: " " }], "label"],
    [[root, { id: "x y", parentId: "r", label: "x" }], "id"],
    [[root, { id: "x", parentId: "r", label: "x" }, { id: "x", parentId: "r", label: "y" }], "duplicate"],
    [[root, { id: "x", parentId: "r", label: "x", colour: "fucsia" }], "colour"],
    [[{ id: "x", parentId: "r", label: "x" }, root], "order"],
  ];
  for (const [nodes, problem] of cases) assert.ok(check(nodes).includes(problem), `${problem}: ${check(nodes)}`);
});

test("any run of edits leaves a list the server takes: one root first, parents before children, no cycle", () => {
  const random = seeded(42);
  let nodes = ordered(NODES);
  const pick = () => nodes[Math.floor(random() * nodes.length)].id;
  for (let step = 0; step < 400; step += 1) {
    const id = pick();
    const kind = Math.floor(random() * 7);
    try {
      if (kind === 0) nodes = addChild(nodes, id, `idea ${step}`).nodes;
      if (kind === 1) nodes = addSibling(nodes, id, `idea ${step}`).nodes;
      if (kind === 2 && nodes.length > 6) nodes = removeNode(nodes, id);
      if (kind === 3) nodes = moveUnder(nodes, id, pick());
      if (kind === 4) nodes = moveAmongSiblings(nodes, id, random() < 0.5 ? -1 : 1);
      if (kind === 5) nodes = setColour(nodes, id, random() < 0.3 ? null : COLOUR_NAMES[Math.floor(random() * 7)]);
      if (kind === 6) nodes = rename(nodes, id, `nome ${step}`);
    } catch (error) {
      assert.ok(error instanceof MapEditError, String(error));
    }
    assert.deepEqual(check(nodes), [], `after step ${step}`);
    assert.equal(nodes[0].parentId, null);
  }
});
