// Goals & badges (#goals): the streak and its milestones, today's challenge, the goals the speaker
// set (start one from a template, give one up) and every achievement, won or with how far along it
// is. A badge won since the speaker last looked is celebrated once, in a banner above any screen
// (confetti unless motion is reduced; Show & Tell hears its name). The server judges all of it.
import { api } from "../shared/api.js";
import { h } from "../shared/dom.js";
import { local } from "../shared/safe-storage.js";
import { sounds } from "../shared/sounds.js";
import { hearAgainButton, instruct } from "../shared/speak-on-touch.js";
import { achievementProgress, goalAmount, goalStatus, newlyUnlocked, percent, startable, unlockedIds } from "./habit-rules.js";
import { onDay } from "./course-rules.js";
import { zoneQuery } from "./format.js";
import { confetti } from "./reveal.js";
import { isKid, reducedMotion, render, state } from "./state.js";

const view = () => (state.habits ??= { data: null, error: "", busy: false, fresh: null });
const KID_INTRO = "Your badges! The bright ones are yours. Tap a badge to hear its name.";
const seenKey = () => `speakup-badges-seen:${state.child?.id ?? "none"}`;

/** Goals, challenge, streak and badges; then any badge won since last time is celebrated. */
export async function loadHabits() {
  const habits = view();
  habits.error = "";
  try {
    habits.data = await api(`/api/speakup/habits?${zoneQuery()}`);
  } catch (error) {
    habits.error = error.message;
  }
  render();
  if (habits.data) celebrate(habits.data.achievements);
}

/** Leaving the screen a new badge was shown on puts it away. */
export function leftScreen(next) {
  const habits = state.habits;
  if (habits?.shownOn && habits.shownOn !== next) { habits.fresh = null; habits.shownOn = null; }
}

/** Opening the page: Show & Tell hears what it is. */
export function openHabits() {
  if (isKid()) instruct(KID_INTRO);
  return loadHabits();
}

function celebrate(achievements) {
  const seen = local.read(seenKey(), null);
  // Every badge ever seen stays seen: one lost (a take deleted) and won again is not celebrated twice.
  local.write(seenKey(), [...new Set([...(Array.isArray(seen) ? seen : []), ...unlockedIds(achievements)])]);
  // The first visit only learns what was already won: a speaker is not greeted by a pile of old badges.
  if (seen === null) return;
  const fresh = newlyUnlocked(achievements, seen);
  if (!fresh.length) return;
  view().fresh = fresh;
  view().shownOn = null;
  sounds.success?.();
  if (isKid()) instruct(`You won a new badge: ${fresh.map((item) => item.achievement.title).join(", ")}! Well done!`, { queue: true });
  render();
}

/** Screens a new badge is shown on: the calm ones, not a take's page, a drill, a reading or a form. */
const BANNER_ROUTES = new Set(["today", "history", "goals", "learn", "practice"]);

/** A badge just won, above the next calm screen until put away or left (it never blocks what the speaker was doing). */
export function badgeBanner() {
  const habits = view();
  if (!habits.fresh?.length || !BANNER_ROUTES.has(state.route.name)) return null;
  if (state.route.name === "today" && !["idle", "reveal"].includes(state.flow.phase)) return null;
  habits.shownOn ??= state.route.name;
  const kid = isKid();
  const close = () => { habits.fresh = null; habits.shownOn = null; render(); };
  return h("section", { class: "glass-card badge-unlock", id: "badge-unlock", role: "status", "aria-label": "New badge" },
    reducedMotion() ? null : confetti(),
    h("h2", { class: "section-title" }, habits.fresh.length === 1 ? "🏅 New badge!" : `🏅 ${habits.fresh.length} new badges!`),
    habits.fresh.map(({ achievement }) => h("p", { class: "badge-won" }, h("span", { class: "badge-emoji", "aria-hidden": "true" }, achievement.emoji),
      h("span", {}, h("strong", {}, achievement.title), kid ? null : h("span", { class: "hint" }, ` · ${achievement.summary}`)))),
    h("div", { class: "row" },
      h("a", { class: `btn secondary${kid ? " kid" : ""}`, href: "#goals", id: "badge-see-all", dataset: { say: "My badges" }, onclick: close },
        kid ? "🏆 My badges" : "See all badges"),
      h("button", { class: `btn primary${kid ? " kid" : ""}`, type: "button", id: "badge-close", dataset: { say: "Yay!" }, onclick: close }, kid ? "🎉 Yay!" : "Nice!")));
}

async function startGoal(template) {
  const habits = view();
  habits.busy = true;
  render();
  try {
    await api(`/api/speakup/goals?${zoneQuery()}`, { method: "POST", body: { kind: template.id } });
    sounds.success?.();
    await loadHabits();
  } catch (error) {
    habits.error = error.message;
  }
  habits.busy = false;
  render();
}

async function giveUp(goal) {
  const habits = view();
  try {
    await api(`/api/speakup/goals/${encodeURIComponent(goal.id)}`, { method: "DELETE" });
    await loadHabits();
  } catch (error) {
    habits.error = error.message;
    render();
  }
}

const bar = (value, label) => h("div", { class: "progress-bar", role: "progressbar", "aria-valuemin": "0", "aria-valuemax": "100",
  "aria-valuenow": String(value), "aria-label": label }, h("span", { style: `width: ${value}%` }));

