// Spellflare (seed 004): onboarding, home with 50 levels per grade, the game (hear the word, spell
// it by voice or keyboard), feedback, giving up letter by letter, level complete, settings, ads.
// State lives in one object and one function renders it; answers are checked here at once and
// sent through the outbox, so a game goes on when the network drops.
import { api, ApiError, loadSession } from "../shared/api.js";
import { h, mount } from "../shared/dom.js";
import { passParentGate } from "../shared/parent-gate.js";
import { muteButton, sounds } from "../shared/sounds.js";
import { removeAdsBehindGate } from "../shared/store.js";
import { say, speak, stopSpeaking, voices } from "../shared/speech.js";
import { showAd } from "./ads.js";
import { applyAnswer, completeLevel, currentWord, levelState, stars } from "./game.js";
import { adoptServerProgress, flush, isOffline, localProgress, pendingAnswers, queueAnswer, saveLocalProgress } from "./outbox.js";
import { voiceSpelling } from "./voice.js";

const root = document.getElementById("app");
const praise = ["Great job!", "Excellent!", "You got it!", "Perfect!", "Amazing!", "Wonderful!"];
const comfort = ["Nice try!", "Almost there!", "Keep trying!", "Don't give up!"];
const pick = (list) => list[Math.floor(Math.random() * list.length)];

const state = {
  screen: "loading",      // loading | onboarding | home | game | complete | settings | error
  childId: null,
  me: null,               // {player, progress, adsRemoved, assignedWords}
  progress: { completed: {}, current: {}, epochs: {} },
  onboardingStep: 0,
  draft: { name: "", grade: 1 },
  game: null,             // the server's game view, advanced here
  typed: "",
  feedback: null,         // null | {kind: "correct"|"incorrect"|"giveUp", text, word}
  misses: 0,              // words of this game not right on the first try
  wordShownAt: 0,
  voiceFailures: 0,
  keyboardOffered: false,
  offline: false,
  message: "",
  voiceList: [],
};

// MARK: - Loading and syncing

async function load() {
  try {
    const session = await loadSession();
    if (!session.signedIn) { location.href = "/"; return; }
    if (!session.child) { location.href = "/"; return; }
    state.childId = session.child.id;
    state.progress = localProgress(state.childId);
    state.me = await api("/api/spellflare/me");
    await sync();
    if (!state.me.player.onboarded) {
      state.draft = { name: state.me.player.name, grade: state.me.player.grade };
      state.screen = "onboarding";
    } else {
      state.screen = "home";
    }
  } catch (error) {
    state.screen = "error";
    state.message = isOffline(error) ? "Spellflare needs the internet to open. Check the connection and try again." : error.message;
  }
  render();
}

/** Sends the outbox and merges progress; quietly marks the page offline when it cannot. */
async function sync() {
  try {
    // An answer queued while a flush was under way is sent by the next round.
    do {
      const result = await flush(state.childId);
      state.offline = result.offline;
      if (result.progress) state.progress = result.progress;
    } while (!state.offline && pendingAnswers(state.childId) > 0);
  } catch (error) {
    state.message = error.message;
  }
}

addEventListener("online", async () => { await sync(); render(); });
setInterval(async () => {
  if (state.childId && pendingAnswers(state.childId) > 0) { await sync(); if (state.screen !== "game") render(); }
}, 15000);

// MARK: - Onboarding and settings

async function savePlayer({ name, grade, voice }) {
  const player = await api("/api/spellflare/player", { method: "PUT", body: { name, grade, voice: voice ?? null } });
  state.me.player = player;
}

