// The child's phone's setup screens: the landing page, the welcome, the checklist (pair, install the
// Shortcut, automations, Screen Time) and entering the pairing code. Each screen is drawn from the
// state; `nav` ({go, render}) moves to another screen or draws this one again.
import { openSheet } from "../shared/dialog.js";
import { h, mount } from "../shared/dom.js";
import { agoTime } from "../shared/time.js";
import { deviceCall, refreshDevice, withRetry } from "./device-api.js";
import { KEYS, forget, remember, shortcutConfig, state, stored } from "./phone.js";
import { CODE_LENGTH, normalizeCode } from "./routes.js";
import { downloadCheckScript, saveFile } from "./shortcut-screen.js";

export const screenPage = (id, title, ...content) => h("section", { class: "sc-screen", id },
  h("h1", { tabindex: "-1" }, title), ...content);

export const backButton = (id, label, onclick) => h("button", { class: "btn quiet back", type: "button", id, onclick }, `← ${label}`);

export function landingScreen({ go }) {
  return h("section", { class: "sc-screen sc-hero", id: "landing" },
    h("div", { class: "sc-logo", "aria-hidden": "true" }, "📶"),
    h("h1", { tabindex: "-1" }, "SpotCheck"),
    h("p", { class: "lead" }, "Hotspot rules for a child's iPhone, and a warning when they stop working."),
    h("div", { class: "sc-actions" },
      h("a", { class: "btn big", href: "/parent/#spotcheck", id: "parent-phone" }, h("span", { "aria-hidden": "true" }, "👩 "), "Parent phone"),
      h("button", { class: "btn primary big", type: "button", id: "child-setup", onclick: () => go("welcome") },
        h("span", { "aria-hidden": "true" }, "📱 "), "Set up child phone")),
    state.credentials ? h("p", { class: "hint" }, `This phone is paired as ${state.credentials.name}.`) : null);
}

export function welcomeScreen({ go }) {
  return screenPage("child-welcome", "Welcome",
    h("div", { class: "card" },
      h("p", { class: "lead" }, "Let's set up SpotCheck on this iPhone, so Personal Hotspot stays off when your family's rules say so."),
      h("ul", { class: "sc-list" },
        h("li", {}, "Pair this phone with your parent's SpotCheck."),
        h("li", {}, "Install the SpotCheck Shortcut and the automations that run it."),
        h("li", {}, "Lock Shortcuts and Settings with Screen Time.")),
      h("p", { class: "hint" }, "It takes about 10 minutes. Keep your parent's phone close: you need the pairing code on it.")),
    h("div", { class: "sc-actions" },
      h("button", { class: "btn primary big", type: "button", id: "welcome-continue", onclick: () => go("checklist") }, "Continue"),
      backButton("welcome-back", "Back", () => go("landing"))));
}

const downloadConfig = () => saveFile("hotspot-config.json", JSON.stringify(shortcutConfig(), null, 2), "application/json");

async function confirmUnpair(render) {
  const confirmed = await openSheet({
    label: "Unpair this phone",
    render(body, close) {
      mount(body, h("h2", {}, "Unpair this phone?"),
        h("p", {}, "This phone forgets its SpotCheck key, so the Shortcut stops working here. The phone stays on your parent's dashboard until they remove it."),
        h("div", { class: "sc-actions" },
          h("button", { class: "btn danger", type: "button", id: "confirm-unpair", onclick: () => close(true) }, "Unpair"),
          h("button", { class: "btn", type: "button", onclick: () => close(false) }, "Keep it paired")));
    },
  });
  if (!confirmed) return;
  forget();
  render();
}

function step({ id, number, title, done, status }, ...content) {
  return h("article", { class: `card step${done ? " done" : ""}`, id, "aria-labelledby": `${id}-title` },
    h("div", { class: "step-head" },
      h("span", { class: "step-number", "aria-hidden": "true" }, done ? "✓" : number),
      h("h2", { id: `${id}-title` }, h("span", { class: "visually-hidden" }, `Step ${number}: `), title)),
    h("p", { class: "step-status" }, h("strong", {}, done ? "✓ Done" : "○ Waiting"), ` · ${status}`),
    ...content);
}

