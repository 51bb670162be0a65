// Writes QR codes made by Web/shared/qrcode.js as PBM images, for a real decoder (zbarimg) to read back.
//   node Tests/e2e/qrcode_check.mjs OUT_DIR [--ecc=L,M,Q,H] [TEXT ...]
// One image per text and error correction level (all four unless --ecc says otherwise), with a
// 4-module quiet zone, 4 pixels per module. Without texts, a built-in list is used. Prints one JSON
// line per image: {"file", "text", "ecc", "version", "size"}.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { qrMatrix } from "../../Web/shared/qrcode.js";

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

const [folder, ...rest] = process.argv.slice(2);
if (!folder) {
  console.error("usage: node qrcode_check.mjs OUT_DIR [--ecc=L,M,Q,H] [TEXT ...]");
  process.exit(2);
}
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