function onboarding() {
  const steps = [
    () => [
      h("div", { class: "bee big", "aria-hidden": "true" }, "🐝"),
      h("h1", { class: "sf-title" }, "Welcome to Spellflare!"),
      h("p", { class: "lead" }, "Listen to a word, then spell it out. Ready to become a spelling champion?"),
      h("button", { class: "btn kid sf-primary", id: "onboarding-next", type: "button", onclick: () => { sounds.tap(); state.onboardingStep = 1; render(); } }, "Let's go! →"),
    ],
    () => {
      const input = h("input", { id: "player-name", class: "sf-input", value: state.draft.name, maxlength: "30", autocomplete: "off",
        "aria-label": "Your name", oninput: (event) => { state.draft.name = event.target.value; } });
      return [
        h("h1", { class: "sf-title" }, "What's your name?"),
        input,
        h("p", { class: "error-text", role: "status" }, state.message),
        h("button", { class: "btn kid sf-primary", id: "onboarding-next", type: "button", onclick: () => {
          if (!state.draft.name.trim()) { state.message = "Type your name first."; render(); return; }
          sounds.tap(); state.message = ""; state.onboardingStep = 2; render();
        } }, "Next →"),
      ];
    },
    () => [
      h("h1", { class: "sf-title" }, `Hi ${state.draft.name.trim()}! Which grade are you in?`),
      gradePicker(state.draft.grade, (grade) => { state.draft.grade = grade; render(); }),
      h("p", { class: "error-text", role: "status" }, state.message),
      h("button", { class: "btn kid sf-primary", id: "onboarding-done", type: "button", onclick: async () => {
        try {
          await savePlayer({ name: state.draft.name, grade: state.draft.grade });
          sounds.success();
          state.message = "";
          state.screen = "home";
        } catch (error) { state.message = error.message; }
        render();
      } }, "Start spelling! 🐝"),
    ],
  ];
  return h("section", { class: "sf-card onboarding", "aria-label": "Getting started" },
    h("p", { class: "steps", "aria-label": `Step ${state.onboardingStep + 1} of 3` }, "● ".repeat(state.onboardingStep + 1) + "○ ".repeat(2 - state.onboardingStep)),
    ...steps[state.onboardingStep]());
}

function gradePicker(selected, choose) {
  return h("div", { class: "grade-picker", role: "radiogroup", "aria-label": "Grade" },
    [1, 2, 3, 4, 5, 6, 7].map((grade) => h("button", {
      class: `grade${grade === selected ? " selected" : ""}`, type: "button", role: "radio", "aria-checked": String(grade === selected),
      dataset: { grade }, onclick: () => { sounds.tap(); choose(grade); },
    }, String(grade))));
}

async function openSettings() {
  state.screen = "settings";
  state.draft = { name: state.me.player.name, grade: state.me.player.grade, voice: state.me.player.voice };
  render();
  try {
    state.voiceList = (await voices()).filter((voice) => voice.language.startsWith("en"));
  } catch { state.voiceList = []; }
  render();
}

function settings() {
  const voiceOptions = [{ id: "", name: "Default voice" }, ...state.voiceList];
  return h("section", { class: "sf-card settings", "aria-label": "Settings" },
    h("h1", { class: "sf-title" }, "Settings ⚙️"),
    h("h2", {}, "Grade"),
    gradePicker(state.draft.grade, (grade) => { state.draft.grade = grade; render(); }),
    h("h2", {}, "Voice"),
    h("div", { class: "voice-row" },
      h("select", { id: "voice-picker", class: "sf-input", "aria-label": "Voice that says the words",
        onchange: (event) => { state.draft.voice = event.target.value || null; } },
      voiceOptions.map((voice) => h("option", { value: voice.id, selected: (state.draft.voice ?? "") === voice.id },
        voice.engine ? `${voice.name} (${voice.gender})` : voice.name))),
      h("button", { class: "btn kid", type: "button", id: "voice-preview", "aria-label": "Hear this voice",
        onclick: () => speak("Spell the word: butterfly", { voice: state.draft.voice ?? undefined }) }, "▶️")),
    h("p", { class: "error-text", role: "status" }, state.message),
    h("div", { class: "row" },
      h("button", { class: "btn kid", type: "button", id: "settings-back", onclick: () => { state.message = ""; state.screen = "home"; render(); } }, "← Back"),
      h("button", { class: "btn kid sf-primary", type: "button", id: "settings-save", onclick: async () => {
        try {
          await savePlayer({ name: state.me.player.name, grade: state.draft.grade, voice: state.draft.voice });
          sounds.success();
          state.message = "";
          state.screen = "home";
        } catch (error) { state.message = error.message; }
        render();
      } }, "Save")),
    h("hr"),
    h("h2", {}, "Grown-ups"),
    h("button", { class: "btn danger", type: "button", id: "reset-progress", onclick: resetProgress }, `Reset grade ${state.draft.grade} progress`));
}

