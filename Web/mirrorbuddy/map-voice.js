// The mind map by voice, pure (node-tested): what "espandi <idea>", "comprimi", "torna su" and
// "leggi nodo" ask of the map shown, and the tree after it. A node said by label is found by the
// server (its `nodeId`); said alone, the command is for the node in focus. The tree changes as the
// map's own keys change it (map-keys.js), so the voice and the keyboard never disagree.
import { afterKey } from "./map-keys.js";
import { hasChildren, parentOf, revealPath } from "./map-tree.js";

const CALLS = { expandNode: "expand", collapseNode: "collapse", parentNode: "parent", readNode: "read" };

/** The map commands of the contract (heard on the map screen only). */
export const MAP_COMMANDS = Object.freeze(Object.keys(CALLS));

/** Every catalogue line mapAction may say. */
export const MAP_ACTION_KEYS = ["voice.notUnderstood", "voice.mapTop", "voice.mapNothingBelow", "voice.readingOff"];

const say = (key) => ({ kind: "say", key });

/**
 * What map command `command` does where the student is: `here` as voice-rules.js's actionFor reads
 * it, with `map` {tree, selected} when a map is shown. → {kind: "map", call: "expand" | "collapse" |
 * "parent" | "read", nodeId (null: the node in focus)}, or a line to say: not on a map, a node the
 * map no longer has, the root has no parent, a leaf has nothing to open or close, read-aloud off.
 */
export function mapAction(command, nodeId, here) {
  const call = CALLS[command];
  const map = here?.route?.name === "map" ? here.map : null;
  if (!call || !map?.tree) return say("voice.notUnderstood");
  const id = nodeId ?? map.selected;
  if (!map.tree.byId.has(id)) return say("voice.notUnderstood");
  if (call === "parent" && parentOf(map.tree, id) === null) return say("voice.mapTop");
  if ((call === "expand" || call === "collapse") && !hasChildren(map.tree, id)) return say("voice.mapNothingBelow");
  if (call === "read" && !here.tts) return say("voice.readingOff");
  return { kind: "map", call, nodeId: nodeId ?? null };
}

/**
 * The tree after map action `action` ({call, nodeId}): `view` {selected, expanded: Set} →
 * {selected, expanded, revealed: null}, as afterKey answers. The node said (or in focus) becomes
 * the chosen one; said by label inside a closed branch, its branch opens so it shows. "expand"
 * and "collapse" open or close it as Enter does (already so, it stays); "parent" chooses its
 * parent (the root stays). Sets are new when changed.
 */
export function afterVoice(tree, view, { call, nodeId = null }) {
  const known = (id) => id !== null && id !== undefined && tree.byId.has(id);
  const target = known(nodeId) ? nodeId : known(view.selected) ? view.selected : tree.rootId;
  if (call === "parent") return { selected: parentOf(tree, target) ?? target, expanded: view.expanded, revealed: null };
  const withPath = revealPath(tree, view.expanded, target);
  const expanded = withPath.size === view.expanded.size ? view.expanded : withPath;
  const open = expanded.has(target);
  const wanted = { expand: true, collapse: false }[call] ?? open;
  if (wanted === open || !hasChildren(tree, target)) return { selected: target, expanded, revealed: null };
  return afterKey(tree, { selected: target, expanded }, { key: "Enter" });
}

/** The help's commands with the map's own first (the help reads only the first few aloud), the rest in the server's order. */
export const screenFirst = (list) => [...list.filter((c) => MAP_COMMANDS.includes(c.command)), ...list.filter((c) => !MAP_COMMANDS.includes(c.command))];
