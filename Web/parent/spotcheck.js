// SpotCheck in the parent area (seed 002): the family's enrolled phones in a carousel and, for the
// chosen one, its hotspot rules, a tamper warning when check-ins stop, recent activity and
// troubleshooting. The devices refresh every 30 s while the tab is open.
import { api } from "../shared/api.js";
import { openSheet } from "../shared/dialog.js";
import { h, mount } from "../shared/dom.js";
import { qrSvg } from "../shared/qrcode.js";
import { agoTime, refreshTimes, when } from "../shared/time.js";

const DEVICES = "/api/parent/spotcheck/devices";
const devicePath = (id) => `${DEVICES}/${encodeURIComponent(id)}`;
const POLL_MS = 30_000;
const EVENTS_PAGE = 20;
const localZone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
const BADGES = { ok: "OK", stale: "STALE", setup: "SETUP" };
const STATUS_TEXT = { ok: "Checking in", stale: "Check-ins stopped", setup: "Waiting for the first check-in" };
const GAPS = [["30 min", 30], ["1 h", 60], ["2 h", 120], ["4 h", 240], ["8 h", 480]].map(([label, minutes]) => ({ label, ms: minutes * 60_000 }));
const EVENT_KINDS = {
  shortcut: { icon: "⚡", title: "Shortcut ran" },
  paired: { icon: "🔗", title: "Phone paired" },
  tamper: { icon: "⚠️", title: "Check-ins stopped" },
  back: { icon: "✅", title: "Checking in again" },
};

// MARK: - Formatting

