// SpotCheck on the child's phone (seed 002): the landing page, the setup checklist (pair, install the
// Shortcut, automations, Screen Time) and the locked screen a parent opens with their password.
// There is no family session here: the phone talks to the device endpoints with its own key, kept
// in localStorage, and sends no cookies. State lives in one object; one function renders it.
// This file routes by the address's #, refreshes the phone's status and draws the current screen.
import { mount } from "../shared/dom.js";
import { refreshTimes } from "../shared/time.js";
import { refreshDevice } from "./device-api.js";
import { lockedScreen, removedScreen, unlockScreen } from "./lock-screens.js";
import { KEYS, shortcutConfig, state, stored } from "./phone.js";
import { routeFor, screenFor } from "./routes.js";
import { backButton, checklistScreen, landingScreen, pairScreen, screenPage, welcomeScreen } from "./setup-screens.js";
import { shortcutGuideContent } from "./shortcut-screen.js";

const root = document.getElementById("app");
const REFRESH_MS = { checklist: 10_000, locked: 60_000 };

// MARK: - Routing and refreshing

const readRoute = () => routeFor(location.hash);

function go(route) {
  const hash = route === "landing" ? "" : `#${route}`;
  if (location.hash === hash) { state.route = route; render(); return; }
  location.hash = hash;   // the hashchange renders
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

const nav = { go, render };

const SCREENS = { landing: landingScreen, welcome: welcomeScreen, checklist: checklistScreen, pair: pairScreen,
  locked: lockedScreen, unlock: unlockScreen, removed: removedScreen,
  shortcut: () => screenPage("shortcut-guide", "Build the SpotCheck Shortcut",
    ...shortcutGuideContent(shortcutConfig(), (id) => backButton(id, "Back to setup", () => go("checklist")))) };

let shownScreen = null;

/** Draws the current screen; a new screen moves focus to its heading, a refresh keeps focus where it was. */
function render() {
  const screen = screenFor(state);
  const focusId = root.contains(document.activeElement) ? document.activeElement.id : "";
  root.dataset.screen = screen;
  mount(root, SCREENS[screen](nav));
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
