// The accessibility switcher on every screen: a round 56 px button fixed bottom-LEFT (bottom-right
// is kept for the voice button), with a ring and a dot while a profile is on. It opens a panel (a
// bottom sheet on phones): the 7 profiles (3 columns, icon + name; POST settings/preset), quick
// switches (large text, high contrast, less motion, dyslexia font; PUT settings), reset, and the
// language. Esc closes it, the focus stays inside, and goes back to the button after.
import { h, mount } from "../shared/dom.js";
import { applyPreset, saveSettings } from "./data.js";
import { errorText, t } from "./i18n.js";
import { state, tell } from "./state.js";
import { hearButton } from "./voice.js";

const QUICK = [
  { key: "largeText", emoji: "🔠", on: (s) => s.largeText, flip: (s) => ({ largeText: !s.largeText }) },
  { key: "highContrast", emoji: "🌓", on: (s) => s.highContrast, flip: (s) => ({ highContrast: !s.highContrast }) },
  { key: "reducedMotion", emoji: "🐌", on: (s) => s.reducedMotion, flip: (s) => ({ reducedMotion: !s.reducedMotion }) },
  { key: "dyslexiaFont", emoji: "🔤", on: (s) => s.font === "opendyslexic", flip: (s) => ({ font: s.font === "opendyslexic" ? "system" : "opendyslexic" }) },
];

let opener = null;
let panel = null;
let body = null;

const settings = () => state.settings ?? {};
const fail = (error) => tell(errorText(error), "error");

/** Puts on a ready-made profile (a profile button, or "attiva dislessia" said aloud). */
export const chooseProfile = (id) => applyPreset(id).then(() => tell(t("a11y.applied", { name: t(`profile.${id}`) }), "ok")).catch(fail);

/** Back to the default look (the reset button). */
const resetLook = () => applyPreset("reset").then(() => tell(t("settings.applied"), "ok")).catch(fail);

function profileButton(profile) {
  const active = settings().profile === profile.id;
  return h("button", { class: `btn mb-profile${active ? " active" : ""}`, type: "button", id: `profile-${profile.id}`, "aria-pressed": String(active),
    onclick: () => chooseProfile(profile.id) },
  h("span", { class: "mb-profile-icon", "aria-hidden": "true" }, profile.icon), h("span", { class: "mb-word" }, t(`profile.${profile.id}`)));
}

function quickSwitch(item) {
  const on = Boolean(item.on(settings()));
  return h("button", { class: `btn mb-btn mb-switch${on ? " on" : ""}`, type: "button", role: "switch", "aria-checked": String(on), id: `quick-${item.key}`,
    onclick: () => saveSettings({ ...settings(), ...item.flip(settings()) }).catch(fail) },
  h("span", { class: "mb-emoji", "aria-hidden": "true" }, item.emoji), h("span", { class: "mb-word" }, t(`a11y.${item.key}`)),
  h("span", { class: "mb-switch-state", "aria-hidden": "true" }, on ? t("settings.on") : t("settings.off")));
}

function languageButton(lang) {
  const on = settings().language === lang;
  return h("button", { class: `btn mb-btn${on ? " on" : ""}`, type: "button", id: `language-${lang}`, "aria-pressed": String(on), lang,
    onclick: () => { if (!on) saveSettings({ ...settings(), language: lang }).catch(fail); } },
  h("span", { class: "mb-emoji", "aria-hidden": "true" }, lang === "it" ? "🇮🇹" : "🇬🇧"), h("span", { class: "mb-word" }, t(`a11y.language.${lang}`)));
}

function fill() {
  if (!body) return;
  const profiles = state.me?.profiles ?? [];
  const active = settings().profile;
  mount(body,
    h("div", { class: "mb-panel-head" },
      h("h2", { id: "a11y-title" }, h("span", { "aria-hidden": "true" }, "♿ "), t("a11y.title")),
      hearButton(t("a11y.intro")),
      h("button", { class: "btn mb-btn", type: "button", id: "a11y-close", onclick: close },
        h("span", { class: "mb-emoji", "aria-hidden": "true" }, "✖️"), h("span", { class: "mb-word" }, t("action.close")))),
    h("p", { class: "hint" }, active ? t("a11y.active", { name: t(`profile.${active}`) }) : t("a11y.intro")),
    h("div", { class: "mb-profiles", role: "group", "aria-label": t("a11y.profiles") }, profiles.map(profileButton)),
    h("h3", {}, t("a11y.quick")),
    h("div", { class: "mb-quick" }, QUICK.map(quickSwitch)),
    h("h3", {}, t("a11y.language")),
    h("div", { class: "mb-row" }, languageButton("it"), languageButton("en")),
    h("div", { class: "mb-row mb-panel-foot" },
      h("button", { class: "btn mb-btn", type: "button", id: "a11y-reset", onclick: resetLook },
        h("span", { class: "mb-emoji", "aria-hidden": "true" }, "♻️"), h("span", { class: "mb-word" }, t("settings.reset"))),
      h("a", { class: "btn mb-btn", href: "#settings", id: "a11y-all-settings", onclick: close },
        h("span", { class: "mb-emoji", "aria-hidden": "true" }, "⚙️"), h("span", { class: "mb-word" }, t("a11y.allSettings")))));
}

function focusables() {
  return [...panel.querySelectorAll("button, a[href], input, select")].filter((element) => !element.disabled && element.offsetParent !== null);
}

function trap(event) {
  if (event.key !== "Tab") return;
  const list = focusables();
  if (!list.length) return;
  const first = list[0];
  const last = list[list.length - 1];
  if (event.shiftKey && document.activeElement === first) { event.preventDefault(); last.focus(); }
  else if (!event.shiftKey && document.activeElement === last) { event.preventDefault(); first.focus(); }
}

export function open() {
  fill();
  panel.showModal();
  panel.querySelector(".mb-profile.active, .mb-profile")?.focus();
  drawButton();
}

export const switcherOpen = () => Boolean(panel?.open);

export function close() {
  if (panel.open) panel.close();
}

function drawButton() {
  const active = settings().profile;
  opener.classList.toggle("active", Boolean(active));
  opener.setAttribute("aria-expanded", String(Boolean(panel?.open)));
  opener.setAttribute("aria-label", active ? `${t("a11y.button")} — ${t("a11y.active", { name: t(`profile.${active}`) })}` : t("a11y.button"));
  opener.title = t("a11y.button");
}

/** Puts the button and its panel on the page once. */
export function mountSwitcher(parent = document.body) {
  opener = h("button", { class: "mb-a11y-button", type: "button", id: "a11y-button", "aria-haspopup": "dialog", onclick: open },
    h("span", { "aria-hidden": "true" }, "♿"), h("span", { class: "mb-a11y-dot", "aria-hidden": "true" }));
  body = h("div", { class: "mb-panel-body" });
  panel = h("dialog", { class: "mb-a11y-panel", id: "a11y-panel", "aria-labelledby": "a11y-title" }, body);
  panel.addEventListener("keydown", trap);
  panel.addEventListener("close", () => { drawButton(); opener.focus(); });
  panel.addEventListener("click", (event) => { if (event.target === panel) close(); });
  parent.append(opener, panel);
  drawButton();
}

/** Brings the button and an open panel up to date (the settings changed). */
export function drawSwitcher() {
  if (!opener) return;
  drawButton();
  if (panel.open) {
    const focused = document.activeElement?.id;
    fill();
    if (focused) document.getElementById(focused)?.focus();
  }
}