export function checklistScreen({ go, render }) {
  const paired = Boolean(state.credentials);
  const runs = state.device?.runs ?? 0;
  const allDone = paired && runs >= 2 && state.screenTimeDone;
  const lastSeen = state.device?.lastSeenAt;

  return screenPage("checklist", "Set up this phone",
    backButton("checklist-back", "Back", () => go("welcome")),
    state.deviceError ? h("p", { class: "notice", role: "status", id: "device-error" }, state.deviceError) : null,

    step({ id: "step-pair", number: 1, title: "Pair device", done: paired,
      status: paired ? `Paired as ${state.credentials.name}` : "Not paired yet" },
    paired
      ? [h("p", {}, "Last check-in: ", lastSeen ? agoTime(lastSeen) : "none yet"),
        h("button", { class: "btn", type: "button", id: "unpair", onclick: () => confirmUnpair(render) }, "Unpair")]
      : [h("p", {}, "Your parent adds this phone on their SpotCheck dashboard and gets an 8-character code."),
        h("button", { class: "btn primary", type: "button", id: "start-pairing", onclick: () => go("pair") }, "Enter pairing code")]),

    step({ id: "step-shortcut", number: 2, title: "Install our Shortcut", done: runs >= 1,
      status: runs >= 1 ? "Shortcut has run" : paired ? "No run yet" : "Pair first" },
    h("p", {}, "iPhone apps can't switch the hotspot off, but a Shortcut can. The SpotCheck Shortcut asks SpotCheck whether the ",
      "hotspot must be off right now, switches Personal Hotspot off, then checks in so your parent sees it ran."),
    h("ol", { class: "sc-list" },
      h("li", {}, "Download hotspot-config.json and save it in Files › iCloud Drive › Shortcuts."),
      h("li", {}, "Add the SpotCheck Shortcut in the Shortcuts app and let it read that file."),
      h("li", {}, "Run the Shortcut once by hand. This step is done when SpotCheck sees the run.")),
    h("button", { class: "btn primary", type: "button", id: "export-config", disabled: !paired, onclick: downloadConfig }, "Download hotspot-config.json"),
    h("p", { class: "hint" }, paired ? "The file holds this phone's key: keep it on this phone." : "Pair first: the file holds this phone's key."),
    paired ? h("div", { class: "step-buttons" },
      h("button", { class: "btn", type: "button", id: "open-shortcut-guide", onclick: () => go("shortcut") }, "How to build the Shortcut"),
      h("button", { class: "btn", type: "button", id: "download-check-script", onclick: () => downloadCheckScript(shortcutConfig()) },
        "Download the check script")) : null,
    paired ? h("p", { class: "hint" }, "The check script tests SpotCheck from a computer with curl (sh spotcheck-check.sh); its run counts as a run by hand.") : null),

    step({ id: "step-automations", number: 3, title: "Automations", done: runs >= 2,
      status: runs >= 2 ? `Several runs seen (${runs} runs)` : `${runs} ${runs === 1 ? "run" : "runs"} so far, 2 needed` },
    h("p", {}, "Automations run the Shortcut without anyone tapping. In Shortcuts › Automation, add a few that run SpotCheck, for ",
      "example when the battery level rises above 50%, when the phone is connected to power, and at set times of day."),
    h("p", {}, "For each one choose “Run Immediately” and switch “Notify When Run” off."),
    h("p", { class: "hint" }, "SpotCheck can't see the automations themselves: this step is done once it has seen several runs.")),

    step({ id: "step-screentime-card", number: 4, title: "Screen Time lock", done: state.screenTimeDone,
      status: state.screenTimeDone ? "You ticked “I've done this”" : "Can't be checked automatically" },
    h("ul", { class: "sc-list" },
      h("li", {}, "In Settings › Screen Time, set a Screen Time passcode the child doesn't know."),
      h("li", {}, "Use Screen Time to block (shield) the Settings and Shortcuts apps, so the Shortcut and its automations can't be turned off or deleted.")),
    h("p", { class: "hint" }, "SpotCheck can't detect Screen Time settings from here, so tick the box yourself when it's done."),
    h("label", { class: "check-row", for: "step-screentime" },
      h("input", { type: "checkbox", id: "step-screentime", checked: state.screenTimeDone, onchange: (event) => {
        state.screenTimeDone = event.target.checked;
        if (state.screenTimeDone) stored.set(KEYS.screenTime, "1");
        else stored.remove(KEYS.screenTime);
        render();
      } }),
      "I've done this")),

    h("div", { class: "sc-actions" },
      h("button", { class: "btn primary big", type: "button", id: "finish-setup", disabled: !paired, onclick: () => {
        state.locked = true;
        stored.set(KEYS.locked, "1");
        render();
      } }, "Finish setup"),
      h("p", { class: "hint", id: "finish-hint" }, !paired ? "Pair this phone first."
        : allDone ? "All set. Finishing locks these screens until a parent unlocks them."
          : "Some steps are still waiting. You can finish now; a parent can unlock these screens later.")));
}

export function pairScreen({ go }) {
  const code = h("input", { id: "pair-code", name: "code", required: true, value: state.prefill, maxlength: "12", placeholder: "ABCD 2345",
    autocapitalize: "characters", autocomplete: "off", autocorrect: "off", spellcheck: "false", "aria-describedby": "pair-code-hint" });
  const name = h("input", { id: "pair-name", name: "name", maxlength: "40", placeholder: "Mia's iPhone", autocomplete: "off" });
  const error = h("p", { class: "error-text", role: "alert", id: "pair-error" });
  const submit = h("button", { class: "btn primary big", type: "submit", id: "pair-submit" }, "Pair this phone");
  const form = h("form", { class: "card", id: "pair-form", novalidate: true },
    state.credentials ? h("p", { class: "notice" }, `This phone is already paired as ${state.credentials.name}. Pairing again replaces that.`) : null,
    h("label", { class: "field", for: "pair-code" }, "Pairing code", code),
    h("p", { class: "hint", id: "pair-code-hint" }, "8 letters and numbers, shown on your parent's phone. Spaces don't matter."),
    h("label", { class: "field", for: "pair-name" }, "Name for this phone (optional)", name),
    error, submit);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const pairingCode = normalizeCode(code.value);
    if (pairingCode.length !== CODE_LENGTH) {
      error.textContent = "The pairing code has 8 letters and numbers, like ABCD 2345.";
      code.focus();
      return;
    }
    if (submit.disabled) return;
    submit.disabled = true;
    submit.textContent = "Pairing…";
    error.textContent = "";
    try {
      const body = { code: pairingCode };
      if (name.value.trim()) body.name = name.value.trim();
      const paired = await deviceCall("/pair", { method: "POST", body, auth: false });
      remember({ apiBaseURL: paired.apiBaseURL, deviceId: paired.deviceId, deviceToken: paired.deviceToken,
        deviceSecret: paired.deviceSecret, name: paired.name });
      Object.assign(state, { prefill: "", device: null, deviceError: "", removed: false });
      await refreshDevice();
      go("checklist");
    } catch (failure) {
      error.textContent = withRetry(failure);
      submit.disabled = false;
      submit.textContent = "Pair this phone";
      code.focus();
    }
  });
  return screenPage("pair-screen", "Enter pairing code", form,
    backButton("pair-back", "Back to setup", () => go("checklist")));
}
