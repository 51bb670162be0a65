// Spellflare's screens outside the game: onboarding (only what the child's profile does not
// already say), the home screen with 50 levels per grade and the level to resume, settings.
import { api } from "../shared/api.js";
import { h } from "../shared/dom.js";
import { passParentGate } from "../shared/parent-gate.js";
import { muteButton, sounds } from "../shared/sounds.js";
import { removeAdsBehindGate } from "../shared/store.js";
import { speak, voices } from "../shared/speech.js";
import { levelState } from "./game.js";
import { adoptServerProgress } from "./outbox.js";
import { resumeLevel, startLevel } from "./play.js";
import { loadLevel } from "./saved.js";
import { focus, render, state } from "./state.js";
import { announce, instruction } from "./ui.js";

async function savePlayer({ name, grade, voice }) {
  const player = await api("/api/spellflare/player", { method: "PUT", body: { name, grade, voice: voice ?? null } });
  state.me.player = player;
}

// MARK: - Onboarding

/** The name and grade a parent gave in the child's profile are taken as they are: no need to ask a pre-reader. */
export function profileGivesNameAndGrade() {
  return Boolean(state.child?.name?.trim() && Number.isInteger(state.child?.grade));
}

async function finishOnboarding() {
  try {
    await savePlayer({ name: state.draft.name.trim(), grade: state.draft.grade });
    sounds.success();
    state.message = "";
    state.screen = "home";
  } catch (error) {
    state.message = error.message;
    // The profile's name did not suit Spellflare: ask for it after all.
    if (state.onboardingStep === 0 && error.status >= 400 && error.status < 500) state.onboardingStep = 1;
  }
  render();
  focus(".level.unlocked");
}

export function onboarding() {
  const fromProfile = profileGivesNameAndGrade() && state.onboardingStep === 0;
  const name = state.draft.name.trim();
  const welcome = fromProfile
    ? `Welcome to Spellflare, ${name}! Listen to a word, then spell it out. Ready to become a spelling champion?`
    : "Welcome to Spellflare! Listen to a word, then spell it out. Ready to become a spelling champion?";
  const steps = [
    () => [
      h("div", { class: "bee big", "aria-hidden": "true" }, "🐝"),
      h("h1", { class: "sf-title" }, fromProfile ? `Welcome to Spellflare, ${name}!` : "Welcome to Spellflare!"),
      instruction("Listen to a word, then spell it out. Ready to become a spelling champion?", { id: "welcome-text", spoken: `${welcome} Tap Let's go!` }),
      fromProfile ? h("p", { class: "grade-pill", id: "profile-grade" }, `Grade ${state.draft.grade}`) : null,
      h("p", { class: "error-text", role: "status" }, state.message),
      h("button", { class: "btn kid sf-primary", id: "onboarding-next", type: "button", onclick: () => {
        sounds.tap();
        if (fromProfile) { finishOnboarding(); return; }
        state.onboardingStep = 1; render(); focus("#player-name");
      } }, "Let's go! →"),
    ],
    () => {
      const input = h("input", { id: "player-name", class: "sf-input", value: state.draft.name, maxlength: "30", autocomplete: "off",
        "aria-label": "Your name", oninput: (event) => { state.draft.name = event.target.value; } });
      return [
        instruction("What's your name?", { id: "name-question", tag: "h1", className: "sf-title", spoken: "What's your name? Type it, then tap Next." }),
        input,
        h("p", { class: "error-text", role: "status" }, state.message),
        h("button", { class: "btn kid sf-primary", id: "onboarding-next", type: "button", onclick: () => {
          if (!state.draft.name.trim()) { state.message = "Type your name first."; render(); return; }
          sounds.tap(); state.message = ""; state.onboardingStep = 2; render(); focus(".grade.selected");
        } }, "Next →"),
      ];
    },
    () => [
      instruction(`Hi ${name}! Which grade are you in?`, { id: "grade-question", tag: "h1", className: "sf-title",
        spoken: `Hi ${name}! Which grade are you in? Tap your grade.` }),
      gradePicker(state.draft.grade, (grade) => { state.draft.grade = grade; render(); focus(".grade.selected"); }),
      h("p", { class: "error-text", role: "status" }, state.message),
      h("button", { class: "btn kid sf-primary", id: "onboarding-done", type: "button", onclick: finishOnboarding }, "Start spelling! 🐝"),
    ],
  ];
  const spoken = [`${welcome} Tap Let's go!`, "What's your name? Type it, then tap Next.", `Hi ${name}! Which grade are you in? Tap your grade.`];
  announce(`onboarding-${state.onboardingStep}`, spoken[state.onboardingStep]);
  const total = fromProfile ? 1 : 3;
  return h("section", { class: "sf-card onboarding", "aria-label": "Getting started" },
    total > 1 ? h("p", { class: "steps", "aria-label": `Step ${state.onboardingStep + 1} of 3` },
      "● ".repeat(state.onboardingStep + 1) + "○ ".repeat(2 - state.onboardingStep)) : null,
    ...steps[state.onboardingStep]());
}

