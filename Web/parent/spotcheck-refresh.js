// Loading SpotCheck's devices and events, the 30-second refresh while the tab is open, and the
// repaint that keeps focus and the carousel's scroll where they were.
import { api } from "../shared/api.js";
import { refreshTimes } from "../shared/time.js";
import { ErrorCode } from "../shared/error-codes.js";
import { poll } from "../shared/poll.js";
import { redraw } from "../shared/redraw.js";

export const DEVICES = "/api/parent/spotcheck/devices";
export const devicePath = (id) => `${DEVICES}/${encodeURIComponent(id)}`;
export const POLL_MS = 30_000;
const EVENTS_PAGE = 20;

export async function fetchEvents(deviceId, before = null, options = {}) {
  const query = new URLSearchParams({ limit: String(EVENTS_PAGE) });
  if (before) query.set("before", before);
  const page = await api(`${devicePath(deviceId)}/events?${query}`, options);
  return { deviceId, list: page.events, next: page.next, loadingMore: false };
}

export const selectedDevice = (tab) => tab.devices?.find((device) => device.id === tab.deviceId) ?? null;

/** Loads the devices, keeps the chosen one (or picks the newest) and its first page of events. */
export async function loadSpotCheck(tab) {
  tab.devices = (await api(DEVICES)).devices;
  tab.drafts ??= {};
  tab.paused = false;
  tab.pollError = "";
  if (!selectedDevice(tab)) tab.deviceId = tab.devices[0]?.id ?? null;
  tab.events = tab.deviceId ? await fetchEvents(tab.deviceId) : null;
}

/** Starts the 30-second refresh (paused while the browser tab is hidden) unless it runs or is paused. */
export function watchSpotCheck(ctx) {
  if (!ctx.tab.timer && !ctx.tab.paused) ctx.tab.timer = poll((background) => refresh(ctx, background), POLL_MS);
}

/** Stops the 30-second refresh; app.js calls it when another tab opens. */
export function leaveSpotCheck(tab) {
  tab.timer?.stop();
  tab.timer = null;
}

/** New events go on top of what is shown, so pages already opened with "Show more" stay. */
async function refreshEvents(tab, background) {
  const deviceId = tab.deviceId;
  const first = await fetchEvents(deviceId, null, background);
  if (tab.deviceId !== deviceId || tab.events?.deviceId !== deviceId) return;
  const known = new Set(tab.events.list.map((event) => event.id));
  tab.events = { ...tab.events, list: [...first.list.filter((event) => !known.has(event.id)), ...tab.events.list] };
}

/**
 * One round of the 30-second refresh: devices, then the chosen phone's newest events, repainted only
 * if something changed. `background` carries the header that says a timer asked, not the parent.
 */
async function refresh(ctx, background) {
  const { tab } = ctx;
  const section = document.getElementById("spotcheck");
  if (!section) { leaveSpotCheck(tab); return; }
  const before = JSON.stringify([tab.devices, tab.deviceId, tab.events?.list, tab.pollError]);
  try {
    const previous = selectedDevice(tab);
    tab.devices = (await api(DEVICES, background)).devices;
    tab.pollError = "";
    const current = selectedDevice(tab);
    if (!current) tab.deviceId = tab.devices[0]?.id ?? null;
    const deviceId = tab.deviceId;
    if (!deviceId) tab.events = null;
    else if (tab.events?.deviceId !== deviceId) {
      const events = await fetchEvents(deviceId, null, background);
      if (tab.deviceId === deviceId) tab.events = events;
    } else if (["runs", "status", "lastSeenAt"].some((key) => previous?.[key] !== current?.[key])) {
      await refreshEvents(tab, background);
    }
  } catch (error) {
    // A background refresh never asks for the password: it waits until the parent comes back.
    if (error.code === ErrorCode.parentLocked) { leaveSpotCheck(tab); tab.paused = true; }
    else tab.pollError = "Couldn't refresh just now. Trying again in 30 seconds.";
  }
  const changed = JSON.stringify([tab.devices, tab.deviceId, tab.events?.list, tab.pollError]) !== before;
  if (changed || tab.paused || tab.unpainted) paint(ctx, { background: true });
  else refreshTimes(section);
}

/**
 * Renders the page again, keeping focus, a text field's caret and the carousel's scroll where they
 * were. A background refresh waits while the parent is typing in a field of the tab (a half-typed
 * time has no value yet).
 */
export function paint(ctx, { background = false } = {}) {
  const active = document.activeElement;
  const section = document.getElementById("spotcheck");
  if (background && section?.contains(active) && active.matches("input:not([type=checkbox]), textarea")) {
    ctx.tab.unpainted = true;
    return;
  }
  ctx.tab.unpainted = false;
  redraw(document.body, () => ctx.render());
}
