// What the child's phone keeps for SpotCheck: its key (from pairing), whether the setup screens
// are locked, and the Screen Time tick, in localStorage; and the page's one state object.

import { local } from "../shared/safe-storage.js";

export const KEYS = { device: "spotcheck.device", locked: "spotcheck.locked", screenTime: "spotcheck.screentime" };

/** localStorage that never throws (Safari private mode): what can't be kept lasts for this visit. */
export const stored = { get: local.readText, set: local.writeText, remove: local.remove };

function readCredentials() {
  const saved = local.read(KEYS.device);
  return saved?.deviceSecret && saved?.deviceToken ? saved : null;
}

export const state = {
  route: "landing",         // landing | welcome | checklist | pair | unlock | shortcut (from the address's #)
  prefill: "",              // a pairing code from #pair=CODE
  credentials: readCredentials(),   // {apiBaseURL, deviceId, deviceToken, deviceSecret, name}
  locked: stored.get(KEYS.locked) === "1",
  screenTimeDone: stored.get(KEYS.screenTime) === "1",
  device: null,             // GET /device
  deviceError: "",
  removed: false,           // GET /device said 401: the parent removed this phone
};

export function remember(credentials) {
  state.credentials = credentials;
  local.write(KEYS.device, credentials);
}

/** Drops this phone's key and the lock: without a key there is nothing to protect or unlock. */
export function forget() {
  state.credentials = null;
  state.device = null;
  state.deviceError = "";
  state.locked = false;
  stored.remove(KEYS.device);
  stored.remove(KEYS.locked);
}

/** hotspot-config.json's content: the server's address for this phone (from the pairing answer), never a loopback origin. */
export function shortcutConfig() {
  const { deviceToken, deviceSecret, deviceId, apiBaseURL } = state.credentials;
  return { apiBaseURL: apiBaseURL ?? location.origin, deviceToken, deviceSecret, deviceId };
}
