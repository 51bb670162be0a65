// Small pieces every screen uses: buttons with an emoji and a word, the big Home link, a screen's
// title with its 🔊, an error line, the bottom-right action dock (above the voice button's place).
import { h } from "../shared/dom.js";
import { errorText, t } from "./i18n.js";
import { hearButton } from "./voice.js";

/** A button: emoji + word (the word is what a screen reader and 🔊 say). */
export function button({ emoji, label, onclick, cls = "", id, type = "button", disabled = false, pressed, title }) {
  return h("button", { class: `btn mb-btn ${cls}`.trim(), type, id, onclick, disabled, "aria-pressed": pressed === undefined ? null : String(pressed), title },
    emoji ? h("span", { class: "mb-emoji", "aria-hidden": "true" }, emoji) : null, h("span", { class: "mb-word" }, label));
}

/** A link that looks like a button. */
export function linkButton({ href, emoji, label, cls = "", id, current = false }) {
  return h("a", { class: `btn mb-btn ${cls}`.trim(), href, id, "aria-current": current ? "page" : null },
    emoji ? h("span", { class: "mb-emoji", "aria-hidden": "true" }, emoji) : null, h("span", { class: "mb-word" }, label));
}

/** The big labelled way back Home on every screen. */
export const homeLink = () => linkButton({ href: "#home", emoji: "🏠", label: t("nav.home"), cls: "mb-home-link", id: "home-link" });

/** A screen's title with a 🔊 that reads it. */
export function screenTitle(emoji, text, extra = null) {
  return h("div", { class: "mb-title-row" },
    h("h1", { class: "mb-title" }, h("span", { "aria-hidden": "true" }, `${emoji} `), text), hearButton(extra ? `${text}. ${extra}` : text));
}

/** An error said in words from the catalogue, by its code. */
export const errorLine = (error, id) => (error ? h("p", { class: "error-text mb-error", role: "alert", id }, `😕 ${errorText(error)}`) : null);

/** The primary actions, bottom-right within thumb reach (a bar on phones), clear of the voice button. */
export const actionDock = (...buttons) => h("div", { class: "mb-dock", role: "group", "aria-label": t("dock.label") }, ...buttons);

/** A labelled form field. */
export function field(label, control, hint = null) {
  return h("label", { class: "field mb-field" }, h("span", {}, label), control, hint ? h("span", { class: "hint" }, hint) : null);
}

/** A subject's badge: emoji and name on its colour. */
export function subjectChip(subject, name) {
  if (!subject) return null;
  return h("span", { class: "mb-subject-chip", style: `--subject: ${subject.colour}` }, h("span", { "aria-hidden": "true" }, `${subject.emoji} `), name);
}

/** A bar showing `value` of `max`. */
export function bar(value, max, label) {
  const share = max > 0 ? Math.min(1, Math.max(0, value / max)) : 0;
  return h("div", { class: "mb-bar", role: "progressbar", "aria-valuemin": "0", "aria-valuemax": String(max), "aria-valuenow": String(value), "aria-label": label },
    h("div", { class: "mb-bar-fill", style: `width: ${Math.round(share * 100)}%` }));
}
