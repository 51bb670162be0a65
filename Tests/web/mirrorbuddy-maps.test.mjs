// MirrorBuddy's mind maps, the pure part: the tree read from the contract's flat list
// (map-tree.js), the keyboard and taps (map-keys.js), where the nodes are drawn without
// overlapping (map-layout.js), the routes and both catalogues. The edits are in
// mirrorbuddy-map-edit.test.mjs, the saving and the files in mirrorbuddy-map-save.test.mjs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { has, t } from "../../Web/mirrorbuddy/i18n.js";
import {
  COLOURS, COLOUR_NAMES, LEVEL_COLOURS, belowRoot, buildTree, descendantsOf, expandableIds, keepExpanded, nodeColour, pathTo, pathWords,
  revealPath, startExpanded, tintOf, visibleIds,
} from "../../Web/mirrorbuddy/map-tree.js";
import { afterKey, tapAction, treeKey } from "../../Web/mirrorbuddy/map-keys.js";
import { LAYOUT, edgePath, estimateSize, layoutMap, overlaps } from "../../Web/mirrorbuddy/map-layout.js";
import { hashFor, routeFor, voiceScreen } from "../../Web/mirrorbuddy/routes.js";
import { NODES, ids, randomMap, seeded } from "./support/mirrorbuddy-map-fixture.mjs";

const key = (name, extra = {}) => ({ key: name, code: "", ...extra });

// ---- The tree

test("the tree: children in the list's order, levels from the root, depth-first order", () => {
  const tree = buildTree(NODES);
  assert.equal(tree.rootId, "r");
  assert.deepEqual(tree.byId.get("r").children, ["a", "b", "c"]);
  assert.deepEqual(tree.byId.get("c").children, ["c1", "c2", "c3"]);
  assert.deepEqual(["r", "a", "a2", "c3"].map((id) => tree.byId.get(id).level), [0, 1, 2, 2]);
  assert.deepEqual(["c1", "c2", "c3"].map((id) => [tree.byId.get(id).index, tree.byId.get(id).siblings]), [[0, 3], [1, 3], [2, 3]]);
  assert.deepEqual(tree.order, ids(NODES));
});

test("a list in the server's breadth-first order reads as the same tree", () => {
  const bfs = ["r", "a", "b", "c", "a1", "a2", "b1", "c1", "c2", "c3"].map((id) => NODES.find((node) => node.id === id));
  const tree = buildTree(bfs);
  assert.deepEqual(tree.order, ids(NODES));
  assert.deepEqual(tree.byId.get("a").children, ["a1", "a2"]);
});

test("a node whose parent is missing, a cycle and a second root are left out", () => {
  const tree = buildTree([...NODES, { id: "x", parentId: "ghost", label: "x" }, { id: "p", parentId: "q", label: "p" }, { id: "q", parentId: "p", label: "q" },
    { id: "r2", parentId: null, label: "other root" }]);
  assert.deepEqual(tree.order, ids(NODES));
  assert.equal(buildTree([]).rootId, null);
  assert.deepEqual(visibleIds(buildTree([]), new Set()), []);
});

test("at the start only the root is open: its branches show, their details wait", () => {
  const tree = buildTree(NODES);
  const open = startExpanded(tree);
  assert.deepEqual([...open], ["r"]);
  assert.deepEqual(visibleIds(tree, open), ["r", "a", "b", "c"]);
  assert.deepEqual(visibleIds(tree, new Set(["r", "c"])), ["r", "a", "b", "c", "c1", "c2", "c3"]);
  assert.deepEqual(visibleIds(tree, new Set(["a"])), ["r"], "a closed root hides everything under it");
  assert.deepEqual(expandableIds(tree), ["r", "a", "b", "c"]);
  assert.deepEqual(visibleIds(tree, new Set(expandableIds(tree))), ids(NODES));
});

