// The mind map drawn: a box that scrolls by itself (the page never scrolls sideways) holding the
// lines (an SVG layer, hidden from screen readers), the nodes as one WAI-ARIA tree (role tree,
// flat treeitems with aria-level, -setsize, -posinset, -expanded, -selected and a roving
// tabindex; only the nodes shown are in it) and the ▸ buttons that open and close a node for a
// finger or a mouse (keyboards use the tree's keys). Each node is measured as the page draws it
// (the student's text size and font), once per label, and laid out by map-layout.js.
import { h } from "../shared/dom.js";
import { t } from "./i18n.js";
import { layoutMap } from "./map-layout.js";
import { nodeColour, tintOf, visibleIds } from "./map-tree.js";

const SVG = "http://www.w3.org/2000/svg";
const svg = (tag, attributes = {}, ...children) => {
  const element = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  element.append(...children);
  return element;
};

/** The DOM id of node `id`'s treeitem (ids are [A-Za-z0-9_-], as the contract says). */
export const nodeDomId = (id) => `map-node-${id}`;

// ---- Measuring: the real box of each label, by level, in the look the page has now.

const sizes = new Map();
let sizesLook = "";

function lookKey() {
  const root = getComputedStyle(document.documentElement);
  const body = getComputedStyle(document.body);
  return [root.fontSize, body.fontFamily, body.letterSpacing, body.wordSpacing, body.lineHeight, matchMedia("(max-width: 600px)").matches].join("|");
}

// The classes that change a node's size: its level's (and the root's own); measured with them.
const levelClass = (level) => (level === 0 ? "mb-map-level-0 mb-map-root" : `mb-map-level-${Math.min(level, 3)}`);

/** `measure(id)` for the layout: every label measured at once (one reflow), then remembered. */
function measurer(tree, ids) {
  const look = lookKey();
  if (look !== sizesLook) { sizes.clear(); sizesLook = look; }
  const keyOf = (id) => `${Math.min(tree.byId.get(id).level, 3)}|${tree.byId.get(id).label}`;
  const missing = [...new Set(ids.map(keyOf))].filter((key) => !sizes.has(key));
  if (missing.length) {
    const box = h("div", { class: "mb-map-measure", "aria-hidden": "true" });
    const made = missing.map((key) => {
      const [level, label] = [Number(key.slice(0, key.indexOf("|"))), key.slice(key.indexOf("|") + 1)];
      return [key, h("div", { class: `mb-map-node ${levelClass(level)}` }, h("span", { class: "mb-map-label" }, label))];
    });
    box.append(...made.map(([, element]) => element));
    document.body.append(box);
    for (const [key, element] of made) {
      const rect = element.getBoundingClientRect();
      sizes.set(key, { w: Math.ceil(rect.width) + 1, h: Math.ceil(rect.height) + 1 });
    }
    box.remove();
  }
  return (id) => sizes.get(keyOf(id));
}

// ---- Drawing

/**
 * The map's box. `view`: {tree, expanded, selected, hidden (ids whose label the self-test hides),
 * title, fresh (ids that just appeared: they fade in), onKey(event, id), onTap(id), onToggle(id)}.
 * → {element, boxes} (boxes: where each node is, for scrolling to it).
 */
