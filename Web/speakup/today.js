// Today (the coach's start): the date and a greeting, the streak chip, the week's rings (sessions
// against the goal, average, best), today's prompt with its duration pills and a reroll, and the
// two ways to start: With Prompt and Free Practice. The reroll is kept for the day on this device.
import { api } from "../shared/api.js";
import { h } from "../shared/dom.js";
import { local } from "../shared/safe-storage.js";
import { sounds } from "../shared/sounds.js";
import { beginTake } from "./flow.js";
import { DURATIONS, greeting, humanize, lengthSpoken, lengthText, nearestDuration, scoreBand, streakText, zoneQuery } from "./format.js";
import { familyChallengeCard } from "./challenges.js";
import { challengeCard } from "./habits.js";
import { ringStack } from "./rings.js";
import { isKid, render, state } from "./state.js";
import { draw } from "./svg.js";

const localDay = (date = new Date()) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
const rerollKey = () => `speakup-reroll:${state.child?.id ?? "none"}:${localDay()}`;

/** Today's prompt, after the rerolls made today on this device; the length offered first with it. */
export async function loadPrompt() {
  state.reroll = Math.max(0, Number(local.readText(rerollKey())) || 0);
  state.prompt = state.me.today.prompt;
  if (state.reroll > 0) {
    try { state.prompt = await api(`/api/speakup/prompts/today?reroll=${state.reroll}&${zoneQuery()}`); } catch { state.reroll = 0; }
  }
  pickDefaultLength();
}

function pickDefaultLength() {
  const mode = isKid() ? "showAndTell" : "coach";
  const wanted = isKid() ? Math.min(state.prompt?.seconds ?? 30, 30) : state.prompt?.seconds ?? state.me?.settings?.defaultSeconds ?? 60;
  state.seconds = nearestDuration(wanted, mode);
}

/** Makes `prompt` (from the library or the wheel) the one the next take answers, with its length. */
export function choosePrompt(prompt) {
  state.prompt = { ...prompt, chosen: true };
  state.message = "";
  pickDefaultLength();
}

/** Another prompt for today (the server's next pick for this day and profile). */
export async function reroll() {
  sounds.tap();
  state.message = "";
  try {
    const prompt = await api(`/api/speakup/prompts/today?reroll=${state.reroll + 1}&${zoneQuery()}`);
    state.reroll += 1;
    state.prompt = prompt;
    local.writeText(rerollKey(), String(state.reroll));
    pickDefaultLength();
  } catch (error) {
    state.message = error.message;
  }
  render();
  return state.prompt;
}

/** The duration pills: a radio group (arrow keys move the choice, as in any radio group). */
export function durationPills({ kid = false, picture = null } = {}) {
  const choices = DURATIONS[kid ? "showAndTell" : "coach"];
  const choose = (seconds) => { sounds.tap(); state.seconds = seconds; render(); document.querySelector(".duration[aria-checked=true]")?.focus(); };
  return h("div", { class: "durations", role: "radiogroup", "aria-label": "How long to talk", id: "durations",
    onkeydown: (event) => {
      const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
      if (!step) return;
      event.preventDefault();
      const index = (choices.indexOf(state.seconds) + step + choices.length) % choices.length;
      choose(choices[index]);
    } },
  choices.map((seconds) => h("button", {
    class: `duration${seconds === state.seconds ? " selected" : ""}`, type: "button", role: "radio", "aria-checked": String(seconds === state.seconds),
    tabindex: seconds === state.seconds ? "0" : "-1", dataset: { seconds, say: lengthSpoken(seconds), focusKey: `duration-${seconds}` },
    "aria-label": lengthSpoken(seconds), onclick: () => choose(seconds),
  }, picture ? picture(seconds) : lengthText(seconds))));
}