test("paths, descendants, the open set kept across a reload, a path opened", () => {
  const tree = buildTree(NODES);
  assert.deepEqual(pathTo(tree, "a2"), ["r", "a", "a2"]);
  assert.deepEqual(pathTo(tree, "nope"), []);
  assert.equal(pathWords(tree, "a2"), "Fotosintesi, Cloroplasti, tilacoidi");
  assert.equal(pathWords(tree, "a2", (id) => (id === "a2" ? "idea nascosta" : null)), "Fotosintesi, Cloroplasti, idea nascosta");
  assert.deepEqual(descendantsOf(tree, "r"), ids(NODES).slice(1));
  assert.deepEqual(descendantsOf(tree, "b1"), []);
  assert.deepEqual([...keepExpanded(tree, new Set(["gone", "c"]))].sort(), ["c", "r"]);
  assert.deepEqual([...revealPath(tree, new Set(), "c2")].sort(), ["c", "r"]);
  assert.equal(belowRoot(tree), 9);
});

test("colours: a node's own, else its level's (the original's four)", () => {
  assert.equal(COLOUR_NAMES.length, 7);
  assert.deepEqual(COLOURS, { rosso: "#D0021B", blu: "#4A90E2", verde: "#7ED321", giallo: "#F8C100", arancione: "#F5A623", viola: "#9013FE", rosa: "#E85D9E" });
  assert.deepEqual([0, 1, 2, 3, 7].map((level) => nodeColour(null, level)), ["#4A90E2", "#7ED321", "#F5A623", "#9013FE", "#9013FE"]);
  assert.equal(nodeColour("rosa", 0), "#E85D9E");
  assert.equal(nodeColour("fucsia", 1), LEVEL_COLOURS[1], "an unknown name takes the level's");
  assert.equal(tintOf("#4A90E2", 0.16), "rgba(74, 144, 226, 0.16)", "a see-through tint, over a light or a dark page");
  assert.equal(tintOf("oops", 0.2), "rgba(136, 136, 136, 0.2)");
});

// ---- The keyboard and taps

test("the keys of the original: Enter/Space toggle, → open or first child, ← close or parent, Esc as ←", () => {
  const tree = buildTree(NODES);
  const view = { selected: "c", expanded: new Set(["r"]) };
  const open = afterKey(tree, view, key("Enter"));
  assert.deepEqual([...open.expanded].sort(), ["c", "r"]);
  assert.equal(open.selected, "c");
  assert.deepEqual([...afterKey(tree, { ...view, expanded: open.expanded }, key(" ")).expanded], ["r"], "Space closes it again");
  assert.deepEqual([...afterKey(tree, view, key("ArrowRight")).expanded].sort(), ["c", "r"], "→ opens a closed node");
  assert.equal(afterKey(tree, { ...view, expanded: open.expanded }, key("ArrowRight")).selected, "c1", "→ on an open node: its first child");
  assert.equal(afterKey(tree, { selected: "c1", expanded: open.expanded }, key("ArrowRight")).selected, "c1", "→ on a leaf: nothing");
  assert.deepEqual([...afterKey(tree, { ...view, expanded: open.expanded }, key("ArrowLeft")).expanded], ["r"], "← closes an open node");
  assert.equal(afterKey(tree, view, key("ArrowLeft")).selected, "r", "← on a closed node: its parent");
  assert.equal(afterKey(tree, { selected: "c2", expanded: open.expanded }, key("ArrowLeft")).selected, "c", "← on a leaf: its parent");
  assert.equal(afterKey(tree, { selected: "c2", expanded: open.expanded }, key("Escape")).selected, "c", "Esc as ←");
  assert.deepEqual([...afterKey(tree, { ...view, expanded: open.expanded }, key("Escape")).expanded], ["r"]);
  assert.equal(afterKey(tree, { selected: "r", expanded: new Set() }, key("ArrowLeft")).selected, "r", "the root has no parent");
  const leaf = afterKey(tree, { selected: "b1", expanded: new Set(["r", "b"]) }, key("Enter"));
  assert.equal(leaf.selected, "b1");
  assert.deepEqual([...leaf.expanded].sort(), ["b", "r"], "Enter on a leaf changes nothing");
});

