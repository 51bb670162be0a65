// The device set-up steps (Web/setup/steps.js): which platform opens first, and the addresses filled in.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PLATFORMS, platform, stepsFor } from "../../Web/setup/steps.js";

test("iPhone, iPad (which says it is a Mac with touch), Android and computers", () => {
  assert.equal(platform("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)"), "ios");
  assert.equal(platform("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15", 5), "ios");
  assert.equal(platform("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15", 0), "desktop");
  assert.equal(platform("Mozilla/5.0 (Linux; Android 14; SM-X710)"), "android");
  assert.equal(platform("Mozilla/5.0 (X11; Linux x86_64)"), "desktop");
});

test("every platform's steps end by opening the server's address, and link to a certificate download", () => {
  const connect = { url: "https://192.168.1.20:8443" };
  for (const id of PLATFORMS) {
    const { title, steps } = stepsFor(id, connect);
    assert.ok(title.length > 0);
    assert.match(steps.at(-1), /https:\/\/192\.168\.1\.20:8443/);
    const links = steps.flat().filter((part) => typeof part === "object").map((part) => part.href);
    assert.equal(links.length, 1, id);
    assert.ok(["/kids-fun-zone.mobileconfig", "/ca.crt", "/ca.pem"].includes(links[0]));
  }
});

test("iOS needs the trust switch, not only the profile", () => {
  assert.ok(stepsFor("ios", { url: "https://x:8443" }).steps.some((step) => /Certificate Trust Settings/.test(step)));
});
