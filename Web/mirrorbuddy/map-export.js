// A mind map as a file: the server's Markdown, OPML and SVG (links to GET maps/:id/export), and a
// PNG the page makes itself: the server's SVG drawn on a canvas at twice its size (smaller when
// that would be more than a canvas takes) on white, downloaded with the SVG's file name as .png.
// The names, sizes and addresses are pure (node-tested); `downloadPng` is the browser's part.

export const EXPORT_FORMATS = Object.freeze(["markdown", "opml", "svg"]);

/** The address of a map's file in `format`. */
export const exportUrl = (id, format) => `/api/mirrorbuddy/maps/${encodeURIComponent(id)}/export?format=${encodeURIComponent(format)}`;

const EXTENSIONS = { markdown: "md", opml: "opml", svg: "svg", png: "png" };

/**
 * A file name from a title, as the server makes it (MirrorBuddyMaps.fileName): accents folded,
 * lower case, ASCII letters and digits kept, every run of anything else one dash, none at the
 * ends, then cut at 60 characters (a cut may end on a dash, as the server's does; "mappa" when
 * nothing is left).
 */
export function fileBase(title) {
  const folded = String(title ?? "").toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");
  const name = folded.replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60);
  return name || "mappa";
}

/** The name a download gets: the title's, with the format's extension. */
export const fileName = (title, format) => `${fileBase(title)}.${EXTENSIONS[format] ?? format}`;

/** The file name in a Content-Disposition header (filename*=UTF-8'' first, then filename=), or null. */
export function dispositionName(header) {
  const text = String(header ?? "");
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(text);
  if (star) {
    try { return decodeURIComponent(star[1].trim().replace(/^"|"$/g, "")); } catch { /* fall through */ }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(text);
  return plain ? (plain[2] ?? plain[1]).trim() || null : null;
}

/** The PNG's name from the SVG's: the same, ending .png. */
export const pngName = (svgName, title) => (svgName ? svgName.replace(/\.svg$/i, "") + ".png" : fileName(title, "png"));

/** The size an SVG document states: width/height (px or plain numbers), else its viewBox; null when neither. */
export function svgSize(text) {
  const open = /<svg\b[^>]*>/i.exec(String(text ?? ""))?.[0];
  if (!open) return null;
  const attribute = (name) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, "i").exec(open)?.[1] ?? null;
  const pixels = (value) => (value !== null && /^\s*[\d.]+\s*(px)?\s*$/.test(value) ? Number.parseFloat(value) : null);
  let width = pixels(attribute("width"));
  let height = pixels(attribute("height"));
  const box = attribute("viewBox")?.trim().split(/[\s,]+/).map(Number);
  if ((width === null || height === null) && box?.length === 4 && box.every(Number.isFinite)) {
    width ??= box[2];
    height ??= box[3];
  }
  return width > 0 && height > 0 ? { width, height } : null;
}

/**
 * The canvas for a picture of `width` × `height` drawn `scale` times bigger, kept within what
 * browsers draw (`maxSide` a side, `maxArea` pixels): {width, height, scale}, whole pixels.
 */
export function pngCanvas(width, height, { scale = 2, maxSide = 8192, maxArea = 32_000_000 } = {}) {
  let k = scale;
  k = Math.min(k, maxSide / width, maxSide / height, Math.sqrt(maxArea / (width * height)));
  return { width: Math.max(1, Math.floor(width * k)), height: Math.max(1, Math.floor(height * k)), scale: k };
}

// ---- The browser's part

function saveBlob(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

function loadImage(url) {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error("svg_not_drawn"));
    image.src = url;
  });
}

/** Fetches the map's SVG, draws it at 2× on a white canvas and downloads it as a PNG. Throws the API's error. */
export async function downloadPng(id, title, { fetchSvg }) {
  const { text, name } = await fetchSvg(exportUrl(id, "svg"));
  const size = svgSize(text) ?? { width: 1200, height: 800 };
  const canvas = document.createElement("canvas");
  const { width, height, scale } = pngCanvas(size.width, size.height);
  Object.assign(canvas, { width, height });
  const url = URL.createObjectURL(new Blob([text], { type: "image/svg+xml" }));
  try {
    const image = await loadImage(url);
    const context = canvas.getContext("2d");
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, width, height);
    context.setTransform(scale, 0, 0, scale, 0, 0);
    context.drawImage(image, 0, 0, size.width, size.height);
  } finally {
    URL.revokeObjectURL(url);
  }
  const blob = await new Promise((resolve, reject) => canvas.toBlob((made) => (made ? resolve(made) : reject(new Error("png_not_made"))), "image/png"));
  saveBlob(blob, pngName(name, title));
}