/** Today's challenge as a small card (Today shows it, with the way to Goals & badges; Show & Tell has none). */
export function challengeCard({ link = true } = {}) {
  const data = view().data;
  const today = data?.challenge;
  if (!today) return null;
  const { challenge } = today;
  return h("section", { class: `glass-card challenge-card${today.takeId ? " done" : ""}`, id: "challenge-card", "aria-labelledby": "challenge-title" },
    h("p", { class: "eyebrow" }, "Today's challenge"),
    h("h2", { class: "section-title", id: "challenge-title" }, `${challenge.emoji} ${challenge.title}`),
    h("p", { class: "hint" }, challenge.goal),
    today.takeId ? h("p", { class: "done-mark", id: "challenge-done" }, "✓ Done today!") : null,
    link ? h("a", { class: "btn secondary", href: "#goals", id: "open-goals" }, "🏆 Goals & badges") : null);
}

function badge(item, kid) {
  const { achievement, state: won } = item;
  const progress = achievementProgress(item);
  return h("li", { class: `badge${won.unlockedAt ? " won" : ""}`, id: `badge-${achievement.id}`,
    dataset: { say: won.unlockedAt ? `${achievement.title}. You won it!` : kid ? `${achievement.title}. Not yet!` : `${achievement.title}. ${achievement.summary}` },
    tabindex: kid ? "0" : null, "aria-label": `${achievement.title}: ${won.unlockedAt ? "won" : "not yet"}. ${achievement.summary}` },
  h("span", { class: "badge-emoji", "aria-hidden": "true" }, achievement.emoji),
  h("span", { class: "badge-title", "aria-hidden": "true" }, achievement.title),
  kid ? null : h("span", { class: "hint", "aria-hidden": "true" }, won.unlockedAt ? onDay(won.unlockedAt).replace(/^on /, "") : progress || achievement.summary),
  !won.unlockedAt && progress && !kid ? bar(percent(won.current, won.target), achievement.title) : null);
}

function goalRow(goal) {
  const value = percent(goal.progress.current, goal.progress.target);
  return h("li", { class: `goal ${goal.progress.status}`, id: `goal-${goal.kind}` },
    h("div", { class: "week-head" }, h("h3", { class: "group-title" }, `${goal.emoji} ${goal.title}`), h("span", { class: "chip" }, goalStatus(goal))),
    bar(value, `${goal.title}: ${goalAmount(goal)}`),
    h("p", { class: "hint" }, goalAmount(goal)),
    goal.progress.status === "active"
      ? h("button", { class: "btn ghost", type: "button", id: `give-up-${goal.kind}`, onclick: () => giveUp(goal) }, "Give up this goal") : null);
}

export function habitsScreen() {
  const habits = view();
  const kid = isKid();
  const data = habits.data;
  if (!data) {
    return h("div", { class: "habits" }, habits.error ? h("p", { class: "error-text", role: "alert" }, habits.error) : h("p", { class: "hint", role: "status" }, "Loading…"));
  }
  const won = data.achievements.filter((item) => item.state.unlockedAt).length;
  return h("div", { class: "habits", id: "habits" },
    kid ? h("div", { class: "row start" }, h("h1", { class: "screen-title" }, "My badges 🏆"),
      hearAgainButton(KID_INTRO, { label: "Hear this", id: "hear-badges" })) : h("h1", { class: "screen-title" }, "Goals & badges"),
    habits.error ? h("p", { class: "error-text", role: "alert" }, habits.error) : null,
    // Show & Tell's streak is its flames on My talks (no numbers here).
    kid ? null : h("section", { class: "glass-card", id: "streak-card", "aria-labelledby": "streak-title" },
      h("h2", { class: "section-title", id: "streak-title" }, `🔥 ${data.streak.current} ${data.streak.current === 1 ? "day" : "days"} in a row`),
      h("p", { class: "hint" }, `Longest: ${data.streak.longest}.${data.streak.nextMilestone ? ` Next milestone: ${data.streak.nextMilestone} days.` : ""}`),
      data.milestones.length ? h("ul", { class: "plain milestones", id: "milestones" }, data.milestones.map((days) => h("li", { class: "chip done-chip" }, `🏅 ${days}`))) : null),
    kid ? null : challengeCard({ link: false }),
    kid ? null : h("section", { class: "glass-card", id: "goals-card", "aria-labelledby": "goals-title" },
      h("h2", { class: "section-title", id: "goals-title" }, "Goals"),
      data.goals.length ? h("ul", { class: "plain goal-list", id: "goal-list" }, data.goals.map(goalRow)) : h("p", { class: "hint" }, "No goal yet: pick one below."),
      h("h3", { class: "group-title" }, "Start a goal"),
      h("div", { class: "template-list" }, startable(data.templates, data.goals).map((template) => h("button", {
        class: "btn secondary template", type: "button", id: `start-goal-${template.id}`, disabled: habits.busy, onclick: () => startGoal(template),
      }, h("span", { class: "template-title" }, `${template.emoji} ${template.title}`), h("span", { class: "hint" }, template.summary))))),
    h("section", { class: "glass-card", id: "badges-card", "aria-labelledby": "badges-title" },
      h("h2", { class: "section-title", id: "badges-title" }, kid ? "Badges" : `Badges · ${won} of ${data.achievements.length}`),
      h("ul", { class: `plain badge-grid${kid ? " kid" : ""}`, id: "badge-grid" }, data.achievements.map((item) => badge(item, kid)))));
}
