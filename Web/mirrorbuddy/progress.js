// Progress: the strip on Home (level, XP bar, streak) and the #progress screen (level, XP, streak,
// study minutes, badges and weekly quests, named by id from the catalogue).
import { h } from "../shared/dom.js";
import { dateText, num, t } from "./i18n.js";
import { state } from "./state.js";
import { bar, homeLink, screenTitle } from "./ui.js";
import { hearButton } from "./voice.js";

const progress = () => state.me?.progress ?? null;

/** Level, XP bar and streak in one line. */
export function progressStrip() {
  const p = progress();
  if (!p) return null;
  const { level, xpIntoLevel, xpForNext } = p.level;
  const streak = p.streak.current;
  const words = `${t("progress.level", { level })}. ${t("progress.xpToNext", { xp: xpIntoLevel, next: xpForNext })}. ${t("progress.streak", { count: streak })}`;
  return h("section", { class: "mb-strip", "aria-label": t("progress.title") },
    h("a", { class: "mb-strip-level", href: "#progress" }, h("span", { "aria-hidden": "true" }, "⭐ "), t("progress.level", { level })),
    h("div", { class: "mb-strip-xp" }, bar(xpIntoLevel, xpForNext, t("progress.xpToNext", { xp: xpIntoLevel, next: xpForNext })),
      h("span", { class: "mb-strip-xp-text" }, t("progress.xpToNext", { xp: xpIntoLevel, next: xpForNext }))),
    h("span", { class: `mb-strip-streak${p.streak.alive ? "" : " cold"}` }, h("span", { "aria-hidden": "true" }, "🔥 "), t("progress.streak", { count: streak })),
    hearButton(words));
}

function badgeCard({ badge, current, unlockedAt }) {
  const open = Boolean(unlockedAt);
  return h("li", { class: `mb-badge${open ? " unlocked" : ""}` },
    h("span", { class: "mb-badge-emoji", "aria-hidden": "true" }, open ? badge.emoji : "🔒"),
    h("strong", {}, t(`badge.${badge.id}.name`)),
    h("span", { class: "mb-small" }, t(`badge.${badge.id}.description`)),
    open ? h("span", { class: "mb-small ok" }, t("progress.unlockedOn", { date: dateText(unlockedAt) }))
      : bar(current, badge.target, t("progress.ofTarget", { current, target: badge.target })),
    open ? null : h("span", { class: "mb-small" }, t("progress.ofTarget", { current: Math.min(current, badge.target), target: badge.target })));
}

function questCard({ quest, current, done }) {
  return h("li", { class: `mb-quest${done ? " done" : ""}` },
    h("span", { class: "mb-badge-emoji", "aria-hidden": "true" }, done ? "✅" : quest.emoji),
    h("div", {},
      h("strong", {}, t(`quest.${quest.id}.name`)),
      h("p", { class: "mb-small" }, t(`quest.${quest.id}.description`, { target: quest.target })),
      bar(current, quest.target, t("progress.ofTarget", { current, target: quest.target })),
      h("p", { class: "mb-small" }, t("progress.ofTarget", { current: Math.min(current, quest.target), target: quest.target }), " · ",
        t(`quest.level.${quest.level}`), " · ", t("progress.questXP", { xp: quest.xp }))),
    hearButton(`${t(`quest.${quest.id}.name`)}. ${t(`quest.${quest.id}.description`, { target: quest.target })}`));
}

export function progressScreen() {
  const p = progress();
  if (!p) return h("p", { class: "hint" }, t("common.loading"));
  const { level, xpIntoLevel, xpForNext } = p.level;
  return h("div", { class: "mb-stack" },
    screenTitle("🏆", t("progress.title"), t("progress.cheer")),
    h("section", { class: "mb-card mb-progress-head" },
      h("p", { class: "mb-big" }, h("span", { "aria-hidden": "true" }, "⭐ "), t("progress.level", { level })),
      bar(xpIntoLevel, xpForNext, t("progress.xpToNext", { xp: xpIntoLevel, next: xpForNext })),
      h("p", {}, t("progress.xpToNext", { xp: xpIntoLevel, next: xpForNext }), " · ", t("progress.totalXP", { xp: p.xp })),
      h("p", {}, h("span", { "aria-hidden": "true" }, "🔥 "), t("progress.streak", { count: p.streak.current }), " · ",
        t("progress.longest", { count: p.streak.longest })),
      h("p", {}, h("span", { "aria-hidden": "true" }, "⏱️ "), t("progress.minutesToday", { minutes: num(Math.round(p.minutesToday)) }), " · ",
        t("progress.minutesWeek", { minutes: num(Math.round(p.minutesThisWeek)) })),
      h("p", { class: "mb-cheer" }, t("progress.cheer"))),
    h("section", { class: "mb-card" }, h("h2", {}, h("span", { "aria-hidden": "true" }, "🗺️ "), t("progress.quests")),
      p.quests.length ? h("ul", { class: "mb-quests" }, p.quests.map(questCard)) : h("p", { class: "hint" }, t("progress.noQuests"))),
    h("section", { class: "mb-card" }, h("h2", {}, h("span", { "aria-hidden": "true" }, "🏅 "), t("progress.badges")),
      h("ul", { class: "mb-badges" }, p.badges.map(badgeCard))),
    homeLink());
}

/** Home's strip of this week's quests and the newest badge (hidden in distraction-free mode). */
export function questStrip() {
  const p = progress();
  if (!p?.quests?.length) return null;
  return h("section", { class: "mb-card mb-extra mb-quest-strip", "aria-label": t("progress.quests") },
    h("h2", {}, h("span", { "aria-hidden": "true" }, "🗺️ "), t("progress.quests")),
    h("ul", { class: "mb-chips" }, p.quests.map(({ quest, current, done }) => h("li", { class: `mb-chip${done ? " ok" : ""}` },
      h("span", { "aria-hidden": "true" }, `${done ? "✅" : quest.emoji} `), t(`quest.${quest.id}.name`), " ",
      t("progress.ofTarget", { current: Math.min(current, quest.target), target: quest.target })))),
    h("a", { class: "btn mb-btn", href: "#progress" }, h("span", { "aria-hidden": "true" }, "🏆 "), t("nav.progress")));
}