async function resetProgress() {
  const grade = state.draft.grade;
  if (!(await passParentGate({ reason: `This starts grade ${grade} over from level 1.` }))) return;
  try {
    const view = await api("/api/spellflare/progress/reset", { method: "POST", body: { grade } });
    state.progress = adoptServerProgress(state.childId, view);
    state.message = `Grade ${grade} starts again from level 1.`;
  } catch (error) { state.message = error.message; }
  render();
}

// MARK: - Home

function home() {
  const { player } = state.me;
  const grade = player.grade;
  const groups = Array.from({ length: 5 }, (_, group) => {
    const levels = Array.from({ length: 10 }, (_, i) => group * 10 + i + 1);
    return h("section", { class: "level-group", "aria-label": `Levels ${levels[0]} to ${levels[9]}` },
      h("h2", {}, `Levels ${levels[0]}–${levels[9]}`),
      h("div", { class: "levels" }, levels.map((level) => {
        const status = levelState(state.progress, grade, level);
        const label = status === "locked" ? `Level ${level}, locked` : status === "completed" ? `Level ${level}, done` : `Level ${level}, play`;
        return h("button", {
          class: `level ${status}`, type: "button", disabled: status === "locked", "aria-label": label, dataset: { level },
          onclick: () => startLevel(level),
        }, status === "locked" ? "🔒" : status === "completed" ? `⭐ ${level}` : String(level));
      })));
  });
  return h("div", { class: "home" },
    h("header", { class: "sf-header" },
      h("div", {},
        h("p", { class: "greeting", id: "greeting" }, `Hi, ${player.name}! 👋`),
        h("p", { class: "grade-pill", id: "grade-pill" }, `Grade ${grade}`)),
      h("div", { class: "bee", "aria-hidden": "true" }, "🐝")),
    state.offline ? h("p", { class: "offline-note", role: "status" }, "You're offline. Your games are saved here and sent when the internet is back.") : null,
    h("p", { class: "error-text", role: "status" }, state.message),
    ...groups,
    state.me.adsRemoved ? null : h("button", { class: "btn quiet remove-ads", type: "button", id: "home-remove-ads", onclick: removeAdsFromHome }, "Parents: remove ads"));
}

async function removeAdsFromHome() {
  try {
    if (await removeAdsBehindGate()) state.me.adsRemoved = true;
  } catch (error) { state.message = error.message; }
  render();
}

// MARK: - The game

async function startLevel(level) {
  sounds.tap();
  const grade = state.me.player.grade;
  state.message = "";
  let game;
  try {
    // The words are fetched while the ad counts down, so the first word is ready when it ends.
    const started = api("/api/spellflare/sessions", { method: "POST", body: { grade, level } });
    started.catch(() => {});
    if (!state.me.adsRemoved) {
      const result = await showAd({ kind: "pre", level, onAdsRemoved: () => { state.me.adsRemoved = true; } });
      if (result.adsRemoved) state.me.adsRemoved = true;
    }
    game = await started;
  } catch (error) {
    state.message = error instanceof ApiError && error.code === "level_locked"
      ? "Finish the levels before this one first!"
      : isOffline(error) ? "New levels need the internet. Check the connection and try again." : error.message;
    render();
    return;
  }
  state.game = { ...game, cameBack: [] };
  state.misses = 0;
  state.voiceFailures = 0;
  state.keyboardOffered = false;
  state.screen = "game";
  presentWord();
}

