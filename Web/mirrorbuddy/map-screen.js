// #map/<id> drawn: the title with whether the edits are saved, the toolbar (open all, close all,
// 🔊 the chosen node with its path, the self-test with its "rivelati n di N", edit), the map
// (map-view.js) with the edit panel beside it or below it, the keys in one line, the files to
// download (Markdown, OPML, SVG from the server; PNG made here) and the ways back: the material,
// the maps, Home. What each control does is map-page.js's (the files and deleting: map-files.js).
import { h } from "../shared/dom.js";
import { errorText, t } from "./i18n.js";
import { editPanel } from "./map-editor.js";
import { EXPORT_FORMATS, exportUrl, fileName } from "./map-export.js";
import { exportFile, exportPng, removeMap } from "./map-files.js";
import {
  collapseAll, editActions, expandAll, hiddenIds, onTap, onTreeKey, readSelected, retrySave, saveWords, toggle, toggleEditing, toggleSelfTest,
} from "./map-page.js";
import { belowRoot, visibleIds } from "./map-tree.js";
import { mapView } from "./map-view.js";
import { state } from "./state.js";
import { button, errorLine, homeLink, linkButton, screenTitle } from "./ui.js";
import { ttsOn } from "./voice.js";

// Only the line's words and data-state change as a save goes (map-page.js writes them in place, no redraw).
function saveLine(map) {
  if (map.save === "error") {
    return h("p", { class: "mb-map-save mb-map-save-error", id: "map-save-state", dataset: { state: "error" } },
      h("span", { role: "alert" }, `😕 ${t("map.saveFailed", { reason: errorText(map.saveError) })}`),
      button({ emoji: "🔄", label: t("map.saveRetry"), id: "map-save-retry", onclick: retrySave }));
  }
  return h("p", { class: `mb-map-save mb-map-save-${map.save}`, id: "map-save-state", dataset: { state: map.save } }, saveWords(map.save));
}

function toolbar(map) {
  return h("div", { class: "mb-map-toolbar", role: "group", "aria-label": t("map.tools"), id: "map-toolbar" },
    button({ emoji: "📂", label: t("map.expandAll"), id: "map-expand-all", onclick: expandAll }),
    button({ emoji: "📁", label: t("map.collapseAll"), id: "map-collapse-all", onclick: collapseAll }),
    ttsOn() ? button({ emoji: "🔊", label: t("map.read"), id: "map-read", onclick: readSelected }) : null,
    button({ emoji: "❓", label: t("map.selfTest"), id: "map-self-test", pressed: map.selfTest, onclick: toggleSelfTest }),
    button({ emoji: "✏️", label: t("map.edit"), id: "map-edit", pressed: map.editing, onclick: toggleEditing }));
}

function selfTestLine(map) {
  const of = belowRoot(map.tree);
  const n = [...map.revealed].filter((id) => map.tree.byId.has(id)).length;
  return h("div", { class: "mb-map-selftest", id: "map-self-test-box" },
    h("p", { class: "mb-map-revealed", id: "map-revealed" }, t("map.revealed", { n, of })),
    h("p", { class: "hint", id: "map-self-test-hint" }, n >= of ? t("map.allRevealed") : t("map.selfTestHint")));
}

function exportBox(map) {
  const link = (format, emoji) => h("a", { class: "btn mb-btn mb-map-file", id: `map-export-${format}`, href: exportUrl(map.id, format),
    download: fileName(map.map.title, format), onclick: (event) => exportFile(event, format) },
  h("span", { class: "mb-emoji", "aria-hidden": "true" }, emoji), h("span", { class: "mb-word" }, t(`map.export.${format}`)));
  const emojis = { markdown: "📝", opml: "🗂️", svg: "🖼️" };
  return h("section", { class: "mb-card mb-map-export", "aria-labelledby": "map-export-title" },
    h("h2", { id: "map-export-title" }, h("span", { "aria-hidden": "true" }, "⬇️ "), t("map.exportTitle")),
    h("p", { class: "hint" }, t("map.exportHint")),
    h("div", { class: "mb-map-files" },
      EXPORT_FORMATS.map((format) => link(format, emojis[format])),
      button({ emoji: map.png ? "⏳" : "🏞️", label: map.png ? t("map.pngMaking") : t("map.export.png"), id: "map-export-png", disabled: map.png,
        onclick: exportPng })));
}

/** The ways back: the map's material (when it has one), the maps, Home; and deleting the map. */
function waysOut(map) {
  const materialId = map?.map?.materialId;
  return h("div", { class: "mb-row mb-end mb-map-ways" },
    materialId ? linkButton({ href: `#material/${encodeURIComponent(materialId)}`, emoji: "📄", label: t("map.toMaterial"), cls: "mb-big-btn", id: "map-to-material" }) : null,
    linkButton({ href: "#maps", emoji: "🧠", label: t("map.toMaps"), cls: "mb-big-btn", id: "map-to-maps" }),
    homeLink(),
    map?.map ? button({ emoji: "🗑️", label: t("map.delete"), cls: "quiet", id: "map-delete", onclick: removeMap }) : null);
}

export function mapScreen() {
  const map = state.map;
  if (!map || map.id !== state.route.id || map.loading) {
    return h("div", { class: "mb-stack" }, screenTitle("🧠", t("map.title")), h("p", { class: "hint", role: "status" }, t("common.loading")), waysOut(null));
  }
  if (map.error) return h("div", { class: "mb-stack" }, screenTitle("🧠", t("map.title")), errorLine(map.error, "map-error"), waysOut(null));
  const ids = visibleIds(map.tree, map.expanded);
  const fresh = map.shownBefore ? new Set(ids.filter((id) => !map.shownBefore.has(id))) : new Set();
  map.shownBefore = new Set(ids);
  const drawn = mapView({ tree: map.tree, expanded: map.expanded, selected: map.selected, hidden: hiddenIds(map), title: map.map.title, fresh,
    onKey: onTreeKey, onTap, onToggle: toggle });
  return h("div", { class: "mb-stack mb-map-screen", id: "map-screen", dataset: { map: map.id } },
    h("div", { class: "mb-map-head" }, screenTitle("🧠", map.map.title), saveLine(map)),
    toolbar(map),
    map.selfTest ? selfTestLine(map) : null,
    h("div", { class: `mb-map-main${map.editing ? " editing" : ""}` },
      drawn.element,
      map.editing ? editPanel(map, editActions) : null),
    h("p", { class: "hint mb-hint-keys", id: "map-keys-hint" }, t("map.keysHint")),
    h("p", { class: "hint mb-hint-touch", id: "map-touch-hint" }, t("map.touchHint")),
    exportBox(map),
    waysOut(map));
}