test("↑/↓ go to the node shown above or below, Home/End to the first and last shown", () => {
  const tree = buildTree(NODES);
  const expanded = new Set(["r", "a"]);
  // Shown: r, a, a1, a2, b, c
  const at = (selected, name) => afterKey(tree, { selected, expanded }, key(name)).selected;
  assert.equal(at("a", "ArrowDown"), "a1");
  assert.equal(at("a2", "ArrowDown"), "b");
  assert.equal(at("b", "ArrowUp"), "a2");
  assert.equal(at("r", "ArrowUp"), "r");
  assert.equal(at("c", "ArrowDown"), "c");
  assert.equal(at("a2", "Home"), "r");
  assert.equal(at("a", "End"), "c");
  assert.equal(afterKey(tree, { selected: "gone", expanded }, key("ArrowDown")).selected, "a", "an unknown selection starts from the root");
});

test("keys with a modifier, while composing, or that mean nothing here are left to the browser", () => {
  const tree = buildTree(NODES);
  const view = { selected: "a", expanded: new Set(["r"]) };
  for (const extra of [{ ctrlKey: true }, { altKey: true }, { metaKey: true }, { isComposing: true }]) assert.equal(afterKey(tree, view, key("ArrowDown", extra)), null);
  for (const name of ["a", "Tab", "F5", "PageDown"]) assert.equal(afterKey(tree, view, key(name)), null, name);
  assert.equal(treeKey({ key: "Unidentified", code: "Space" }), "toggle", "Space by its code");
  assert.equal(treeKey({ key: "Spacebar", code: "" }), "toggle", "old browsers' Space");
  assert.equal(afterKey(buildTree([]), view, key("Enter")), null);
});

test("the keys never change the sets they were given", () => {
  const tree = buildTree(NODES);
  const expanded = new Set(["r"]);
  afterKey(tree, { selected: "c", expanded }, key("Enter"));
  afterKey(tree, { selected: "r", expanded }, key("ArrowLeft"));
  assert.deepEqual([...expanded], ["r"]);
});

test("in the self-test Enter or Space first shows a hidden label, then opens or closes", () => {
  const tree = buildTree(NODES);
  const hidden = new Set(["c", "c1"]);
  const first = afterKey(tree, { selected: "c", expanded: new Set(["r"]), hidden }, key("Enter"));
  assert.equal(first.revealed, "c");
  assert.deepEqual([...first.expanded], ["r"], "not opened yet");
  const second = afterKey(tree, { selected: "c", expanded: new Set(["r"]), hidden: new Set(["c1"]) }, key("Enter"));
  assert.equal(second.revealed, null);
  assert.ok(second.expanded.has("c"));
  assert.equal(afterKey(tree, { selected: "c", expanded: new Set(["r"]), hidden }, key("ArrowDown")).revealed, null, "moving shows nothing");
});

test("a tap selects; a second tap on the same node soon after opens or closes it; a hidden label is shown first", () => {
  const first = tapAction("a", { now: 1000 });
  assert.deepEqual(first, { action: "select", tap: { id: "a", at: 1000 } });
  assert.equal(tapAction("a", { last: first.tap, now: 1300 }).action, "toggle");
  assert.equal(tapAction("a", { last: first.tap, now: 2000 }).action, "select", "too late for a double tap");
  assert.equal(tapAction("b", { last: first.tap, now: 1100 }).action, "select", "another node");
  assert.deepEqual(tapAction("a", { hidden: new Set(["a"]), last: first.tap, now: 1100 }), { action: "reveal", tap: null });
  assert.equal(tapAction("a", { last: tapAction("a", { last: first.tap, now: 1300 }).tap, now: 1500 }).action, "select", "a third tap starts again");
});