export function mapView(view) {
  const { tree, expanded, selected, hidden, fresh } = view;
  const ids = visibleIds(tree, expanded);
  const measure = measurer(tree, ids);
  const sides = matchMedia("(min-width: 760px)").matches ? "both" : "right";
  const { boxes, edges, width, height } = layoutMap(tree, expanded, measure, { sides });

  const lines = svg("svg", { class: "mb-map-lines", width, height, viewBox: `0 0 ${width} ${height}`, "aria-hidden": "true", focusable: "false" },
    ...edges.map((edge) => {
      const child = tree.byId.get(edge.to);
      return svg("path", { d: edge.d, fill: "none", stroke: nodeColour(child.colour, child.level), "stroke-width": Math.max(2, 5 - child.level),
        "stroke-linecap": "round", class: "mb-map-line" });
    }));

  const items = ids.map((id) => {
    const node = tree.byId.get(id);
    const box = boxes.get(id);
    const open = expanded.has(id);
    const isHidden = hidden.has(id);
    const parent = node.children.length > 0;
    const colour = nodeColour(node.colour, node.level);
    const classes = ["mb-map-node", levelClass(node.level), id === selected ? "selected" : "", isHidden ? "mb-map-hidden" : "",
      fresh.has(id) ? "mb-map-new" : ""].filter(Boolean).join(" ");
    return h("div", {
      class: classes, role: "treeitem", id: nodeDomId(id), dataset: { node: id },
      "aria-level": String(node.level + 1), "aria-setsize": String(node.siblings), "aria-posinset": String(node.index + 1),
      "aria-expanded": parent ? String(open) : null, "aria-selected": String(id === selected),
      "aria-label": isHidden ? t("map.hiddenLabel") : null,
      tabindex: id === selected ? "0" : "-1",
      style: `left: ${box.x}px; top: ${box.y}px; width: ${box.w}px; height: ${box.h}px; --node: ${colour}; --node-tint: ${tintOf(colour, node.level ? 0.16 : 0.28)}`,
      onclick: () => view.onTap(id),
      onkeydown: (event) => view.onKey(event, id),
    },
    h("span", { class: "mb-map-label", "aria-hidden": isHidden ? "true" : null }, isHidden ? "?" : node.label),
    parent && !open ? h("span", { class: "mb-map-more", "aria-hidden": "true" }, `+${node.children.length}`) : null);
  });

  // A ▸ beside each node with children, on its outer side (the root's on its right); not in the
  // Tab order: the tree's arrows do the same from the keyboard.
  const toggles = ids.filter((id) => tree.byId.get(id).children.length > 0).map((id) => {
    const node = tree.byId.get(id);
    const box = boxes.get(id);
    const open = expanded.has(id);
    const left = box.side < 0 ? box.x - 48 : box.x + box.w + 4;
    const label = hidden.has(id) ? t(open ? "map.closeHidden" : "map.openHidden") : t(open ? "map.close" : "map.open", { label: node.label });
    const arrow = open ? (box.side < 0 ? "▸" : "◂") : (box.side < 0 ? "◂" : "▸");
    return h("button", { class: `mb-map-toggle${open ? " open" : ""}`, type: "button", id: `map-toggle-${id}`, tabindex: "-1",
      "aria-label": label, title: label, "aria-expanded": String(open), "aria-controls": "map-tree",
      style: `left: ${left}px; top: ${Math.round(box.y + box.h / 2 - 22)}px; --node: ${nodeColour(node.colour, node.level)}; --node-tint: ${tintOf(nodeColour(node.colour, node.level), 0.2)}`,
      onclick: (event) => { event.stopPropagation(); view.onToggle(id); } },
    h("span", { "aria-hidden": "true" }, arrow));
  });

  const canvas = h("div", { class: "mb-map-canvas", style: `width: ${width}px; height: ${height}px` },
    lines,
    h("div", { class: "mb-map-tree", role: "tree", id: "map-tree", "aria-label": t("map.treeLabel", { title: view.title }) }, items),
    h("div", { class: "mb-map-toggles" }, toggles));
  const element = h("div", { class: "mb-map-box", id: "map-box", dataset: { scrollKey: "map-box" } }, canvas);
  return { element, boxes };
}

/** Scrolls the map's box so node `id` is in view (in its middle with `centre`). */
export function showNode(id, { centre = false, boxes = null } = {}) {
  const box = document.getElementById("map-box");
  const element = document.getElementById(nodeDomId(id));
  if (!box || !element) return;
  if (centre) {
    const at = boxes?.get(id) ?? { x: element.offsetLeft, y: element.offsetTop, w: element.offsetWidth, h: element.offsetHeight };
    box.scrollLeft = Math.max(0, at.x + at.w / 2 - box.clientWidth / 2);
    box.scrollTop = Math.max(0, at.y + at.h / 2 - box.clientHeight / 2);
    return;
  }
  const margin = 56;
  const left = element.offsetLeft;
  const top = element.offsetTop;
  if (left - margin < box.scrollLeft) box.scrollLeft = Math.max(0, left - margin);
  else if (left + element.offsetWidth + margin > box.scrollLeft + box.clientWidth) box.scrollLeft = left + element.offsetWidth + margin - box.clientWidth;
  if (top - margin < box.scrollTop) box.scrollTop = Math.max(0, top - margin);
  else if (top + element.offsetHeight + margin > box.scrollTop + box.clientHeight) box.scrollTop = top + element.offsetHeight + margin - box.clientHeight;
}
