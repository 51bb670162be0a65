// Coloring Fun's autosave (Web/coloring/autosave.js) against a stand-in server with the real one's
// rules (ColoringController): a drawing has a revision, a PATCH keeps the first `keep` actions and
// adds the rest only if `If-Match` names the current revision (else 412), and the page keeps its
// work as a new picture when its copy was changed or deleted elsewhere.
import { afterEach, beforeEach, mock, test } from "node:test";
import assert from "node:assert/strict";
import { Autosave } from "../../Web/coloring/autosave.js";
import { memoryStorage } from "./support/memory-storage.mjs";

const json = (status, value) => new Response(JSON.stringify(value), { status, headers: { "Content-Type": "application/json" } });
const refuse = (status, code) => json(status, { error: { code, message: code } });

/** Drawings by id ({revision, document}); every request seen; `intercept(request, apply)` may answer first. */
function standInServer() {
  const server = { drawings: new Map(), requests: [], intercept: null, made: 0 };
  const route = ({ path, method, headers, body }) => {
    if (path === "/api/session") return json(200, { csrfToken: "token" });
    if (path === "/api/coloring/drawings" && method === "POST") {
      const id = `d${++server.made}`;
      server.drawings.set(id, { revision: 1, document: body });
      return json(201, { id, revision: 1 });
    }
    const id = decodeURIComponent(path.split("/")[4] ?? "");
    const drawing = server.drawings.get(id);
    if (!drawing) return refuse(404, "not_found");
    if (method === "PUT") {
      Object.assign(drawing, { revision: drawing.revision + 1, document: body });
    } else if (method === "PATCH") {
      if (headers["If-Match"] !== `"${drawing.revision}"`) return refuse(412, "drawing_changed");
      const actions = [...drawing.document.actions.slice(0, body.keep), ...body.actions];
      Object.assign(drawing, { revision: drawing.revision + 1, document: { ...drawing.document, actions, undone: body.undone } });
    }
    return json(200, { id, revision: drawing.revision });
  };
  globalThis.fetch = async (path, init = {}) => {
    const request = { path, method: init.method ?? "GET", headers: init.headers ?? {}, body: init.body ? JSON.parse(init.body) : undefined };
    server.requests.push(request);
    return (await server.intercept?.(request, () => route(request))) ?? route(request);
  };
  server.saves = () => server.requests.filter((r) => r.path.startsWith("/api/coloring/"));
  return server;
}

/** A drawing with `count` strokes (or the actions given). */
const drawing = (count, { undone = [] } = {}) => ({
  version: 1, width: 1024, height: 768, page: null, undone,
  actions: Array.from({ length: count }, (_, i) => ({ type: "stroke", brush: "crayon", color: "#ed0a3f", size: 12, points: [i, i, i + 10, i], seed: i })),
});
const withAction = (document, action) => ({ ...document, actions: [...document.actions, action] });
const offline = () => { throw new TypeError("fetch failed"); };

let server, listeners, saved, states;
const draft = () => JSON.parse(localStorage.getItem("coloring-draft-mia"));
function autosave(options = {}) {
  return new Autosave("mia", { onSaved: (info) => saved.push(info), onState: (state) => states.push(state), ...options });
}

beforeEach(() => {
  mock.timers.enable({ apis: ["setTimeout", "setInterval"] });
  globalThis.localStorage = memoryStorage();
  listeners = new Map();
  globalThis.addEventListener = (type, listener) => listeners.set(type, listener);
  server = standInServer();
  saved = [];
  states = [];
});
afterEach(() => { mock.timers.reset(); delete globalThis.addEventListener; });

/** Lets the 1.5 s delay pass and waits for the send it starts. */
async function afterDelay(save) {
  mock.timers.tick(1500);
  await save.saving;
}

