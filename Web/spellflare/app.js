// Spellflare (seed 004): onboarding, home with 50 levels per grade, the game (hear the word alone
// and in a sentence, spell it by voice or keyboard), feedback, giving up letter by letter, level
// complete, settings, ads. State lives in one object (state.js) and one function renders it;
// answers are checked here at once and sent through the outbox, so a game goes on when the
// network drops. The level being played survives a reload and the browser's Back (play.js).
import { api, loadSession } from "../shared/api.js";
import { h, mount } from "../shared/dom.js";
import { poll } from "../shared/poll.js";
import { completeScreen, gameScreen } from "./game-screen.js";
import { isOffline, localProgress, pendingAnswers } from "./outbox.js";
import { backHome, levelInHash, persist, resumeLevel } from "./play.js";
import { loadLevel } from "./saved.js";
import { home, onboarding, settings, topbar } from "./screens.js";
import { render, setRenderer, state, sync } from "./state.js";
import { closeConfirm } from "./confirm.js";

const root = document.getElementById("app");
// Each screen starts at its top (the level's history entry is ours to draw, not to scroll).
history.scrollRestoration = "manual";
let drawn = null;

async function load() {
  try {
    const session = await loadSession();
    if (!session.signedIn || !session.child) { location.href = "/"; return; }
    state.childId = session.child.id;
    state.child = session.child;
    state.progress = localProgress(state.childId);
    state.me = await api("/api/spellflare/me");
    await sync();
    if (!state.me.player.onboarded) {
      state.draft = { name: state.me.player.name, grade: state.me.player.grade };
      state.onboardingStep = 0;
      state.screen = "onboarding";
      dropLevelAddress();
    } else {
      state.screen = "home";
      // A reload in the middle of a level: the same game, word and answers, and no second ad.
      const level = levelInHash();
      const saved = loadLevel(state.childId);
      if (level && saved && saved.level === level) { await resumeLevel(saved); return; }
      dropLevelAddress();
    }
  } catch (error) {
    state.screen = "error";
    state.message = isOffline(error) ? "Spellflare needs the internet to open. Check the connection and try again." : error.message;
  }
  render();
  if (state.screen === "onboarding") document.getElementById("onboarding-next")?.focus();
}

/** An address (#level-N) for a level no longer kept: the home screen's address instead. */
function dropLevelAddress() {
  if (levelInHash()) history.replaceState(null, "", location.pathname + location.search);
}

// The browser's Back leaves a level for the home screen (the level kept to resume); Forward
// goes back into it.
addEventListener("popstate", () => {
  if (!state.me?.player.onboarded) return;
  const level = levelInHash();
  if (level) {
    if (state.screen === "game" || state.screen === "complete") return;
    const saved = loadLevel(state.childId);
    if (saved && saved.level === level && !saved.game.over) resumeLevel(saved);
    else dropLevelAddress();
    return;
  }
  closeConfirm(false);
  if (state.screen === "game" || state.screen === "complete") backHome();
});

addEventListener("online", async () => { await sync(); render(); });
// Answers still queued are tried again every 15 s while the tab is shown, and at once on coming back.
poll(async () => {
  if (state.childId && pendingAnswers(state.childId) > 0) { await sync(); if (state.screen !== "game") render(); }
}, 15_000);

function draw() {
  const screens = {
    loading: () => h("p", { class: "hint" }, "Loading…"),
    error: () => h("section", { class: "sf-card" }, h("h1", {}, "Oops!"), h("p", { class: "error-text" }, state.message),
      h("button", { class: "btn kid sf-primary", type: "button", onclick: () => { state.screen = "loading"; render(); load(); } }, "Try again")),
    onboarding,
    home,
    game: gameScreen,
    complete: completeScreen,
    settings,
  };
  persist();
  mount(root, state.screen === "game" ? null : topbar(), screens[state.screen]());
  root.dataset.screen = state.screen;
  if (drawn !== state.screen) { drawn = state.screen; scrollTo(0, 0); }
  root.dataset.gameId = state.game?.id ?? "";
}

setRenderer(draw);

load();
