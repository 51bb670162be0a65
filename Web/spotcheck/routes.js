// Which screen the child's phone shows: the address's # names a route (#pair=CODE fills in the
// code), and the lock and a removed phone come before it. No DOM, so `node --test` reads it.

const ROUTES = ["welcome", "checklist", "pair", "unlock", "shortcut"];

/** Characters in a pairing code (SpotCheck's PairingCode.length). */
export const CODE_LENGTH = 8;

/** The code as the server wants it: spaces and hyphens dropped, capitals. */
export const normalizeCode = (text) => text.replace(/[\s-]/g, "").toUpperCase();

/** The route and the pairing code to fill in, from the address's hash ("#pair=K7PM%20Q3XA"). */
export function routeFor(locationHash) {
  let hash = locationHash.slice(1);
  try { hash = decodeURIComponent(hash); } catch { /* a broken %-escape: read it as typed */ }
  if (hash.startsWith("pair=")) return { route: "pair", prefill: normalizeCode(hash.slice(5)).slice(0, CODE_LENGTH) };
  return { route: ROUTES.includes(hash) ? hash : "landing", prefill: "" };
}

/** What is on screen: the lock and a removed phone come before the address. */
export function screenFor(state) {
  if (state.removed) return "removed";
  if (state.locked) return state.route === "unlock" ? "unlock" : "locked";
  if (state.route === "unlock" || (state.route === "shortcut" && !state.credentials)) return "checklist";
  return state.route;
}