test("a change is kept on the device at once and sent 1.5 s later as a new picture", async () => {
  const save = autosave();
  save.changed(null, null, drawing(1));
  assert.deepEqual({ ...draft(), document: undefined }, { id: null, revision: null, document: undefined, dirty: true, keep: 0 });
  assert.deepEqual(states, ["pending"]);
  mock.timers.tick(1499);
  assert.equal(server.saves().length, 0);
  await afterDelay(save);
  const [post] = server.saves();
  assert.deepEqual([post.method, post.path, post.body], ["POST", "/api/coloring/drawings", drawing(1)]);
  assert.deepEqual(saved, [{ id: "d1", revision: 1, copied: false }]);
  assert.deepEqual({ ...draft(), document: undefined }, { id: "d1", revision: 1, document: undefined, dirty: false, keep: 1 });
  assert.deepEqual(states, ["pending", "saved"]);
});

test("later changes send only the new actions, with If-Match naming the revision", async () => {
  server.drawings.set("d7", { revision: 4, document: drawing(2) });
  const save = autosave();
  save.opened("d7", 4, drawing(2));
  await save.flush();
  assert.equal(server.saves().length, 0, "an opened picture is already saved");
  save.changed("d7", 4, drawing(3));
  await afterDelay(save);
  const [patch] = server.saves();
  assert.equal(patch.method, "PATCH");
  assert.equal(patch.path, "/api/coloring/drawings/d7");
  assert.equal(patch.headers["If-Match"], '"4"');
  assert.deepEqual(patch.body, { keep: 2, actions: drawing(3).actions.slice(2), undone: [] });
  assert.deepEqual(server.drawings.get("d7"), { revision: 5, document: drawing(3) });
  assert.deepEqual(saved, [{ id: "d7", revision: 5, copied: false }]);
  assert.equal(draft().keep, 3);
  assert.ok(save.bytesSent < JSON.stringify(drawing(3)).length, "less than the whole picture");
});

test("after undo the server's copy agrees only up to the undone action", async () => {
  server.drawings.set("d7", { revision: 1, document: drawing(3) });
  const save = autosave();
  save.opened("d7", 1, drawing(3));
  save.truncated(2);      // undo
  save.truncated(1);      // undo again
  const redrawn = withAction({ ...drawing(1), undone: drawing(3).actions.slice(1).reverse() }, { type: "background", color: "#fbe870" });
  save.changed("d7", 1, redrawn);
  await afterDelay(save);
  const [patch] = server.saves();
  assert.equal(patch.body.keep, 1);
  assert.deepEqual(patch.body.actions, [{ type: "background", color: "#fbe870" }]);
  assert.deepEqual(server.drawings.get("d7").document, redrawn);
});

test("changed on another device (412): the work is kept as a new picture, the other left alone", async () => {
  server.drawings.set("d7", { revision: 3, document: drawing(5) });
  const save = autosave();
  save.opened("d7", 2, drawing(2));
  save.changed("d7", 2, drawing(3));
  await afterDelay(save);
  assert.deepEqual(server.saves().map((r) => [r.method, r.path]), [["PATCH", "/api/coloring/drawings/d7"], ["POST", "/api/coloring/drawings"]]);
  assert.deepEqual(server.drawings.get("d7"), { revision: 3, document: drawing(5) });
  assert.deepEqual(server.drawings.get("d1").document, drawing(3), "the copy is the whole picture");
  assert.deepEqual(saved, [{ id: "d1", revision: 1, copied: true }]);
  assert.deepEqual([draft().id, draft().dirty, states.at(-1)], ["d1", false, "saved"]);
});

test("deleted on another device (404): the work is kept as a new picture too", async () => {
  const save = autosave();
  save.opened("gone", 1, drawing(1));
  save.changed("gone", 1, drawing(2));
  await afterDelay(save);
  assert.deepEqual(saved, [{ id: "d1", revision: 1, copied: true }]);
  assert.deepEqual(server.drawings.get("d1").document, drawing(2));
});

