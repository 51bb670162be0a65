// The mind map by voice (issue 25, part 1), the pure part: the map screen is a voice screen whose
// requests name the map (routes.js, data.js), what "espandi", "comprimi", "torna su" and "leggi
// nodo" ask there and nowhere else (voice-rules.js, map-voice.js), the tree after each, and their
// lines in both catalogues.
import { test } from "node:test";
import assert from "node:assert/strict";
import { rememberCsrf } from "../../Web/shared/api.js";
import { has, setLanguage, t } from "../../Web/mirrorbuddy/i18n.js";
import { afterKey } from "../../Web/mirrorbuddy/map-keys.js";
import { buildTree, startExpanded, visibleIds } from "../../Web/mirrorbuddy/map-tree.js";
import { MAP_ACTION_KEYS, MAP_COMMANDS, afterVoice, mapAction } from "../../Web/mirrorbuddy/map-voice.js";
import { routeFor, voiceQuery, voiceScreen } from "../../Web/mirrorbuddy/routes.js";
import { ACTION_KEYS, COMMANDS, actionFor } from "../../Web/mirrorbuddy/voice-rules.js";
import { NODES } from "./support/mirrorbuddy-map-fixture.mjs";

const TREE = buildTree(NODES);
const TEXT_SIZE = { key: "textSize", min: 0.8, max: 2.0, step: 0.1 };
const HOME = { route: { name: "home" }, canGoBack: true, panelOpen: false, reader: "idle", timer: { mode: null, running: false },
  hasText: false, tts: true, textSize: 1, textSpec: TEXT_SIZE, map: null };
/** On #map/mp1 with node `selected` in focus. */
const onMap = (selected = "r", extra = {}) => ({ ...HOME, route: { name: "map", id: "mp1" }, map: { tree: TREE, selected }, ...extra });
const heard = (command, nodeId = null) => ({ heard: "…", command, subjectId: null, materialId: null, day: null, nodeId, language: "it" });

// ---- The screen and its requests

test("the map screen (#map/<id>) is a voice screen of its own; the maps list is not", () => {
  assert.equal(voiceScreen("map"), "map");
  assert.equal(voiceScreen("maps"), "progress");
  assert.equal(voiceScreen(routeFor("#map/mp_1").name), "map");
});

test("on a map the voice query names the map; elsewhere only the screen", () => {
  assert.equal(voiceQuery(routeFor("#map/mp_1-x")), "screen=map&mapId=mp_1-x");
  assert.equal(voiceQuery(routeFor("#maps")), "screen=progress");
  assert.equal(voiceQuery(routeFor("#map/mp_1-x"), { labels: false }), "screen=map", "the self-test hides the labels from the grammar too");
  assert.equal(voiceQuery(routeFor("#material/m1")), "screen=material", "only a map's id is sent");
  assert.equal(voiceQuery({ name: "map" }), "screen=map", "a map route without its id");
  assert.equal(voiceQuery(undefined), "screen=progress");
});

test("the recording and the help's list are asked for with the map's id (data.js over a fake fetch)", async () => {
  const { recogniseCommand, voiceCommands } = await import("../../Web/mirrorbuddy/data.js");
  const asked = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (url, init = {}) => {
    asked.push({ url: String(url), method: init.method ?? "GET" });
    return new Response(JSON.stringify({ heard: "torna su", command: "parentNode", nodeId: null, language: "it", commands: [] }),
      { status: 200, headers: { "Content-Type": "application/json" } });
  };
  rememberCsrf("token");
  try {
    await recogniseCommand(new Blob(["RIFF"], { type: "audio/wav" }), { name: "map", id: "mp_7" });
    await voiceCommands({ name: "map", id: "mp_7" });
    await voiceCommands({ name: "maps" });
  } finally {
    globalThis.fetch = realFetch;
  }
  const [post, help, list] = asked;
  assert.equal(post.method, "POST");
  assert.match(post.url, /^\/api\/mirrorbuddy\/voice\?screen=map&mapId=mp_7&tz=/);
  assert.equal(help.url, "/api/mirrorbuddy/voice/commands?screen=map&mapId=mp_7");
  assert.equal(list.url, "/api/mirrorbuddy/voice/commands?screen=progress");
});

