// SpotCheck on the child's phone (seed 002): the landing page, the setup checklist (pair, install the
// Shortcut, automations, Screen Time) and the locked screen a parent opens with their password.
// There is no family session here: the phone talks to the device endpoints with its own key, kept
// in localStorage, and sends no cookies. State lives in one object; one function renders it.
import { ApiError, readAnswer } from "../shared/api.js";
import { openSheet } from "../shared/dialog.js";
import { h, mount } from "../shared/dom.js";
import { agoTime, refreshTimes } from "../shared/time.js";
import { downloadCheckScript, saveFile, shortcutGuideContent } from "./shortcut-screen.js";

const root = document.getElementById("app");
const KEYS = { device: "spotcheck.device", locked: "spotcheck.locked", screenTime: "spotcheck.screentime" };
const ROUTES = ["welcome", "checklist", "pair", "unlock", "shortcut"];
const REFRESH_MS = { checklist: 10_000, locked: 60_000 };

/** localStorage that never throws (Safari private mode): what can't be kept lasts for this visit. */
const stored = {
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

const state = {
  route: "landing",         // landing | welcome | checklist | pair | unlock | shortcut (from the address's #)
  prefill: "",              // a pairing code from #pair=CODE
  credentials: readCredentials(),   // {apiBaseURL, deviceId, deviceToken, deviceSecret, name}
  locked: stored.get(KEYS.locked) === "1",
  screenTimeDone: stored.get(KEYS.screenTime) === "1",
  device: null,             // GET /device
  deviceError: "",
  removed: false,           // GET /device said 401: the parent removed this phone
};

// MARK: - Formatting

/** The code as the server wants it: spaces and hyphens dropped, capitals. */
const normalizeCode = (text) => text.replace(/[\s-]/g, "").toUpperCase();

// MARK: - Talking to the server

const FALLBACK_MESSAGES = {
  401: "This phone's SpotCheck key doesn't work any more.",
  404: "That code doesn't exist. Check it on your parent's phone.",
  409: "That code was already used. Ask your parent for a new one.",
  410: "That code has expired. Ask your parent for a new one.",
  429: "Too many tries. Wait a moment and try again.",
};

/** Calls a device endpoint with this phone's key (unless `auth` is false); throws ApiError. */
async function deviceCall(path, { method = "GET", body, auth = true } = {}) {
  const headers = { Accept: "application/json" };
  if (auth) {
    headers.Authorization = `Bearer ${state.credentials.deviceSecret}`;
    headers["X-Device-Token"] = state.credentials.deviceToken;
  }
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(path, { method, headers, credentials: "omit", cache: "no-store",
      body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, "offline", "No connection. Check Wi-Fi or mobile data and try again.");
  }
  return readAnswer(response, (status) => FALLBACK_MESSAGES[status] ?? "Something went wrong. Try again.");
}

const withRetry = (error) => error.status === 429 && error.retryAfter
  ? `${error.message} (You can try again in ${error.retryAfter < 120 ? `${error.retryAfter} seconds` : `${Math.ceil(error.retryAfter / 60)} minutes`}.)`
  : error.message;

function remember(credentials) {
  state.credentials = credentials;
  stored.set(KEYS.device, JSON.stringify(credentials));
}

/** Drops this phone's key and the lock: without a key there is nothing to protect or unlock. */
function forget() {
  state.credentials = null;
  state.device = null;
  state.deviceError = "";
  state.locked = false;
  stored.remove(KEYS.device);
  stored.remove(KEYS.locked);
}

function deviceRemoved() {
  forget();
  state.removed = true;
  render();
}

async function refreshDevice() {
  if (!state.credentials) { state.device = null; return; }
  try {
    state.device = await deviceCall("/device");
    state.deviceError = "";
    if (state.device.name && state.device.name !== state.credentials.name) remember({ ...state.credentials, name: state.device.name });
  } catch (error) {
    if (error.status === 401) { forget(); state.removed = true; return; }
    state.deviceError = error.status === 0 ? "No connection: the steps update when the phone is online again."
      : `Couldn't check the status: ${error.message}`;
  }
}

// MARK: - Routing and refreshing

function readRoute() {
  let hash = location.hash.slice(1);
  try { hash = decodeURIComponent(hash); } catch { /* a broken %-escape: read it as typed */ }
  if (hash.startsWith("pair=")) return { route: "pair", prefill: normalizeCode(hash.slice(5)).slice(0, 6) };
  return { route: ROUTES.includes(hash) ? hash : "landing", prefill: "" };
}

function go(route) {
  const hash = route === "landing" ? "" : `#${route}`;
  if (location.hash === hash) { state.route = route; render(); return; }
  location.hash = hash;   // the hashchange renders
}

/** What is on screen: the lock and a removed phone come before the address. */
function currentScreen() {
  if (state.removed) return "removed";
  if (state.locked) return state.route === "unlock" ? "unlock" : "locked";
  if (state.route === "unlock" || (state.route === "shortcut" && !state.credentials)) return "checklist";
  return state.route;
}

let timer = null;
let timerScreen = "";

async function tick() {
  if (document.hidden) return;
  const before = JSON.stringify([state.device, state.deviceError, state.removed]);
  await refreshDevice();
  if (JSON.stringify([state.device, state.deviceError, state.removed]) !== before) render();
  else refreshTimes(root);
}

/** GET /device every 10 s on the checklist (every minute on the locked screen), only with a key. */
function schedule(screen) {
  const key = state.credentials && REFRESH_MS[screen] ? screen : "";
  if (key === timerScreen) return;
  clearInterval(timer);
  timer = key ? setInterval(tick, REFRESH_MS[key]) : null;
  timerScreen = key;
}

// Back from the Shortcuts app: show the new run count at once.
document.addEventListener("visibilitychange", () => { if (timer && !document.hidden) tick(); });

addEventListener("hashchange", () => {
  Object.assign(state, readRoute());
  render();
  if (timer) tick();
});

// MARK: - Screens

const screenPage = (id, title, ...content) => h("section", { class: "sc-screen", id },
  h("h1", { tabindex: "-1" }, title), ...content);

const backButton = (id, label, onclick) => h("button", { class: "btn quiet back", type: "button", id, onclick }, `← ${label}`);

function landingScreen() {
  return h("section", { class: "sc-screen sc-hero", id: "landing" },
    h("div", { class: "sc-logo", "aria-hidden": "true" }, "📶"),
    h("h1", { tabindex: "-1" }, "SpotCheck"),
    h("p", { class: "lead" }, "Hotspot rules for a child's iPhone, and a warning when they stop working."),
    h("div", { class: "sc-actions" },
      h("a", { class: "btn big", href: "/parent/#spotcheck", id: "parent-phone" }, h("span", { "aria-hidden": "true" }, "👩 "), "Parent phone"),
      h("button", { class: "btn primary big", type: "button", id: "child-setup", onclick: () => go("welcome") },
        h("span", { "aria-hidden": "true" }, "📱 "), "Set up child phone")),
    state.credentials ? h("p", { class: "hint" }, `This phone is paired as ${state.credentials.name}.`) : null);
}

function welcomeScreen() {
  return screenPage("child-welcome", "Welcome",
    h("div", { class: "card" },
      h("p", { class: "lead" }, "Let's set up SpotCheck on this iPhone, so Personal Hotspot stays off when your family's rules say so."),
      h("ul", { class: "sc-list" },
        h("li", {}, "Pair this phone with your parent's SpotCheck."),
        h("li", {}, "Install the SpotCheck Shortcut and the automations that run it."),
        h("li", {}, "Lock Shortcuts and Settings with Screen Time.")),
      h("p", { class: "hint" }, "It takes about 10 minutes. Keep your parent's phone close: you need the pairing code on it.")),
    h("div", { class: "sc-actions" },
      h("button", { class: "btn primary big", type: "button", id: "welcome-continue", onclick: () => go("checklist") }, "Continue"),
      backButton("welcome-back", "Back", () => go("landing"))));
}

/** hotspot-config.json's content: the server's address for this phone (from the pairing answer), never a loopback origin. */
function shortcutConfig() {
  const { deviceToken, deviceSecret, deviceId, apiBaseURL } = state.credentials;
  return { apiBaseURL: apiBaseURL ?? location.origin, deviceToken, deviceSecret, deviceId };
}

const downloadConfig = () => saveFile("hotspot-config.json", JSON.stringify(shortcutConfig(), null, 2), "application/json");

async function confirmUnpair() {
  const confirmed = await openSheet({
    label: "Unpair this phone",
    render(body, close) {
      mount(body, h("h2", {}, "Unpair this phone?"),
        h("p", {}, "This phone forgets its SpotCheck key, so the Shortcut stops working here. The phone stays on your parent's dashboard until they remove it."),
        h("div", { class: "sc-actions" },
          h("button", { class: "btn danger", type: "button", id: "confirm-unpair", onclick: () => close(true) }, "Unpair"),
          h("button", { class: "btn", type: "button", onclick: () => close(false) }, "Keep it paired")));
    },
  });
  if (!confirmed) return;
  forget();
  render();
}

function step({ id, number, title, done, status }, ...content) {
  return h("article", { class: `card step${done ? " done" : ""}`, id, "aria-labelledby": `${id}-title` },
    h("div", { class: "step-head" },
      h("span", { class: "step-number", "aria-hidden": "true" }, done ? "✓" : number),
      h("h2", { id: `${id}-title` }, h("span", { class: "visually-hidden" }, `Step ${number}: `), title)),
    h("p", { class: "step-status" }, h("strong", {}, done ? "✓ Done" : "○ Waiting"), ` · ${status}`),
    ...content);
}

function checklistScreen() {
  const paired = Boolean(state.credentials);
  const runs = state.device?.runs ?? 0;
  const allDone = paired && runs >= 2 && state.screenTimeDone;
  const lastSeen = state.device?.lastSeenAt;

  return screenPage("checklist", "Set up this phone",
    backButton("checklist-back", "Back", () => go("welcome")),
    state.deviceError ? h("p", { class: "notice", role: "status", id: "device-error" }, state.deviceError) : null,

    step({ id: "step-pair", number: 1, title: "Pair device", done: paired,
      status: paired ? `Paired as ${state.credentials.name}` : "Not paired yet" },
    paired
      ? [h("p", {}, "Last check-in: ", lastSeen ? agoTime(lastSeen) : "none yet"),
        h("button", { class: "btn", type: "button", id: "unpair", onclick: confirmUnpair }, "Unpair")]
      : [h("p", {}, "Your parent adds this phone on their SpotCheck dashboard and gets a 6-character code."),
        h("button", { class: "btn primary", type: "button", id: "start-pairing", onclick: () => go("pair") }, "Enter pairing code")]),

    step({ id: "step-shortcut", number: 2, title: "Install our Shortcut", done: runs >= 1,
      status: runs >= 1 ? "Shortcut has run" : paired ? "No run yet" : "Pair first" },
    h("p", {}, "iPhone apps can't switch the hotspot off, but a Shortcut can. The SpotCheck Shortcut asks SpotCheck whether the ",
      "hotspot must be off right now, switches Personal Hotspot off, then checks in so your parent sees it ran."),
    h("ol", { class: "sc-list" },
      h("li", {}, "Download hotspot-config.json and save it in Files › iCloud Drive › Shortcuts."),
      h("li", {}, "Add the SpotCheck Shortcut in the Shortcuts app and let it read that file."),
      h("li", {}, "Run the Shortcut once by hand. This step is done when SpotCheck sees the run.")),
    h("button", { class: "btn primary", type: "button", id: "export-config", disabled: !paired, onclick: downloadConfig }, "Download hotspot-config.json"),
    h("p", { class: "hint" }, paired ? "The file holds this phone's key: keep it on this phone." : "Pair first: the file holds this phone's key."),
    paired ? h("div", { class: "step-buttons" },
      h("button", { class: "btn", type: "button", id: "open-shortcut-guide", onclick: () => go("shortcut") }, "How to build the Shortcut"),
      h("button", { class: "btn", type: "button", id: "download-check-script", onclick: () => downloadCheckScript(shortcutConfig()) },
        "Download the check script")) : null,
    paired ? h("p", { class: "hint" }, "The check script tests SpotCheck from a computer with curl (sh spotcheck-check.sh); its run counts as a run by hand.") : null),

    step({ id: "step-automations", number: 3, title: "Automations", done: runs >= 2,
      status: runs >= 2 ? `Several runs seen (${runs} runs)` : `${runs} ${runs === 1 ? "run" : "runs"} so far, 2 needed` },
    h("p", {}, "Automations run the Shortcut without anyone tapping. In Shortcuts › Automation, add a few that run SpotCheck, for ",
      "example when the battery level rises above 50%, when the phone is connected to power, and at set times of day."),
    h("p", {}, "For each one choose “Run Immediately” and switch “Notify When Run” off."),
    h("p", { class: "hint" }, "SpotCheck can't see the automations themselves: this step is done once it has seen several runs.")),

    step({ id: "step-screentime-card", number: 4, title: "Screen Time lock", done: state.screenTimeDone,
      status: state.screenTimeDone ? "You ticked “I've done this”" : "Can't be checked automatically" },
    h("ul", { class: "sc-list" },
      h("li", {}, "In Settings › Screen Time, set a Screen Time passcode the child doesn't know."),
      h("li", {}, "Use Screen Time to block (shield) the Settings and Shortcuts apps, so the Shortcut and its automations can't be turned off or deleted.")),
    h("p", { class: "hint" }, "SpotCheck can't detect Screen Time settings from here, so tick the box yourself when it's done."),
    h("label", { class: "check-row", for: "step-screentime" },
      h("input", { type: "checkbox", id: "step-screentime", checked: state.screenTimeDone, onchange: (event) => {
        state.screenTimeDone = event.target.checked;
        if (state.screenTimeDone) stored.set(KEYS.screenTime, "1");
        else stored.remove(KEYS.screenTime);
        render();
      } }),
      "I've done this")),

    h("div", { class: "sc-actions" },
      h("button", { class: "btn primary big", type: "button", id: "finish-setup", disabled: !paired, onclick: () => {
        state.locked = true;
        stored.set(KEYS.locked, "1");
        render();
      } }, "Finish setup"),
      h("p", { class: "hint", id: "finish-hint" }, !paired ? "Pair this phone first."
        : allDone ? "All set. Finishing locks these screens until a parent unlocks them."
          : "Some steps are still waiting. You can finish now; a parent can unlock these screens later.")));
}

function pairScreen() {
  const code = h("input", { id: "pair-code", name: "code", required: true, value: state.prefill, maxlength: "9", placeholder: "ABC 234",
    autocapitalize: "characters", autocomplete: "off", autocorrect: "off", spellcheck: "false", "aria-describedby": "pair-code-hint" });
  const name = h("input", { id: "pair-name", name: "name", maxlength: "40", placeholder: "Mia's iPhone", autocomplete: "off" });
  const error = h("p", { class: "error-text", role: "alert", id: "pair-error" });
  const submit = h("button", { class: "btn primary big", type: "submit", id: "pair-submit" }, "Pair this phone");
  const form = h("form", { class: "card", id: "pair-form", novalidate: true },
    state.credentials ? h("p", { class: "notice" }, `This phone is already paired as ${state.credentials.name}. Pairing again replaces that.`) : null,
    h("label", { class: "field", for: "pair-code" }, "Pairing code", code),
    h("p", { class: "hint", id: "pair-code-hint" }, "6 letters and numbers, shown on your parent's phone. Spaces don't matter."),
    h("label", { class: "field", for: "pair-name" }, "Name for this phone (optional)", name),
    error, submit);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const pairingCode = normalizeCode(code.value);
    if (pairingCode.length !== 6) {
      error.textContent = "The pairing code has 6 letters and numbers, like ABC 234.";
      code.focus();
      return;
    }
    if (submit.disabled) return;
    submit.disabled = true;
    submit.textContent = "Pairing…";
    error.textContent = "";
    try {
      const body = { code: pairingCode };
      if (name.value.trim()) body.name = name.value.trim();
      const paired = await deviceCall("/pair", { method: "POST", body, auth: false });
      remember({ apiBaseURL: paired.apiBaseURL, deviceId: paired.deviceId, deviceToken: paired.deviceToken,
        deviceSecret: paired.deviceSecret, name: paired.name });
      Object.assign(state, { prefill: "", device: null, deviceError: "", removed: false });
      await refreshDevice();
      go("checklist");
    } catch (failure) {
      error.textContent = withRetry(failure);
      submit.disabled = false;
      submit.textContent = "Pair this phone";
      code.focus();
    }
  });
  return screenPage("pair-screen", "Enter pairing code", form,
    backButton("pair-back", "Back to setup", () => go("checklist")));
}

