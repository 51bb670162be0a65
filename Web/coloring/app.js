// Coloring Fun (seed 000 and reference §1): the canvas with the original's toolbar (Home, title,
// Background, Undo, Clear with "Clear It! 🗑️" / "Keep It! 🎨") plus Redo and the gallery; 8 brushes
// and the eraser, stamps that say their name, shapes, the fill bucket, colouring pages, Kids Mode.
// The drawing is a list of actions rendered here by render.js with the server's arithmetic, kept
// on the device after every action and autosaved to the child's gallery. The controls around the
// canvas (and the Background and Clear sheets) are in controls.js, the gallery in gallery.js.
import { api, ApiError, loadSession } from "../shared/api.js";
import { h, mount } from "../shared/dom.js";
import { redraw } from "../shared/redraw.js";
import { sounds } from "../shared/sounds.js";
import { Autosave } from "./autosave.js";
import { KIDS_BRUSHES, createControls } from "./controls.js";
import { createGallery } from "./gallery.js";
import * as paint from "./render.js";

const root = document.getElementById("app");
const WIDTH = 1024, HEIGHT = 768;
const state = {
  screen: "loading",     // loading | canvas | gallery | error
  childId: null,
  me: null,              // /api/coloring/me
  drawingId: null,
  revision: null,
  doc: null,             // the document's JSON form: {version, width, height, page, actions, undone}
  tool: "brush",         // brush | eraser | stamp | shape | fill
  brush: "crayon",
  shape: "rectangle",
  filled: false,
  color: "#ed0a3f",
  size: 20,
  stamp: null,           // {emoji, name, sound}
  stampCategory: "animals",
  stampRotation: 0,
  stampFlipped: false,
  panel: null,           // the drawer open: stamps | brushes, shapes, more (a phone's)
  saveState: "saved",
  message: "",
  gallery: [],
};

// MARK: - Rendering the drawing

const engine = {
  layer: null,           // the paint layer (premultiplied)
  background: paint.color("#ffffff"),
  outline: null,         // the colouring page's line art
  stamps: new Map(),     // emoji → premultiplied picture
  snapshots: [],         // {count, layer, background}: the layer before each of the last actions
  image: null,           // ImageData shown on the canvas
  canvas: null,
  context: null,
};

const MAX_SNAPSHOTS = 12;

function blankDocument(page = null) {
  return { version: 1, width: WIDTH, height: HEIGHT, page, actions: [], undone: [] };
}

/** Redraws everything from the actions (after opening, undo beyond the snapshots). */
async function rebuild() {
  await loadStamps(state.doc.actions);
  const start = [...engine.snapshots].reverse().find((s) => s.count <= state.doc.actions.length);
  const run = start ? { layer: paint.copy(start.layer), background: start.background } : { layer: paint.raster(WIDTH, HEIGHT), background: paint.color("#ffffff") };
  engine.snapshots = engine.snapshots.filter((s) => s.count <= state.doc.actions.length);
  for (const action of state.doc.actions.slice(start?.count ?? 0)) paint.apply(run, paint.decodeAction(action), engine);
  engine.layer = run.layer;
  engine.background = run.background;
  show();
}

/** Shows the whole picture, or only `box` of it (only that part is recomposed). */
function show(box = null) {
  if (!engine.context) return;
  if (!engine.image) engine.image = engine.context.createImageData(WIDTH, HEIGHT);
  paint.drawInto(engine.image.data, { layer: engine.layer, background: engine.background }, engine.outline, box);
  if (!box) { engine.context.putImageData(engine.image, 0, 0); return; }
  const x0 = Math.max(0, box.x0), y0 = Math.max(0, box.y0), x1 = Math.min(WIDTH - 1, box.x1), y1 = Math.min(HEIGHT - 1, box.y1);
  if (x1 >= x0 && y1 >= y0) engine.context.putImageData(engine.image, 0, 0, x0, y0, x1 - x0 + 1, y1 - y0 + 1);
}

/** Records a finished action: the layer before it is kept for a quick undo, then it is saved. */
function commit(action, before) {
  engine.snapshots.push({ count: state.doc.actions.length, layer: before, background: engine.background });
  if (engine.snapshots.length > MAX_SNAPSHOTS) engine.snapshots.shift();
  state.doc.actions.push(action);
  state.doc.undone = [];
  changed();
}

