// Settings (the coach): the session (countdown, default length, what happens when the timer ends),
// the pace target (learned from the speaker's takes, or set by hand), what is scored, the filler
// lists (add your own, take usual ones off) and the score weights (must total 100 %). One Save,
// behind the parent gate as every setting is: the server answers gate_required, a grown-up answers
// the question, and Save goes again.
import { api } from "../shared/api.js";
import { h } from "../shared/dom.js";
import { passParentGate, withParentGate } from "../shared/parent-gate.js";
import { sounds } from "../shared/sounds.js";
import { DIMENSIONS, DURATIONS, lengthText } from "./format.js";
import { COUNTDOWNS, TARGETS, WEIGHT_RANGE, addFiller, draftFrom, problem, removeFiller, requestFrom, toggleDefault, weightTotal } from "./settings-form.js";
import { render, state } from "./state.js";

/** Starts editing the speaker's settings (the Settings route). */
export function openSettings() {
  state.settings = { draft: draftFrom(state.me?.settings), message: "", error: "", saving: false, adding: { always: "", context: "" } };
}

const view = () => state.settings;
const change = (patch) => { view().draft = { ...view().draft, ...patch }; view().message = ""; render(); };

function segmented(label, id, options, value, pick) {
  return h("div", { class: "segmented", role: "radiogroup", "aria-label": label, id },
    options.map(([option, text]) => h("button", { class: `btn segment${option === value ? " selected" : ""}`, type: "button", role: "radio",
      "aria-checked": String(option === value), dataset: { focusKey: `${id}-${option}` }, onclick: () => { sounds.tap(); pick(option); } }, text)));
}

function toggle(id, text, checked, onChange) {
  return h("label", { class: "toggle", for: id },
    h("input", { type: "checkbox", id, checked, onchange: (event) => onChange(event.target.checked) }), text);
}

function sessionCard(draft) {
  return h("section", { class: "glass-card settings-card", "aria-labelledby": "settings-session" },
    h("h2", { class: "section-title", id: "settings-session" }, "Session"),
    h("p", { class: "field-label" }, "Countdown before recording"),
    segmented("Countdown", "countdown", COUNTDOWNS.map((s) => [s, `${s} s`]), draft.countdown, (countdown) => change({ countdown })),
    h("label", { class: "field", for: "default-seconds" }, "Length of a free practice",
      h("select", { id: "default-seconds", onchange: (event) => change({ defaultSeconds: Number(event.target.value) }) },
        DURATIONS.coach.map((s) => h("option", { value: s, selected: s === draft.defaultSeconds }, lengthText(s))))),
    h("p", { class: "field-label" }, "When the time is up"),
    segmented("When the time is up", "timer-end", [["stop", "Save & stop"], ["keepGoing", "Keep going"]], draft.timerEnd, (timerEnd) => change({ timerEnd })));
}

function paceCard(draft) {
  const learned = Number.isFinite(draft.learnedWPM)
    ? `Learned from your takes so far: ${draft.learnedWPM} words a minute.`
    : "Nothing learned yet: takes of 30 seconds or more with 40 words or more teach it.";
  return h("section", { class: "glass-card settings-card", "aria-labelledby": "settings-pace" },
    h("h2", { class: "section-title", id: "settings-pace" }, "Pace target"),
    toggle("learn-target", "Learn my pace from my takes", draft.learnTarget, (learnTarget) => change({ learnTarget })),
    h("p", { class: "hint", id: "learned-pace" }, learned),
    h("label", { class: "field", for: "target-wpm" }, draft.learnTarget ? "Target until one is learned" : "My target",
      h("div", { class: "slider-row" },
        h("input", { type: "range", id: "target-wpm", min: TARGETS.min, max: TARGETS.max, step: TARGETS.step, value: draft.targetWPM,
          "aria-valuetext": `${draft.targetWPM} words a minute`, oninput: (event) => change({ targetWPM: Number(event.target.value) }) }),
        h("output", { for: "target-wpm", id: "target-wpm-value" }, `${draft.targetWPM} WPM`))));
}

function fillerList(draft, which, title, hint) {
  const adding = view().adding;
  const add = (event) => {
    event.preventDefault();
    const result = addFiller(view().draft, which, adding[which]);
    if (result.error) { view().error = result.error; render(); return; }
    adding[which] = "";
    view().error = "";
    change(result.draft);
  };
  return h("div", { class: "filler-list", id: `fillers-${which}` },
    h("h3", { class: "field-label" }, title),
    h("p", { class: "hint" }, hint),
    draft[which].length
      ? h("ul", { class: "plain chips" }, draft[which].map((entry) => h("li", {},
        h("button", { class: "chip-btn", type: "button", "aria-label": `Take “${entry}” off the list`, dataset: { focusKey: `filler-${which}-${entry}` },
          onclick: () => change(removeFiller(view().draft, which, entry)) }, `${entry} ✕`))))
      : null,
    h("form", { class: "add-row", onsubmit: add },
      h("input", { id: `add-${which}`, value: adding[which], maxlength: "40", autocomplete: "off", placeholder: "a word or phrase",
        "aria-label": `Add to “${title}”`,
        oninput: (event) => { adding[which] = event.target.value; } }),
      h("button", { class: "btn", type: "submit", id: `add-${which}-button` }, "Add")));
}