function lockedScreen() {
  const lastSeen = state.device?.lastSeenAt;
  return screenPage("locked", "Setup complete ✓",
    h("div", { class: "card locked-card" },
      h("p", { class: "locked-device", id: "locked-device" }, h("span", { "aria-hidden": "true" }, "📱 "), state.credentials?.name ?? "This phone"),
      h("p", { id: "last-check-in" }, "Last check-in: ", lastSeen ? agoTime(lastSeen) : "none yet"),
      h("p", { class: "hint" }, "SpotCheck is set up on this phone. The setup screens are locked: only a parent can open them.")),
    h("div", { class: "sc-actions" },
      h("button", { class: "btn primary big", type: "button", id: "unlock", onclick: () => go("unlock") }, "Unlock (parent)")));
}

function unlockScreen() {
  const email = h("input", { type: "email", id: "unlock-email", name: "email", required: true, autocomplete: "username", autocapitalize: "off", spellcheck: "false" });
  const password = h("input", { type: "password", id: "unlock-password", name: "password", required: true, autocomplete: "current-password" });
  const error = h("p", { class: "error-text", role: "alert", id: "unlock-error" });
  const submit = h("button", { class: "btn primary big", type: "submit", id: "unlock-submit" }, "Unlock");
  const form = h("form", { class: "card", id: "unlock-form", novalidate: true },
    h("p", {}, "A parent signs in with their Kids Fun Zone e-mail and password to open the setup screens."),
    h("label", { class: "field", for: "unlock-email" }, "Parent e-mail", email),
    h("label", { class: "field", for: "unlock-password" }, "Password", password),
    error, submit);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!email.value.trim() || !password.value) {
      error.textContent = "Enter the parent's e-mail and password.";
      (email.value.trim() ? password : email).focus();
      return;
    }
    if (submit.disabled) return;
    submit.disabled = true;
    error.textContent = "";
    try {
      await deviceCall("/device/unlock", { method: "POST", body: { email: email.value.trim(), password: password.value } });
      state.locked = false;
      stored.remove(KEYS.locked);
      go("checklist");
    } catch (failure) {
      if (failure.code === "device_unauthorized") { deviceRemoved(); return; }
      error.textContent = failure.code === "http_401" ? "That e-mail or password isn't right." : withRetry(failure);
      submit.disabled = false;
      password.value = "";
      password.focus();
    }
  });
  return screenPage("unlock-screen", "Parent unlock", form,
    backButton("unlock-back", "Back", () => go("landing")));
}