function duration(ms) {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 24 * 60) return minutes % 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes / 60} h`;
  return `${Math.round(minutes / (24 * 60))} days`;
}

/** "K7PQ3X" → "K7P Q3X", easier to read aloud and to type. */
const formatCode = (code) => {
  const plain = code.replace(/[\s-]/g, "").toUpperCase();
  return `${plain.slice(0, 3)} ${plain.slice(3)}`;
};

const humanize = (text) => String(text).replace(/_/g, " ");

function triggerText(trigger) {
  if (!trigger) return "no trigger given";
  if (trigger === "manual") return "run by hand";
  const battery = /^battery_(\d+)$/.exec(trigger);
  return battery ? `battery at ${battery[1]}%` : humanize(trigger);
}

function enforcementText(policy) {
  if (policy.enforce) return "Enforcing now";
  if (!policy.hotspotOff) return "Not enforcing now (Hotspot OFF is switched off)";
  if (policy.quietHours && !policy.inQuietHours) return "Not enforcing now (outside quiet time)";
  return "Not enforcing now";
}

function isTimeZone(zone) {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Which rules field a 422's details.field names ("quietHours.start", "timeZone", "gapMs", …). */
function inputForField(field) {
  const name = String(field ?? "").toLowerCase();
  if (name.includes("start")) return "quiet-start";
  if (name.includes("end") || name === "quiethours") return "quiet-end";   // "quietHours": it ends when it starts
  if (name.includes("zone") || name.endsWith("tz")) return "quiet-tz";
  if (name.includes("gap")) return "rule-gap";
  return null;
}

// MARK: - Loading and refreshing

// The 30-second refresh says so: it must not keep the parent area open while nobody is there.
const BACKGROUND = { headers: { "X-Background-Refresh": "1" } };

async function fetchEvents(deviceId, before = null, options = {}) {
  const query = new URLSearchParams({ limit: String(EVENTS_PAGE) });
  if (before) query.set("before", before);
  const page = await api(`${devicePath(deviceId)}/events?${query}`, options);
  return { deviceId, list: page.events, next: page.next, loadingMore: false };
}

const selectedDevice = (tab) => tab.devices?.find((device) => device.id === tab.deviceId) ?? null;

/** Loads the devices, keeps the chosen one (or picks the newest) and its first page of events. */
export async function loadSpotCheck(tab) {
  tab.devices = (await api(DEVICES)).devices;
  tab.drafts ??= {};
  tab.paused = false;
  tab.pollError = "";
  if (!selectedDevice(tab)) tab.deviceId = tab.devices[0]?.id ?? null;
  tab.events = tab.deviceId ? await fetchEvents(tab.deviceId) : null;
}

/** Stops the 30-second refresh; app.js calls it when another tab opens. */
export function leaveSpotCheck(tab) {
  clearInterval(tab.timer);
  tab.timer = null;
}

/** New events go on top of what is shown, so pages already opened with "Show more" stay. */
async function refreshEvents(tab) {
  const deviceId = tab.deviceId;
  const first = await fetchEvents(deviceId, null, BACKGROUND);
  if (tab.deviceId !== deviceId || tab.events?.deviceId !== deviceId) return;
  const known = new Set(tab.events.list.map((event) => event.id));
  tab.events = { ...tab.events, list: [...first.list.filter((event) => !known.has(event.id)), ...tab.events.list] };
}

async function poll(ctx) {
  const { tab } = ctx;
  const section = document.getElementById("spotcheck");
  if (!section) { leaveSpotCheck(tab); return; }
  if (document.hidden || tab.polling) return;
  tab.polling = true;
  const before = JSON.stringify([tab.devices, tab.deviceId, tab.events?.list, tab.pollError]);
  try {
    const previous = selectedDevice(tab);
    tab.devices = (await api(DEVICES, BACKGROUND)).devices;
    tab.pollError = "";
    const current = selectedDevice(tab);
    if (!current) tab.deviceId = tab.devices[0]?.id ?? null;
    const deviceId = tab.deviceId;
    if (!deviceId) tab.events = null;
    else if (tab.events?.deviceId !== deviceId) {
      const events = await fetchEvents(deviceId, null, BACKGROUND);
      if (tab.deviceId === deviceId) tab.events = events;
    } else if (["runs", "status", "lastSeenAt"].some((key) => previous?.[key] !== current?.[key])) {
      await refreshEvents(tab);
    }
  } catch (error) {
    // A background refresh never asks for the password: it waits until the parent comes back.
    if (error.code === "parent_locked") { leaveSpotCheck(tab); tab.paused = true; }
    else tab.pollError = "Couldn't refresh just now. Trying again in 30 seconds.";
  } finally {
    tab.polling = false;
  }
  const changed = JSON.stringify([tab.devices, tab.deviceId, tab.events?.list, tab.pollError]) !== before;
  if (changed || tab.paused || tab.unpainted) paint(ctx, { background: true });
  else refreshTimes(section);
}

/**
 * Renders the page again, keeping focus and the carousel's scroll where they were. A background
 * refresh waits while the parent is typing in a field of the tab (a half-typed time has no value yet).
 */
function paint(ctx, { background = false } = {}) {
  const active = document.activeElement;
  const section = document.getElementById("spotcheck");
  if (background && section?.contains(active) && active.matches("input:not([type=checkbox]), textarea")) {
    ctx.tab.unpainted = true;
    return;
  }
  ctx.tab.unpainted = false;
  const focusId = active?.id;
  const focusDevice = active?.dataset?.deviceId;
  const scroll = document.getElementById("device-carousel")?.scrollLeft ?? 0;
  ctx.render();
  const carousel = document.getElementById("device-carousel");
  if (carousel) carousel.scrollLeft = scroll;
  if (document.activeElement && document.activeElement !== document.body) return;
  const target = focusDevice ? carousel?.querySelector(`[data-device-id="${CSS.escape(focusDevice)}"]`)
    : focusId ? document.getElementById(focusId) : null;
  target?.focus({ preventScroll: true });
}

// MARK: - Actions

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

async function loadMoreEvents(ctx, deviceId) {
  const { tab } = ctx;
  const cursor = tab.events.next;
  tab.events.loadingMore = true;
  paint(ctx);
  try {
    const page = await ctx.call(() => fetchEvents(deviceId, cursor));
    if (tab.events?.deviceId !== deviceId) return;
    const known = new Set(tab.events.list.map((event) => event.id));
    tab.events = { ...tab.events, list: [...tab.events.list, ...page.list.filter((event) => !known.has(event.id))], next: page.next, loadingMore: false };
    paint(ctx);
  } catch (error) {
    if (tab.events) tab.events.loadingMore = false;
    ctx.fail(error.message);
  }
}

/** The rules as the form shows them: the parent's unsaved changes, else the saved policy. */
function rulesOf(tab, device) {
  const draft = tab.drafts[device.id];
  if (draft) return draft;
  const policy = device.policy;
  return {
    hotspotOff: policy.hotspotOff, rotatePassword: policy.rotatePassword, quiet: policy.quietHours !== null,
    start: policy.quietHours?.start ?? "22:00", end: policy.quietHours?.end ?? "07:00",
    timeZone: policy.quietHours?.timeZone ?? localZone, gapMs: policy.gapMs,
  };
}

async function saveRules(ctx, deviceId) {
  const { tab } = ctx;
  const device = tab.devices.find((candidate) => candidate.id === deviceId);
  if (!device || tab.savingRules === deviceId) return;
  const rules = rulesOf(tab, device);
  const timeZone = rules.timeZone.trim();
  if (rules.quiet && !isTimeZone(timeZone)) {
    tab.rulesError = { deviceId, field: "timeZone", message: "Unknown time zone. Pick one from the list, like Europe/Rome." };
    paint(ctx);
    return;
  }
  const body = {
    hotspotOff: rules.hotspotOff, rotatePassword: rules.rotatePassword,
    quietHours: rules.quiet ? { start: rules.start, end: rules.end, timeZone } : null,
    gapMs: Number(rules.gapMs),
  };
  tab.savingRules = deviceId;
  tab.rulesError = null;
  paint(ctx);
  try {
    const policy = await ctx.call(() => api(`${devicePath(deviceId)}/policy`, { method: "PATCH", body }));
    tab.devices = tab.devices.map((candidate) => candidate.id === deviceId ? { ...candidate, policy } : candidate);
    delete tab.drafts[deviceId];
    tab.savedFor = deviceId;
  } catch (error) {
    tab.rulesError = { deviceId, field: error.details?.field ?? null, message: error.message };
  } finally {
    tab.savingRules = null;
  }
  paint(ctx);
}

async function requestPairingCode(ctx, deviceId) {
  return ctx.call(() => api(`${devicePath(deviceId)}/pairing-code`, { method: "POST" }));
}

// MARK: - Sheets

/** The pairing link as a QR code for the child's phone camera; the code and the link work without it. */
function drawQr(figure, url) {
  try {
    mount(figure, qrSvg(url, { scale: 5, label: "QR code of the pairing link" }), h("figcaption", {}, "Or scan this with the child's phone camera"));
    figure.hidden = false;
  } catch (error) {
    console.warn("SpotCheck: no QR code", error);
    figure.hidden = true;
  }
}

function showPairing(ctx, body, device, first, close) {
  // A phone that has not opened Kids Fun Zone before must trust the server's certificate first
  // (the Shortcut's calls need it too): the device set-up page, from the server's own address.
  const setupStep = h("li", { id: "setup-step" }, "If the child's phone has not opened Kids Fun Zone before, set it up first (Parent area → Tablets & phones).");
  api("/api/connect").then((connect) => {
    if (connect.fingerprint) setupStep.textContent = `If the child's phone has not opened Kids Fun Zone before: open ${connect.setupURL} in Safari on it and install the certificate (two minutes, once).`;
    else setupStep.remove();
  }).catch(() => {});
  let current = first;
  let expiresAt = 0;
  const code = h("p", { class: "pairing-code", id: "pairing-code" });
  const expiry = h("p", { class: "hint", id: "pairing-expiry" });
  const error = h("p", { class: "error-text", role: "alert", id: "pairing-error" });
  const qr = h("figure", { class: "pairing-qr", id: "pairing-qr", hidden: true });
  const link = h("p", { class: "pair-link", id: "pairing-link" });
  const copy = h("button", { class: "btn", type: "button", id: "copy-code" }, "Copy");
  const regenerate = h("button", { class: "btn", type: "button", id: "regenerate-code" }, "Regenerate");
  const heading = h("h2", { tabindex: "-1" }, `Pair ${device.name}`);

  const tick = () => {
    const minutes = Math.ceil((expiresAt - Date.now()) / 60_000);
    expiry.textContent = minutes <= 0 ? "Expired. Press Regenerate for a new code."
      : `Expires in ${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
  };
  const show = (pairing) => {
    current = pairing;
    // From ttlMinutes on arrival, so a clock set wrong on this device doesn't misreport the expiry.
    expiresAt = Date.now() + (pairing.ttlMinutes ? pairing.ttlMinutes * 60_000 : Date.parse(pairing.expiresAt) - Date.now());
    code.textContent = formatCode(pairing.code);
    copy.textContent = "Copy";
    // The server's address for other devices (never this browser's, which may be 127.0.0.1).
    const url = pairing.url;
    // Text, not a link: opened here it would pair the parent's own browser.
    mount(link, "Pairing link for the child's phone: ", h("code", {}, url));
    tick();
    drawQr(qr, url);
  };

  copy.addEventListener("click", async () => {
    error.textContent = "";
    try {
      await navigator.clipboard.writeText(current.code);
      copy.textContent = "Copied ✓";
    } catch {
      error.textContent = "Couldn't copy here. Select the code and copy it by hand.";
    }
  });
  regenerate.addEventListener("click", async () => {
    if (regenerate.dataset.busy) return;
    regenerate.dataset.busy = "1";
    error.textContent = "";
    try {
      show(await requestPairingCode(ctx, device.id));
    } catch (failure) {
      error.textContent = failure.message;
    } finally {
      delete regenerate.dataset.busy;
    }
  });

  mount(body, h("div", { class: "pairing", id: "pairing" }, heading,
    h("p", {}, "On the child's phone, enter this code:"), code, expiry,
    h("div", { class: "row actions" }, copy, regenerate), error,
    device.paired ? h("p", { class: "hint" }, "After pairing, download hotspot-config.json again on the child's phone: the Shortcut needs the new file.") : null,
    qr, link,
    h("h3", {}, "Next steps"),
    h("ol", { class: "next-steps", id: "next-steps" },
      setupStep,
      h("li", {}, `On the child's phone open ${first.url.split("#")[0]} and choose “Set up child phone” (or scan the QR code).`),
      h("li", {}, "Enter the code."),
      h("li", {}, "Install the Shortcut and add the automations."),
      h("li", {}, "Lock Shortcuts and Settings with Screen Time.")),
    h("button", { class: "btn primary", type: "button", id: "pairing-done", onclick: () => close(true) }, "Done")));
  show(first);
  heading.focus();
  const timer = setInterval(tick, 15_000);
  return () => clearInterval(timer);
}