function presentWord() {
  state.typed = "";
  state.feedback = null;
  state.wordShownAt = performance.now();
  render();
  document.getElementById("spelling-input")?.focus();
  sayWord();
}

function sayWord() {
  const word = currentWord(state.game);
  if (word) speak(word, { voice: state.me.player.voice ?? undefined });
}

async function answer(body) {
  const seconds = Math.round((performance.now() - state.wordShownAt) / 100) / 10;
  const request = { seq: state.game.answers, ...body, seconds, answeredAt: new Date().toISOString() };
  const result = applyAnswer(state.game, body);
  state.game = result.game;
  queueAnswer(state.childId, state.game.id, request);
  sync().then(() => { if (state.screen !== "game") render(); });
  return result;
}

async function submit() {
  if (state.feedback || !state.typed.trim()) return;
  const result = await answer({ answer: state.typed });
  if (result.outcome === "correct") {
    if (!result.firstTry) state.misses += 1;
    sounds.success();
    const text = pick(praise);
    state.feedback = { kind: "correct", text };
    render();
    speak(text, { voice: state.me.player.voice ?? undefined });
    setTimeout(() => next(result), 2000);
  } else {
    sounds.gentle();
    const text = pick(comfort);
    state.feedback = { kind: "incorrect", text };
    render();
    speak(text, { voice: state.me.player.voice ?? undefined });
  }
}

function retry() {
  sounds.tap();
  state.feedback = null;
  presentWord();
}

async function giveUp() {
  sounds.tap();
  const result = await answer({ giveUp: true });
  state.misses += 1;
  state.feedback = { kind: "giveUp", word: result.word, shown: 0 };
  render();
  const voice = state.me.player.voice ?? undefined;
  await speak("The correct spelling is", { voice });
  // Each letter appears as it is said (with a steady beat when sound is off).
  for (const letter of result.word) {
    if (state.feedback?.kind !== "giveUp") return;
    state.feedback.shown += 1;
    render();
    const { played } = await say(`${letter.toUpperCase()}.`, { voice, gap: 250 });
    if (!played) await new Promise((resolve) => setTimeout(resolve, 600));
  }
  if (state.feedback?.kind !== "giveUp") return;
  await speak(result.word, { voice });
  if (state.feedback?.kind === "giveUp") { state.feedback.shown = result.word.length; state.feedback.done = true; render(); }
}

async function next(result) {
  if (state.screen !== "game") return;
  if (result?.levelComplete || state.game.passed) return levelComplete();
  if (state.game.over) {
    // Fifteen words without ten right: play the level again, gently.
    state.message = "So close! Let's try this level again.";
    state.screen = "home";
    render();
    return;
  }
  // Each new word starts with the microphone offered again.
  state.voiceFailures = 0;
  state.keyboardOffered = false;
  state.voiceStatus = "";
  presentWord();
}

async function levelComplete() {
  const { grade, level } = state.game;
  state.progress = completeLevel(state.progress, grade, level);
  saveLocalProgress(state.childId, state.progress);
  sync();
  state.stars = stars(state.misses);
  state.screen = "complete";
  render();
  sounds.success();
  speak("Congratulations! You completed the level!", { voice: state.me.player.voice ?? undefined });
}

async function afterLevel(action) {
  sounds.tap();
  stopSpeaking();
  if (!state.me.adsRemoved) {
    const result = await showAd({ kind: "post", onAdsRemoved: () => { state.me.adsRemoved = true; } });
    if (result.adsRemoved) state.me.adsRemoved = true;
  }
  const level = state.game.level;
  state.game = null;
  state.screen = "home";
  render();
  if (action === "next" && level < 50) startLevel(level + 1);
}

function quitGame() {
  sounds.tap();
  stopSpeaking();
  state.game = null;
  state.feedback = null;
  state.screen = "home";
  render();
}

