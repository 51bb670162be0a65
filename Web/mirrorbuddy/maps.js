// #maps: the student's mind maps, newest first: each its title, how many ideas it has, when it last
// changed and its subject; each opens #map/<id>. None yet: where maps come from (a material's
// "Mappa mentale").
import { h } from "../shared/dom.js";
import { dateText, t } from "./i18n.js";
import { state, subjectById, subjectName } from "./state.js";
import { errorLine, homeLink, linkButton, screenTitle, subjectChip } from "./ui.js";
import { hearButton } from "./voice.js";

/** A map in the list: it opens #map/<id>. */
export function mapRow(map) {
  const subject = subjectById(map.subjectId);
  return h("li", { class: "mb-map-row", style: subject ? `--subject: ${subject.colour}` : null },
    h("a", { class: "mb-map-link", href: `#map/${encodeURIComponent(map.id)}`, id: `map-link-${map.id}` },
      h("span", { class: "mb-map-row-title" }, h("span", { "aria-hidden": "true" }, "🧠 "), map.title),
      h("span", { class: "mb-fc-meta" },
        h("span", { class: "mb-map-row-count" }, t("maps.nodes", { count: Number(map.nodes) || 0 })),
        h("span", { class: "mb-map-row-date" }, h("span", { "aria-hidden": "true" }, "📅 "), t("maps.updated", { date: dateText(map.updatedAt) })),
        subject ? subjectChip(subject, subjectName(subject)) : null)),
    hearButton(map.title, { label: t("cards.hearThis", { text: map.title }) }));
}

export function mapsScreen() {
  const { list, error } = state.maps;
  let body;
  if (error) body = errorLine(error, "maps-error");
  else if (list === null) body = h("p", { class: "hint", role: "status" }, t("common.loading"));
  else if (!list.length) body = h("p", { class: "mb-empty", id: "maps-empty" }, t("maps.none"));
  else body = h("ul", { class: "mb-map-list", id: "maps-list" }, list.map(mapRow));
  return h("div", { class: "mb-stack mb-maps-screen" },
    screenTitle("🧠", t("maps.title"), t("maps.intro")),
    h("p", { class: "mb-lead" }, t("maps.intro")),
    h("section", { class: "mb-card", "aria-labelledby": "maps-list-title" },
      h("h2", { id: "maps-list-title" }, h("span", { "aria-hidden": "true" }, "🗂️ "), t("maps.listTitle")),
      list?.length ? h("p", { class: "hint", role: "status" }, t("maps.count", { count: list.length })) : null,
      body),
    h("div", { class: "mb-row mb-end" },
      linkButton({ href: "#materials", emoji: "📚", label: t("maps.toMaterials"), cls: "mb-big-btn", id: "maps-to-materials" }),
      homeLink()));
}