function enrollSheet(ctx) {
  let created = false;
  openSheet({
    label: "Add device",
    render(body, close) {
      let stop = null;
      const input = h("input", { id: "new-device-name", name: "name", required: true, maxlength: "40", placeholder: "Mia's iPhone", autocomplete: "off" });
      const error = h("p", { class: "error-text", role: "alert", id: "add-device-error" });
      const submit = h("button", { class: "btn primary", type: "submit", id: "add-device" }, "Add device");
      const form = h("form", { class: "sheet-form", id: "add-device-form" }, h("h2", {}, "Add a device"),
        h("p", {}, "Name the child's iPhone. A pairing code comes next."),
        h("label", { class: "field", for: "new-device-name" }, "Phone name", input), error, submit);
      form.addEventListener("submit", async (event) => {
        event.preventDefault();
        const name = input.value.trim();
        if (!name) { error.textContent = "Give the phone a name."; input.focus(); return; }
        submit.disabled = true;
        try {
          const answer = await ctx.call(() => api(DEVICES, { method: "POST", body: { name } }));
          created = true;
          ctx.tab.deviceId = answer.device.id;
          stop = showPairing(ctx, body, answer.device, answer.pairing, close);
        } catch (failure) {
          error.textContent = failure.message;
          submit.disabled = false;
          input.focus();
        }
      });
      mount(body, form);
      input.focus();
      return () => stop?.();
    },
  }).then(() => { if (created) ctx.reload(); });
}