export function gradePicker(selected, choose) {
  return h("div", { class: "grade-picker", role: "radiogroup", "aria-label": "Grade" },
    [1, 2, 3, 4, 5, 6, 7].map((grade) => h("button", {
      class: `grade${grade === selected ? " selected" : ""}`, type: "button", role: "radio", "aria-checked": String(grade === selected),
      dataset: { grade }, onclick: () => { sounds.tap(); choose(grade); },
    }, String(grade))));
}

// MARK: - Settings

export async function openSettings() {
  state.screen = "settings";
  state.draft = { name: state.me.player.name, grade: state.me.player.grade, voice: state.me.player.voice };
  render();
  try {
    state.voiceList = (await voices()).filter((voice) => voice.language.startsWith("en"));
  } catch { state.voiceList = []; }
  render();
}

export function settings() {
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

export function home() {
  const { player } = state.me;
  const grade = player.grade;
  const saved = loadLevel(state.childId);
  const waiting = saved && !saved.game.over ? saved : null;
  const resumable = (level) => waiting?.grade === grade && waiting.level === level;
  const groups = Array.from({ length: 5 }, (_, group) => {
    const levels = Array.from({ length: 10 }, (_, i) => group * 10 + i + 1);
    return h("section", { class: "level-group", "aria-label": `Levels ${levels[0]} to ${levels[9]}` },
      h("h2", {}, `Levels ${levels[0]}–${levels[9]}`),
      h("div", { class: "levels" }, levels.map((level) => {
        const status = levelState(state.progress, grade, level);
        const label = status === "locked" ? `Level ${level}, locked` : resumable(level) ? `Level ${level}, keep playing`
          : status === "completed" ? `Level ${level}, done` : `Level ${level}, play`;
        return h("button", {
          class: `level ${status}${resumable(level) ? " resumable" : ""}`, type: "button", disabled: status === "locked", "aria-label": label,
          dataset: { level }, onclick: () => startLevel(level),
        }, status === "locked" ? "🔒" : status === "completed" ? `⭐ ${level}` : String(level));
      })));
  });
  const where = waiting && waiting.grade !== grade ? ` (grade ${waiting.grade})` : "";
  const spoken = waiting ? `Level ${waiting.level} is waiting for you. Tap Keep playing, or tap a level to play.` : "Tap a level to play!";
  if (!state.spokenHome) { state.spokenHome = true; announce("home", spoken); }
  return h("div", { class: "home" },
    h("header", { class: "sf-header" },
      h("div", {},
        h("p", { class: "greeting", id: "greeting" }, `Hi, ${player.name}! 👋`),
        h("p", { class: "grade-pill", id: "grade-pill" }, `Grade ${grade}`)),
      h("div", { class: "bee", "aria-hidden": "true" }, "🐝")),
    state.offline ? h("p", { class: "offline-note", role: "status" }, "You're offline. Your games are saved here and sent when the internet is back.") : null,
    h("p", { class: "error-text", role: "status" }, state.message),
    waiting ? h("section", { class: "sf-card resume", id: "resume-card" },
      instruction(`Level ${waiting.level}${where} is waiting for you!`, { id: "resume-text", spoken }),
      h("button", { class: "btn kid sf-primary", type: "button", id: "resume-level", onclick: () => { sounds.tap(); resumeLevel(waiting); } },
        `▶ Keep playing level ${waiting.level}`))
      : instruction("Tap a level to play!", { id: "home-instruction", spoken }),
    ...groups,
    state.me.adsRemoved ? null : h("button", { class: "btn quiet remove-ads", type: "button", id: "home-remove-ads", onclick: removeAdsFromHome }, "Parents: remove ads"));
}

async function removeAdsFromHome() {
  try {
    if (await removeAdsBehindGate()) state.me.adsRemoved = true;
  } catch (error) { state.message = error.message; }
  render();
}

export function topbar() {
  return h("nav", { class: "sf-topbar" },
    h("a", { class: "btn kid", href: "/", id: "hub-home", "aria-label": "Back to the apps" }, "🏠"),
    h("span", { class: "sf-brand" }, h("span", { class: "brand-bee", "aria-hidden": "true" }, "🐝 "), "Spellflare"),
    h("div", { class: "row" },
      state.screen === "home" ? h("button", { class: "btn kid", type: "button", id: "open-settings", "aria-label": "Settings", onclick: openSettings }, "⚙️") : null,
      muteButton()));
}
