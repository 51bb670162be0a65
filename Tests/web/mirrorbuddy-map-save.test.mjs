// MirrorBuddy's mind maps: saving (map-saver.js, with fake timers and a fake server: a second after
// the last edit, one save at a time at the revision the server answered, 409 map_changed, a
// failure kept for a retry), the save's body and the list's query (map-data.js), and the files:
// their addresses and names, the SVG's size and the PNG's canvas (map-export.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { ApiError } from "../../Web/shared/api.js";
import { MAP_CHANGED, SAVE_DELAY_MS, mapSaver } from "../../Web/mirrorbuddy/map-saver.js";
import { mapsQuery, saveBody } from "../../Web/mirrorbuddy/map-data.js";
import { dispositionName, exportUrl, fileBase, fileName, pngCanvas, pngName, svgSize } from "../../Web/mirrorbuddy/map-export.js";

/** Timers the test moves by hand. */
function clock() {
  let now = 0;
  let next = 1;
  const timers = new Map();
  return {
    setTimer: (fn, ms) => { const id = next++; timers.set(id, { fn, at: now + ms }); return id; },
    clearTimer: (id) => { timers.delete(id); },
    /** Moves time on by `ms`, firing what falls due. */
    advance(ms) {
      now += ms;
      for (const [id, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at <= now && timers.has(id)) { timers.delete(id); timer.fn(); }
      }
    },
    get pending() { return timers.size; },
  };
}

