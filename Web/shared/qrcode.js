// QR codes for our pages. The symbol comes from qrcode-generator (Kazuhiko Arase; Debian's
// node-qrcode-generator), which the server serves as an ES module at /vendor/ (VendorController);
// here we only choose its options and draw the modules.
// We draw the SVG ourselves, not with the library's createSvgTag(): that returns markup to parse, one
// square per module without crispEdges (hairlines between them when scaled), and the same ids for
// every code on a page. qrSvg() sets attributes only (the Content-Security-Policy forbids inline
// styles); qrSvgMarkup() gives the same SVG as text.

const SVG_NS = "http://www.w3.org/2000/svg";
const LEVELS = ["L", "M", "Q", "H"];

// Imported here, not statically: without the library (its Debian package not installed) the pages
// that show a code still load, and qrMatrix() throws, which they catch (the code and link do without).
let qrcode = null;
try {
  ({ default: qrcode } = await import("/vendor/qrcode-generator/qrcode.js"));
  // Byte mode carries UTF-8 (the library's default keeps only the low byte of each UTF-16 unit).
  qrcode.stringToBytes = qrcode.stringToBytesFuncs["UTF-8"];
} catch (error) {
  console.warn("QR codes: /vendor/qrcode-generator/qrcode.js did not load", error);
}

/** The QR code of `text` (UTF-8 bytes, the smallest version that holds them): { size, modules } with modules[y][x] true when dark. */
export function qrMatrix(text, { ecc = "M" } = {}) {
  if (!qrcode) throw new Error("QR code: the library did not load (the server needs the Debian package node-qrcode-generator)");
  if (!LEVELS.includes(ecc)) throw new Error(`QR code: unknown error correction level ${JSON.stringify(ecc)} (use L, M, Q or H)`);
  const code = qrcode(0, ecc); // version 0: the library picks the smallest that fits
  code.addData(String(text), "Byte");
  try {
    code.make();
  } catch (thrown) {
    // The library throws strings; "code length overflow" is the only one text can cause.
    if (!String(thrown).startsWith("code length overflow")) throw thrown;
    throw new Error(`QR code: the text is too long (${qrcode.stringToBytes(String(text)).length} bytes in UTF-8; ` +
      `more than version 40 holds with error correction ${ecc})`, { cause: thrown });
  }
  const size = code.getModuleCount();
  return { size, modules: Array.from({ length: size }, (_, y) => Array.from({ length: size }, (_, x) => code.isDark(y, x))) };
}

// --- SVG: a white background and one path of dark modules (one sub-path per horizontal run) ---

function darkPath({ modules }, margin) {
  const parts = [];
  modules.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue;
      let end = x;
      while (end + 1 < row.length && row[end + 1]) end++;
      const run = end - x + 1;
      parts.push(`M${x + margin} ${y + margin}h${run}v1h-${run}z`);
      x = end;
    }
  });
  return parts.join("");
}

/** `margin` is the quiet zone in modules (the standard asks for 4). */
function svgAttributes(text, { scale = 6, margin = 4, ecc = "M", label } = {}) {
  const matrix = qrMatrix(text, { ecc });
  const side = matrix.size + 2 * margin;
  return {
    svg: { viewBox: `0 0 ${side} ${side}`, width: side * scale, height: side * scale, role: "img",
      "aria-label": label ?? "QR code", "shape-rendering": "crispEdges" },
    rect: { width: side, height: side, fill: "#fff" },
    path: { d: darkPath(matrix, margin), fill: "#000" },
  };
}

/** The QR code as an <svg> element (role="img", aria-label = label ?? "QR code"). */
export function qrSvg(text, options = {}) {
  const parts = svgAttributes(text, options);
  const make = (tag, attributes) => {
    const element = document.createElementNS(SVG_NS, tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
    return element;
  };
  const svg = make("svg", parts.svg);
  svg.append(make("rect", parts.rect), make("path", parts.path));
  return svg;
}

/** The same SVG as qrSvg(), as markup (for tests and tools outside a browser). */
export function qrSvgMarkup(text, options = {}) {
  const parts = svgAttributes(text, options);
  const escape = (value) => String(value).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  const attributes = (object) => Object.entries(object).map(([name, value]) => ` ${name}="${escape(value)}"`).join("");
  return `<svg xmlns="${SVG_NS}"${attributes(parts.svg)}><rect${attributes(parts.rect)}/><path${attributes(parts.path)}/></svg>`;
}
