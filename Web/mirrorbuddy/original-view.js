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
      if (!library) { reject(new Error("pdf.js did not load")); return; }
      library.GlobalWorkerOptions.workerSrc = "/vendor/pdf.js/build/pdf.worker.js";
      resolve(library);
    };
    script.onerror = () => { loading = null; reject(new Error("pdf.js is not installed")); };
    document.head.append(script);
  });
  return loading;
}

const fileUrl = (material, page) => `/api/mirrorbuddy/materials/${encodeURIComponent(material.id)}/file${page ? `?page=${page}` : ""}`;

/** Draws the PDF's pages into `box`, each as wide as the box (at most 20 pages shown). */
async function drawPDF(material, box, status) {
  try {
    const library = await pdfjs();
    const document_ = await library.getDocument({ url: fileUrl(material), isEvalSupported: false,
      standardFontDataUrl: "/vendor/pdf.js/web/standard_fonts/", withCredentials: true }).promise;
    const pages = Math.min(document_.numPages, 20);
    status.textContent = t("original.pages", { count: document_.numPages });
    for (let number = 1; number <= pages; number += 1) {
      if (!box.isConnected) return;
      const page = await document_.getPage(number);
      const width = Math.max(280, box.clientWidth - 8);
      const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width * (globalThis.devicePixelRatio || 1) });
      const canvas = h("canvas", { class: "mb-original-page", width: String(Math.floor(viewport.width)), height: String(Math.floor(viewport.height)),
        role: "img", "aria-label": t("original.page", { page: number }) });
      box.append(canvas);
      await page.render({ canvasContext: canvas.getContext("2d"), viewport }).promise;
    }
  } catch {
    status.textContent = t("original.failed");
  }
}

/** The original pages of a material from a PDF or photos (null for typed text). */
export function originalView(material) {
  if (material.source === "text" || material.status !== "ready") return null;
  const status = h("p", { class: "hint", role: "status", "aria-live": "polite" }, material.source === "pdf" ? t("original.loading") : "");
  const box = h("div", { class: "mb-original-pages", id: "original-pages" });
  if (material.source === "photos") {
    for (let page = 1; page <= (material.pages || 1); page += 1) {
      box.append(h("img", { class: "mb-original-page", src: fileUrl(material, page), alt: t("original.page", { page }), loading: "lazy" }));
    }
  } else {
    queueMicrotask(() => drawPDF(material, box, status));
  }
  return h("section", { class: "mb-card", id: "original-panel", "aria-labelledby": "original-title" },
    h("h2", { id: "original-title" }, h("span", { "aria-hidden": "true" }, material.source === "pdf" ? "📄 " : "📷 "), t("original.title")),
    status, box);
}
