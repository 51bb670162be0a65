// The family's phones in the SpotCheck tab: the carousel to choose one, and the chosen phone's
// name (renamed in place), status, pairing and tamper warning.
import { api } from "../shared/api.js";
import { h } from "../shared/dom.js";
import { agoTime, when } from "../shared/time.js";
import { BADGES, STATUS_TEXT } from "./spotcheck-format.js";
import { enrollSheet, repairSheet } from "./spotcheck-pairing.js";
import { devicePath, fetchEvents, paint } from "./spotcheck-refresh.js";
import { shortcutHelpSheet } from "./spotcheck-troubleshooting.js";

async function selectDevice(ctx, deviceId) {
  const { tab } = ctx;
  if (tab.deviceId === deviceId) return;
  Object.assign(tab, { deviceId, events: null, renaming: null, rulesError: null, savedFor: null });
  paint(ctx);
  try {
    const events = await ctx.call(() => fetchEvents(deviceId));
    if (tab.deviceId !== deviceId) return;
    tab.events = events;
    paint(ctx);
  } catch (error) {
    ctx.fail(error.message);
  }
}

export function emptyState() {
  return h("article", { class: "card sc-card", id: "spotcheck-empty" },
    h("h3", {}, "Keep the hotspot off, and know when it isn't"),
    h("p", {}, "SpotCheck keeps a child's iPhone from sharing its internet through Personal Hotspot. iOS has no way for an app ",
      "to switch the hotspot off, so a Shortcut does it: automations on the child's phone run it several times a day, it ",
      "turns the hotspot off and checks in here. When the check-ins stop, this dashboard warns you. Enroll the child's phone to start."));
}

export function carousel(ctx) {
  const { tab } = ctx;
  return h("div", { class: "device-carousel", id: "device-carousel", role: "group", "aria-label": "Devices" },
    tab.devices.map((device) => {
      const selected = device.id === tab.deviceId;
      return h("button", { type: "button", class: "device-card", dataset: { deviceId: device.id, focusKey: `device-${device.id}` },
        "aria-pressed": selected ? "true" : "false", "aria-current": selected ? "true" : false,
        onclick: () => selectDevice(ctx, device.id) },
      h("span", { class: "device-name" }, device.name),
      h("span", { class: `status-badge badge-${device.status}` }, BADGES[device.status] ?? String(device.status).toUpperCase()),
      h("span", { class: "device-seen" }, device.lastSeenAt ? ["Last seen ", agoTime(device.lastSeenAt)] : "Last seen: Never"));
    }),
    h("button", { type: "button", class: "device-card enroll-card", id: "enroll-device", onclick: () => enrollSheet(ctx) },
      h("span", { class: "enroll-plus", "aria-hidden": "true" }, "＋"),
      h("span", { class: "device-name" }, "Enroll device"),
      h("span", { class: "device-seen" }, "Add a child's iPhone")));
}

export function tamperCard(device) {
  if (!device.tamper) return null;
  const since = device.lastSeenAt ?? device.tamper.since;
  return h("article", { class: "card sc-card tamper-card", id: "tamper-warning", role: "alert" },
    h("h3", {}, h("span", { "aria-hidden": "true" }, "⚠️ "), "Check-ins stopped"),
    h("p", {}, `No check-in from ${device.name} since ${when(since)}. The Shortcut may have been turned off, deleted, or the phone is off.`),
    h("button", { class: "btn primary", type: "button", id: "tamper-help", onclick: shortcutHelpSheet }, "What to check"));
}

function renameForm(ctx, device) {
  const { tab } = ctx;
  const cancel = () => {
    tab.renaming = null;
    paint(ctx);
    document.getElementById("rename-device")?.focus();
  };
  const input = h("input", { id: "rename-input", name: "name", required: true, maxlength: "40", value: device.name, autocomplete: "off",
    onkeydown: (event) => { if (event.key === "Escape") { event.preventDefault(); cancel(); } } });
  const error = h("p", { class: "error-text", role: "alert", id: "rename-error" });
  const form = h("form", { class: "rename-form", id: "rename-form" },
    h("label", { class: "field", for: "rename-input" }, "Device name", input), error,
    h("div", { class: "actions" },
      h("button", { class: "btn primary", type: "submit", id: "save-name" }, "Save name"),
      h("button", { class: "btn", type: "button", id: "cancel-rename", onclick: cancel }, "Cancel")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!name) { error.textContent = "Give the phone a name."; input.focus(); return; }
    try {
      const renamed = await ctx.call(() => api(devicePath(device.id), { method: "PATCH", body: { name } }));
      tab.devices = tab.devices.map((candidate) => candidate.id === renamed.id ? renamed : candidate);
      cancel();
    } catch (failure) {
      error.textContent = failure.message;
      input.select();
    }
  });
  return form;
}

export function detailsCard(ctx, device) {
  const { tab } = ctx;
  const title = tab.renaming === device.id ? renameForm(ctx, device)
    : h("div", { class: "device-title" }, h("h3", { id: "device-name" }, device.name),
      h("button", { class: "btn", type: "button", id: "rename-device", "aria-label": `Rename ${device.name}`, onclick: () => {
        tab.renaming = device.id;
        paint(ctx);
        document.getElementById("rename-input")?.select();
      } }, h("span", { "aria-hidden": "true" }, "✏️ "), "Rename"));
  return h("article", { class: "card sc-card", id: "device-details", dataset: { deviceId: device.id } }, title,
    h("p", { class: "meta" }, h("span", { class: `status-badge badge-${device.status}` }, BADGES[device.status] ?? device.status), " ",
      STATUS_TEXT[device.status] ?? "", " · ", device.lastSeenAt ? ["Last seen ", agoTime(device.lastSeenAt)] : "Last seen: Never"),
    device.paired
      ? h("p", { class: "meta" }, `Paired ${when(device.pairedAt)} · ${device.runs} Shortcut ${device.runs === 1 ? "run" : "runs"} reported`)
      : h("div", {}, h("p", {}, "Not paired yet: enter the pairing code on the child's phone."),
        h("button", { class: "btn primary", type: "button", id: "pair-now", onclick: () => repairSheet(ctx, device) }, "Show a pairing code")));
}

