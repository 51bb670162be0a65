// The mind map's keyboard, pure (node-tested): the original's keys (mirrorbuddy.md §1.6) on the
// WAI-ARIA tree pattern. Enter or Space opens or closes the node; → opens it, or goes to its first
// child when open; ← closes it, or goes to its parent when closed (or a leaf); ↑/↓ the node shown
// above or below; Esc as ←; Home/End the first and last node shown. In the self-test a hidden
// label is shown by Enter or Space first (a second press opens or closes).
import { hasChildren, parentOf, visibleIds } from "./map-tree.js";

const KEYS = {
  Enter: "toggle", NumpadEnter: "toggle", " ": "toggle", Spacebar: "toggle", Space: "toggle",
  ArrowRight: "right", Right: "right", ArrowLeft: "left", Left: "left", Escape: "left", Esc: "left",
  ArrowUp: "up", Up: "up", ArrowDown: "down", Down: "down", Home: "first", End: "last",
};

/** What a key means in the tree ("toggle", "right", "left", "up", "down", "first", "last"), or null. */
export function treeKey(key) {
  if (key.ctrlKey || key.altKey || key.metaKey || key.isComposing) return null;
  // Space by its `code` too (some keyboards' layouts give it another `key`).
  return KEYS[key.key] ?? KEYS[key.code] ?? null;
}

/**
 * The tree after a key: `view` {selected, expanded: Set, hidden: Set (labels the self-test hides)}
 * → {selected, expanded, revealed (an id shown by this key, or null)}, or null when the key means
 * nothing here (left to the browser). Sets are new when changed, never changed in place.
 */
export function afterKey(tree, view, key) {
  const meaning = treeKey(key);
  if (!meaning || tree.rootId === null) return null;
  const { expanded } = view;
  const hidden = view.hidden ?? new Set();
  const selected = tree.byId.has(view.selected) ? view.selected : tree.rootId;
  const shown = visibleIds(tree, expanded);
  const at = shown.indexOf(selected);
  const same = { selected, expanded, revealed: null };
  const open = expanded.has(selected);
  const parent = hasChildren(tree, selected);
  const toggled = (on) => {
    const next = new Set(expanded);
    if (on) next.add(selected); else next.delete(selected);
    return { ...same, expanded: next };
  };
  switch (meaning) {
    case "toggle":
      if (hidden.has(selected)) return { ...same, revealed: selected };
      return parent ? toggled(!open) : same;
    case "right":
      if (!parent) return same;
      return open ? { ...same, selected: tree.byId.get(selected).children[0] } : toggled(true);
    case "left":
      if (parent && open) return toggled(false);
      return { ...same, selected: parentOf(tree, selected) ?? selected };
    case "up": return { ...same, selected: shown[Math.max(0, at - 1)] };
    case "down": return { ...same, selected: shown[Math.min(shown.length - 1, at + 1)] };
    case "first": return { ...same, selected: shown[0] };
    case "last": return { ...same, selected: shown.at(-1) };
    default: return null;
  }
}

/**
 * What a tap on node `id` does: in the self-test a hidden label shows; a second tap on the same
 * node within `doubleMs` (a double tap) opens or closes it; any other tap selects it.
 * `last`: {id, at} of the previous tap (or null). → {action: "reveal" | "toggle" | "select", tap: {id, at}}.
 */
export function tapAction(id, { hidden = new Set(), last = null, now = 0, doubleMs = 450 } = {}) {
  const tap = { id, at: now };
  if (hidden.has(id)) return { action: "reveal", tap: null };
  if (last && last.id === id && now - last.at <= doubleMs) return { action: "toggle", tap: null };
  return { action: "select", tap };
}
