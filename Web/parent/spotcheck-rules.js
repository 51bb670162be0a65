// The chosen phone's rules in the SpotCheck tab: Hotspot OFF, password rotation, Quiet Time with
// its time zone, and the tamper warning's gap; unsaved changes stay as a draft per phone.
import { api } from "../shared/api.js";
import { h } from "../shared/dom.js";
import { GAPS, duration, enforcementText, inputForField, isTimeZone } from "./spotcheck-format.js";
import { devicePath, paint } from "./spotcheck-refresh.js";

const localZone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

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

export function rulesCard(ctx, device) {
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