// ---- Layout

const sizeOf = (tree) => (id) => estimateSize(tree.byId.get(id).label);

test("the drawing: the root at the left on phones, in the middle with branches on both sides otherwise", () => {
  const tree = buildTree(NODES);
  const open = new Set(["r", "a", "c"]);
  const right = layoutMap(tree, open, sizeOf(tree), { sides: "right" });
  const root = right.boxes.get("r");
  for (const [id, box] of right.boxes) if (id !== "r") assert.ok(box.x >= root.x + root.w + LAYOUT.columnGap - 1, `${id} is right of the root`);
  assert.equal(root.x, LAYOUT.margin);
  const both = layoutMap(tree, open, sizeOf(tree), { sides: "both" });
  const centre = both.boxes.get("r");
  assert.deepEqual(["a", "b"].map((id) => both.boxes.get(id).side), [1, 1], "the first half of the branches go right");
  assert.equal(both.boxes.get("c").side, -1);
  assert.ok(both.boxes.get("c").x + both.boxes.get("c").w <= centre.x - LAYOUT.columnGap + 1);
  assert.ok(both.boxes.get("c1").x + both.boxes.get("c1").w <= both.boxes.get("c").x - LAYOUT.columnGap + 1, "a left branch's details further left");
  assert.ok(both.boxes.get("a1").x >= both.boxes.get("a").x + both.boxes.get("a").w + LAYOUT.columnGap - 1);
});

test("only the nodes shown are drawn, each with a line from its parent; all inside the drawing", () => {
  const tree = buildTree(NODES);
  const open = new Set(["r", "b"]);
  const { boxes, edges, width, height } = layoutMap(tree, open, sizeOf(tree), { sides: "both" });
  assert.deepEqual([...boxes.keys()].sort(), ["a", "b", "b1", "c", "r"]);
  assert.deepEqual(edges.map((edge) => `${edge.from}>${edge.to}`).sort(), ["b>b1", "r>a", "r>b", "r>c"]);
  for (const box of boxes.values()) assert.ok(box.x >= 0 && box.y >= 0 && box.x + box.w <= width && box.y + box.h <= height);
  for (const box of boxes.values()) assert.ok(box.x >= LAYOUT.margin - 1 && box.x + box.w <= width - LAYOUT.margin + 1, "room for the ▸ buttons");
  assert.match(edges[0].d, /^M[\d.]+ [\d.]+ C[\d.]+ [\d.]+ [\d.]+ [\d.]+ [\d.]+ [\d.]+$/);
  assert.equal(layoutMap(buildTree([]), new Set(), () => ({ w: 1, h: 1 })).boxes.size, 0);
});

test("no two nodes overlap, whatever the tree, the labels and what is open", () => {
  const random = seeded(2024);
  for (let round = 0; round < 60; round += 1) {
    const nodes = randomMap(random, 2 + Math.floor(random() * 60));
    const tree = buildTree(nodes);
    const open = new Set(tree.order.filter(() => random() < 0.7));
    open.add(tree.rootId);
    for (const sides of ["right", "both"]) {
      const measure = (id) => estimateSize(tree.byId.get(id).label, { maxW: 140 + Math.floor(random() * 120) });
      const sizes = new Map(tree.order.map((id) => [id, measure(id)]));
      const { boxes } = layoutMap(tree, open, (id) => sizes.get(id), { sides });
      const list = [...boxes.entries()];
      assert.equal(list.length, visibleIds(tree, open).length);
      for (let i = 0; i < list.length; i += 1) {
        assert.deepEqual([list[i][1].w, list[i][1].h], [sizes.get(list[i][0]).w, sizes.get(list[i][0]).h], "each box as big as measured");
        for (let j = i + 1; j < list.length; j += 1) assert.ok(!overlaps(list[i][1], list[j][1]), `round ${round} ${sides}: ${list[i][0]} and ${list[j][0]} overlap`);
      }
    }
  }
});