// ---- What each command asks

test("the four map commands, said alone, are for the node in focus", () => {
  assert.deepEqual(actionFor(heard("expandNode"), onMap("a")), { kind: "map", call: "expand", nodeId: null });
  assert.deepEqual(actionFor(heard("collapseNode"), onMap("a")), { kind: "map", call: "collapse", nodeId: null });
  assert.deepEqual(actionFor(heard("parentNode"), onMap("a1")), { kind: "map", call: "parent", nodeId: null });
  assert.deepEqual(actionFor(heard("readNode"), onMap("a1")), { kind: "map", call: "read", nodeId: null });
});

test("said with a label, they are for the node the server found", () => {
  assert.deepEqual(actionFor(heard("expandNode", "c"), onMap("r")), { kind: "map", call: "expand", nodeId: "c" });
  assert.deepEqual(actionFor(heard("collapseNode", "r"), onMap("b1")), { kind: "map", call: "collapse", nodeId: "r" });
  assert.deepEqual(actionFor(heard("readNode", "c2"), onMap("r")), { kind: "map", call: "read", nodeId: "c2" });
});

test("at the top, on a leaf, with read-aloud off, or for a node the map no longer has: a line instead", () => {
  assert.deepEqual(actionFor(heard("parentNode"), onMap("r")), { kind: "say", key: "voice.mapTop" });
  assert.deepEqual(actionFor(heard("expandNode"), onMap("b1")), { kind: "say", key: "voice.mapNothingBelow" });
  assert.deepEqual(actionFor(heard("collapseNode", "c3"), onMap("r")), { kind: "say", key: "voice.mapNothingBelow" });
  assert.deepEqual(actionFor(heard("readNode"), onMap("a", { tts: false })), { kind: "say", key: "voice.readingOff" });
  assert.deepEqual(actionFor(heard("expandNode", "deleted"), onMap("r")), { kind: "say", key: "voice.notUnderstood" });
});

test("on any other screen, or before the map has loaded, they are not understood", () => {
  for (const command of MAP_COMMANDS) {
    for (const name of ["home", "material", "maps", "progress", "quiz"]) {
      assert.deepEqual(actionFor(heard(command, "a"), { ...HOME, route: { name, id: "x" }, map: { tree: TREE, selected: "a" } }),
        { kind: "say", key: "voice.notUnderstood" }, `${command} on ${name}`);
    }
    assert.deepEqual(actionFor(heard(command), onMap("r", { map: null })), { kind: "say", key: "voice.notUnderstood" }, `${command} loading`);
  }
});

test("the global commands still work on the map screen", () => {
  assert.deepEqual(actionFor(heard("home"), onMap()), { kind: "go", hash: "#home", leaves: true });
  assert.deepEqual(actionFor(heard("back"), onMap()), { kind: "back", leaves: true });
  assert.deepEqual(actionFor(heard("help"), onMap()), { kind: "help" });
  assert.deepEqual(mapAction("dance", null, onMap()), { kind: "say", key: "voice.notUnderstood" });
});

// ---- The tree after each

const START = { selected: "r", expanded: startExpanded(TREE) };
const shown = (after) => visibleIds(TREE, after.expanded);

test("'espandi' opens the node in focus as Enter does; already open, it stays so", () => {
  const view = { selected: "a", expanded: START.expanded };
  const after = afterVoice(TREE, view, { call: "expand", nodeId: null });
  assert.deepEqual(after, afterKey(TREE, view, { key: "Enter" }), "the same as the keyboard's");
  assert.equal(after.selected, "a");
  assert.ok(shown(after).includes("a1") && shown(after).includes("a2"));
  const again = afterVoice(TREE, after, { call: "expand" });
  assert.equal(again.expanded, after.expanded, "nothing changed: the same set");
});