function perform(action) {
  const before = paint.copy(engine.layer);
  const run = { layer: engine.layer, background: engine.background };
  paint.apply(run, paint.decodeAction(action), engine);
  engine.background = run.background;
  commit(action, before);
  show();
}

function changed() {
  autosave?.changed(state.drawingId, state.revision, state.doc);
  controls.refreshToolbar();
}

async function undo() {
  if (!state.doc.actions.length) return;
  sounds.undo();
  state.doc.undone.push(state.doc.actions.pop());
  autosave?.truncated(state.doc.actions.length);
  await rebuild();
  changed();
}

async function redo() {
  if (!state.doc.undone.length) return;
  sounds.undo();
  const action = state.doc.undone.pop();
  const undone = state.doc.undone;
  await loadStamps([action]);
  perform(action);
  state.doc.undone = undone;  // redo keeps what is still undone
  changed();
}

/** Fetches stamp pictures the actions use (the server's own PNGs, so screen and export match). */
async function loadStamps(actions) {
  const wanted = new Set(actions.filter((a) => a.type === "stamp").map((a) => a.emoji).filter((e) => !engine.stamps.has(e)));
  await Promise.all([...wanted].map(async (emoji) => {
    try {
      const response = await fetch(`/api/coloring/stamps/${encodeURIComponent(emoji)}`, { credentials: "same-origin" });
      if (!response.ok) return;
      const bitmap = await createImageBitmap(await response.blob(), { premultiplyAlpha: "none", colorSpaceConversion: "none" });
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext("2d");
      context.drawImage(bitmap, 0, 0);
      const data = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
      const pixels = new Uint8Array(data.length);
      for (let i = 0; i < data.length; i += 4) {
        const p = paint.premultiplied({ r: data[i], g: data[i + 1], b: data[i + 2], a: data[i + 3] });
        pixels[i] = p.r; pixels[i + 1] = p.g; pixels[i + 2] = p.b; pixels[i + 3] = p.a;
      }
      engine.stamps.set(emoji, { width: bitmap.width, height: bitmap.height, pixels });
    } catch { /* no picture: the stamp is skipped, as on the server */ }
  }));
}

// MARK: - Opening pictures

async function openDrawing(id) {
  const drawing = await api(`/api/coloring/drawings/${encodeURIComponent(id)}`);
  await openDocument(drawing.document, drawing.id, drawing.revision);
  autosave.opened(drawing.id, drawing.revision, state.doc);
}

async function openDocument(doc, id = null, revision = null) {
  state.doc = { ...doc, undone: doc.undone ?? [] };
  state.drawingId = id;
  state.revision = revision;
  engine.snapshots = [];
  engine.outline = null;
  if (doc.page) {
    const page = await api(`/api/coloring/pages/${encodeURIComponent(doc.page)}`);
    engine.outline = paint.outlineLayer(page.outline, WIDTH, HEIGHT);
  }
  state.screen = "canvas";
  render();
  await rebuild();
}

async function newPicture(page = null) {
  await autosave.flush();
  await openDocument(blankDocument(page));
  autosave.changed(null, null, state.doc);
}

// MARK: - Drawing with the pointer

let gesture = null;  // {kind, pointerId, ...}

function toPicture(event) {
  const rect = engine.canvas.getBoundingClientRect();
  const x = ((event.clientX - rect.left) / rect.width) * WIDTH, y = ((event.clientY - rect.top) / rect.height) * HEIGHT;
  return { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 };
}

function pointerDown(event) {
  if (gesture || !event.isPrimary) return;
  event.preventDefault();
  controls.closePanels();
  engine.canvas.setPointerCapture(event.pointerId);
  const point = toPicture(event);
  if (state.tool === "fill") {
    sounds.fill();
    perform({ type: "fill", at: [Math.min(WIDTH - 1, Math.max(0, point.x)), Math.min(HEIGHT - 1, Math.max(0, point.y))], color: state.color, tolerance: paint.DEFAULT_TOLERANCE });
    return;
  }
  if (state.tool === "stamp") {
    if (!state.stamp) return;
    sounds.pop();
    const action = { type: "stamp", emoji: state.stamp.emoji, at: [point.x, point.y], size: stampSize(), rotation: state.stampRotation, flipped: state.stampFlipped };
    loadStamps([action]).then(() => perform(action));
    return;
  }
  if (state.tool === "shape") {
    gesture = { kind: "shape", pointerId: event.pointerId, from: point, to: point };
    return;
  }
  const brush = state.tool === "eraser" ? "eraser" : state.brush;
  const stroke = { brush, color: paint.color(state.color), size: state.size, points: [point], seed: (Math.random() * 4294967295) >>> 0 };
  const before = paint.copy(engine.layer);
  gesture = { kind: "stroke", pointerId: event.pointerId, stroke, before, preview: new paint.StrokePreview(engine.layer, before, stroke), frame: 0 };
  sounds.paint(state.size);
  drawFrame();
}