function tiles(text, { editable }) {
  const letters = [...text.replace(/[^a-z]/gi, "").toLowerCase()];
  return h("div", { class: "tiles", id: "letter-tiles", "aria-label": letters.length ? `Letters: ${letters.join(" ")}` : "No letters yet" },
    letters.map((letter, index) => h(editable ? "button" : "span", {
      class: "tile", type: editable ? "button" : undefined, dataset: { index },
      "aria-label": editable ? `${letter.toUpperCase()}, tap to remove` : letter.toUpperCase(),
      onclick: editable ? () => {
        letters.splice(index, 1);
        state.typed = letters.join("");
        render();
        document.getElementById("spelling-input")?.focus();
      } : undefined,
    }, letter.toUpperCase())));
}

function gameScreen() {
  const game = state.game;
  const feedback = state.feedback;
  const progress = h("div", { class: "progress", role: "progressbar", "aria-valuemin": "0", "aria-valuemax": String(game.requiredCorrect),
    "aria-valuenow": String(Math.min(game.correctCount, game.requiredCorrect)), "aria-label": "Words right" },
  h("div", { class: "bar", style: `width: ${Math.min(100, (game.correctCount / game.requiredCorrect) * 100)}%` }));
  const top = h("header", { class: "game-top" },
    h("button", { class: "btn kid", type: "button", id: "quit-game", "aria-label": "Stop and go home", onclick: quitGame }, "✕"),
    h("div", { class: "game-progress" }, progress, h("p", { id: "progress-text" }, `${game.correctCount} / ${game.requiredCorrect} ⭐`)),
    h("p", { class: "level-name" }, `Level ${game.level}`));

  if (feedback?.kind === "correct") {
    return h("div", { class: "game" }, top, h("section", { class: "sf-card feedback correct", id: "feedback", role: "status" },
      h("div", { class: "face", "aria-hidden": "true" }, "🎉"), h("h1", {}, feedback.text)));
  }
  if (feedback?.kind === "incorrect") {
    return h("div", { class: "game" }, top, h("section", { class: "sf-card feedback incorrect", id: "feedback", role: "status" },
      h("div", { class: "face", "aria-hidden": "true" }, "🤗"), h("h1", {}, feedback.text),
      h("div", { class: "row" },
        h("button", { class: "btn kid sf-primary", type: "button", id: "retry", onclick: retry }, "🔁 Retry"),
        h("button", { class: "btn kid", type: "button", id: "give-up", onclick: giveUp }, "Give up"))));
  }
  if (feedback?.kind === "giveUp") {
    const letters = [...feedback.word];
    return h("div", { class: "game" }, top, h("section", { class: "sf-card feedback give-up", id: "feedback", role: "status" },
      h("p", { class: "lead" }, "The correct spelling is"),
      h("div", { class: "tiles reveal", id: "reveal", "aria-label": feedback.word },
        letters.map((letter, index) => h("span", { class: `tile${index < feedback.shown ? " shown" : ""}` }, index < feedback.shown ? letter.toUpperCase() : ""))),
      feedback.done ? h("button", { class: "btn kid sf-primary", type: "button", id: "next-word", onclick: () => { sounds.tap(); next(); } }, "Next word →") : null));
  }

  const input = h("input", {
    id: "spelling-input", class: "sf-input spelling", value: state.typed, autocomplete: "off", autocapitalize: "none", spellcheck: "false",
    maxlength: "40", "aria-label": "Type the spelling", inputmode: "text",
    oninput: (event) => { state.typed = event.target.value; renderTiles(); },
    onkeydown: (event) => { if (event.key === "Enter") { event.preventDefault(); submit(); } },
  });
  const voice = voiceSpelling.isSupported() && !state.keyboardOffered
    ? h("button", { class: "btn kid mic", type: "button", id: "spell-by-voice", "aria-label": "Spell it out loud", onclick: spellByVoice }, "🎤 Say the letters")
    : null;
  return h("div", { class: "game" }, top,
    h("section", { class: "sf-card word-card" },
      h("p", { class: "lead" }, "Listen and spell the word"),
      h("button", { class: "btn kid repeat", type: "button", id: "repeat-word", "aria-label": "Hear the word again", onclick: () => { sounds.tap(); sayWord(); } }, "🔊 Repeat"),
      h("div", { id: "tiles-slot" }, tiles(state.typed, { editable: true })),
      input,
      state.keyboardOffered ? h("p", { class: "hint", id: "keyboard-offered" }, "Let's use the keyboard for this one! ⌨️") : null,
      h("p", { class: "hint", id: "voice-status", role: "status" }, state.voiceStatus ?? ""),
      h("div", { class: "row" }, voice,
        h("button", { class: "btn kid sf-primary", type: "button", id: "submit-spelling", onclick: submit }, "Submit ✓"))),
    state.offline ? h("p", { class: "offline-note" }, "Offline: your answers are saved and sent later.") : null);
}

