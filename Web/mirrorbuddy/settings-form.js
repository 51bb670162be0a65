// The reading settings as form controls: sliders (the page's look follows while dragging; the
// server hears on release), switches and choices. Every control of the contract's Settings.
import { h } from "../shared/dom.js";
import { applyLook } from "./appearance.js";
import { saveSettings } from "./data.js";
import { errorText, num, t } from "./i18n.js";
import { state, tell } from "./state.js";

export const SLIDERS = [
  { key: "textSize", min: 0.8, max: 2.0, step: 0.1, unit: "×" },
  { key: "lineSpacing", min: 1.0, max: 3.0, step: 0.1, unit: "" },
  { key: "letterSpacing", min: 0, max: 0.3, step: 0.01, unit: " em" },
  { key: "wordSpacing", min: 0, max: 0.5, step: 0.05, unit: " em" },
  { key: "paragraphSpacing", min: 0, max: 40, step: 4, unit: " px" },
  { key: "ttsSpeed", min: 0.5, max: 2.0, step: 0.1, unit: "×" },
  { key: "ambientVolume", min: 0, max: 1, step: 0.05, unit: "" },
];

export const SWITCHES = [
  { key: "highContrast", emoji: "🌓" }, { key: "largeText", emoji: "🔠" }, { key: "reducedMotion", emoji: "🐌" },
  { key: "distractionFree", emoji: "🧘" }, { key: "keyboardNavigation", emoji: "⌨️" }, { key: "adhdMode", emoji: "🎯" },
  { key: "breakReminders", emoji: "☕" }, { key: "tts", emoji: "🔊" }, { key: "autoRead", emoji: "📢" }, { key: "ruler", emoji: "📏" },
  { key: "focusMode", emoji: "🔦" }, { key: "checkpoints", emoji: "🧠" },
];

export const CHOICES = [
  { key: "language", options: ["it", "en"] }, { key: "font", options: ["system", "opendyslexic"] },
  { key: "theme", options: ["standard", "contrast", "cream", "dark"] }, { key: "ambient", options: ["off", "white", "pink", "brown", "rain"] },
];

const current = () => state.settings ?? {};

export function save(change) {
  saveSettings({ ...current(), ...change }).catch((error) => tell(errorText(error), "error"));
}

const shownValue = ({ key, unit }, value) => (key === "ambientVolume" ? `${num(Math.round(value * 100))} %` : `${num(value)}${unit}`);

export function slider(spec) {
  const value = Number(current()[spec.key] ?? spec.min);
  const output = h("output", { class: "mb-slider-value", id: `value-${spec.key}` }, shownValue(spec, value));
  const input = h("input", { type: "range", id: `setting-${spec.key}`, min: String(spec.min), max: String(spec.max), step: String(spec.step), value: String(value),
    oninput: (event) => {
      const next = Number(event.target.value);
      output.textContent = shownValue(spec, next);
      applyLook({ ...current(), [spec.key]: next });
    },
    onchange: (event) => save({ [spec.key]: Number(event.target.value) }) });
  return h("label", { class: "field mb-field mb-slider" }, h("span", {}, t(`settings.${spec.key}`), " ", output), input);
}

export function toggle({ key, emoji }) {
  const on = Boolean(current()[key]);
  return h("button", { class: `btn mb-btn mb-switch${on ? " on" : ""}`, type: "button", role: "switch", "aria-checked": String(on), id: `setting-${key}`,
    onclick: () => save({ [key]: !on }) },
  h("span", { class: "mb-emoji", "aria-hidden": "true" }, emoji), h("span", { class: "mb-word" }, t(`settings.${key}`)),
  h("span", { class: "mb-switch-state", "aria-hidden": "true" }, on ? t("settings.on") : t("settings.off")));
}

export function choice({ key, options }) {
  return h("label", { class: "field mb-field" }, h("span", {}, t(`settings.${key}`)),
    h("select", { id: `setting-${key}`, onchange: (event) => save({ [key]: event.target.value }) },
      options.map((option) => h("option", { value: option, selected: current()[key] === option }, t(`settings.${key}.${option}`)))));
}
