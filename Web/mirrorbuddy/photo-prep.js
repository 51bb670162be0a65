// A photo of a page made ready to send: opened the right way up (the camera's EXIF orientation),
// shrunk to at most 2500 px on its long side and saved as a JPEG at quality 0.9 on a canvas, then
// as base64 for the JSON body. A browser that cannot open the picture sends it as it is when the
// server can read it (JPEG, PNG or WebP of at most 15 MB).
import { base64Of, fitSize, PHOTO_LONG_SIDE, PHOTO_QUALITY, sentPhotoProblem } from "./upload-rules.js";

/** A problem found while preparing a photo: {key, params} for the catalogue. */
export class PhotoProblem extends Error {
  constructor(problem, index) {
    super(problem.key);
    this.problem = problem;
    this.index = index;
  }
}

const readAsDataURL = (blob) => new Promise((resolve, reject) => {
  const reader = new FileReader();
  reader.onload = () => resolve(String(reader.result));
  reader.onerror = () => reject(reader.error ?? new Error("read failed"));
  reader.readAsDataURL(blob);
});

async function open(file) {
  try {
    return await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    try { return await createImageBitmap(file); } catch { return null; }
  }
}

async function draw(bitmap) {
  const { width, height } = fitSize(bitmap.width, bitmap.height, PHOTO_LONG_SIDE);
  if (typeof OffscreenCanvas === "function") {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext("2d");
    if (context?.drawImage) {
      // White behind a transparent picture: a JPEG has no transparency and would turn it black.
      context.fillStyle = "#fff";
      context.fillRect(0, 0, width, height);
      context.drawImage(bitmap, 0, 0, width, height);
      return canvas.convertToBlob({ type: "image/jpeg", quality: PHOTO_QUALITY });
    }
  }
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const flat = canvas.getContext("2d");
  flat.fillStyle = "#fff";
  flat.fillRect(0, 0, width, height);
  flat.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("no blob"))), "image/jpeg", PHOTO_QUALITY));
}

/** The base64 (no data: prefix) of photo `file`, shrunk; throws PhotoProblem when it cannot go. */
export async function preparePhoto(file, index = 0) {
  const bitmap = typeof createImageBitmap === "function" ? await open(file) : null;
  let blob = file;
  if (bitmap) {
    try { blob = await draw(bitmap); } catch { blob = file; } finally { bitmap.close?.(); }
  }
  const problem = sentPhotoProblem(blob);
  if (problem) throw new PhotoProblem(problem, index);
  return { base64: base64Of(await readAsDataURL(blob)), bytes: blob.size };
}
