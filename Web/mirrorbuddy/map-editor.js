// The mind map's edit panel, on the node chosen in the map: its name (Enter saves, Esc cancels),
// a new idea below it or beside it, Delete (never the root; map-page.js asks first when ideas
// hang under it), Move (under another node — never under itself or its own ideas — or up and down
// among its siblings), its colour (the seven named ones and "none", as labelled swatches), and
// Undo. What is typed is kept in the page's state, so a redraw keeps it.
import { h } from "../shared/dom.js";
import { t } from "./i18n.js";
import { LABEL_MAX, canMoveAmongSiblings, moveTargets } from "./map-edit.js";
import { COLOURS, COLOUR_NAMES, nodeColour } from "./map-tree.js";
import { button, field } from "./ui.js";

function renameForm(page, node, actions) {
  const input = h("input", { type: "text", id: "map-edit-label", name: "label", maxlength: String(LABEL_MAX), value: page.draft ?? node.label,
    autocomplete: "off", "aria-describedby": "map-edit-label-hint",
    oninput: (event) => { page.draft = event.target.value; },
    onkeydown: (event) => {
      if (event.key === "Escape") { event.preventDefault(); event.stopPropagation(); actions.cancelRename(); }
    } });
  return h("form", { class: "mb-map-rename", id: "map-rename-form", novalidate: true,
    onsubmit: (event) => { event.preventDefault(); actions.rename(page.draft ?? node.label); } },
  field(t("map.label"), input),
  h("p", { class: "hint", id: "map-edit-label-hint" }, t("map.renameHint")),
  button({ emoji: "✅", label: t("map.rename"), type: "submit", cls: "mb-big-btn", id: "map-rename-save" }));
}

function moveBox(page, node, actions) {
  const targets = moveTargets(page.nodes, node.id).filter((id) => id !== node.parentId);
  const chosen = targets.includes(page.moveTo) ? page.moveTo : (targets[0] ?? "");
  page.moveTo = chosen;
  const select = h("select", { id: "map-move-parent", name: "parent", disabled: !targets.length,
    onchange: (event) => { page.moveTo = event.target.value; } },
  targets.map((id) => {
    const target = page.tree.byId.get(id);
    return h("option", { value: id, selected: id === chosen }, `${"— ".repeat(target.level)}${target.label}`);
  }));
  return h("fieldset", { class: "mb-map-fieldset", id: "map-move" },
    h("legend", {}, h("span", { "aria-hidden": "true" }, "↔️ "), t("map.moveTitle")),
    h("div", { class: "mb-row mb-map-move-row" },
      field(t("map.moveUnder"), select),
      button({ emoji: "📥", label: t("map.moveApply"), id: "map-move-apply", disabled: !targets.length,
        onclick: () => actions.moveUnder(page.moveTo) })),
    h("div", { class: "mb-row" },
      button({ emoji: "⬆️", label: t("map.moveUp"), id: "map-move-up", cls: "mb-big-btn", disabled: !canMoveAmongSiblings(page.nodes, node.id, -1),
        onclick: () => actions.moveStep(-1) }),
      button({ emoji: "⬇️", label: t("map.moveDown"), id: "map-move-down", cls: "mb-big-btn", disabled: !canMoveAmongSiblings(page.nodes, node.id, 1),
        onclick: () => actions.moveStep(1) })));
}

function colourBox(node, actions) {
  const swatch = (name) => {
    const id = `map-colour-${name ?? "none"}`;
    const checked = (node.colour ?? null) === name;
    const hex = name ? COLOURS[name] : nodeColour(null, node.level);
    return h("label", { class: `mb-map-swatch${checked ? " checked" : ""}`, for: id },
      h("input", { type: "radio", name: "map-colour", id, value: name ?? "", checked, onchange: () => actions.colour(name) }),
      h("span", { class: `mb-map-swatch-dot${name ? "" : " none"}`, "aria-hidden": "true", style: `--swatch: ${hex}` }),
      h("span", {}, t(`map.colour.${name ?? "none"}`)));
  };
  return h("fieldset", { class: "mb-map-fieldset mb-map-colours", id: "map-colours" },
    h("legend", {}, h("span", { "aria-hidden": "true" }, "🎨 "), t("map.colour")),
    h("div", { class: "mb-map-swatches" }, COLOUR_NAMES.map(swatch), swatch(null)));
}

/**
 * The panel for the chosen node. `page`: the map screen's state ({tree, nodes, selected, draft,
 * moveTo, problem, undo}); `actions`: {rename, cancelRename, addChild, addSibling, remove,
 * moveUnder, moveStep, colour, undo}.
 */
export function editPanel(page, actions) {
  const node = page.tree.byId.get(page.selected);
  if (!node) return null;
  const root = node.parentId === null;
  return h("section", { class: "mb-card mb-map-editor", id: "map-editor", "aria-labelledby": "map-edit-title" },
    h("h2", { id: "map-edit-title" }, h("span", { "aria-hidden": "true" }, "✏️ "), t("map.editTitle")),
    h("p", { class: "mb-map-editing", id: "map-editing" }, t("map.editing", { label: node.label })),
    renameForm(page, node, actions),
    h("div", { class: "mb-row mb-map-edit-row" },
      button({ emoji: "➕", label: t("map.addChild"), id: "map-add-child", cls: "mb-big-btn", onclick: actions.addChild }),
      button({ emoji: "➕", label: t("map.addSibling"), id: "map-add-sibling", cls: "mb-big-btn", disabled: root, onclick: actions.addSibling }),
      button({ emoji: "🗑️", label: t("map.deleteNode"), id: "map-delete-node", cls: "danger mb-big-btn", disabled: root, onclick: actions.remove })),
    root ? h("p", { class: "hint", id: "map-root-note" }, t("map.rootNote")) : moveBox(page, node, actions),
    colourBox(node, actions),
    h("p", { class: "error-text", role: "alert", id: "map-edit-problem" }, page.problem ?? ""),
    button({ emoji: "↩️", label: t("map.undo"), id: "map-undo", disabled: !page.undo.length, onclick: actions.undo }));
}
