// The voice button on every screen: a big round 🎤 fixed bottom-right (the switcher has the left),
// a "?" beside it for what can be said, and a line near them with what was heard. A tap, or the
// space bar where space means nothing else, is a press; letting go is a release (the controller,
// voice-control.js, decides what they do). While listening: aria-pressed, a pulsing ring (still
// when motion is reduced) and a level meter.
import { h } from "../shared/dom.js";
import { t } from "./i18n.js";
import { spaceKeyDown, spaceKeyUp } from "./voice-rules.js";

let button = null;
let helpButton = null;
let fill = null;
let status = null;
let heard = null;
let line = null;
let announcer = null;
let phase = "idle";
let hideTimer = null;
let spaceDown = false;

/** The focused element as voice-rules.js reads it; null for the page itself (and the voice button: space there holds to talk too). */
function describeFocus(element) {
  if (!element || element === document.body || element === document.documentElement || element === button) return null;
  return { tag: element.tagName, role: element.getAttribute?.("role") ?? "", editable: Boolean(element.isContentEditable) };
}

/** Whether a modal dialog (the ♿ switcher, a confirm sheet) has the page: the button is out of reach then. */
function modalOpen() {
  return [...document.querySelectorAll("dialog[open]")].some((dialog) => {
    try { return dialog.matches(":modal"); } catch { return dialog.id !== "voice-help"; }
  });
}

function watchKeys({ onPress, onRelease }) {
  document.addEventListener("keydown", (event) => {
    if (button.hidden || event.defaultPrevented) return;
    const meaning = spaceKeyDown(event, describeFocus(event.target instanceof Element ? event.target : document.activeElement), { modalOpen: modalOpen() });
    if (meaning === "pass") return;
    event.preventDefault(); // no scrolling
    if (meaning === "press" && !spaceDown) { spaceDown = true; onPress(); }
  });
  document.addEventListener("keyup", (event) => {
    if (!spaceDown || !spaceKeyUp(event)) return;
    event.preventDefault();
    spaceDown = false;
    onRelease();
  });
  // The key let go while the window was elsewhere: the press is over all the same.
  addEventListener("blur", () => { if (spaceDown) { spaceDown = false; onRelease(); } });
}

function watchPointer({ onPress, onRelease }) {
  let down = null;
  button.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    event.preventDefault(); // the focus stays where it was (the space bar keeps working)
    down = event.pointerId;
    button.setPointerCapture?.(event.pointerId);
    onPress();
  });
  const up = (event) => {
    if (down === null || event.pointerId !== down) return;
    down = null;
    onRelease();
  };
  button.addEventListener("mousedown", (event) => event.preventDefault());
  button.addEventListener("pointerup", up);
  button.addEventListener("pointercancel", up);
  // Enter or space on the focused button (no pointer): a tap.
  button.addEventListener("click", (event) => { if (event.detail === 0) { onPress(); onRelease(); } });
  // A long press is push-to-talk, not the phone's menu.
  button.addEventListener("contextmenu", (event) => event.preventDefault());
}

/** Puts the button, the "?" and the line on the page once (hidden until the student is loaded). */
export function mountVoiceButton(parent, { onPress, onRelease, onHelp }) {
  fill = h("span", { class: "mb-voice-meter-fill meter-fill" });
  button = h("button", { class: "mb-voice-button", type: "button", id: "voice-button", "aria-pressed": "false", "aria-keyshortcuts": "Space", hidden: true },
    h("span", { class: "mb-voice-ring", "aria-hidden": "true" }),
    h("span", { class: "mb-voice-icon", "aria-hidden": "true" }, "🎤"),
    h("span", { class: "mb-voice-meter", "aria-hidden": "true" }, fill));
  helpButton = h("button", { class: "mb-voice-help-button", type: "button", id: "voice-help-button", "aria-haspopup": "dialog", "aria-expanded": "false",
    hidden: true, onclick: onHelp }, h("span", { "aria-hidden": "true" }, "?"));
  // The line is for the eyes; screen readers hear what was heard from a live region that is always
  // there (one shown only with its words may go unread), and never hear "listening": it would be recorded.
  status = h("p", { class: "mb-voice-status", id: "voice-status" });
  heard = h("div", { class: "mb-voice-heard", id: "voice-heard" });
  line = h("div", { class: "mb-voice-line", id: "voice-line", "aria-hidden": "true", hidden: true }, status, heard);
  announcer = h("div", { class: "visually-hidden", id: "voice-announce", role: "status" });
  parent.append(line, announcer, helpButton, button);
  watchPointer({ onPress, onRelease });
  watchKeys({ onPress, onRelease });
  drawVoiceButton();
}

/** The button's words in the page's language; shown once the student is loaded. */
export function drawVoiceButton({ ready = !button?.hidden } = {}) {
  if (!button) return;
  button.hidden = !ready;
  helpButton.hidden = !ready;
  button.setAttribute("aria-label", t("voice.button"));
  button.title = t("voice.button");
  helpButton.setAttribute("aria-label", t("voice.helpButton"));
  helpButton.title = t("voice.helpButton");
  if (phase !== "idle") status.textContent = t(phase === "listening" ? "voice.listening" : "voice.thinking");
}

export const voiceHelpButton = () => helpButton;

function showLine() {
  clearTimeout(hideTimer);
  line.hidden = !status.textContent && !heard.textContent;
}

/** What the button is doing: "idle" | "listening" | "thinking". */
export function showPhase(next) {
  phase = next;
  button.classList.toggle("listening", next === "listening");
  button.classList.toggle("thinking", next === "thinking");
  button.setAttribute("aria-pressed", String(next === "listening"));
  button.setAttribute("aria-busy", String(next === "thinking"));
  fill.style.transform = "scaleX(0)";
  status.textContent = next === "idle" ? "" : t(next === "listening" ? "voice.listening" : "voice.thinking");
  if (next !== "idle") { heard.replaceChildren(); announcer.textContent = ""; }
  showLine();
}

/** The microphone's level (0…1) on the meter. */
export function showLevel(level) {
  if (fill) fill.style.transform = `scaleX(${Math.min(1, Math.max(0, level)).toFixed(2)})`;
}

/** Says on the line what was heard and what came of it (read by screen readers), for a while. */
export function showHeard(lines, { kind = "info", ms = 7000 } = {}) {
  status.textContent = "";
  heard.className = `mb-voice-heard mb-voice-${kind}`;
  heard.replaceChildren(...lines.map((text) => h("p", {}, text)));
  announcer.textContent = lines.join(" ");
  showLine();
  hideTimer = setTimeout(() => { heard.replaceChildren(); announcer.textContent = ""; showLine(); }, ms);
}
