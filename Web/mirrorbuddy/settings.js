// #settings: every reading setting with a live preview (the whole page follows), the ready-made
// looks (recommended, reset), voice and study helpers, ambient sound, and subject management.
import { h } from "../shared/dom.js";
import { applyPreset } from "./data.js";
import { errorText, t } from "./i18n.js";
import { CHOICES, SLIDERS, SWITCHES, choice, slider, toggle } from "./settings-form.js";
import { subjectsManager } from "./subjects-manage.js";
import { tell } from "./state.js";
import { button, homeLink, screenTitle } from "./ui.js";
import { hearButton } from "./voice.js";

const pick = (list, keys) => keys.map((key) => list.find((item) => item.key === key));

function preset(name) {
  applyPreset(name).then(() => tell(t("settings.applied"), "ok")).catch((error) => tell(errorText(error), "error"));
}

export function settingsScreen() {
  const group = (emoji, title, ...controls) => h("section", { class: "mb-card mb-settings-group" },
    h("h2", {}, h("span", { "aria-hidden": "true" }, `${emoji} `), title), h("div", { class: "mb-settings-grid" }, ...controls));
  return h("div", { class: "mb-stack" },
    screenTitle("⚙️", t("settings.title")),
    h("section", { class: "mb-card mb-preview", "aria-labelledby": "preview-title" },
      h("h2", { id: "preview-title" }, h("span", { "aria-hidden": "true" }, "👀 "), t("settings.preview")),
      h("div", { class: "mb-reading mb-preview-text" }, h("div", { class: "mb-text" }, h("p", {}, t("settings.previewText1")), h("p", {}, t("settings.previewText2")))),
      hearButton(`${t("settings.previewText1")} ${t("settings.previewText2")}`),
      h("div", { class: "mb-row" },
        button({ emoji: "✨", label: t("settings.recommended"), onclick: () => preset("recommended"), cls: "primary", id: "preset-recommended" }),
        button({ emoji: "♻️", label: t("settings.reset"), onclick: () => preset("reset"), id: "preset-reset" }))),
    group("🔤", t("settings.text"), ...pick(CHOICES, ["font", "theme"]).map(choice), ...pick(SLIDERS, ["textSize", "lineSpacing", "letterSpacing", "wordSpacing", "paragraphSpacing"]).map(slider)),
    group("👁️", t("settings.seeing"), ...pick(SWITCHES, ["highContrast", "largeText", "reducedMotion", "distractionFree", "keyboardNavigation"]).map(toggle)),
    group("📖", t("settings.reading"), ...pick(SWITCHES, ["ruler", "focusMode", "tts", "autoRead"]).map(toggle), slider(SLIDERS.find((s) => s.key === "ttsSpeed"))),
    group("⏱️", t("settings.studying"), ...pick(SWITCHES, ["adhdMode", "breakReminders", "checkpoints"]).map(toggle)),
    group("🎧", t("settings.sounds"), choice(CHOICES.find((c) => c.key === "ambient")), slider(SLIDERS.find((s) => s.key === "ambientVolume"))),
    group("🌍", t("settings.languageTitle"), choice(CHOICES.find((c) => c.key === "language"))),
    subjectsManager(),
    homeLink());
}