function fillersCard(draft) {
  return h("section", { class: "glass-card settings-card", "aria-labelledby": "settings-fillers" },
    h("h2", { class: "section-title", id: "settings-fillers" }, "What counts"),
    toggle("track-fillers", "Score and coach my fillers", draft.trackFillers, (trackFillers) => change({ trackFillers })),
    toggle("track-pauses", "Score and coach my pauses", draft.trackPauses, (trackPauses) => change({ trackPauses })),
    fillerList(draft, "always", "Always a filler for me", "Counted every time you say it."),
    fillerList(draft, "context", "A filler when I pause around it", "Counted only when you stop before and after it, as “so” or “well” often are."),
    h("h3", { class: "field-label" }, "The usual fillers"),
    h("p", { class: "hint" }, "Tap one you mean as a real word to stop counting it."),
    h("div", { class: "chips", id: "default-fillers", role: "group", "aria-label": "The usual fillers" },
      draft.defaultFillers.map((entry) => {
        const counted = !draft.removed.includes(entry);
        return h("button", { class: `chip-btn${counted ? " on" : " off"}`, type: "button", "aria-pressed": String(counted), dataset: { filler: entry, focusKey: `default-${entry}` },
          onclick: () => change(toggleDefault(view().draft, entry)) }, counted ? entry : `${entry} (not counted)`);
      })));
}

function weightsCard(draft) {
  const total = weightTotal(draft.weights);
  return h("section", { class: "glass-card settings-card", "aria-labelledby": "settings-weights" },
    h("h2", { class: "section-title", id: "settings-weights" }, "Score weights"),
    h("p", { class: "hint" }, "How much each skill counts in your score: 0 to 30 % each, 100 % in all."),
    h("div", { class: "weights" }, DIMENSIONS.map(([key, name]) => {
      const value = Number(draft.weights[key]) || 0;
      return h("label", { class: "weight-row", for: `weight-${key}` },
        h("span", { class: "weight-name" }, name),
        h("input", { type: "range", id: `weight-${key}`, min: WEIGHT_RANGE.min, max: WEIGHT_RANGE.max, step: 1, value, "aria-valuetext": `${value} %`,
          oninput: (event) => change({ weights: { ...view().draft.weights, [key]: Number(event.target.value) } }) }),
        h("output", { for: `weight-${key}`, class: "weight-value" }, `${value} %`));
    })),
    h("p", { class: `weight-total ${total === 100 ? "good" : "bad"}`, id: "weight-total", role: "status" }, `Total ${total} %`),
    h("button", { class: "btn ghost", type: "button", id: "reset-weights", onclick: () => change({ weights: { ...draft.defaultWeights } }) }, "Back to the usual weights"));
}

/** Saves the draft; a grown-up answers the parent question first when the server asks for it. */
export async function saveSettings({ gate = passParentGate } = {}) {
  const settings = view();
  const stop = problem(settings.draft);
  if (stop) { settings.error = stop; render(); return false; }
  settings.saving = true;
  settings.error = "";
  render();
  try {
    const saved = await withParentGate(() => api("/api/speakup/settings", { method: "PUT", body: requestFrom(settings.draft) }),
      { reason: "A grown-up looks after the settings.", gate });
    if (saved === null) { settings.saving = false; render(); return false; }
    state.me = { ...state.me, settings: saved };
    settings.draft = draftFrom(saved);
    settings.message = "Saved. Your next take uses these settings.";
    sounds.success?.();
  } catch (error) {
    settings.error = error.message;
  }
  settings.saving = false;
  render();
  return !settings.error;
}

export function settingsScreen() {
  if (!view()) openSettings();
  const { draft, message, error, saving } = view();
  const stop = problem(draft);
  return h("div", { class: "settings", id: "settings" },
    h("a", { class: "btn ghost back-link", href: "#today", id: "settings-back" }, "← Today"),
    h("h1", { class: "screen-title" }, "Settings"),
    sessionCard(draft), paceCard(draft), fillersCard(draft), weightsCard(draft),
    h("div", { class: "save-bar" },
      error || stop ? h("p", { class: "error-text", role: "alert", id: "settings-error" }, error || stop) : null,
      message ? h("p", { class: "hint", role: "status", id: "settings-saved" }, message) : null,
      h("button", { class: "btn primary big", type: "button", id: "save-settings", disabled: saving || Boolean(stop), onclick: () => saveSettings() },
        saving ? "Saving…" : "💾 Save")));
}
