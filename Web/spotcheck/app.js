// SpotCheck on the child's phone (seed 002): the landing page, the setup checklist (pair, install the
// Shortcut, automations, Screen Time) and the locked screen a parent opens with their password.
// There is no family session here: the phone talks to the device endpoints with its own key, kept
// in localStorage, and sends no cookies. State lives in one object; one function renders it.
// This file routes by the address's #, refreshes the phone's status and draws the current screen.
import { mount } from "../shared/dom.js";
import { poll } from "../shared/poll.js";
import { redraw } from "../shared/redraw.js";
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
  const before = JSON.stringify([state.device, state.deviceError, state.removed]);
  await refreshDevice();
  if (JSON.stringify([state.device, state.deviceError, state.removed]) !== before) render();
  else refreshTimes(root);
}

/**
 * GET /device every 10 s on the checklist (every minute on the locked screen), only with a key.
 * Back from the Shortcuts app (the tab shown again), the new run count shows at once.
 */
function schedule(screen) {
  const key = state.credentials && REFRESH_MS[screen] ? screen : "";
  if (key === timerScreen) return;
  timer?.stop();
  timer = key ? poll(tick, REFRESH_MS[key]) : null;
  timerScreen = key;
}

addEventListener("hashchange", () => {
  Object.assign(state, readRoute());
  render();
  timer?.now();
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
  const newScreen = shownScreen !== null && screen !== shownScreen;
  root.dataset.screen = screen;
  redraw(root, () => mount(root, SCREENS[screen](nav)), { focus: !newScreen });
  if (newScreen) root.querySelector("h1")?.focus();
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
