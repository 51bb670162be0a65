// Shapes (ShapePainter.swift): line, rectangle, circle and star, outlined or filled.
import { Mask } from "./coverage-mask.js";

const STAR = [[0, -1], [0.22451398828979272, -0.30901699437494745], [0.9510565162951535, -0.30901699437494745],
  [0.3632712640026804, 0.11803398874989484], [0.5877852522924732, 0.8090169943749473], [0, 0.382],
  [-0.5877852522924729, 0.8090169943749476], [-0.36327126400268045, 0.1180339887498949],
  [-0.9510565162951536, -0.30901699437494734], [-0.22451398828979283, -0.3090169943749474]];

export function paintShape(layer, { shape, from, to, color: c, size, filled }) {
  const radius = size / 2;
  const minX = Math.min(from.x, to.x), maxX = Math.max(from.x, to.x), minY = Math.min(from.y, to.y), maxY = Math.max(from.y, to.y);
  const mask = new Mask(minX - radius, minY - radius, maxX + radius, maxY + radius, layer.width, layer.height);
  const outline = (corners) => corners.forEach((corner, i) => mask.capsule(corner, corners[(i + 1) % corners.length], radius));
  if (shape === "line") mask.capsule(from, to, radius);
  else if (shape === "rectangle") {
    if (filled) mask.box(minX, minY, maxX, maxY);
    else outline([{ x: minX, y: minY }, { x: maxX, y: minY }, { x: maxX, y: maxY }, { x: minX, y: maxY }]);
  } else if (shape === "circle") mask.ellipse(minX, minY, maxX, maxY, filled, size);
  else if (shape === "star") {
    const cx = (minX + maxX) / 2, cy = (minY + maxY) / 2, a = (maxX - minX) / 2, b = (maxY - minY) / 2;
    const corners = STAR.map(([ux, uy]) => ({ x: cx + ux * a, y: cy + uy * b }));
    if (filled) mask.polygon(corners); else outline(corners);
  }
  mask.paint(c, layer);
}
