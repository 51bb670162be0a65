// #map/<id>: what the mind map screen does (map-screen.js draws it). The map is loaded into
// state.map with only the root open (its branches show, their details wait, as in the original);
// the tree's keys, taps and voice commands (map-voice.js) move the selection and open or close
// nodes; the toolbar opens or closes everything, reads the chosen node aloud with its path, hides
// every label below the root for a self-test, and turns editing on. Each edit changes the local
// tree at once and is saved whole about a second later (map-saver.js), on leaving the screen and
// when the page is hidden; another device's save in between (409 map_changed) reads the other
// version, keeps the student's tree and saves it on top (last writer wins), with the other
// version one Undo away.
import { confirmBox } from "./celebrate.js";
import { t } from "./i18n.js";
import { getMap, saveMap, saveMapOnLeave } from "./map-data.js";
import { MapEditError, addChild, addSibling, cleanLabel, moveAmongSiblings, moveUnder, removeNode, rename, setColour } from "./map-edit.js";
import { afterKey, tapAction } from "./map-keys.js";
import { mapSaver } from "./map-saver.js";
import {
  buildTree, descendantsOf, expandableIds, keepExpanded, pathTo, pathWords, revealPath, startExpanded, visibleIds,
} from "./map-tree.js";
import { nodeDomId, showNode } from "./map-view.js";
import { render, state, tell } from "./state.js";
import { speakText } from "./voice.js";

const UNDO_STEPS = 30;
let saver = null;                  // the shown map's saver
let leaving = Promise.resolve();   // the save of a map just left, still on its way
let lastTap = null;

const onMap = (id) => state.route.name === "map" && state.route.id === id;
const page = () => state.map;

/** The labels the self-test hides now: every node below the root not revealed yet. */
export function hiddenIds(map = page()) {
  if (!map?.selfTest) return new Set();
  return new Set(map.tree.order.filter((id) => id !== map.tree.rootId && !map.revealed.has(id)));
}

function useMap(map, previous) {
  const tree = buildTree(map.nodes);
  const mine = {
    id: map.id, loading: false, error: null, map, nodes: map.nodes, tree,
    expanded: previous ? keepExpanded(tree, previous.expanded) : startExpanded(tree),
    selected: previous && tree.byId.has(previous.selected) ? previous.selected : tree.rootId,
    selfTest: false, revealed: new Set(), editing: previous?.editing ?? false, draft: null, moveTo: "", problem: "", undo: [],
    save: "saved", saveError: null, shownBefore: null, png: false,
  };
  keepSelectionShown(mine);
  state.map = mine;
  saver?.stop();
  let own = null;
  own = saver = mapSaver({
    revision: map.revision,
    send: ({ revision, nodes, keepalive }) => (keepalive ? saveMapOnLeave : saveMap)(map.id, { revision, nodes }),
    onStatus: (status, error) => {
      if (state.map !== mine) return;
      mine.save = status;
      mine.saveError = error ?? null;
      showSaveState(mine);
    },
    onSaved: (saved) => { mine.map = { ...mine.map, revision: saved.revision, updatedAt: saved.updatedAt }; },
    onConflict: (error) => keepMineOnTop(mine, own, error),
  });
}

/**
 * Another device saved first (409): the student's tree stays, the other version is read, put on
 * the Undo stack, and the student's saved on top of it at its revision. Edits made meanwhile wait
 * in the saver and go with it. When the other version cannot be read, the save waits for a retry.
 */
async function keepMineOnTop(mine, own, error) {
  let theirs;
  try {
    theirs = await getMap(mine.id);
  } catch (failure) {
    own.fail(failure);
    return;
  }
  if (state.map === mine) {
    mine.undo = [...mine.undo.slice(-(UNDO_STEPS - 1)), { nodes: theirs.nodes, selected: mine.selected }];
    const { nodes: _nodes, ...about } = theirs;
    mine.map = { ...mine.map, ...about };
    tell(t("map.keptMine"), "info");
    render();
  }
  own.resolve(theirs.revision ?? error?.details?.revision);
}

/** The words of the save's line for `status` (the error line is drawn by map-screen.js). */
export function saveWords(status) {
  return status === "waiting" || status === "saving" ? t("map.saving") : t("map.saved");
}

/** The save's state written into its line in place (a whole redraw would replace a field being typed in). */
function showSaveState(mine) {
  if (state.map !== mine) return;
  const line = typeof document === "undefined" ? null : document.getElementById("map-save-state");
  // The error line has a button (and the other lines none): that change is drawn whole.
  if (!line || mine.save === "error" || line.dataset.state === "error") { render(); return; }
  line.dataset.state = mine.save;
  line.className = `mb-map-save mb-map-save-${mine.save}`;
  line.textContent = saveWords(mine.save);
}

