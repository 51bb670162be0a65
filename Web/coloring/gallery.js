// Coloring Fun's gallery: start a new picture (blank or one of the colouring pages), open, copy,
// download (the server's PNG, the same pixels the page shows) or delete (confirmed) a saved one.
import { api } from "../shared/api.js";
import { openSheet } from "../shared/dialog.js";
import { h, mount } from "../shared/dom.js";
import { muteButton, sounds } from "../shared/sounds.js";
import * as paint from "./render.js";

/**
 * `app`: {state, width, height, autosave(), newPicture(page), openDrawing(id), showError(error),
 * render(), show()}. Returns {open, screen}.
 */
export function createGallery(app) {
  const { state } = app;
  const previews = new Map();
  const icon = (text) => h("span", { class: "icon", "aria-hidden": "true" }, text);
  const label = (text) => h("span", { class: "label" }, text);

  async function open() {
    await app.autosave()?.flush();
    try { state.gallery = (await api("/api/coloring/drawings")).drawings; } catch (error) { state.message = error.message; }
    state.screen = "gallery";
    state.panel = null;
    app.render();
  }

  function screen() {
    const settings = state.me.settings;
    return h("div", { class: "cf-screen gallery" },
      h("header", { class: "cf-toolbar" },
        h("button", { class: "btn tool-button", type: "button", id: "back-to-canvas", "aria-label": "Back to my drawing", onclick: () => { state.screen = "canvas"; app.render(); app.show(); } },
          h("span", { "aria-hidden": "true" }, "⬅️"), h("span", { class: "label" }, "Back")),
        h("h1", { class: "cf-title" }, "🖼️ My pictures"), muteButton()),
      state.message ? h("p", { class: "cf-message", role: "status" }, state.message) : null,
      h("h2", { class: "cf-subtitle" }, "Start something new"),
      h("div", { class: "grid" },
        h("button", { class: "card new", type: "button", id: "new-picture", onclick: () => app.newPicture() }, h("span", { class: "big" }, "➕"), "Blank page"),
        ...state.me.pages.map((page) => h("button", { class: "card page", type: "button", "data-page": page.id, onclick: () => app.newPicture(page.id) },
          pagePreview(page.id), page.name))),
      h("h2", { class: "cf-subtitle" }, settings.saving ? `Saved pictures (${state.gallery.length})` : "Saving pictures is turned off"),
      h("div", { class: "grid" }, ...state.gallery.map((drawing) => h("div", { class: "card drawing", "data-drawing-id": drawing.id },
        h("button", { class: "thumb", type: "button", "aria-label": "Open this picture", onclick: () => app.openDrawing(drawing.id).catch(app.showError) },
          h("img", { src: `/api/coloring/drawings/${drawing.id}/thumbnail?rev=${drawing.revision}`, alt: "", width: "256", height: "192" })),
        h("div", { class: "row" },
          h("button", { class: "btn tool-button", type: "button", "aria-label": "Copy this picture", onclick: () => duplicate(drawing.id) }, icon("📄"), label("Copy")),
          settings.export ? h("a", { class: "btn tool-button", href: `/api/coloring/drawings/${drawing.id}/export`, download: "my-picture.png", "aria-label": "Save as PNG" }, icon("⬇️"), label("PNG")) : null,
          h("button", { class: "btn tool-button danger-soft", type: "button", "aria-label": "Delete this picture", onclick: () => remove(drawing.id) }, icon("🗑️"), label("Delete")))))));
  }

  function pagePreview(id) {
    const canvas = h("canvas", { width: "160", height: "120", class: "page-preview", "aria-hidden": "true" });
    queueMicrotask(async () => {
      if (!previews.has(id)) {
        const page = await api(`/api/coloring/pages/${encodeURIComponent(id)}`);
        const outline = paint.outlineLayer(page.outline, app.width, app.height);
        const full = paint.composited(outline, paint.raster(app.width, app.height, paint.color("#ffffff")));
        const big = new OffscreenCanvas(app.width, app.height);
        big.getContext("2d").putImageData(new ImageData(new Uint8ClampedArray(full.pixels.buffer), app.width, app.height), 0, 0);
        previews.set(id, big);
      }
      canvas.getContext("2d").drawImage(previews.get(id), 0, 0, 160, 120);
    });
    return canvas;
  }

  async function duplicate(id) {
    try { await api(`/api/coloring/drawings/${encodeURIComponent(id)}/duplicate`, { method: "POST" }); sounds.shutter(); } catch (error) { state.message = error.message; }
    await open();
  }

  async function remove(id) {
    const sure = await openSheet({
      label: "Delete this picture?", cancelText: "Keep it",
      render: (body, close) => mount(body, h("h2", {}, "Delete this picture?"), h("p", {}, "It goes away for good."),
        h("div", { class: "row" }, h("button", { class: "btn kid danger", type: "button", id: "delete-it", onclick: () => close(true) }, "Delete 🗑️"),
          h("button", { class: "btn kid", type: "button", onclick: () => close(false) }, "Keep it"))),
    });
    if (!sure) return;
    try { await api(`/api/coloring/drawings/${encodeURIComponent(id)}`, { method: "DELETE" }); sounds.clear(); } catch (error) { state.message = error.message; }
    if (id === state.drawingId) { state.drawingId = null; state.revision = null; }
    await open();
  }

  return { open, screen };
}