function pointerMove(event) {
  if (!gesture || event.pointerId !== gesture.pointerId) return;
  event.preventDefault();
  const coalesced = event.getCoalescedEvents?.() ?? [];
  const events = coalesced.length ? coalesced : [event];  // events a script made have none
  if (gesture.kind === "shape") {
    gesture.to = toPicture(events[events.length - 1]);
    drawShapePreview();
    return;
  }
  for (const e of events) {
    const point = toPicture(e);
    const last = gesture.stroke.points[gesture.stroke.points.length - 1];
    if (Math.abs(point.x - last.x) + Math.abs(point.y - last.y) >= 1.5) gesture.stroke.points.push(point);
  }
  if (!gesture.frame) gesture.frame = requestAnimationFrame(drawFrame);
}

function drawFrame() {
  if (!gesture || gesture.kind !== "stroke") return;
  gesture.frame = 0;
  const box = gesture.preview.extend();
  if (box) show(box);
}

function pointerUp(event) {
  if (!gesture || event.pointerId !== gesture.pointerId) return;
  const done = gesture;
  gesture = null;
  if (done.kind === "shape") {
    clearOverlay();
    if (Math.abs(done.to.x - done.from.x) + Math.abs(done.to.y - done.from.y) < 4) return;
    sounds.pop();
    perform({ type: "shape", shape: state.shape, from: [done.from.x, done.from.y], to: [done.to.x, done.to.y], color: state.color, size: state.size, filled: state.filled });
    return;
  }
  cancelAnimationFrame(done.frame);
  done.preview.finish();
  const { stroke } = done;
  commit({ type: "stroke", brush: stroke.brush, color: state.color, size: stroke.size, points: stroke.points.flatMap((p) => [p.x, p.y]), seed: stroke.seed }, done.before);
  show();
}

