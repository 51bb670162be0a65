// QR codes of Web/shared/qrcode.js under node, for test_qrcode.py:
//   node Tests/e2e/qrcode_check.mjs OUT_DIR [--ecc=L,M,Q,H] [TEXT ...]
//     writes PBM images for a real decoder (zbarimg) to read back: one per text and error correction
//     level (all four unless --ecc says otherwise), 4-module quiet zone, 4 pixels per module; without
//     texts, a built-in list. Prints one JSON line per image: {"file", "text", "ecc", "version", "size"}.
//   node --import ./Tests/e2e/qrcode_check.mjs --input-type=module -e '…'
//     only lets that code import Web/shared/qrcode.js.
// A page gets qrcode-generator from the server (VendorController: the Debian package's file followed by
// `export default qrcode;`); node has no server, so a resolve hook gives it the same module.
import { readFileSync, mkdirSync, writeFileSync } from "node:fs";
import { register } from "node:module";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const DEBIAN_FILE = "/usr/share/nodejs/qrcode-generator/qrcode.js";
let library;
try {
  library = readFileSync(DEBIAN_FILE, "utf8") + "\nexport default qrcode;\n";
} catch (error) {
  throw new Error(`${DEBIAN_FILE} is missing: install the Debian package node-qrcode-generator (scripts/install-deps)`, { cause: error });
}
const moduleURL = "data:text/javascript," + encodeURIComponent(library);
const hooks = `export async function resolve(specifier, context, next) {
  return specifier === "/vendor/qrcode-generator/qrcode.js" ? { url: ${JSON.stringify(moduleURL)}, shortCircuit: true } : next(specifier, context);
}`;
register("data:text/javascript," + encodeURIComponent(hooks));

const QUIET_ZONE = 4;
const SCALE = 4;
const BUILT_IN = ["K7PQ3X", "http://127.0.0.1:8080/spotcheck/#pair=K7PQ3X", "Caffè per tutti 🎉", "x".repeat(100)];

/** A plain PBM (P1): 1 = black. */
function pbm({ size, modules }) {
  const side = (size + 2 * QUIET_ZONE) * SCALE;
  const lines = [`P1`, `${side} ${side}`];
  for (let py = 0; py < side; py++) {
    const y = Math.floor(py / SCALE) - QUIET_ZONE;
    const row = [];
    for (let px = 0; px < side; px++) {
      const x = Math.floor(px / SCALE) - QUIET_ZONE;
      row.push(y >= 0 && y < size && x >= 0 && x < size && modules[y][x] ? "1" : "0");
    }
    lines.push(row.join(" "));
  }
  return lines.join("\n") + "\n";
}

async function writeImages([folder, ...rest]) {
  if (!folder) {
    console.error("usage: node qrcode_check.mjs OUT_DIR [--ecc=L,M,Q,H] [TEXT ...]");
    process.exit(2);
  }
  // Imported only now: a static import would be resolved before the hook is registered.
  const { qrMatrix } = await import("../../Web/shared/qrcode.js");
  const levelsOption = rest.find((argument) => argument.startsWith("--ecc="));
  const levels = levelsOption ? levelsOption.slice("--ecc=".length).split(",") : ["L", "M", "Q", "H"];
  const given = rest.filter((argument) => argument !== levelsOption);
  const texts = given.length ? given : BUILT_IN;

  mkdirSync(folder, { recursive: true });
  texts.forEach((text, index) => {
    for (const ecc of levels) {
      const matrix = qrMatrix(text, { ecc });
      const file = join(folder, `qr-${index}-${ecc}.pbm`);
      writeFileSync(file, pbm(matrix));
      console.log(JSON.stringify({ file, text, ecc, version: (matrix.size - 17) / 4, size: matrix.size }));
    }
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await writeImages(process.argv.slice(2));
