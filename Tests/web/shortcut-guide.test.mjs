// The Shortcut guide and the curl check script against the server's device API (seed 002).
// Run: node --test Web/spotcheck/shortcut-guide.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  AUTOMATIONS, EVENT_FIELDS, MANUAL_TRIGGER, RESULT_FIELDS, caURL, curlCheckScript, shortcutGuide,
} from "../../Web/spotcheck/shortcut-guide.js";

const CONFIG = Object.freeze({
  apiBaseURL: "https://192.168.1.20:8443",
  deviceToken: "tok_9f8e7d6c5b4a",
  deviceSecret: "sec_Zx8-Qw7_Er6Ty5Ui4Op3As2Df1Gh0Jk9Lz8Xc7Vb6",
  deviceId: "4c1f2a9e-0000-4000-8000-00000000abcd",
});

const source = (path) => readFileSync(new URL(path, import.meta.url), "utf8");
const allSteps = (guide) => guide.flatMap((section) => section.steps.map((step) => ({ ...step, section: section.id })));
const codes = (guide) => allSteps(guide).map((step) => step.code).filter(Boolean);
const section = (guide, id) => guide.find((candidate) => candidate.id === id);
const everyText = (guide) => JSON.stringify(guide);

test("the guide is plain data: sections with ids, titles and steps of text", () => {
  const guide = shortcutGuide(CONFIG);
  assert.ok(Array.isArray(guide) && guide.length >= 6);
  assert.equal(new Set(guide.map((s) => s.id)).size, guide.length, "section ids are unique");
  for (const { id, title, intro, steps } of guide) {
    assert.match(id, /^[a-z-]+$/);
    assert.ok(typeof title === "string" && title.length > 0);
    assert.ok(intro === undefined || typeof intro === "string");
    assert.ok(steps.length > 0, `${id} has steps`);
    for (const step of steps) {
      assert.ok(typeof step.text === "string" && step.text.length > 0);
      for (const key of Object.keys(step)) assert.ok(["text", "detail", "code"].includes(key), `unexpected ${key}`);
      for (const key of ["detail", "code"]) assert.ok(step[key] === undefined || typeof step[key] === "string");
    }
  }
  assert.deepEqual(JSON.parse(JSON.stringify(guide)), guide, "no functions or DOM nodes");
});

test("the policy and events URLs are the config's apiBaseURL, never loopback when the base isn't", () => {
  const guide = shortcutGuide(CONFIG);
  assert.ok(section(guide, "policy").steps.some((s) => s.code === "https://192.168.1.20:8443/policy"));
  assert.ok(section(guide, "report").steps.some((s) => s.code === "https://192.168.1.20:8443/events"));
  assert.doesNotMatch(everyText(guide), /127\.0\.0\.1|localhost/);
  assert.doesNotMatch(curlCheckScript(CONFIG), /127\.0\.0\.1|localhost/);

  // A trailing slash doesn't double up; another base is used as given.
  const other = shortcutGuide({ ...CONFIG, apiBaseURL: "https://kids.example.org/" });
  assert.ok(codes(other).includes("https://kids.example.org/policy"));
  assert.ok(codes(other).includes("https://kids.example.org/events"));
  assert.ok(!codes(other).some((code) => code.includes("192.168.1.20")));
});

test("the header steps carry the bearer secret and the device token, for both calls (the value alone is copied)", () => {
  const guide = shortcutGuide(CONFIG);
  for (const id of ["policy", "report"]) {
    const steps = section(guide, id).steps;
    const header = (key) => steps.find((s) => s.text.includes(`Key: ${key}.`));
    assert.equal(header("Authorization")?.code, `Bearer ${CONFIG.deviceSecret}`, `${id}: Authorization`);
    assert.equal(header("X-Device-Token")?.code, CONFIG.deviceToken, `${id}: X-Device-Token`);
  }
  const methods = (id) => section(guide, id).steps.map((s) => s.code);
  assert.ok(methods("policy").includes("GET"));
  assert.ok(methods("report").includes("POST"));
});

