// SpotCheck's words and checks in the parent area: status badges, event kinds, durations, the
// pairing code as shown, which rules field an error names. No DOM, so `node --test` reads them.

export const BADGES = { ok: "OK", stale: "STALE", setup: "SETUP" };
export const STATUS_TEXT = { ok: "Checking in", stale: "Check-ins stopped", setup: "Waiting for the first check-in" };
export const GAPS = [["30 min", 30], ["1 h", 60], ["2 h", 120], ["4 h", 240], ["8 h", 480]].map(([label, minutes]) => ({ label, ms: minutes * 60_000 }));
export const EVENT_KINDS = {
  shortcut: { icon: "⚡", title: "Shortcut ran" },
  paired: { icon: "🔗", title: "Phone paired" },
  tamper: { icon: "⚠️", title: "Check-ins stopped" },
  back: { icon: "✅", title: "Checking in again" },
};

/** A gap as a parent reads it: "45 min", "1 h 30 min", "2 days". */
export function duration(ms) {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 24 * 60) return minutes % 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes / 60} h`;
  return `${Math.round(minutes / (24 * 60))} days`;
}

/** "K7PMQ3XA" → "K7PM Q3XA", easier to read aloud and to type. */
export const formatCode = (code) => {
  const plain = code.replace(/[\s-]/g, "").toUpperCase();
  return `${plain.slice(0, 4)} ${plain.slice(4)}`;
};

/** An id as words: "set_hotspot_off" → "set hotspot off". */
export const humanize = (text) => String(text).replace(/_/g, " ");

/** What made the Shortcut run, as words: "battery_50" → "battery at 50%". */
export function triggerText(trigger) {
  if (!trigger) return "no trigger given";
  if (trigger === "manual") return "run by hand";
  const battery = /^battery_(\d+)$/.exec(trigger);
  return battery ? `battery at ${battery[1]}%` : humanize(trigger);
}

/** Whether the policy is enforced now, and if not, why. */
export function enforcementText(policy) {
  if (policy.enforce) return "Enforcing now";
  if (!policy.hotspotOff) return "Not enforcing now (Hotspot OFF is switched off)";
  if (policy.quietHours && !policy.inQuietHours) return "Not enforcing now (outside quiet time)";
  return "Not enforcing now";
}

/** True for an IANA zone this browser knows ("Europe/Rome"). */
export function isTimeZone(zone) {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Which rules field a 422's details.field names ("quietHours.start", "timeZone", "gapMs", …). */
export function inputForField(field) {
  const name = String(field ?? "").toLowerCase();
  if (name.includes("start")) return "quiet-start";
  if (name.includes("end") || name === "quiethours") return "quiet-end";   // "quietHours": it ends when it starts
  if (name.includes("zone") || name.endsWith("tz")) return "quiet-tz";
  if (name.includes("gap")) return "rule-gap";
  return null;
}