/** Loads map `id` (again, keeping what is open and chosen, with `keepView`). */
export async function loadMap(id, { keepView = false } = {}) {
  const previous = state.map?.id === id && state.map.tree ? state.map : null;
  if (saver && previous) { await saver.flush(); saver.stop(); saver = null; }
  if (!keepView || !previous) state.map = { id, loading: true, error: null };
  render();
  await leaving;
  try {
    const map = await getMap(id);
    if (!onMap(id)) return;
    useMap(map, keepView ? previous : null);
  } catch (error) {
    if (!onMap(id)) return;
    state.map = { id, loading: false, error };
  }
  render();
  if (!keepView && state.map?.tree) requestAnimationFrame(() => showNode(state.map?.tree?.rootId, { centre: true }));
}

/** The student leaves the map screen: what is waiting is saved now. */
export function leaveMap() {
  const mine = saver;
  saver = null;
  if (!mine) return;
  leaving = mine.flush().then(() => {
    if (mine.status === "error") tell(t("map.notSavedOnLeave"), "error");
  }, () => {}).finally(() => mine.stop());
}

// The tab hidden or the window closing (mobile browsers often skip pagehide): what is not saved
// yet goes now in a keepalive request, through the saver so the revision it answers is kept; not
// when a save is already on its way (it carries what it can, and the rest follows it).
function saveOnHide() {
  if (!saver || saver.sending || !saver.unsaved()) return;
  saver.flush({ keepalive: true }).catch(() => {});
}
addEventListener("pagehide", saveOnHide);
addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") saveOnHide(); });

export const retrySave = () => saver?.retry();

/** The shown map's saver (map-files.js saves before a download), or null. */
export const currentSaver = () => saver;

/** The shown map was deleted: nothing of it is saved any more. */
export function dropSaver() {
  saver?.stop();
  saver = null;
}

// ---- Selection and opening

/** The keyboard on the chosen node (after a redraw), and the node in view. */
export function focusSelected() {
  const map = page();
  if (!map?.tree) return;
  const element = document.getElementById(nodeDomId(map.selected));
  element?.focus({ preventScroll: true });
  showNode(map.selected);
}

/** The chosen node if it shows, else its nearest ancestor that does (the tree's one Tab stop is always there). */
function keepSelectionShown(map) {
  const shown = new Set(visibleIds(map.tree, map.expanded));
  const path = pathTo(map.tree, map.selected);
  while (path.length > 1 && !shown.has(path.at(-1))) path.pop();
  map.selected = path.at(-1) ?? map.tree.rootId;
}

function choose(id) {
  const map = page();
  if (map.selected === id) return;
  // A name typed and not saved yet is saved first, as Enter would.
  const refused = map.editing && map.draft !== null && !commitDraft(map);
  map.selected = id; map.draft = null; map.moveTo = "";
  if (!refused) map.problem = "";
}

/** The typed name on the chosen node (nothing when it is the same); false when refused (the problem is set). */
function commitDraft(map) {
  const node = map.tree.byId.get(map.selected);
  const text = map.draft;
  map.draft = null;
  if (!node || cleanLabel(text) === node.label) return true;
  return Boolean(edit((nodes) => rename(nodes, node.id, text)));
}

export function toggle(id) {
  const map = page();
  if (!map.tree.byId.get(id)?.children.length) return;
  const next = new Set(map.expanded);
  if (next.has(id)) next.delete(id); else next.add(id);
  map.expanded = next;
  choose(id);
  keepSelectionShown(map);
  render();
  focusSelected();
}

export function onTap(id) {
  const map = page();
  const { action, tap } = tapAction(id, { hidden: hiddenIds(map), last: lastTap, now: performance.now() });
  lastTap = tap;
  if (action === "toggle") { toggle(id); return; }
  if (action === "reveal") map.revealed = new Set([...map.revealed, id]);
  choose(id);
  render();
  focusSelected();
}

export function onTreeKey(event, id) {
  const map = page();
  if (event.target !== event.currentTarget) return;
  if (event.key === "F2" && map.editing) { event.preventDefault(); focusLabel(); return; }
  const after = afterKey(map.tree, { selected: id, expanded: map.expanded, hidden: hiddenIds(map) }, event);
  if (!after) return;
  event.preventDefault();
  showTreeChange(after);
}

/** The tree after a key or a voice command ({selected, expanded, revealed}): drawn, with the keyboard on the chosen node, in view. */
export function showTreeChange(after) {
  const map = page();
  if (after.revealed) map.revealed = new Set([...map.revealed, after.revealed]);
  map.expanded = after.expanded;
  choose(after.selected);
  render();
  focusSelected();
}

export function expandAll() {
  const map = page();
  map.expanded = new Set(expandableIds(map.tree));
  render();
}

export function collapseAll() {
  const map = page();
  map.expanded = new Set();
  keepSelectionShown(map);
  render();
}

