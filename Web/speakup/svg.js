// Pictures as data: the pure builders (radar, charts, heatmap) return plain trees made with `el`,
// which node --test reads; `draw` turns a tree into SVG elements in the page. Colours come from
// classes (the page's Content-Security-Policy allows no style attributes, and tokens live in CSS).

const NS = "http://www.w3.org/2000/svg";

/** A node of a picture: el("circle", {cx: 4, class: "dot"}, el("title", {}, "74")). */
export function el(tag, attrs = {}, ...children) {
  return { tag, attrs, children: children.flat(Infinity).filter((child) => child !== null && child !== undefined && child !== false) };
}

/** Rounds a coordinate to 0.1 (short, stable path strings). */
export const r1 = (value) => Math.round(value * 10) / 10;

/** Every node of `tree` that `match(node)` accepts, depth first (tests look pictures over with it). */
export function findAll(tree, match) {
  const found = [];
  const visit = (node) => {
    if (typeof node !== "object") return;
    if (match(node)) found.push(node);
    node.children.forEach(visit);
  };
  visit(tree);
  return found;
}

/** The SVG element of `tree`, made in `doc`. */
export function draw(tree, doc = globalThis.document) {
  if (typeof tree !== "object") return doc.createTextNode(String(tree));
  const node = doc.createElementNS(NS, tree.tag);
  for (const [name, value] of Object.entries(tree.attrs)) {
    if (value === undefined || value === null || value === false) continue;
    node.setAttribute(name, String(value));
  }
  for (const child of tree.children) node.append(draw(child, doc));
  return node;
}
