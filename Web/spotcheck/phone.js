// What the child's phone keeps for SpotCheck: its key (from pairing), whether the setup screens
// are locked, and the Screen Time tick, in localStorage; and the page's one state object.

export const KEYS = { device: "spotcheck.device", locked: "spotcheck.locked", screenTime: "spotcheck.screentime" };

/** localStorage that never throws (Safari private mode): what can't be kept lasts for this visit. */
export const stored = {
  get(key) { try { return localStorage.getItem(key); } catch { return null; } },
  set(key, value) { try { localStorage.setItem(key, value); } catch { /* kept in memory only */ } },
  remove(key) { try { localStorage.removeItem(key); } catch { /* nothing kept */ } },
};

function readCredentials() {
  try {
    const saved = JSON.parse(stored.get(KEYS.device));
    return saved?.deviceSecret && saved?.deviceToken ? saved : null;
  } catch {
    return null;
  }
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
  stored.set(KEYS.device, JSON.stringify(credentials));
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
