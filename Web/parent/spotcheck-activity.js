// The chosen phone's recent activity in the SpotCheck tab: Shortcut runs, pairing, check-ins that
// stopped and came back, a page at a time.
import { h } from "../shared/dom.js";
import { agoTime } from "../shared/time.js";
import { EVENT_KINDS, humanize, triggerText } from "./spotcheck-format.js";
import { fetchEvents, paint } from "./spotcheck-refresh.js";

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

export function activityCard(ctx, device) {
  const events = ctx.tab.events?.deviceId === device.id ? ctx.tab.events : null;
  const rows = !events ? h("li", { class: "hint" }, "Loading…")
    : events.list.length === 0 ? h("li", { class: "hint", id: "no-events" }, "Nothing yet. Events show up here once the phone pairs and the Shortcut runs.")
      : events.list.map(eventRow);
  return h("article", { class: "card sc-card", id: "activity-card" }, h("h3", {}, "Recent activity"),
    h("ul", { class: "activity", id: "recent-activity" }, rows),
    events?.next ? h("button", { class: "btn", type: "button", id: "more-events", "aria-disabled": events.loadingMore ? "true" : false,
      onclick: () => { if (!events.loadingMore) loadMoreEvents(ctx, device.id); } }, events.loadingMore ? "Loading…" : "Show more") : null);
}
