// SpotCheck in the parent area (seed 002): the family's enrolled phones in a carousel and, for the
// chosen one, its hotspot rules, a tamper warning when check-ins stop, recent activity and
// troubleshooting. The devices refresh every 30 s while the tab is open.
import { h } from "../shared/dom.js";
import { activityCard } from "./spotcheck-activity.js";
import { carousel, detailsCard, emptyState, tamperCard } from "./spotcheck-devices.js";
import { selectedDevice, watchSpotCheck } from "./spotcheck-refresh.js";
import { rulesCard } from "./spotcheck-rules.js";
import { troubleshootingCard } from "./spotcheck-troubleshooting.js";

export { leaveSpotCheck, loadSpotCheck } from "./spotcheck-refresh.js";

/** The SpotCheck tab: the device carousel and, for the chosen phone, its warning, rules, activity and troubleshooting. */
export function spotCheckView(tab, actions) {
  const ctx = { tab, call: (run) => run(), ...actions };
  if (!tab.devices) {
    return h("section", { class: "spotcheck-tab", id: "spotcheck" }, h("h2", {}, "SpotCheck"),
      h("p", { class: "hint" }, "SpotCheck didn't load."),
      h("button", { class: "btn", type: "button", dataset: { focusKey: "spotcheck-retry" }, onclick: () => actions.reload() }, "Try again"));
  }
  watchSpotCheck(ctx);
  const device = selectedDevice(tab);
  return h("section", { class: "spotcheck-tab", id: "spotcheck" }, h("h2", {}, "SpotCheck"),
    tab.paused ? h("p", { class: "card sc-card", id: "spotcheck-paused" }, "Updates paused: the parent area locked itself. ",
      h("button", { class: "btn", type: "button", id: "spotcheck-resume", onclick: () => actions.reload() }, "Unlock and refresh")) : null,
    tab.pollError ? h("p", { class: "hint", role: "status" }, tab.pollError) : null,
    tab.devices.length === 0 ? emptyState() : null,
    carousel(ctx),
    device ? [tamperCard(device), detailsCard(ctx, device), rulesCard(ctx, device), activityCard(ctx, device), troubleshootingCard(ctx, device)] : null);
}