function removedScreen() {
  return screenPage("device-removed", "This phone was removed",
    h("div", { class: "card", role: "alert" },
      h("p", {}, "SpotCheck doesn't know this phone any more: a parent removed it from the dashboard (or paired another phone in its place), ",
        "so it can't check in. Its old key was deleted from this phone."),
      h("p", {}, "To use SpotCheck here again, ask your parent for a new pairing code.")),
    h("div", { class: "sc-actions" },
      h("button", { class: "btn primary big", type: "button", id: "pair-again", onclick: () => { state.removed = false; go("pair"); } }, "Pair again"),
      backButton("removed-home", "Home", () => { state.removed = false; go("landing"); })));
}

const SCREENS = { landing: landingScreen, welcome: welcomeScreen, checklist: checklistScreen, pair: pairScreen,
  locked: lockedScreen, unlock: unlockScreen, removed: removedScreen,
  shortcut: () => screenPage("shortcut-guide", "Build the SpotCheck Shortcut",
    ...shortcutGuideContent(shortcutConfig(), (id) => backButton(id, "Back to setup", () => go("checklist")))) };

let shownScreen = null;

/** Draws the current screen; a new screen moves focus to its heading, a refresh keeps focus where it was. */
function render() {
  const screen = currentScreen();
  const focusId = root.contains(document.activeElement) ? document.activeElement.id : "";
  root.dataset.screen = screen;
  mount(root, SCREENS[screen]());
  if (shownScreen !== null && screen !== shownScreen) root.querySelector("h1")?.focus();
  else if (focusId) document.getElementById(focusId)?.focus({ preventScroll: true });
  if (screen !== shownScreen) scrollTo(0, 0);
  shownScreen = screen;
  schedule(screen);
}

async function start() {
  // A lock with no key could never be opened (unlocking needs the key), so it goes too.
  if (state.locked && !state.credentials) { state.locked = false; stored.remove(KEYS.locked); }
  Object.assign(state, readRoute());
  render();
  if (state.credentials) {
    await refreshDevice();
    render();
  }
}

start();