function renderTiles() {
  const slot = document.getElementById("tiles-slot");
  if (slot) mount(slot, tiles(state.typed, { editable: true }));
}

async function spellByVoice() {
  sounds.tap();
  stopSpeaking();
  const result = await voiceSpelling.listen({
    sessionId: state.game.id,
    onStatus: (text) => { state.voiceStatus = text; const line = document.getElementById("voice-status"); if (line) line.textContent = text; },
  });
  if (result.letters) state.typed = result.letters;
  if (!result.letters || !result.accepted) {
    state.voiceFailures += 1;
    if (state.voiceFailures >= 2) {
      state.keyboardOffered = true;
      state.voiceStatus = "";
    }
  }
  render();
  document.getElementById("spelling-input")?.focus();
}

// MARK: - Level complete

function complete() {
  const count = state.stars ?? 3;
  return h("section", { class: "sf-card complete", id: "level-complete", role: "status" },
    confetti(),
    h("div", { class: "stars", "aria-label": `${count} of 3 stars` }, [1, 2, 3].map((i) => h("span", { class: `star${i <= count ? " on" : ""}` }, "⭐"))),
    h("h1", { class: "sf-title" }, `Level ${state.game.level} complete!`),
    h("p", { class: "lead" }, "You're a spelling star! 🐝"),
    h("div", { class: "row" },
      state.game.level < 50 ? h("button", { class: "btn kid sf-primary", type: "button", id: "next-level", onclick: () => afterLevel("next") }, "Next level →") : null,
      h("button", { class: "btn kid", type: "button", id: "complete-home", onclick: () => afterLevel("home") }, "🏠 Home")));
}

function confetti() {
  const colours = ["#8b5cf6", "#22d3ee", "#facc15", "#f472b6", "#34d399"];
  return h("div", { class: "confetti", "aria-hidden": "true" }, Array.from({ length: 40 }, (_, i) => h("i", {
    style: `left: ${(i * 37) % 100}%; background: ${colours[i % colours.length]}; animation-delay: ${(i % 10) * 0.12}s; animation-duration: ${2 + (i % 5) * 0.4}s`,
  })));
}

// MARK: - Rendering

function topbar() {
  return h("nav", { class: "sf-topbar" },
    h("a", { class: "btn kid", href: "/", id: "hub-home", "aria-label": "Back to the apps" }, "🏠"),
    h("span", { class: "sf-brand" }, "🐝 Spellflare"),
    h("div", { class: "row" },
      state.screen === "home" ? h("button", { class: "btn kid", type: "button", id: "open-settings", "aria-label": "Settings", onclick: openSettings }, "⚙️") : null,
      muteButton()));
}

function render() {
  const screens = {
    loading: () => h("p", { class: "hint" }, "Loading…"),
    error: () => h("section", { class: "sf-card" }, h("h1", {}, "Oops!"), h("p", { class: "error-text" }, state.message),
      h("button", { class: "btn kid sf-primary", type: "button", onclick: () => { state.screen = "loading"; render(); load(); } }, "Try again")),
    onboarding,
    home,
    game: gameScreen,
    complete,
    settings,
  };
  mount(root, state.screen === "game" ? null : topbar(), screens[state.screen]());
  root.dataset.screen = state.screen;
  root.dataset.gameId = state.game?.id ?? "";
}

load();