function drawShapePreview() {
  const overlay = document.getElementById("overlay");
  const context = overlay.getContext("2d");
  context.clearRect(0, 0, WIDTH, HEIGHT);
  const { from, to } = gesture;
  context.strokeStyle = state.color;
  context.fillStyle = state.color;
  context.lineWidth = state.size;
  context.lineCap = "round";
  context.beginPath();
  const [x0, y0, x1, y1] = [Math.min(from.x, to.x), Math.min(from.y, to.y), Math.max(from.x, to.x), Math.max(from.y, to.y)];
  if (state.shape === "line") { context.moveTo(from.x, from.y); context.lineTo(to.x, to.y); context.stroke(); return; }
  if (state.shape === "rectangle") context.rect(x0, y0, x1 - x0, y1 - y0);
  if (state.shape === "circle") context.ellipse((x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2, 0, 0, Math.PI * 2);
  if (state.shape === "star") {
    const cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
    for (let i = 0; i < 10; i++) {
      const angle = -Math.PI / 2 + (i * Math.PI) / 5, r = i % 2 ? 0.382 : 1;
      const px = cx + Math.cos(angle) * r * (x1 - x0) / 2, py = cy + Math.sin(angle) * r * (y1 - y0) / 2;
      if (i) context.lineTo(px, py); else context.moveTo(px, py);
    }
    context.closePath();
  }
  if (state.filled) context.fill(); else context.stroke();
}

function clearOverlay() {
  document.getElementById("overlay")?.getContext("2d").clearRect(0, 0, WIDTH, HEIGHT);
}

const stampSize = () => Math.max(16, Math.min(512, state.size * 3));

// MARK: - Screens

function canvasScreen() {
  const canvas = h("canvas", { id: "canvas", width: String(WIDTH), height: String(HEIGHT), "aria-label": "Drawing canvas", role: "img" });
  const overlay = h("canvas", { id: "overlay", width: String(WIDTH), height: String(HEIGHT), "aria-hidden": "true" });
  canvas.addEventListener("pointerdown", pointerDown);
  canvas.addEventListener("pointermove", pointerMove);
  canvas.addEventListener("pointerup", pointerUp);
  canvas.addEventListener("pointercancel", pointerUp);
  engine.canvas = canvas;
  engine.context = canvas.getContext("2d", { willReadFrequently: false });
  engine.image = null;
  // One screen that never scrolls (coloring.css lays it out for a tablet either way up and a phone).
  return h("div", { class: "cf-screen cf-draw" }, controls.toolbar(), controls.tools(), controls.size(), controls.shapeOptions(), controls.stampDrawer(),
    h("div", { class: "cf-stage" }, h("div", { class: "cf-paper" }, canvas, overlay)), controls.options(),
    state.message ? h("p", { class: "cf-message", role: "status" }, state.message) : null);
}

const backgroundHex = () => "#" + [engine.background.r, engine.background.g, engine.background.b].map((v) => v.toString(16).padStart(2, "0")).join("");

async function toggleKidsMode() {
  try {
    state.me.settings = await api("/api/coloring/kids-mode", { method: "PUT", body: { on: !state.me.settings.kidsMode } });
  } catch { state.me.settings.kidsMode = !state.me.settings.kidsMode; }
  if (state.me.settings.kidsMode && (state.tool === "shape" || (state.tool === "brush" && !KIDS_BRUSHES.has(state.brush)))) { state.tool = "brush"; state.brush = "crayon"; }
  if (state.me.settings.kidsMode && ![12, 32, 64].includes(state.size)) state.size = 32;
  state.panel = null;
  render();
}

// MARK: - The gallery and the controls

const gallery = createGallery({ state, width: WIDTH, height: HEIGHT, autosave: () => autosave, newPicture, openDrawing, showError, render, show });
const openGallery = gallery.open;
const controls = createControls({ state, render, perform, undo, redo, openGallery, toggleKidsMode, backgroundHex });

// MARK: - Start

let autosave = null;

function showError(error) {
  state.screen = "error";
  state.message = error instanceof ApiError || error?.message ? error.message : "Something went wrong.";  // the API's words are written for people
  render();
}

async function load() {
  try {
    const session = await loadSession();
    if (!session.signedIn || !session.child) { location.href = "/"; return; }
    state.childId = session.child.id;
    state.me = await api("/api/coloring/me");
    if (state.me.settings.kidsMode) state.size = 32;
    autosave = new Autosave(state.childId, {
      enabled: state.me.settings.saving,
      onSaved: ({ id, revision, copied }) => {
        state.drawingId = id; state.revision = revision;
        if (copied) { state.message = "This picture changed on another device, so yours was kept as a copy."; render(); show(); }
      },
      onState: (status) => { state.saveState = status; controls.refreshToolbar(); },
    });
    state.saveState = state.me.settings.saving ? "saved" : "off";
    // The last picture reopens: a draft this device has not sent yet wins, then the gallery's latest.
    const draft = autosave.draft();
    if (draft?.dirty && draft.document) {
      await openDocument(draft.document, draft.id, draft.revision);
      autosave.changed(draft.id, draft.revision, state.doc);
    } else if (state.me.lastDrawingId) {
      await openDrawing(state.me.lastDrawingId);
    } else {
      await openDocument(draft?.document ?? blankDocument(), draft?.id ?? null, draft?.revision ?? null);
    }
  } catch (error) {
    showError(error);
  }
}

function render() {
  const screens = {
    loading: () => h("p", { class: "hint" }, "Loading…"),
    error: () => h("section", { class: "cf-card" }, h("h1", {}, "Oops!"), h("p", { class: "error-text" }, state.message),
      h("button", { class: "btn kid", type: "button", onclick: () => { state.screen = "loading"; render(); load(); } }, "Try again")),
    canvas: canvasScreen,
    gallery: gallery.screen,
  };
  document.body.classList.toggle("kids-mode", !!state.me?.settings.kidsMode);
  if (state.screen !== "canvas") { engine.canvas = null; engine.context = null; }
  redraw(root, () => mount(root, screens[state.screen]()));  // the keyboard keeps its place
  root.dataset.screen = state.screen;
  root.dataset.drawingId = state.drawingId ?? "";
  if (state.screen === "canvas" && engine.layer) show();
}

// For tests and the benchmark: the picture as the page shows it.
window.coloringFun = { state, engine, paint, flush: () => autosave?.flush(), bytesSent: () => autosave?.bytesSent ?? 0 };

load();
