// Letter tiles: the spelling being typed (or heard by voice) as tiles a child can fix in place
// (tap a tile, then type or pick the right letter: the caret stays at that tile), and a wrong
// spelling marked against the word (wrong letters red, missing letters as gaps).
import { h, mount } from "../shared/dom.js";
import { sounds } from "../shared/sounds.js";
import { render, state } from "./state.js";

const alphabet = [..."abcdefghijklmnopqrstuvwxyz"];

/** Focuses the spelling box with the caret at `caret` (the end when null), or the tile's letter selected. */
export function focusInput(caret = null, { select = false } = {}) {
  const input = document.getElementById("spelling-input");
  if (!input) return;
  input.focus();
  const at = Math.max(0, Math.min(caret ?? input.value.length, input.value.length));
  input.setSelectionRange(at, select ? Math.min(at + 1, input.value.length) : at);
}

const lettersOf = (text) => [...text.replace(/[^\p{L}]/gu, "").toLowerCase()];

/** The tiles of what is typed, and the letter picker for the tile being replaced. */
export function editableTiles() {
  const letters = lettersOf(state.typed);
  const selected = state.selectedTile !== null && state.selectedTile < letters.length ? state.selectedTile : null;
  const tiles = h("div", { class: "tiles", id: "letter-tiles", "aria-label": letters.length ? `Letters: ${letters.join(" ")}` : "No letters yet" },
    letters.map((letter, index) => h("button", {
      class: `tile${index === selected ? " selected" : ""}`, type: "button", dataset: { index },
      "aria-label": `Letter ${index + 1}, ${letter.toUpperCase()}. Tap to change it`, "aria-pressed": String(index === selected),
      onclick: () => selectTile(index === selected ? null : index),
    }, letter.toUpperCase())));
  if (selected === null) return tiles;
  const picker = h("div", { class: "letter-picker", id: "letter-picker", role: "group", "aria-label": `Change letter ${selected + 1}` },
    alphabet.map((letter) => h("button", {
      class: "pick", type: "button", dataset: { letter }, "aria-label": `Make it ${letter.toUpperCase()}`,
      onclick: () => replaceTile(selected, letter),
    }, letter.toUpperCase())),
    h("button", { class: "pick remove", type: "button", id: "remove-letter", "aria-label": "Take this letter away",
      onclick: () => replaceTile(selected, "") }, "⌫"));
  return [tiles, picker];
}

/** Marks a tile to replace: its letter is selected in the box, so typing replaces it there. */
function selectTile(index) {
  sounds.tap();
  state.selectedTile = index;
  renderTiles();
  focusInput(index, { select: index !== null });
}

/** Puts `letter` ("" removes it) at tile `index`; the caret stays at that tile. */
function replaceTile(index, letter) {
  sounds.tap();
  const letters = lettersOf(state.typed);
  letters.splice(index, 1, ...(letter ? [letter] : []));
  state.typed = letters.join("");
  state.selectedTile = null;
  const input = document.getElementById("spelling-input");
  if (input) input.value = state.typed;
  renderTiles();
  focusInput(letter ? index + 1 : index);
}

/** Draws the tiles again (as the child types) without touching the box and its caret. */
export function renderTiles() {
  const slot = document.getElementById("tiles-slot");
  if (slot) mount(slot, editableTiles());
  else render();
}

/** The box's own typing: what is typed becomes tiles; typing over a selected tile replaces it. */
export function onTyped(event) {
  state.typed = event.target.value;
  state.selectedTile = null;
  renderTiles();
}

const describe = {
  right: (cell) => `${cell.letter.toUpperCase()}, right`,
  wrong: (cell) => `${cell.letter.toUpperCase()}, wrong letter`,
  extra: (cell) => `${cell.letter.toUpperCase()}, one letter too many`,
  missing: () => "a missing letter",
};

/** A wrong spelling marked letter by letter (spellingDiff's cells). */
export function diffTiles(diff) {
  return h("div", { class: "tiles diff", id: "attempt-diff", role: "img",
    "aria-label": `Your spelling: ${diff.cells.map((cell) => describe[cell.kind](cell)).join("; ")}` },
  diff.cells.map((cell) => h("span", { class: `tile ${cell.kind}`, dataset: { kind: cell.kind } }, cell.letter.toUpperCase())));
}