test("a parent stands in the middle of its children, each child in a later column", () => {
  const tree = buildTree(NODES);
  const { boxes } = layoutMap(tree, new Set(expandableIds(tree)), () => ({ w: 100, h: 48 }), { sides: "right" });
  const middle = (id) => boxes.get(id).y + boxes.get(id).h / 2;
  assert.equal(middle("c"), (middle("c1") + middle("c3")) / 2);
  assert.equal(middle("c2"), middle("c"));
  for (const id of ["a1", "b1", "c1"]) assert.ok(boxes.get(id).x > boxes.get(tree.byId.get(id).parentId).x);
});

test("a label's size is guessed from its length, wrapped, never under 44 px tall", () => {
  const short = estimateSize("Sole");
  const long = estimateSize("una frase lunga che non sta in una riga sola del nodo");
  assert.ok(short.h >= 44 && long.h > short.h && long.w <= 220);
  assert.ok(short.w >= 72);
  assert.equal(estimateSize("").h, 48);
});

test("a line leaves its parent's facing side and reaches the child's", () => {
  assert.equal(edgePath({ x: 0, y: 0, w: 100, h: 40, side: 0 }, { x: 200, y: 100, w: 80, h: 40, side: 1 }), "M100 20 C150 20 150 120 200 120");
  assert.equal(edgePath({ x: 300, y: 0, w: 100, h: 40, side: 0 }, { x: 100, y: 0, w: 80, h: 40, side: -1 }), "M300 20 C240 20 240 20 180 20");
});

// ---- Routes

test("routes: the maps and one map; a map is a voice screen of its own, the maps list is heard as Progress", () => {
  assert.deepEqual(routeFor("#maps"), { name: "maps" });
  assert.deepEqual(routeFor("#map/mp_123-x"), { name: "map", id: "mp_123-x" });
  assert.deepEqual(routeFor("#map"), { name: "home" }, "a map needs its id");
  assert.deepEqual(routeFor("#maps/x"), { name: "home" });
  assert.deepEqual(routeFor("#map/../x"), { name: "home" });
  for (const hash of ["#maps", "#map/m1"]) assert.equal(hashFor(routeFor(hash)), hash);
  assert.equal(voiceScreen("map"), "map", "a map's own commands (mirrorbuddy-map-voice.test.mjs)");
  assert.equal(voiceScreen("maps"), "progress");
});

// ---- Words

test("every word the maps show is in both catalogues", () => {
  const keys = [
    ...COLOUR_NAMES.map((name) => `map.colour.${name}`), "map.colour.none",
    ...["label", "root", "full", "deep", "cycle", "missing", "colour"].map((reason) => `map.problem.${reason}`),
    ...["markdown", "opml", "svg", "png"].map((format) => `map.export.${format}`),
    "error.map_changed", "field.nodes", "field.format", "maps.nodes", "maps.count", "map.deleteNodeQuestion",
  ];
  for (const k of keys) for (const lang of ["it", "en"]) assert.ok(has(k, lang), `${lang} ${k}`);
  assert.equal(t("map.changedElsewhere", {}, "it"), "La mappa è cambiata su un altro dispositivo: ecco l'ultima versione.");
  assert.equal(t("map.revealed", { n: 3, of: 9 }, "it"), "Rivelati 3 di 9");
  assert.equal(t("map.revealed", { n: 3, of: 9 }, "en"), "Revealed 3 of 9");
  assert.equal(t("maps.nodes", { count: 1 }, "it"), "1 idea");
  assert.equal(t("maps.nodes", { count: 12 }, "en"), "12 ideas");
  assert.equal(t("map.saved", {}, "it"), "Salvato ✓");
  assert.equal(t("map.saving", {}, "it"), "Salvataggio…");
});
