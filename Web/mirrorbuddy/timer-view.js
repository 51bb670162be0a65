// The timer on screen: start a count-up study timer or a Pomodoro, see the clock and the part
// (work, short or long break), pause, resume, stop. Its clock is refreshed by timer.js each second.
import { h } from "../shared/dom.js";
import { t } from "./i18n.js";
import { state } from "./state.js";
import { pauseTimer, resumeTimer, startTimer, stopTimer, timerState } from "./timer.js";
import { clock, pomodoroPlan, shown } from "./timer-rules.js";
import { button } from "./ui.js";

/** Play/pause and stop, for the banner and the panel. */
export function timerControls({ small = false } = {}) {
  const timer = timerState();
  if (!timer.mode) return null;
  const cls = small ? "mb-small-btn" : "";
  return h("span", { class: "mb-timer-controls" },
    timer.running ? button({ emoji: "⏸️", label: t("timer.pause"), onclick: pauseTimer, cls, id: small ? "banner-pause" : "timer-pause" })
      : button({ emoji: "▶️", label: t("timer.resume"), onclick: resumeTimer, cls: `primary ${cls}`, id: small ? "banner-resume" : "timer-resume" }),
    button({ emoji: "⏹️", label: t("timer.stop"), onclick: stopTimer, cls, id: small ? "banner-stop" : "timer-stop" }));
}

export function timerPanel() {
  const timer = timerState();
  const workMinutes = pomodoroPlan(Boolean(state.settings?.adhdMode)).work / 60_000;
  if (!timer.mode) {
    return h("section", { class: "mb-card mb-timer", id: "timer-panel", "aria-labelledby": "timer-title" },
      h("h2", { id: "timer-title" }, h("span", { "aria-hidden": "true" }, "⏱️ "), t("timer.title")),
      h("p", { class: "hint" }, t("timer.intro")),
      h("div", { class: "mb-row" },
        button({ emoji: "⏱️", label: t("timer.study"), onclick: () => startTimer("study"), cls: "mb-primary", id: "timer-study" }),
        button({ emoji: "🍅", label: t("timer.pomodoro", { minutes: workMinutes }), onclick: () => startTimer("pomodoro"), cls: "primary mb-primary", id: "timer-pomodoro" })));
  }
  return h("section", { class: `mb-card mb-timer mb-timer-${timer.phase}`, id: "timer-panel", "aria-labelledby": "timer-title" },
    h("h2", { id: "timer-title" }, h("span", { "aria-hidden": "true" }, timer.mode === "pomodoro" ? "🍅 " : "⏱️ "), t(`timer.phase.${timer.phase}`)),
    h("p", { class: "mb-clock", "data-timer-clock": "", "aria-live": "off" }, clock(shown(timer, Date.now()))),
    timer.mode === "pomodoro" ? h("p", { class: "hint" }, t("timer.worksDone", { count: timer.worksDone })) : null,
    timer.running ? null : h("p", { class: "mb-small" }, t("timer.paused")),
    timerControls());
}