/** A server that answers when told: each call is {body, resolve, reject}. */
function server(start = 1) {
  const calls = [];
  let revision = start;
  return {
    calls,
    send: (body) => new Promise((resolve, reject) => calls.push({ body, resolve, reject })),
    answer(i = calls.length - 1) { revision += 1; calls[i].resolve({ revision, updatedAt: "2026-01-01T00:00:00Z", nodes: calls[i].body.nodes }); },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
const tree = (label) => [{ id: "r", parentId: null, label, colour: null }];

test("an edit is saved a second after the last one, all edits of a burst in one save", async () => {
  const time = clock();
  const fake = server(4);
  const states = [];
  const saver = mapSaver({ revision: 4, send: fake.send, onStatus: (s) => states.push(s), ...time });
  saver.changed(tree("a"));
  time.advance(600);
  saver.changed(tree("ab"));
  time.advance(600);
  saver.changed(tree("abc"));
  time.advance(SAVE_DELAY_MS - 1);
  assert.equal(fake.calls.length, 0, "not yet: the last edit was less than a second ago");
  time.advance(1);
  assert.equal(fake.calls.length, 1);
  assert.deepEqual(fake.calls[0].body, { revision: 4, nodes: tree("abc") });
  assert.equal(saver.status, "saving");
  fake.answer();
  await tick();
  assert.equal(saver.status, "saved");
  assert.equal(saver.revision, 5);
  assert.deepEqual(states, ["waiting", "waiting", "waiting", "saving", "saved"]);
});

test("edits made while a save is on its way go in the next one, at the revision the server answered", async () => {
  const time = clock();
  const fake = server(1);
  const saver = mapSaver({ revision: 1, send: fake.send, ...time });
  saver.changed(tree("one"));
  time.advance(SAVE_DELAY_MS);
  saver.changed(tree("two"));
  time.advance(SAVE_DELAY_MS);
  assert.equal(fake.calls.length, 1, "one save at a time");
  fake.answer();
  await tick();
  assert.equal(saver.status, "waiting");
  time.advance(SAVE_DELAY_MS);
  assert.equal(fake.calls.length, 2);
  assert.deepEqual(fake.calls[1].body, { revision: 2, nodes: tree("two") });
  fake.answer();
  await tick();
  assert.equal(saver.revision, 3);
  assert.equal(saver.status, "saved");
  assert.equal(time.pending, 0);
});

test("flush sends what waits now (leaving the screen), after any save on its way", async () => {
  const time = clock();
  const fake = server(7);
  const saver = mapSaver({ revision: 7, send: fake.send, ...time });
  saver.changed(tree("x"));
  time.advance(SAVE_DELAY_MS);
  saver.changed(tree("y"));
  const flushed = saver.flush();
  await tick();
  assert.equal(fake.calls.length, 1);
  fake.answer();
  await tick();
  assert.equal(fake.calls.length, 2, "the waiting edit follows at once");
  assert.deepEqual(fake.calls[1].body, { revision: 8, nodes: tree("y") });
  fake.answer();
  await flushed;
  assert.equal(saver.status, "saved");
  assert.equal(saver.unsaved(), null);
  assert.equal(time.pending, 0);
  await saver.flush();
  assert.equal(fake.calls.length, 2, "nothing to send: nothing sent");
});

test("409 map_changed: the student's nodes are kept, edits made meanwhile wait, then all goes out at the server's revision", async () => {
  const time = clock();
  const fake = server(2);
  const conflicts = [];
  const states = [];
  const saver = mapSaver({ revision: 2, send: fake.send, onConflict: (error) => conflicts.push(error), onStatus: (s) => states.push(s), ...time });
  saver.changed(tree("mine"));
  time.advance(SAVE_DELAY_MS);
  saver.changed(tree("more"));
  fake.calls[0].reject(new ApiError(409, MAP_CHANGED, "saved meanwhile", { revision: "3" }));
  await tick();
  assert.equal(conflicts.length, 1);
  assert.equal(saver.revision, 3, "the 409's revision is kept");
  assert.notEqual(saver.status, "saved", "never \"saved\" while the student's edits are not");
  assert.deepEqual(saver.unsaved(), tree("more"), "nothing thrown away");
  assert.equal(saver.sending, true);
  // While the page reads the other version: edits wait, nothing goes out by itself.
  saver.changed(tree("after"));
  time.advance(SAVE_DELAY_MS * 3);
  assert.equal(fake.calls.length, 1);
  const flushed = saver.flush();
  await tick();
  assert.equal(fake.calls.length, 1, "a flush waits for the conflict to be settled");
  const resolved = saver.resolve(4);
  await tick();
  assert.equal(fake.calls.length, 2);
  assert.deepEqual(fake.calls[1].body, { revision: 4, nodes: tree("after") });
  fake.calls[1].resolve({ revision: 5, nodes: tree("after") });
  await resolved;
  await flushed;
  assert.equal(saver.status, "saved");
  assert.equal(saver.revision, 5);
  assert.equal(states.includes("saved"), true);
  assert.equal(states.indexOf("saved"), states.length - 1, "\"saved\" only at the end");
  assert.equal(MAP_CHANGED, "map_changed");
});

test("409 map_changed with the other version unreadable: an error kept for a retry, never \"saved\"", async () => {
  const time = clock();
  const fake = server(2);
  const saver = mapSaver({ revision: 2, send: fake.send, onConflict: () => {}, ...time });
  saver.changed(tree("mine"));
  time.advance(SAVE_DELAY_MS);
  fake.calls[0].reject(new ApiError(409, MAP_CHANGED, "saved meanwhile", {}));
  await tick();
  saver.fail(new TypeError("offline"));
  assert.equal(saver.status, "error");
  assert.deepEqual(saver.unsaved(), tree("mine"));
  const retried = saver.retry();
  await tick();
  assert.equal(fake.calls.length, 2);
  fake.answer(1);
  await retried;
  assert.equal(saver.status, "saved");
});

test("a keepalive flush passes keepalive on to send; stop ends a conflict", async () => {
  const time = clock();
  const fake = server(1);
  const saver = mapSaver({ revision: 1, send: fake.send, ...time });
  saver.changed(tree("x"));
  const flushed = saver.flush({ keepalive: true });
  assert.deepEqual(fake.calls[0].body, { revision: 1, nodes: tree("x"), keepalive: true }, "sent at once (the page is going away)");
  fake.calls[0].reject(new ApiError(409, MAP_CHANGED, "saved meanwhile", { revision: "2" }));
  await tick();
  saver.stop();
  await flushed;
  assert.equal(fake.calls.length, 1);
  assert.equal(saver.unsaved(), null);
});

test("another refusal or no network: said, kept, sent again with the next edit or a retry", async () => {
  const time = clock();
  const fake = server(1);
  const seen = [];
  const saver = mapSaver({ revision: 1, send: fake.send, onStatus: (status, error) => seen.push([status, error?.code ?? null]), ...time });
  saver.changed(tree("a"));
  time.advance(SAVE_DELAY_MS);
  fake.calls[0].reject(new TypeError("Failed to fetch"));
  await tick();
  assert.equal(saver.status, "error");
  assert.deepEqual(saver.unsaved(), tree("a"), "kept for the keepalive request or a retry");
  time.advance(SAVE_DELAY_MS * 5);
  assert.equal(fake.calls.length, 1, "not sent again by itself");
  const retried = saver.retry();
  await tick();
  assert.deepEqual(fake.calls[1].body, { revision: 1, nodes: tree("a") });
  fake.answer();
  await retried;
  assert.equal(saver.status, "saved");
  saver.changed(tree("b"));
  time.advance(SAVE_DELAY_MS);
  fake.calls[2].reject(new ApiError(422, "invalid_field", "bad", { field: "nodes" }));
  await tick();
  assert.deepEqual(seen.at(-1), ["error", "invalid_field"]);
  saver.changed(tree("c"));
  time.advance(SAVE_DELAY_MS);
  assert.deepEqual(fake.calls[3].body.nodes, tree("c"), "the next edit sends the newest tree");
});

test("a stopped saver sends nothing", async () => {
  const time = clock();
  const fake = server(1);
  const saver = mapSaver({ revision: 1, send: fake.send, ...time });
  saver.changed(tree("a"));
  saver.stop();
  time.advance(SAVE_DELAY_MS * 2);
  await saver.flush();
  assert.equal(fake.calls.length, 0);
  assert.equal(saver.busy, false);
});

// ---- Requests

test("a save's body: the revision and the whole tree in the contract's shape; the title only when given", () => {
  const nodes = [{ id: "r", parentId: null, label: "R", colour: null, extra: 1 }, { id: "a", parentId: "r", label: "A" }];
  assert.deepEqual(saveBody({ revision: 3, nodes }), {
    revision: 3, nodes: [{ id: "r", parentId: null, label: "R", colour: null }, { id: "a", parentId: "r", label: "A", colour: null }],
  });
  assert.equal(saveBody({ revision: 3, nodes, title: "Nuovo" }).title, "Nuovo");
  assert.equal(mapsQuery(), "");
  assert.equal(mapsQuery({ materialId: "m 1" }), "?materialId=m%201");
});

// ---- Files

test("the files' addresses and names", () => {
  assert.equal(exportUrl("m 1", "svg"), "/api/mirrorbuddy/maps/m%201/export?format=svg");
  // As the server names them (MirrorBuddyMaps.fileName): folded, lower case, ASCII letters, digits and dashes.
  assert.equal(fileBase("La Rivoluzione francese: cause & effetti!"), "la-rivoluzione-francese-cause-effetti");
  assert.equal(fileBase("Perché è così?"), "perche-e-cosi");
  assert.equal(fileBase("Perche\u0301 ÀÉÎÕÜ ç"), "perche-aeiou-c");
  assert.equal(fileBase("  --Età  2--  "), "eta-2");
  assert.equal(fileBase("🌍🌍"), "mappa");
  assert.equal(fileBase(""), "mappa");
  assert.equal(fileBase("x".repeat(100)).length, 60);
  assert.equal(fileBase(`${"a".repeat(59)} b`), `${"a".repeat(59)}-`, "cut at 60 after the dashes, as the server's prefix(60)");
  assert.deepEqual(["markdown", "opml", "svg", "png"].map((format) => fileName("Fotosintesi", format)),
    ["fotosintesi.md", "fotosintesi.opml", "fotosintesi.svg", "fotosintesi.png"]);
});

test("the PNG is named as the SVG the server sent", () => {
  assert.equal(dispositionName('attachment; filename="Fotosintesi.svg"'), "Fotosintesi.svg");
  assert.equal(dispositionName("attachment; filename=Mappa.svg"), "Mappa.svg");
  assert.equal(dispositionName("attachment; filename=\"x.svg\"; filename*=UTF-8''Perch%C3%A9.svg"), "Perché.svg");
  assert.equal(dispositionName("attachment"), null);
  assert.equal(dispositionName(null), null);
  assert.equal(pngName("Fotosintesi.svg", "ignored"), "Fotosintesi.png");
  assert.equal(pngName(null, "La cellula"), "la-cellula.png");
});

test("the SVG's size from width and height, else its viewBox", () => {
  assert.deepEqual(svgSize('<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480" viewBox="0 0 640 480">'), { width: 640, height: 480 });
  assert.deepEqual(svgSize("<?xml version=\"1.0\"?>\n<svg width='320px' height='200px'></svg>"), { width: 320, height: 200 });
  assert.deepEqual(svgSize('<svg viewBox="0 0 900 300" width="100%">'), { width: 900, height: 300 });
  assert.equal(svgSize("<svg>"), null);
  assert.equal(svgSize("not a picture"), null);
});

test("the PNG is drawn at twice the size, smaller when a canvas could not take it", () => {
  assert.deepEqual(pngCanvas(640, 480), { width: 1280, height: 960, scale: 2 });
  const wide = pngCanvas(6000, 400);
  assert.ok(wide.width <= 8192 && wide.scale < 2);
  assert.equal(wide.height, Math.floor(400 * wide.scale));
  const big = pngCanvas(5000, 5000);
  assert.ok(big.width * big.height <= 32_000_000);
  assert.deepEqual(pngCanvas(10, 10, { scale: 3 }), { width: 30, height: 30, scale: 3 });
});