test("an old draft with an id and no revision is sent whole (PUT)", async () => {
  server.drawings.set("d7", { revision: 1, document: drawing(1) });
  const save = autosave();
  save.changed("d7", null, drawing(2));
  await afterDelay(save);
  const [put] = server.saves();
  assert.deepEqual([put.method, put.body], ["PUT", drawing(2)]);
  assert.deepEqual(saved, [{ id: "d7", revision: 2, copied: false }]);
});

test("no network: the draft waits, and goes when the network is back or on the 10-second retry", async () => {
  server.intercept = offline;
  const save = autosave();
  save.changed(null, null, drawing(1));
  await afterDelay(save);
  assert.deepEqual(states, ["pending", "offline"]);
  assert.equal(draft().dirty, true);

  server.intercept = null;
  listeners.get("online")();
  await save.saving;
  assert.deepEqual(saved, [{ id: "d1", revision: 1, copied: false }]);

  save.changed("d1", 1, drawing(2));
  server.intercept = offline;
  await afterDelay(save);
  server.intercept = null;
  mock.timers.tick(10_000);
  await save.saving;
  assert.deepEqual(server.drawings.get("d1").document, drawing(2));
  assert.equal(draft().dirty, false);
});

test("storage full: the draft waits on the device, says so, and goes on the 10-second retry once there is room", async () => {
  let full = true;
  server.intercept = () => (full ? refuse(507, "storage_quota_full") : undefined);
  const save = autosave();
  save.changed(null, null, drawing(1));
  await afterDelay(save);
  assert.deepEqual(states, ["pending", "full"]);
  assert.equal(draft().dirty, true);
  full = false;
  mock.timers.tick(10_000);
  await save.saving;
  assert.deepEqual(saved, [{ id: "d1", revision: 1, copied: false }]);
  assert.equal(draft().dirty, false);
});

test("a change made while a save is on its way is sent right after it", async () => {
  let answer;
  server.intercept = (request, apply) => (request.method === "POST" ? new Promise((resolve) => { answer = () => resolve(apply()); }) : undefined);
  const save = autosave();
  save.changed(null, null, drawing(1));
  mock.timers.tick(1500);
  while (!answer) await new Promise((resolve) => setImmediate(resolve));
  save.changed(null, null, drawing(2));   // the page has no id yet: the POST has not answered
  answer();
  await save.saving;
  assert.deepEqual({ ...draft(), document: undefined }, { id: "d1", revision: 1, document: undefined, dirty: true, keep: 1 });
  assert.equal(states.at(-1), "pending");
  await afterDelay(save);
  const patch = server.saves().at(-1);
  assert.deepEqual([patch.method, patch.body.keep, patch.body.actions.length], ["PATCH", 1, 1]);
  assert.deepEqual(server.drawings.get("d1").document, drawing(2));
  assert.equal(server.drawings.size, 1, "one picture, not two");
});

test("a grown-up turned saving off: autosave stops asking", async () => {
  server.intercept = (request) => (request.path.startsWith("/api/coloring/") ? refuse(403, "saving_off") : undefined);
  const save = autosave();
  save.changed(null, null, drawing(1));
  await afterDelay(save);
  assert.deepEqual(states, ["pending", "off"]);
  save.changed(null, null, drawing(2));
  await afterDelay(save);
  assert.equal(server.saves().length, 1);
  assert.equal(states.at(-1), "off");
  assert.deepEqual(draft().document, drawing(2), "still kept on the device");
});

test("a draft the device can't read is no draft", () => {
  localStorage.setItem("coloring-draft-mia", "{not json");
  assert.equal(autosave().draft(), null);
});

test("full storage: drawing goes on and the change still reaches the server", async () => {
  const save = autosave();
  save.changed(null, null, drawing(1));
  await afterDelay(save);
  localStorage.setItem = () => { throw new DOMException("full", "QuotaExceededError"); };
  assert.doesNotThrow(() => save.changed("d1", 1, drawing(2)));
  await afterDelay(save);
  assert.deepEqual(server.drawings.get("d1").document, drawing(2));
});
