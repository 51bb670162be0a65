// localStorage that never throws. Storage may be missing, turned off (old Safari's private mode),
// full, or hold something that is not JSON; none of that may stop a page. What could not be kept
// on the device is kept in memory for the rest of the visit, so the page reads back what it wrote.

/**
 * A store over `storage()` (the page's localStorage unless told), with its own memory of what
 * could not be stored. `read`/`write` hold JSON; `readText`/`writeText` hold a plain string.
 */
export function safeStorage(storage = () => globalThis.localStorage) {
  const unstored = new Map();
  const device = () => { try { return storage() ?? null; } catch { return null; } };

  /** The string kept under `key`, or null. */
  function readText(key) {
    if (unstored.has(key)) return unstored.get(key);
    try { return device()?.getItem(key) ?? null; } catch { return null; }
  }

  /** Keeps `text` under `key`; false when it lasts only for this visit. */
  function writeText(key, text) {
    try {
      const kept = device();
      if (!kept) throw new Error("no storage");
      kept.setItem(key, text);
      unstored.delete(key);
      return true;
    } catch {
      unstored.set(key, text);
      return false;
    }
  }

  /** The value kept under `key`; `fallback` when there is none, it is null, or it is not JSON. */
  function read(key, fallback = null) {
    const text = readText(key);
    if (text === null) return fallback;
    try { return JSON.parse(text) ?? fallback; } catch { return fallback; }
  }

  /** Keeps `value` as JSON; false when it lasts only for this visit. */
  const write = (key, value) => writeText(key, JSON.stringify(value));

  function remove(key) {
    unstored.delete(key);
    try { device()?.removeItem(key); } catch { /* nothing could be kept there anyway */ }
  }

  return { read, write, readText, writeText, remove };
}

/** The page's localStorage, shared by the modules of a page. */
export const local = safeStorage();