test("'espandi <label>' inside a closed branch opens the way to it, then it; it becomes the chosen node", () => {
  const closed = { selected: "b", expanded: new Set() };
  const after = afterVoice(TREE, closed, { call: "expand", nodeId: "c" });
  assert.equal(after.selected, "c");
  assert.deepEqual([...after.expanded].sort(), ["c", "r"]);
  assert.deepEqual(shown(after), ["r", "a", "b", "c", "c1", "c2", "c3"]);
  assert.equal(closed.expanded.size, 0, "the view's set is not changed in place");
});

test("'comprimi' closes the node (the root too: its children hide); already closed, it stays so", () => {
  const open = { selected: "a1", expanded: new Set(["r", "a"]) };
  const root = afterVoice(TREE, open, { call: "collapse", nodeId: "r" });
  assert.equal(root.selected, "r");
  assert.deepEqual(shown(root), ["r"], "the root's children are hidden");
  const branch = afterVoice(TREE, { selected: "a", expanded: new Set(["r", "a"]) }, { call: "collapse" });
  assert.deepEqual([branch.selected, shown(branch)], ["a", ["r", "a", "b", "c"]]);
  const closed = afterVoice(TREE, START, { call: "collapse", nodeId: "b" });
  assert.deepEqual([closed.selected, closed.expanded], ["b", START.expanded]);
});

test("'torna su' chooses the parent, leaving what is open as it is; at the root it stays", () => {
  const deep = { selected: "a2", expanded: new Set(["r", "a"]) };
  assert.deepEqual(afterVoice(TREE, deep, { call: "parent" }), { selected: "a", expanded: deep.expanded, revealed: null });
  assert.deepEqual(afterVoice(TREE, { selected: "a", expanded: deep.expanded }, { call: "parent" }).selected, "r");
  assert.equal(afterVoice(TREE, START, { call: "parent" }).selected, "r");
});

test("'leggi <label>' chooses the node (shown, its branch opened) to be read; a node no longer there is the one in focus", () => {
  const after = afterVoice(TREE, START, { call: "read", nodeId: "c2" });
  assert.equal(after.selected, "c2");
  assert.ok(shown(after).includes("c2"));
  assert.equal(afterVoice(TREE, START, { call: "read" }).expanded, START.expanded, "the root, already shown: nothing opens");
  assert.equal(afterVoice(TREE, { selected: "b", expanded: START.expanded }, { call: "expand", nodeId: "gone" }).selected, "b");
});

// ---- The catalogues

test("the map commands are the contract's, their lines and help names in both catalogues", () => {
  for (const command of MAP_COMMANDS) assert.ok(COMMANDS.includes(command), command);
  for (const key of MAP_ACTION_KEYS) assert.ok(ACTION_KEYS.includes(key), key);
  const keys = [...MAP_ACTION_KEYS, ...MAP_COMMANDS.map((id) => `voice.command.${id}`)];
  for (const key of keys) for (const lang of ["it", "en"]) assert.ok(has(key, lang), `${lang} ${key}`);
  setLanguage("it");
  assert.match(t("voice.mapTop"), /già in cima/);
  setLanguage("en");
  assert.match(t("voice.mapTop"), /at the top/);
  setLanguage("it");
});

test("on a map the help lists and says the map's own commands first", async () => {
  const { screenFirst } = await import("../../Web/mirrorbuddy/map-voice.js");
  const order = screenFirst([{ command: "back" }, { command: "home" }, { command: "parentNode" }, { command: "expandNode" }]).map((c) => c.command);
  assert.deepEqual(order, ["parentNode", "expandNode", "back", "home"]);
});
