// What a material from a PDF or from photos may be, checked before anything is sent (the server's
// limits: a PDF up to 40 MB, up to 20 photos of at most 15 MB each, JPEG, PNG or WebP), the size a
// photo is shrunk to (at most 2500 px on its long side), the order of the photos, and an upload's
// refusal in the student's words. Pure (node-tested).
import { ErrorCode } from "../shared/error-codes.js";
import { currentLanguage, errorText, has, t } from "./i18n.js";

export const MB = 1024 * 1024;
export const PDF_MAX_BYTES = 40 * MB;
export const PHOTO_MAX_BYTES = 15 * MB;
export const PHOTOS_MAX = 20;
export const PHOTO_LONG_SIDE = 2500;
export const PHOTO_QUALITY = 0.9;
export const PHOTO_TYPES = Object.freeze(["image/jpeg", "image/png", "image/webp"]);
// The server reads a photos body of at most this many bytes (its 15 MB × 4/3 × 4, plus 4 kB).
export const PHOTOS_BODY_MAX = Math.floor((PHOTO_MAX_BYTES * 4) / 3) * 4 + 4096;

const isPdf = (file) => file?.type === "application/pdf" || (!file?.type && /\.pdf$/i.test(file?.name ?? ""));

/** What is wrong with a chosen PDF (a catalogue key and its slots), or null. */
export function pdfProblem(file) {
  if (!file) return { key: "new.pdf.need" };
  if (!isPdf(file)) return { key: "new.pdf.notPdf" };
  if (!(file.size > 0)) return { key: "new.pdf.empty" };
  if (file.size > PDF_MAX_BYTES) return { key: "new.pdf.tooBig", params: { mb: PDF_MAX_BYTES / MB } };
  return null;
}

/** What is wrong with a photo the student picked (any picture the browser can open), or null. */
export function pickedPhotoProblem(file) {
  if (!file || !String(file.type ?? "").startsWith("image/")) return { key: "new.photos.notImage" };
  if (!(file.size > 0)) return { key: "new.photos.notImage" };
  return null;
}

/** What is wrong with a photo as it would be sent (after shrinking), or null. */
export function sentPhotoProblem(blob) {
  if (!PHOTO_TYPES.includes(blob?.type)) return { key: "new.photos.notImage" };
  if (blob.size > PHOTO_MAX_BYTES) return { key: "new.photos.tooBig", params: { mb: PHOTO_MAX_BYTES / MB } };
  return null;
}

/** What is wrong with a set of `count` photos, or null. */
export function photosProblem(count) {
  if (count < 1) return { key: "new.photos.need" };
  if (count > PHOTOS_MAX) return { key: "new.photos.tooMany", params: { max: PHOTOS_MAX } };
  return null;
}

/** How many of `adding` new photos fit beside the `have` already there. */
export const photosThatFit = (have, adding) => Math.max(0, Math.min(adding, PHOTOS_MAX - have));

/** Whether base64 pictures of these byte sizes fit in one request body. */
export function photosBodyFits(sizes) {
  const base64 = sizes.reduce((sum, size) => sum + Math.ceil(size / 3) * 4 + 3, 0);
  return base64 + 16 <= PHOTOS_BODY_MAX;
}

/** A picture's size shrunk (never grown) so its long side is at most `longSide`, in whole pixels. */
export function fitSize(width, height, longSide = PHOTO_LONG_SIDE) {
  const w = Math.max(1, Math.round(Number(width) || 1));
  const h = Math.max(1, Math.round(Number(height) || 1));
  const scale = Math.min(1, longSide / Math.max(w, h));
  return { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) };
}

/** `list` with item `index` moved by `delta` (−1 earlier, +1 later); the same list when it cannot move. */
export function moveItem(list, index, delta) {
  const to = index + delta;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(to, 0, item);
  return next;
}

/** A base64 data URL without its "data:…;base64," prefix. */
export const base64Of = (dataURL) => String(dataURL).slice(String(dataURL).indexOf(",") + 1);

/**
 * An upload's refusal as lines in the student's language: the catalogue's words by code. A file the
 * server could not read (invalid_field) gets a line saying why such a file fails; in English the
 * server's own reason follows (it is English), in Italian a catalogue line does instead.
 */
export function uploadErrorLines(error, kind, lang = currentLanguage()) {
  const code = error?.code;
  if (code === ErrorCode.invalidField) {
    const field = error.details?.field;
    if (field && field !== kind && field !== "pdf" && field !== "photos") return [errorText(error)];
    const first = t(`new.unreadable.${kind}`, {}, lang);
    return lang === "en" && error.message ? [first, error.message] : [first];
  }
  if (code && has(`new.error.${code}`, lang)) return [t(`new.error.${code}`, {}, lang)];
  return [errorText(error)];
}