async function repairSheet(ctx, device) {
  let pairing;
  try {
    pairing = await requestPairingCode(ctx, device.id);
  } catch (error) {
    ctx.fail(error.message);
    return;
  }
  await openSheet({ label: `Pair ${device.name}`, cancelText: "Close",
    render: (body, close) => showPairing(ctx, body, device, pairing, close) });
  ctx.reload();
}

function shortcutHelpSheet() {
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

// MARK: - Views

function emptyState() {
  return h("article", { class: "card sc-card", id: "spotcheck-empty" },
    h("h3", {}, "Keep the hotspot off, and know when it isn't"),
    h("p", {}, "SpotCheck keeps a child's iPhone from sharing its internet through Personal Hotspot. iOS has no way for an app ",
      "to switch the hotspot off, so a Shortcut does it: automations on the child's phone run it several times a day, it ",
      "turns the hotspot off and checks in here. When the check-ins stop, this dashboard warns you. Enroll the child's phone to start."));
}

function carousel(ctx) {
  const { tab } = ctx;
  return h("div", { class: "device-carousel", id: "device-carousel", role: "group", "aria-label": "Devices" },
    tab.devices.map((device) => {
      const selected = device.id === tab.deviceId;
      return h("button", { type: "button", class: "device-card", dataset: { deviceId: device.id },
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

function tamperCard(device) {
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

function detailsCard(ctx, device) {
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

function rulesCard(ctx, device) {
  const { tab } = ctx;
  const rules = rulesOf(tab, device);
  const error = tab.rulesError?.deviceId === device.id ? tab.rulesError : null;
  const badInput = error ? inputForField(error.field) : null;
  const invalid = (id) => id === badInput ? { "aria-invalid": "true", "aria-describedby": "rules-error" } : {};
  const change = (patch, { repaint = false } = {}) => {
    tab.drafts[device.id] = { ...rulesOf(tab, device), ...patch };
    tab.savedFor = null;
    document.getElementById("rules-saved")?.replaceChildren();
    if (repaint) paint(ctx);
  };
  const toggle = (id, key, label, hint) => h("label", { class: "switch-row", for: id },
    h("input", { type: "checkbox", id, checked: rules[key],
      onchange: (event) => change({ [key]: event.target.checked }, { repaint: key === "quiet" }) }),
    h("span", {}, h("strong", {}, label), h("span", { class: "hint" }, hint)));
  const gaps = GAPS.some((gap) => gap.ms === rules.gapMs) ? GAPS
    : [...GAPS, { label: duration(rules.gapMs), ms: rules.gapMs }].sort((a, b) => a.ms - b.ms);
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const saving = tab.savingRules === device.id;
  const policy = device.policy;

  const form = h("form", { class: "card sc-card rules-card", id: "rules-card", novalidate: true },
    h("h3", {}, `Rules for ${device.name}`),
    h("p", { class: `enforce ${policy.enforce ? "on" : "off"}`, id: "enforce-status" },
      h("span", { "aria-hidden": "true" }, policy.enforce ? "🛡️ " : "💤 "), enforcementText(policy)),
    toggle("rule-hotspot", "hotspotOff", "Hotspot OFF", "The Shortcut switches Personal Hotspot off each time it runs."),
    toggle("rule-rotate", "rotatePassword", "Rotate hotspot password", "A new hotspot password on each run, so a shared password stops working."),
    toggle("rule-quiet", "quiet", "Quiet Time", "Enforce only between these times. Off: enforce all day."),
    rules.quiet ? h("div", { class: "quiet-times" },
      h("label", { class: "field", for: "quiet-start" }, "Start",
        h("input", { type: "time", id: "quiet-start", required: true, value: rules.start, ...invalid("quiet-start"),
          onchange: (event) => change({ start: event.target.value }) })),
      h("label", { class: "field", for: "quiet-end" }, "End",
        h("input", { type: "time", id: "quiet-end", required: true, value: rules.end, ...invalid("quiet-end"),
          onchange: (event) => change({ end: event.target.value }) })),
      h("label", { class: "field zone-field", for: "quiet-tz" }, "Time zone",
        h("input", { id: "quiet-tz", value: rules.timeZone, list: "time-zones", autocomplete: "off", spellcheck: "false", ...invalid("quiet-tz"),
          oninput: (event) => change({ timeZone: event.target.value }) })),
      h("datalist", { id: "time-zones" }, zones.map((zone) => h("option", { value: zone })))) : null,
    h("label", { class: "field", for: "rule-gap" }, "Tamper warning after",
      h("select", { id: "rule-gap", "aria-describedby": badInput === "rule-gap" ? "rules-error" : "rule-gap-hint", ...invalid("rule-gap"),
        onchange: (event) => change({ gapMs: Number(event.target.value) }) },
      gaps.map((gap) => h("option", { value: gap.ms, selected: gap.ms === rules.gapMs }, gap.label)))),
    h("p", { class: "hint", id: "rule-gap-hint" }, "You get a warning when the phone hasn't checked in for this long."),
    h("p", { class: "error-text", role: "alert", id: "rules-error" }, error?.message ?? ""),
    h("div", { class: "actions" },
      h("button", { class: "btn primary", type: "submit", id: "save-rules", "aria-disabled": saving ? "true" : false }, saving ? "Saving…" : "Save rules"),
      h("span", { class: "saved", id: "rules-saved", role: "status" }, tab.savedFor === device.id ? "Saved ✓" : "")));
  form.addEventListener("submit", (event) => { event.preventDefault(); saveRules(ctx, device.id); });
  return form;
}

function eventRow(event) {
  const kind = EVENT_KINDS[event.kind] ?? { icon: "•", title: humanize(event.kind) };
  const description = event.kind === "shortcut" ? `${kind.title} · ${triggerText(event.trigger)}`
    : event.trigger ? `${kind.title} · ${event.trigger}` : kind.title;
  const result = event.kind !== "shortcut" ? null
    : event.ok ? h("span", { class: "event-ok" }, "✓ OK") : h("span", { class: "event-failed" }, "✗ Failed");
  const errors = event.errors ?? [];
  return h("li", { class: `event event-${event.kind}`, dataset: { eventId: event.id, kind: event.kind } },
    h("span", { class: "event-icon", "aria-hidden": "true" }, kind.icon),
    h("div", {},
      h("p", { class: "event-title" }, description),
      h("p", { class: "meta" }, agoTime(event.receivedAt),
        result ? [" · ", result] : null,
        event.actionsAttempted?.length ? ` · Tried: ${event.actionsAttempted.map(humanize).join(", ")}` : null,
        event.shortcutVersion ? ` · Shortcut ${event.shortcutVersion}` : null),
      errors.length ? h("ul", { class: "event-errors" }, errors.map((text) => h("li", {}, text))) : null));
}

function activityCard(ctx, device) {
  const events = ctx.tab.events?.deviceId === device.id ? ctx.tab.events : null;
  const rows = !events ? h("li", { class: "hint" }, "Loading…")
    : events.list.length === 0 ? h("li", { class: "hint", id: "no-events" }, "Nothing yet. Events show up here once the phone pairs and the Shortcut runs.")
      : events.list.map(eventRow);
  return h("article", { class: "card sc-card", id: "activity-card" }, h("h3", {}, "Recent activity"),
    h("ul", { class: "activity", id: "recent-activity" }, rows),
    events?.next ? h("button", { class: "btn", type: "button", id: "more-events", "aria-disabled": events.loadingMore ? "true" : false,
      onclick: () => { if (!events.loadingMore) loadMoreEvents(ctx, device.id); } }, events.loadingMore ? "Loading…" : "Show more") : null);
}

function troubleshootingCard(ctx, device) {
  return h("article", { class: "card sc-card", id: "troubleshooting" }, h("h3", {}, "Troubleshooting"),
    h("div", { class: "actions" },
      h("button", { class: "btn", type: "button", id: "shortcut-help", onclick: shortcutHelpSheet }, "Shortcut not running"),
      h("button", { class: "btn", type: "button", id: "repair-device", onclick: () => repairSheet(ctx, device) }, "Re-pair (new code)"),
      h("button", { class: "btn danger", type: "button", id: "remove-device", onclick: () => removeDevice(ctx, device) }, "Remove device")));
}

/** The SpotCheck tab: the device carousel and, for the chosen phone, its warning, rules, activity and troubleshooting. */
export function spotCheckView(tab, actions) {
  const ctx = { tab, call: (run) => run(), ...actions };
  if (!tab.devices) {
    return h("section", { class: "spotcheck-tab", id: "spotcheck" }, h("h2", {}, "SpotCheck"),
      h("p", { class: "hint" }, "SpotCheck didn't load."),
      h("button", { class: "btn", type: "button", onclick: () => actions.reload() }, "Try again"));
  }
  if (!tab.timer && !tab.paused) tab.timer = setInterval(() => poll(ctx), POLL_MS);
  const device = selectedDevice(tab);
  return h("section", { class: "spotcheck-tab", id: "spotcheck" }, h("h2", {}, "SpotCheck"),
    tab.paused ? h("p", { class: "card sc-card", id: "spotcheck-paused" }, "Updates paused: the parent area locked itself. ",
      h("button", { class: "btn", type: "button", id: "spotcheck-resume", onclick: () => actions.reload() }, "Unlock and refresh")) : null,
    tab.pollError ? h("p", { class: "hint", role: "status" }, tab.pollError) : null,
    tab.devices.length === 0 ? emptyState() : null,
    carousel(ctx),
    device ? [tamperCard(device), detailsCard(ctx, device), rulesCard(ctx, device), activityCard(ctx, device), troubleshootingCard(ctx, device)] : null);
}
