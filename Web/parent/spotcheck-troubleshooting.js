// When a phone's Shortcut stops checking in: what to check, a new pairing code, or removing the phone.
import { api } from "../shared/api.js";
import { openSheet } from "../shared/dialog.js";
import { h, mount } from "../shared/dom.js";
import { repairSheet } from "./spotcheck-pairing.js";
import { devicePath } from "./spotcheck-refresh.js";

export function shortcutHelpSheet() {
  openSheet({
    label: "Shortcut not running",
    cancelText: "Close",
    render(body) {
      mount(body, h("div", { class: "help-sheet", id: "shortcut-help-sheet" }, h("h2", {}, "Shortcut not running"),
        h("h3", {}, "Quick checks"),
        h("ul", { id: "quick-checks" },
          h("li", {}, "In Shortcuts › Automation on the child's phone, the SpotCheck automations exist and are switched on."),
          h("li", {}, "Each automation has “Ask Before Running” off (Run Immediately) and “Notify When Run” off."),
          h("li", {}, "The phone has a network connection (Wi-Fi or mobile data) when the automations run."),
          h("li", {}, "The Shortcut uses the current hotspot-config.json: if the phone was re-paired, download the file again on the child's phone (SpotCheck › Install our Shortcut) and replace the old one."),
          h("li", {}, "Low Power Mode is off: it can delay or skip automations.")),
        h("h3", {}, "Common issues"),
        h("ul", { id: "common-issues" },
          h("li", {}, "The phone is switched off, flat or in Airplane Mode: check-ins come back when it is on again."),
          h("li", {}, "The Shortcut or an automation was deleted or changed: add it again, then lock Shortcuts and Settings with Screen Time."),
          h("li", {}, "The Shortcut reports “device unauthorized”: the phone was removed or re-paired here, so pair it again and download a new hotspot-config.json."),
          h("li", {}, "Automations run only when their trigger happens (battery level, charger, time of day): add a few triggers spread over the day."),
          h("li", {}, "The phone's time zone changed: Quiet Time follows the time zone set in the rules."))));
    },
  });
}

async function removeDevice(ctx, device) {
  const confirmed = await openSheet({
    label: `Remove ${device.name}`,
    render(body, close) {
      mount(body, h("h2", {}, `Remove ${device.name}?`),
        h("p", {}, "The phone stops getting rules and you stop getting warnings about it. Its Shortcut gets an error from now on. To use it again, enroll it again."),
        h("div", { class: "row actions" },
          h("button", { class: "btn", type: "button", onclick: () => close(false) }, "Keep"),
          h("button", { class: "btn danger", type: "button", id: "confirm-remove", onclick: () => close(true) }, `Remove ${device.name}`)));
    },
  });
  if (!confirmed) return;
  try {
    await ctx.call(() => api(devicePath(device.id), { method: "DELETE" }));
    delete ctx.tab.drafts[device.id];
    ctx.tab.deviceId = null;
    ctx.reload();
  } catch (error) {
    ctx.fail(error.message);
  }
}

export function troubleshootingCard(ctx, device) {
  return h("article", { class: "card sc-card", id: "troubleshooting" }, h("h3", {}, "Troubleshooting"),
    h("div", { class: "actions" },
      h("button", { class: "btn", type: "button", id: "shortcut-help", onclick: shortcutHelpSheet }, "Shortcut not running"),
      h("button", { class: "btn", type: "button", id: "repair-device", onclick: () => repairSheet(ctx, device) }, "Re-pair (new code)"),
      h("button", { class: "btn danger", type: "button", id: "remove-device", onclick: () => removeDevice(ctx, device) }, "Remove device")));
}
