// Materials: the list (#materials) with a search box (q), a subject filter and a date filter,
// newest first, each with its status chip (pending, processing, ready, failed with its reason);
// also the card Home and a subject's screen show.
import { h } from "../shared/dom.js";
import { PERIODS } from "./days.js";
import { loadMaterials } from "./data.js";
import { agoText, failureText, t } from "./i18n.js";
import { state, subjectById, subjectName, visibleSubjects } from "./state.js";
import { errorLine, homeLink, linkButton, screenTitle, subjectChip } from "./ui.js";
import { hearButton } from "./voice.js";

const STATUS_EMOJI = { pending: "⏳", processing: "⚙️", ready: "✅", failed: "❌" };
const SOURCE_EMOJI = { text: "📝", pdf: "📕", photos: "📷" };

/** How many words: the summary's `words` is a count, the detail's an array of offsets. */
export const wordCount = (material) => (Array.isArray(material.words) ? material.words.length : Number(material.words) || 0);

export function statusChip(material) {
  return h("span", { class: `mb-status mb-status-${material.status}` },
    h("span", { "aria-hidden": "true" }, `${STATUS_EMOJI[material.status] ?? "•"} `), t(`material.status.${material.status}`));
}

/** A material as a card that opens it. */
export function materialCard(material) {
  const subject = subjectById(material.subjectId);
  return h("li", { class: "mb-material", style: subject ? `--subject: ${subject.colour}` : null },
    h("a", { class: "mb-material-link", href: `#material/${encodeURIComponent(material.id)}`, id: `material-${material.id}` },
      h("span", { class: "mb-material-icon", "aria-hidden": "true" }, SOURCE_EMOJI[material.source] ?? "📄"),
      h("span", { class: "mb-material-main" },
        h("strong", { class: "mb-material-title" }, material.title),
        h("span", { class: "mb-material-meta" },
          subject ? subjectChip(subject, subjectName(subject)) : h("span", { class: "mb-small" }, t("material.noSubject")),
          statusChip(material),
          h("span", { class: "mb-small" }, t("material.words", { count: wordCount(material) })),
          h("span", { class: "mb-small" }, agoText(material.createdAt))),
        material.status === "failed" ? h("span", { class: "mb-small mb-failure" }, t("material.failedBecause", { reason: failureText(material).text })) : null,
        material.snippet ? h("span", { class: "mb-snippet" }, material.snippet) : null)),
    hearButton(material.title));
}

let searchTimer = null;

function filters() {
  const f = state.materials;
  const changed = () => { f.list = null; loadMaterials(); };
  const search = h("input", { id: "materials-q", type: "search", value: f.q, placeholder: t("materials.searchPlaceholder"), autocomplete: "off",
    oninput: (event) => { f.q = event.target.value; clearTimeout(searchTimer); searchTimer = setTimeout(changed, 350); } });
  const subject = h("select", { id: "materials-subject", onchange: (event) => { f.subject = event.target.value; changed(); } },
    h("option", { value: "" }, t("materials.allSubjects")),
    visibleSubjects().map((s) => h("option", { value: s.id, selected: f.subject === s.id }, `${s.emoji} ${subjectName(s)}`)));
  const period = h("select", { id: "materials-period", onchange: (event) => { f.period = event.target.value; changed(); } },
    PERIODS.map((p) => h("option", { value: p, selected: f.period === p }, t(`materials.period.${p}`))));
  return h("form", { class: "mb-filters", role: "search", onsubmit: (event) => { event.preventDefault(); changed(); } },
    h("label", { class: "field mb-field mb-search" }, h("span", {}, h("span", { "aria-hidden": "true" }, "🔎 "), t("materials.search")), search),
    h("label", { class: "field mb-field" }, h("span", {}, t("materials.subject")), subject),
    h("label", { class: "field mb-field" }, h("span", {}, t("materials.when")), period));
}

export function materialsScreen() {
  const { list, error } = state.materials;
  let body;
  if (error) body = errorLine(error);
  else if (list === null) body = h("p", { class: "hint", role: "status" }, t("common.loading"));
  else if (!list.length) body = h("p", { class: "mb-empty" }, t("materials.none"));
  else body = h("ul", { class: "mb-materials" }, list.map(materialCard));
  return h("div", { class: "mb-stack" },
    screenTitle("📚", t("materials.title")),
    filters(),
    list ? h("p", { class: "hint", role: "status" }, t("materials.found", { count: list.length })) : null,
    body,
    homeLink(),
    h("div", { class: "mb-dock", role: "group", "aria-label": t("dock.label") },
      linkButton({ href: "#new", emoji: "➕", label: t("materials.add"), cls: "primary mb-primary", id: "dock-new" })));
}

