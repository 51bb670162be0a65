// The web client reads error codes from Web/shared/error-codes.js (written from the server's
// catalogue, ErrorCode.swift; a Swift test keeps the two equal), never from string literals.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { ErrorCode } from "../../Web/shared/error-codes.js";

const web = new URL("../../Web/", import.meta.url).pathname;

function scripts(folder) {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return scripts(path);
    return name.endsWith(".js") ? [path] : [];
  });
}

test("the codes are frozen, named in camel case and each once", () => {
  assert.ok(Object.isFrozen(ErrorCode));
  const values = Object.values(ErrorCode);
  assert.equal(new Set(values).size, values.length);
  assert.ok(values.length > 50);
  for (const [name, code] of Object.entries(ErrorCode)) {
    assert.match(code, /^[a-z]+(_[a-z]+)*$/);
    assert.equal(name, code.replace(/_([a-z])/g, (_, letter) => letter.toUpperCase()).replace(/Json$/, "JSON").replace(/Csv$/, "CSV"));
  }
});

test("no page compares an error code with a string", () => {
  const offenders = scripts(web).flatMap((file) =>
    readFileSync(file, "utf8").split("\n")
      .map((line, index) => [line, index + 1])
      .filter(([line]) => /\bcode\s*[!=]==?\s*["'`]/.test(line) || /["'`][a-z_]+["'`]\s*[!=]==?\s*[\w.]*\bcode\b/.test(line))
      .map(([, number]) => `${file.slice(web.length)}:${number}`));
  assert.deepEqual(offenders, []);
});

test("every code a page compares with is one the server sends", () => {
  const used = scripts(web).filter((file) => !file.endsWith("shared/error-codes.js")).flatMap((file) => [...readFileSync(file, "utf8").matchAll(/ErrorCode\.(\w+)/g)].map((match) => match[1]));
  assert.ok(used.length >= 15);
  for (const name of used) assert.ok(name in ErrorCode, name);
});
