// SpotCheck's page logic without a page: which screen the child's phone shows (Web/spotcheck/routes.js)
// and the words and checks of the parent's tab (Web/parent/spotcheck-format.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  duration, enforcementText, formatCode, inputForField, isTimeZone, triggerText,
} from "../../Web/parent/spotcheck-format.js";
import { normalizeCode, routeFor, screenFor } from "../../Web/spotcheck/routes.js";

// MARK: - The child's phone

test("the address's # names the route; anything else is the landing page", () => {
  assert.deepEqual(routeFor(""), { route: "landing", prefill: "" });
  assert.deepEqual(routeFor("#"), { route: "landing", prefill: "" });
  for (const route of ["welcome", "checklist", "pair", "unlock", "shortcut"]) assert.deepEqual(routeFor(`#${route}`), { route, prefill: "" });
  assert.deepEqual(routeFor("#locked"), { route: "landing", prefill: "" }, "the lock is state, not an address");
  assert.deepEqual(routeFor("#WELCOME"), { route: "landing", prefill: "" });
});

test("#pair=CODE fills in the code: spaces, hyphens and escapes dropped, capitals, eight characters", () => {
  assert.deepEqual(routeFor("#pair=k7pm q3xa"), { route: "pair", prefill: "K7PMQ3XA" });
  assert.deepEqual(routeFor("#pair=K7PM%20Q3XA"), { route: "pair", prefill: "K7PMQ3XA" });
  assert.deepEqual(routeFor("#pair=k7pm-q3xa-extra"), { route: "pair", prefill: "K7PMQ3XA" });
  assert.deepEqual(routeFor("#pair="), { route: "pair", prefill: "" });
  assert.deepEqual(routeFor("#pair=ab%E0%A4xyz"), { route: "pair", prefill: "AB%E0%A4" }, "a broken escape is read as typed");
  assert.equal(normalizeCode(" a-b c\t1-2 3 "), "ABC123");
});

test("the screen: a removed phone first, then the lock, then the address", () => {
  const phone = (state) => ({ route: "checklist", credentials: { name: "Mia's iPhone" }, locked: false, removed: false, ...state });
  assert.equal(screenFor(phone({ removed: true, locked: true, route: "unlock" })), "removed");
  assert.equal(screenFor(phone({ locked: true })), "locked");
  assert.equal(screenFor(phone({ locked: true, route: "pair" })), "locked", "a locked phone can't be paired again");
  assert.equal(screenFor(phone({ locked: true, route: "unlock" })), "unlock");
  assert.equal(screenFor(phone({ route: "unlock" })), "checklist", "nothing to unlock");
  assert.equal(screenFor(phone({ route: "shortcut" })), "shortcut");
  assert.equal(screenFor(phone({ route: "shortcut", credentials: null })), "checklist", "the guide needs the key");
  assert.equal(screenFor(phone({ route: "landing" })), "landing");
});

// MARK: - The parent's tab

test("a pairing code reads in two halves", () => {
  assert.equal(formatCode("k7pmq3xa"), "K7PM Q3XA");
  assert.equal(formatCode("K7PM-Q3XA"), "K7PM Q3XA");
  assert.equal(formatCode(" k7pm q3xa "), "K7PM Q3XA");
});

test("a gap in minutes, hours or days", () => {
  const minutes = (n) => duration(n * 60_000);
  assert.deepEqual([minutes(30), minutes(59), minutes(60), minutes(90), minutes(480), minutes(3 * 24 * 60 + 100)],
    ["30 min", "59 min", "1 h", "1 h 30 min", "8 h", "3 days"]);
});

test("what made the Shortcut run, as words", () => {
  assert.equal(triggerText("battery_50"), "battery at 50%");
  assert.equal(triggerText("manual"), "run by hand");
  assert.equal(triggerText("time_07_30"), "time 07 30");
  assert.equal(triggerText(""), "no trigger given");
  assert.equal(triggerText(null), "no trigger given");
});

test("why a policy is or isn't enforced now", () => {
  assert.equal(enforcementText({ enforce: true, hotspotOff: true, quietHours: null }), "Enforcing now");
  assert.equal(enforcementText({ enforce: false, hotspotOff: false, quietHours: null }), "Not enforcing now (Hotspot OFF is switched off)");
  assert.equal(enforcementText({ enforce: false, hotspotOff: true, quietHours: { start: "22:00" }, inQuietHours: false }),
    "Not enforcing now (outside quiet time)");
  assert.equal(enforcementText({ enforce: false, hotspotOff: true, quietHours: null }), "Not enforcing now");
});

test("time zones: the ones Intl knows", () => {
  assert.ok(isTimeZone("Europe/Rome"));
  assert.ok(isTimeZone("UTC"));
  assert.ok(!isTimeZone("Europe/Atlantis"));
  assert.ok(!isTimeZone(""));
  assert.ok(!isTimeZone(undefined));
});

test("the field a 422 names becomes the input marked invalid", () => {
  const table = [
    ["quietHours.start", "quiet-start"], ["quietHours.end", "quiet-end"], ["quietHours", "quiet-end"], ["timeZone", "quiet-tz"],
    ["quietHours.timeZone", "quiet-tz"], ["tz", "quiet-tz"], ["gapMs", "rule-gap"], ["name", null], [undefined, null], [null, null],
  ];
  for (const [field, input] of table) assert.equal(inputForField(field), input, String(field));
});