/** The chosen node read aloud with its path ("Fotosintesi, cloroplasti"); a hidden label is not given away. */
export function readSelected() {
  const map = page();
  const hidden = hiddenIds(map);
  speakText(pathWords(map.tree, map.selected, (id) => (hidden.has(id) ? t("map.hiddenWord") : null)));
}

export function toggleSelfTest() {
  const map = page();
  map.selfTest = !map.selfTest;
  map.revealed = new Set();
  if (map.selfTest) { map.editing = false; map.draft = null; }
  render();
}

export function toggleEditing() {
  const map = page();
  map.editing = !map.editing;
  map.draft = null;
  map.problem = "";
  if (map.editing) map.selfTest = false;
  render();
}

// ---- Edits

function focusLabel({ select = false } = {}) {
  const input = document.getElementById("map-edit-label");
  if (!input) return;
  input.focus();
  if (select) input.select();
}

/** Makes edit `make(nodes) → nodes | {nodes, id}` on the local tree, keeps it for Undo and saves it soon. */
function edit(make) {
  const map = page();
  let made;
  try {
    made = make(map.nodes);
  } catch (error) {
    if (!(error instanceof MapEditError)) throw error;
    map.problem = t(`map.problem.${error.reason}`);
    render();
    return null;
  }
  map.undo = [...map.undo.slice(-(UNDO_STEPS - 1)), { nodes: map.nodes, selected: map.selected }];
  useNodes(map, made.nodes ?? made);
  map.problem = "";
  saver?.changed(map.nodes);
  return made;
}

function useNodes(map, nodes) {
  map.nodes = nodes;
  map.tree = buildTree(nodes);
  map.expanded = keepExpanded(map.tree, map.expanded);
  if (!map.tree.byId.has(map.selected)) map.selected = map.tree.rootId;
  keepSelectionShown(map);
}

/** The edit panel's actions, on the chosen node. */
export const editActions = {
  rename(text) {
    const map = page();
    // The same name again changes nothing (no save, nothing to undo).
    if (cleanLabel(text) === map.tree.byId.get(map.selected)?.label) { map.draft = null; map.problem = ""; render(); return; }
    if (edit((nodes) => rename(nodes, map.selected, text))) { map.draft = null; render(); }
  },
  cancelRename() {
    page().draft = null;
    page().problem = "";
    render();
    focusSelected();
  },
  addChild() {
    const map = page();
    const parent = map.selected;
    const made = edit((nodes) => addChild(nodes, parent, t("map.newIdea")));
    if (!made) return;
    map.expanded = new Set([...map.expanded, parent]);
    choose(made.id);
    map.draft = t("map.newIdea");
    render();
    showNode(made.id);
    focusLabel({ select: true });
  },
  addSibling() {
    const map = page();
    const made = edit((nodes) => addSibling(nodes, map.selected, t("map.newIdea")));
    if (!made) return;
    choose(made.id);
    map.draft = t("map.newIdea");
    render();
    showNode(made.id);
    focusLabel({ select: true });
  },
  async remove() {
    const map = page();
    const node = map.tree.byId.get(map.selected);
    if (!node || node.parentId === null) { edit((nodes) => removeNode(nodes, map.selected)); return; }
    const under = descendantsOf(map.tree, node.id).length;
    if (under && !(await confirmBox({ question: t("map.deleteNodeQuestion", { label: node.label, count: under }), yes: t("action.delete") }))) return;
    if (state.map !== map) return;
    map.draft = null;  // a name typed on the node going away is not put on the next one
    // The sibling above takes the place, else the parent.
    const next = node.index > 0 ? map.tree.byId.get(node.parentId).children[node.index - 1] : node.parentId;
    if (!edit((nodes) => removeNode(nodes, node.id))) return;
    choose(next);
    render();
    focusSelected();
  },
  moveUnder(parentId) {
    const map = page();
    if (!parentId || !edit((nodes) => moveUnder(nodes, map.selected, parentId))) return;
    map.expanded = revealPath(map.tree, map.expanded, map.selected);
    map.moveTo = "";
    render();
    showNode(map.selected);
  },
  moveStep(step) {
    const map = page();
    if (edit((nodes) => moveAmongSiblings(nodes, map.selected, step))) render();
  },
  colour(name) {
    const map = page();
    if (edit((nodes) => setColour(nodes, map.selected, name))) render();
  },
  undo() {
    const map = page();
    const last = map.undo.at(-1);
    if (!last) return;
    map.undo = map.undo.slice(0, -1);
    useNodes(map, last.nodes);
    if (map.tree.byId.has(last.selected)) map.selected = last.selected;
    map.expanded = revealPath(map.tree, map.expanded, map.selected);
    map.draft = null;
    map.problem = "";
    saver?.changed(map.nodes);
    render();
  },
};
