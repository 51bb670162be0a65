// The pages a material was made from, beside its text: the photos as they were sent, or the PDF
// drawn page by page with pdf.js (Debian's libjs-pdf, served at /vendor/pdf.js/; a classic script,
// loaded the first time a PDF is shown, that sets window.pdfjsLib). No eval (the page's CSP has none).
import { h } from "../shared/dom.js";
import { t } from "./i18n.js";

const LIBRARY = "/vendor/pdf.js/build/pdf.js";
let loading = null;

/** window.pdfjsLib, loaded once. */
function pdfjs() {
  loading ??= new Promise((resolve, reject) => {
    if (globalThis.pdfjsLib) { resolve(globalThis.pdfjsLib); return; }
    const script = document.createElement("script");
    script.src = LIBRARY;
    script.onload = () => {
      const library = globalThis.pdfjsLib;
      if (!library) { loading = null; reject(new Error("pdf.js did not load")); return; }
      library.GlobalWorkerOptions.workerSrc = "/vendor/pdf.js/build/pdf.worker.js";
      resolve(library);
    };
    script.onerror = () => { loading = null; reject(new Error("pdf.js is not installed")); };
    document.head.append(script);
  });
  return loading;
}

const fileUrl = (material, page) => `/api/mirrorbuddy/materials/${encodeURIComponent(material.id)}/file${page ? `?page=${page}` : ""}`;

/** At most this many pixels a drawn page (a tablet's screen at twice its density would otherwise
 * take 15 MB a page, and iOS limits a page's canvases). */
const PAGE_PIXELS = 4_000_000;

let shown = null;  // {id, section, task}: the panel of the material on screen, kept across redraws

/** Pages drawn at a time: the next ones wait for a tap (a 100-page PDF is not drawn all at once). */
const BATCH = 20;

/** Draws pages `from`…`to` of the open PDF into `box` as pictures (each canvas made into an image
 * and let go); false when the panel went away meanwhile. */
async function drawPages(document_, from, to, box, view) {
  for (let number = from; number <= to; number += 1) {
    if (!box.isConnected || shown !== view) { view.task.destroy(); return false; }
    const page = await document_.getPage(number);
    const natural = page.getViewport({ scale: 1 });
    const wanted = Math.max(280, box.clientWidth - 8) / natural.width * (globalThis.devicePixelRatio || 1);
    const scale = Math.min(wanted, Math.sqrt(PAGE_PIXELS / (natural.width * natural.height)));
    const viewport = page.getViewport({ scale });
    const canvas = document.createElement("canvas");
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    await page.render({ canvasContext: canvas.getContext("2d"), viewport }).promise;
    const blob = await new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
    canvas.width = 0;
    canvas.height = 0;
    if (!blob) continue;
    const url = URL.createObjectURL(blob);
    view.urls.push(url);
    box.append(h("img", { class: "mb-original-page", src: url, alt: t("original.page", { page: number }) }));
  }
  return true;
}

/** Draws the PDF's pages into `box`, `BATCH` at a time, with a button for the next ones. */
async function drawPDF(material, box, status, view) {
  try {
    const library = await pdfjs();
    view.task = library.getDocument({ url: fileUrl(material), isEvalSupported: false,
      standardFontDataUrl: "/vendor/pdf.js/web/standard_fonts/", withCredentials: true });
    const document_ = await view.task.promise;
    status.textContent = t("original.pages", { count: document_.numPages });
    const more = async (from) => {
      const to = Math.min(document_.numPages, from + BATCH - 1);
      if (!await drawPages(document_, from, to, box, view) || to >= document_.numPages) return;
      const next = { from: to + 1, to: Math.min(document_.numPages, to + BATCH) };
      const button = h("button", { class: "btn mb-btn mb-big-btn", type: "button", id: "original-more",
        onclick: () => { button.remove(); more(next.from).catch(() => { status.textContent = t("original.failed"); }); } },
        h("span", { class: "mb-emoji", "aria-hidden": "true" }, "📄"), h("span", { class: "mb-word" }, t("original.more", next)));
      box.append(button);
    };
    await more(1);
  } catch {
    status.textContent = t("original.failed");
  }
}

/** Lets the shown panel go: its loading stopped, its pictures freed. */
export function dropOriginal() {
  if (!shown) return;
  shown.task?.destroy();
  for (const url of shown.urls) URL.revokeObjectURL(url);
  shown = null;
}

/** The original pages of a material from a PDF or photos (null for typed text); the same panel
 * across redraws of the same material. */
export function originalView(material) {
  if (material.source === "text" || material.status !== "ready") return null;
  if (shown?.id === material.id) return shown.section;
  dropOriginal();
  const status = h("p", { class: "hint", role: "status", "aria-live": "polite" }, material.source === "pdf" ? t("original.loading") : "");
  const box = h("div", { class: "mb-original-pages", id: "original-pages" });
  const view = { id: material.id, section: null, task: null, urls: [] };
  if (material.source === "photos") {
    for (let page = 1; page <= (material.pages || 1); page += 1) {
      box.append(h("img", { class: "mb-original-page", src: fileUrl(material, page), alt: t("original.page", { page }), loading: "lazy" }));
    }
  } else {
    queueMicrotask(() => drawPDF(material, box, status, view));
  }
  view.section = h("section", { class: "mb-card", id: "original-panel", "aria-labelledby": "original-title" },
    h("h2", { id: "original-title" }, h("span", { "aria-hidden": "true" }, material.source === "pdf" ? "📄 " : "📷 "), t("original.title")),
    status, box);
  shown = view;
  return view.section;
}