test("the config is read from hotspot-config.json and the answer's fields by their names", () => {
  const guide = shortcutGuide(CONFIG);
  const text = everyText(guide);
  for (const action of ["Get File", "Get Dictionary from Input", "Get Dictionary Value", "Get Contents of URL", "Set Personal Hotspot"]) {
    assert.ok(text.includes(action), action);
  }
  const configCodes = section(guide, "config").steps.map((s) => s.code);
  for (const key of ["hotspot-config.json", "apiBaseURL", "deviceSecret", "deviceToken"]) assert.ok(configCodes.includes(key), key);
  // The names GET /policy answers with (SpotCheckDeviceController.PolicyResponse).
  const controller = source("../../Sources/FunZoneServer/Controllers/SpotCheckDeviceController.swift");
  for (const key of ["enforce", "setHotspotOff", "rotatePassword"]) assert.match(controller, new RegExp(`let ${key}: Bool`));
  assert.deepEqual(section(guide, "decide").steps.map((s) => s.code), ["enforce", "actions.setHotspotOff", "actions.rotatePassword"]);
});

test("the report's fields are exactly the names POST /events reads", () => {
  // ShortcutReport (and its Outcome) is what the server decodes the body into.
  const report = source("../../Sources/SpotCheck/ShortcutReport.swift");
  const serverFields = new Set([...report.matchAll(/public let (\w+):/g)].map((m) => m[1]));
  assert.deepEqual(new Set([...EVENT_FIELDS, ...RESULT_FIELDS]), serverFields);
  // The API description agrees.
  const openapi = source("../../Sources/FunZoneServer/Resources/openapi.yaml");
  const events = openapi.slice(openapi.indexOf("\n  /events:"), openapi.indexOf("\n  /device:"));
  assert.match(events, /required: \[ts, trigger\]/);
  for (const field of [...EVENT_FIELDS, ...RESULT_FIELDS]) assert.match(events, new RegExp(`\\b${field}: ?(\\{|\\n)`), field);

  const steps = section(shortcutGuide(CONFIG), "report").steps;
  const example = JSON.parse(steps.find((s) => s.code?.startsWith("{")).code);
  assert.deepEqual(Object.keys(example), EVENT_FIELDS);
  assert.deepEqual(Object.keys(example.result), RESULT_FIELDS);
  assert.ok(Number.isInteger(example.ts) && example.ts > 1.6e12, "ts in milliseconds");
  const body = steps.find((s) => s.text.includes("Request Body")).code;
  for (const field of [...EVENT_FIELDS, ...RESULT_FIELDS]) assert.ok(body.includes(field), `body lists ${field}`);
});

test("every automation passes a trigger name the server accepts", () => {
  const guide = shortcutGuide(CONFIG);
  const automationCodes = section(guide, "automations").steps.map((s) => s.code).filter(Boolean);
  assert.deepEqual(automationCodes, AUTOMATIONS.map((a) => a.trigger));
  assert.equal(new Set(automationCodes).size, automationCodes.length);
  for (const trigger of [...automationCodes, MANUAL_TRIGGER]) {
    // ShortcutReport.validated(): 1 to 100 characters, no control characters.
    assert.match(trigger, /^[a-z0-9_]{1,100}$/, trigger);
  }
  assert.ok(automationCodes.some((t) => /^battery_\d+$/.test(t)), "a battery_NN trigger, shown as “battery at NN%”");
  assert.ok(automationCodes.some((t) => /^time_\d\d_\d\d$/.test(t)));
  assert.ok(codes(guide).includes(MANUAL_TRIGGER));
  const text = everyText(guide);
  assert.ok(text.includes("Run Immediately") && text.includes("Notify When Run"));
});

test("the guide is honest about the hotspot password", () => {
  const password = section(shortcutGuide(CONFIG), "password");
  assert.match(password.intro, /no Shortcuts action can change the Personal Hotspot password/);
  assert.ok(password.steps.some((s) => s.text.includes("Settings › Personal Hotspot › Wi-Fi Password")));
});

test("a config without its address or key is refused", () => {
  assert.throws(() => shortcutGuide({ ...CONFIG, apiBaseURL: "" }), TypeError);
  assert.throws(() => shortcutGuide({ ...CONFIG, deviceSecret: undefined }), TypeError);
  assert.throws(() => curlCheckScript({ ...CONFIG, deviceToken: " " }), TypeError);
});

