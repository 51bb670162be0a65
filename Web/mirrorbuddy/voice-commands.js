// Does what a voice command asks, with the functions the page's own buttons call (voice-rules.js
// decides which): the address for a screen, the switcher's profile and reset, the settings'
// text size, the reader's and the timer's buttons, the open panel's close, the material's mind
// map, the map's tree as its keys change it. Also keeps how many
// MirrorBuddy screens lie behind this one, so "indietro" never leaves MirrorBuddy.
import { chooseProfile, close as closeSwitcher, switcherOpen } from "./a11y-switcher.js";
import { pauseReading, readerStatus, readFrom, resumeReading, stopReading } from "./reader.js";
import { SLIDERS, save } from "./settings-form.js";
import { render, state, subjectById, subjectName } from "./state.js";
import { pauseTimer, resumeTimer, startTimer, timerState } from "./timer.js";
import { closeHelp, helpOpen, openHelp } from "./voice-help.js";
import { t } from "./i18n.js";
import { openMapFor } from "./map-data.js";
import { readSelected, showTreeChange } from "./map-page.js";
import { afterVoice } from "./map-voice.js";
import { dayOf, depthAfter } from "./voice-rules.js";
import { isHushed, ttsOn } from "./voice.js";

const READER = { readFrom: () => readFrom(), resumeReading, pauseReading, stopReading };
const TIMER = { pauseTimer, resumeTimer };
const TEXT_SIZE = SLIDERS.find((slider) => slider.key === "textSize");

let depth = 0;
let refreshScreen = () => {};

/** Counts MirrorBuddy's history entries (in history.state, so a reload or Back keeps them). */
export function watchHistory() {
  const stored = history.state?.mbDepth;
  depth = depthAfter(-1, stored);
  if (stored !== depth) history.replaceState({ ...(history.state ?? {}), mbDepth: depth }, "");
  addEventListener("hashchange", () => {
    const entry = history.state?.mbDepth;
    depth = depthAfter(depth, entry);
    if (entry !== depth) history.replaceState({ ...(history.state ?? {}), mbDepth: depth }, "");
  });
}

/** How "aggiorna" loads the screen's data again (app.js's loading of a route). */
export function setRefresh(fn) { refreshScreen = fn; }

/** The panel or dialog open on top, as the function that closes it; null when none is. */
function openPanel() {
  if (helpOpen()) return closeHelp;
  if (switcherOpen()) return closeSwitcher;
  const sheet = [...document.querySelectorAll("dialog.sheet[open]")].at(-1);
  if (sheet) return () => sheet.close();
  if (state.panel) return () => { state.panel = null; render(); };
  return null;
}

/** Where the student is, as voice-rules.js's actionFor reads it; `reader`: its status before listening. */
export function here({ reader = readerStatus() } = {}) {
  const timer = timerState();
  const material = state.route.name === "material" && state.material?.id === state.route.id ? state.material : null;
  const map = shownMap();
  return { route: state.route, canGoBack: depth > 0, panelOpen: openPanel() !== null, reader, timer: { mode: timer.mode, running: Boolean(timer.running) },
    hasText: Boolean(material?.text), tts: ttsOn(), textSize: state.settings?.textSize, textSpec: TEXT_SIZE,
    map: map ? { tree: map.tree, selected: map.selected } : null };
}

/** The mind map on show (#map/<id>, loaded), or null. */
const shownMap = () => (state.route.name === "map" && state.map?.id === state.route.id && state.map.tree ? state.map : null);

/**
 * A map command: the tree changed as its keys change it (the node chosen, focused and in view);
 * "read" reads the node aloud with its path, as 🔊 does, once the phrase heard has been said.
 */
function runMapCommand(action, spoken) {
  const map = shownMap();
  if (!map) return;
  showTreeChange(afterVoice(map.tree, { selected: map.selected, expanded: map.expanded }, action));
  if (action.call === "read") spoken.then(() => { if (shownMap() === map && !isHushed()) readSelected(); });
}

/** Runs `then(element)` once the screen shows the element `id` (for about 1.5 s). */
function whenShown(id, then, frames = 90) {
  const element = document.getElementById(id);
  if (element) then(element);
  else if (frames > 0) requestAnimationFrame(() => whenShown(id, then, frames - 1));
}

/** Puts the keyboard in the field `id` once the screen shows it. */
const focusWhenShown = (id) => whenShown(id, (field) => field.focus());

/**
 * A task said with its subject or day: the new-task form filled in (titled by the subject, or
 * "Compito"; due on the day said) with the keyboard on its Add button, so one tap makes it. A
 * sentence heard as a command by mistake makes nothing.
 */
function prepareTask({ subjectId, day }) {
  const subject = subjectId ? subjectById(subjectId) : null;
  if (state.route.name !== "tasks") location.hash = "#tasks";
  whenShown("new-task-form", (form) => {
    form.querySelector("#new-task-title").value = subject ? subjectName(subject) : t("voice.taskTitle");
    if (subject) form.querySelector("#new-task-subject").value = subject.id;
    if (day) form.querySelector("#new-task-day").value = dayOf(day) ?? "";
    const save = form.querySelector("#new-task-save");
    save.scrollIntoView({ block: "center" });
    save.focus({ preventScroll: true });
  });
}

/** Does `action`. `spoken`: the phrase heard being said (the help waits for it). */
export function runAction(action, { spoken = Promise.resolve() } = {}) {
  switch (action.kind) {
    case "go": location.hash = action.hash; break;
    case "back": history.back(); break;
    case "search":
      if (state.route.name !== "materials") location.hash = "#materials";
      focusWhenShown("materials-q");
      break;
    case "preset": chooseProfile(action.preset); break;
    case "settings": save(action.change); break;
    case "textSize": save({ textSize: action.value }); break;
    case "reader": READER[action.call](); break;
    case "timer": TIMER[action.call](); break;
    case "startStudy":
      startTimer("study");
      // On a material the timer is a quick panel: open it, so the clock is in view.
      if (state.route.name === "material") { state.panel = "timer"; render(); }
      break;
    case "refresh": refreshScreen(); break;
    case "addTask": prepareTask(action); break;
    case "newTask":
      if (state.route.name !== "tasks") location.hash = "#tasks";
      focusWhenShown("new-task-title");
      break;
    case "close": openPanel()?.(); break;
    case "mindMap": openMapFor(action.materialId); break;
    case "map": runMapCommand(action, spoken); break;
    case "help": openHelp({ byVoice: true, after: spoken }); break;
    default: break; // "say": the line said is the whole answer
  }
}