function ringsCard(today) {
  const week = today.week ?? { sessions: 0, goal: 5 };
  const average = today.averageScore;
  const best = today.bestScore;
  const rings = [
    { fraction: week.goal ? week.sessions / week.goal : 0, className: "ring-week" },
    { fraction: Number.isFinite(average) ? average / 100 : 0, className: `ring-score score-${scoreBand(average)}` },
    { fraction: Number.isFinite(best) ? best / 100 : 0, className: "ring-best" },
  ];
  const stat = (id, value, name, className) => h("div", { class: `ring-stat ${className}` }, h("span", { class: "stat-value", id }, value), h("span", { class: "stat-name" }, name));
  return h("section", { class: "glass-card rings-card", "aria-label": "This week" },
    draw(ringStack(rings, { label: `This week: ${week.sessions} of ${week.goal} sessions; average ${average ?? "none yet"}; best ${best ?? "none yet"}` })),
    h("div", { class: "ring-stats" },
      stat("stat-week", `${week.sessions}/${week.goal}`, "sessions this week", "ring-week"),
      stat("stat-average", Number.isFinite(average) ? String(average) : "–", "average score", "ring-score"),
      stat("stat-best", Number.isFinite(best) ? String(best) : "–", "best score", "ring-best")));
}

function promptCard(prompt) {
  return h("section", { class: "glass-card featured prompt-card", id: "prompt-card", "aria-labelledby": "prompt-text" },
    h("div", { class: "prompt-meta" },
      h("span", { class: "eyebrow" }, prompt.lessonActivity ? "📘 Lesson practice" : prompt.challengeFrom ? `⚔️ ${prompt.challengeFrom}'s challenge`
        : prompt.chosen ? "Your prompt" : "Today's prompt"),
      prompt.category && !prompt.lessonActivity ? h("span", { class: "chip" }, humanize(prompt.category)) : null,
      prompt.difficulty ? h("span", { class: `chip difficulty-${prompt.difficulty}` }, humanize(prompt.difficulty)) : null),
    h("p", { class: "prompt-text", id: "prompt-text", dataset: { promptId: prompt.id } }, prompt.text),
    prompt.lessonActivity ? h("p", { class: "hint", id: "lesson-practice-hint" },
      `It counts for your lesson when you record it with 🎤 With Prompt for ${lengthSpoken(prompt.seconds)}.`) : null,
    durationPills(),
    h("div", { class: "row start prompt-tools" },
      h("button", { class: "btn ghost", type: "button", id: "reroll-prompt", onclick: reroll }, "🎲 Another prompt"),
      h("a", { class: "btn ghost", href: "#wheel", id: "open-wheel" }, "🎡 Spin the wheel"),
      h("a", { class: "btn ghost", href: "#prompts", id: "open-library" }, "📚 All prompts")));
}

export function todayScreen() {
  const { today, speaker, storage } = state.me;
  const now = new Date();
  return h("div", { class: "today" },
    h("header", { class: "today-header" },
      h("div", {},
        h("p", { class: "eyebrow", id: "today-date" }, now.toLocaleDateString(undefined, { weekday: "long", month: "long", day: "numeric" })),
        h("h1", { class: "screen-title", id: "greeting" }, greeting(now.getHours(), speaker?.name ?? state.child?.name))),
      h("a", { class: `btn streak-chip${today.streak?.alive ? " alive" : ""}`, href: "#history", id: "streak-chip" },
        h("span", { "aria-hidden": "true" }, "🔥 "), streakText(today.streak ?? {}))),
    state.message ? h("p", { class: "error-text", role: "alert" }, state.message) : null,
    ringsCard(today),
    state.prompt ? promptCard(state.prompt) : null,
    h("div", { class: "start-row" },
      state.prompt ? h("button", { class: "btn primary big", type: "button", id: "start-with-prompt", onclick: () => beginTake({ withPrompt: true }) },
        "🎤 With Prompt") : null,
      h("button", { class: "btn secondary big", type: "button", id: "start-free", onclick: () => beginTake({ withPrompt: false }) }, "Free Practice")),
    challengeCard(),
    familyChallengeCard(),
    storage && storage.keepRecordings === false
      ? h("p", { class: "hint center", id: "not-kept" }, "Recordings aren't kept on this family's server: you'll still see your scores and transcripts.") : null);
}