test("the check script: shebang, set -eu, curl -fsS, both endpoints, the key, the CA", () => {
  const script = curlCheckScript(CONFIG);
  assert.ok(script.startsWith("#!/bin/sh\n"));
  assert.match(script, /^set -eu$/m);
  assert.match(script, /curl -fsS/);
  assert.match(script, /^BASE='https:\/\/192\.168\.1\.20:8443'$/m);
  assert.ok(script.includes('"$BASE/policy"') && script.includes('"$BASE/events"'));
  assert.ok(script.includes(`DEVICE_SECRET='${CONFIG.deviceSecret}'`) && script.includes(`DEVICE_TOKEN='${CONFIG.deviceToken}'`));
  assert.ok(script.includes('"Authorization: Bearer $DEVICE_SECRET"') && script.includes('"X-Device-Token: $DEVICE_TOKEN"'));
  assert.ok(script.includes('--cacert "$SPOTCHECK_CA"'));
  assert.equal(caURL({ ...CONFIG, apiBaseURL: "https://kids.example.org/funzone" }), "https://kids.example.org/ca.pem");
  assert.ok(script.includes("# Over HTTPS") && script.includes("https://192.168.1.20:8443/ca.pem"));
  const body = JSON.parse(/^body='(.*)'$/m.exec(script)[1].replace(`'"$ts"'`, "1718000000000"));
  assert.deepEqual(Object.keys(body), EVENT_FIELDS);
  assert.equal(body.trigger, MANUAL_TRIGGER);
});

const hasSh = spawnSync("sh", ["-c", "exit 0"]).status === 0;
const hasCurl = spawnSync("curl", ["--version"]).status === 0;

test("the check script is valid shell (sh -n), even with a quote in a value", { skip: !hasSh && "no sh" }, () => {
  for (const config of [CONFIG, { ...CONFIG, deviceSecret: "it's $(touch /tmp/x)`x`", apiBaseURL: "http://host:8080/a'b" }]) {
    const check = spawnSync("sh", ["-n"], { input: curlCheckScript(config), encoding: "utf8" });
    assert.equal(check.status, 0, check.stderr);
  }
});

/** Runs the script with sh; resolves {status, stdout, stderr}. */
function runScript(script, env = {}) {
  const dir = mkdtempSync(join(tmpdir(), "spotcheck-"));
  const file = join(dir, "spotcheck-check.sh");
  writeFileSync(file, script);
  return new Promise((resolve) => {
    const child = spawn("sh", [file], { env: { ...process.env, ...env } });
    let stdout = "", stderr = "";
    child.stdout.on("data", (chunk) => { stdout += chunk; });
    child.stderr.on("data", (chunk) => { stderr += chunk; });
    child.on("close", (status) => { rmSync(dir, { recursive: true, force: true }); resolve({ status, stdout, stderr }); });
  });
}

test("the check script runs against a stand-in server and fails clearly on a bad key", { skip: !(hasSh && hasCurl) && "needs sh and curl" }, async () => {
  const received = [];
  const server = createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk) => { raw += chunk; });
    request.on("end", () => {
      const reply = (status, value) => { response.writeHead(status, { "Content-Type": "application/json" }); response.end(JSON.stringify(value)); };
      if (request.headers.authorization !== `Bearer ${CONFIG.deviceSecret}` || request.headers["x-device-token"] !== CONFIG.deviceToken) {
        return reply(401, { error: { code: "device_unauthorized", message: "Pair again." } });
      }
      if (request.method === "GET" && request.url === "/policy") {
        return reply(200, { actions: { rotatePassword: false, setHotspotOff: true }, enforce: true, quietHours: null });
      }
      if (request.method === "POST" && request.url === "/events" && request.headers["content-type"] === "application/json") {
        received.push(JSON.parse(raw));
        return reply(201, { ok: true });
      }
      return reply(404, { error: { code: "not_found" } });
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  try {
    const good = await runScript(curlCheckScript({ ...CONFIG, apiBaseURL: base }));
    assert.equal(good.status, 0, good.stderr);
    assert.match(good.stdout, /Decision: the hotspot must be OFF now/);
    assert.match(good.stdout, /Answer: \{"ok":true\}/);
    assert.equal(received.length, 1);
    assert.deepEqual(Object.keys(received[0]), EVENT_FIELDS);
    assert.equal(received[0].trigger, MANUAL_TRIGGER);
    assert.ok(Math.abs(received[0].ts - Date.now()) < 60_000, "ts is now, in milliseconds");

    const bad = await runScript(curlCheckScript({ ...CONFIG, apiBaseURL: base, deviceSecret: "wrong" }));
    assert.notEqual(bad.status, 0);
    assert.match(bad.stderr, /GET \/policy failed/);
    assert.equal(received.length, 1, "no report after a failed policy call");

    const missingCA = await runScript(curlCheckScript({ ...CONFIG, apiBaseURL: base }), { SPOTCHECK_CA: "/nonexistent/ca.pem" });
    assert.notEqual(missingCA.status, 0);
    assert.match(missingCA.stderr, /SPOTCHECK_CA=\/nonexistent\/ca.pem is not a readable file/);
  } finally {
    server.close();
  }
});
