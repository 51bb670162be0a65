// "Aiuto": a panel above the voice button listing what can be said on this screen (GET
// voice/commands), each phrase with a 🔊 to hear it. Opened by the "?" beside the button, or by
// saying "aiuto" (then the list is also said aloud, after the phrase heard). Not modal, so the
// microphone stays in reach and "chiudi" closes it; Esc and ✖️ close it too.
import { h, mount } from "../shared/dom.js";
import { voiceCommands } from "./data.js";
import { errorText, has, t } from "./i18n.js";
import { screenFirst } from "./map-voice.js";
import { state } from "./state.js";
import { button } from "./ui.js";
import { hearButton, isHushed, speakText, ttsOn } from "./voice.js";

const SPOKEN_COMMANDS = 8; // said aloud: the first phrase of this many commands (the list shows them all)

let panel = null;
let opener = null;
let list = null;
let commands = [];
let run = 0;

export const helpOpen = () => Boolean(panel?.open);

const quoted = (phrase) => t("voice.quoted", { phrase });

/** The help said aloud: "Puoi dire: «apri matematica», «leggi», …". */
const spokenHelp = () => t("voice.help.spoken", { examples: commands.slice(0, SPOKEN_COMMANDS).map((c) => quoted(c.examples[0])).join(", ") });

function example(phrase) {
  return h("li", { class: "mb-voice-example" }, h("span", { class: "mb-voice-phrase" }, quoted(phrase)),
    hearButton(phrase, { label: t("voice.help.hearExample", { phrase }) }));
}

function commandItem({ command, examples }) {
  const name = has(`voice.command.${command}`) ? t(`voice.command.${command}`) : null;
  return h("li", { class: "mb-voice-command" }, name ? h("h3", {}, name) : null, h("ul", { class: "mb-voice-examples" }, examples.map(example)));
}

function showList({ loading = false, error = null } = {}) {
  if (loading) return mount(list, h("p", { class: "hint", role: "status" }, t("common.loading")));
  if (error) {
    return mount(list, h("p", { class: "error-text", role: "alert" }, `😕 ${errorText(error)}`),
      button({ emoji: "🔄", label: t("action.tryAgain"), onclick: () => openHelp(), id: "voice-help-retry" }));
  }
  const usable = commands.filter((c) => Array.isArray(c.examples) && c.examples.length);
  if (!usable.length) return mount(list, h("p", { class: "mb-empty" }, t("voice.help.none")));
  mount(list, h("ul", { class: "mb-voice-commands", "aria-labelledby": "voice-help-title" }, usable.map(commandItem)));
}

function drawHead() {
  list = h("div", { class: "mb-voice-list" });
  mount(panel,
    h("div", { class: "mb-panel-head" },
      h("h2", { id: "voice-help-title", tabindex: "-1" }, h("span", { "aria-hidden": "true" }, "🎤 "), t("voice.help.title")),
      hearButton(() => `${t("voice.help.intro")} ${spokenHelp()}`, { id: "voice-help-hear" }),
      button({ emoji: "✖️", label: t("action.close"), onclick: closeHelp, id: "voice-help-close" })),
    h("p", { class: "hint" }, t("voice.help.intro")),
    list);
}

/** Puts the (closed) panel on the page once; `openerButton` is the "?" it belongs to. */
export function mountHelp(parent, openerButton) {
  opener = openerButton;
  panel = h("dialog", { class: "mb-voice-help", id: "voice-help", "aria-labelledby": "voice-help-title" });
  panel.addEventListener("keydown", (event) => { if (event.key === "Escape") { event.preventDefault(); closeHelp(); } });
  parent.append(panel);
}

/**
 * Opens the panel for the screen shown and asks what can be said there. `byVoice`: the student
 * said "aiuto": the focus stays put (the space bar keeps listening) and the list is said aloud
 * once `after` (the phrase heard, being said) has finished.
 */
export async function openHelp({ byVoice = false, after = Promise.resolve() } = {}) {
  const mine = ++run;
  commands = [];
  drawHead();
  showList({ loading: true });
  // show() moves the focus into the dialog; opened by voice, it goes back where it was.
  const before = document.activeElement;
  if (!panel.open) panel.show();
  opener?.setAttribute("aria-expanded", "true");
  if (!byVoice) panel.querySelector("#voice-help-title").focus();
  else if (before && before !== document.body && !panel.contains(before)) before.focus({ preventScroll: true });
  else if (panel.contains(document.activeElement)) document.activeElement.blur();
  try {
    const answer = await voiceCommands(state.route);
    if (mine !== run || !panel.open) return;
    commands = screenFirst(answer.commands ?? []);
    showList();
  } catch (error) {
    if (mine === run && panel.open) showList({ error });
    return;
  }
  if (byVoice && ttsOn() && commands.length) {
    await after;
    // Not into a microphone opened meanwhile (a tap while the phrase heard was being said).
    if (mine === run && panel.open && !isHushed()) speakText(spokenHelp());
  }
}

export function closeHelp() {
  if (!panel?.open) return;
  run += 1;
  const hadFocus = panel.contains(document.activeElement);
  panel.close();
  opener?.setAttribute("aria-expanded", "false");
  if (hadFocus) opener?.focus();
}
