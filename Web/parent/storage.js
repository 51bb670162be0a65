// The Family tab's storage card: what the family keeps, by kind, against its quota, and how long
// phone reports and answered app requests are kept (older ones are deleted within the hour).
import { api } from "../shared/api.js";
import { h } from "../shared/dom.js";
import { daysLabel, storageRows, usageLine } from "./storage-format.js";

/** Loads the family's storage into `tab`. */
export async function loadStorage(tab) {
  tab.storage = await api("/api/parent/storage");
  tab.saved = "";
}

function retentionField(tab, key, label, { fail, call, render }) {
  const id = `retention-${key}`;
  return h("label", { class: "field", for: id }, label,
    h("select", { id, dataset: { focusKey: id }, onchange: async (event) => {
      const before = tab.storage.retention;
      const next = { ...before, [key]: Number(event.target.value) };
      tab.storage.retention = next;
      try {
        tab.storage.retention = await call(() => api("/api/parent/storage/retention", { method: "PUT", body: next }));
        tab.saved = next[key] === 0 ? `Saved: ${label.toLowerCase()} always.`
          : `Saved: ${label.toLowerCase()} ${daysLabel(next[key])}. Older ones go within the hour.`;
        render();
      } catch (error) {
        tab.storage.retention = before;
        fail(error.message);
      }
    } }, tab.storage.retentionChoices.map((days) =>
      h("option", { value: String(days), selected: tab.storage.retention[key] === days }, daysLabel(days)))));
}

export function storageView(tab, actions) {
  const storage = tab?.storage;
  if (!storage) return h("article", { class: "card", id: "storage" }, h("h3", {}, "Storage"), h("p", { class: "hint" }, "Loading…"));
  const line = usageLine(storage);
  return h("article", { class: "card", id: "storage" }, h("h3", {}, "Storage"),
    h("p", { id: "storage-used", class: line.full ? "error-text" : null }, line.text),
    line.percent === null ? null
      : h("meter", { id: "storage-meter", min: "0", max: "100", low: "75", high: "90", optimum: "0", value: String(line.percent),
        "aria-label": `Storage used: ${line.percent} percent` }),
    line.full ? h("p", { class: "hint", role: "status" }, "When it is full, new recordings, photos and drawings are not saved. Each kind below says where to free room.") : null,
    h("ul", { class: "storage-parts", id: "storage-parts" }, storageRows(storage.parts).map((row) =>
      h("li", { dataset: { kind: row.key } }, h("strong", {}, row.label), ` · ${row.size} · ${row.count}`, h("br"),
        h("span", { class: "hint" }, row.hint)))),
    h("div", { class: "storage-retention" },
      retentionField(tab, "phoneEventDays", "Keep phone reports for", actions),
      retentionField(tab, "answeredRequestDays", "Keep answered requests for", actions)),
    tab.saved ? h("p", { class: "hint", role: "status", id: "storage-saved" }, tab.saved) : null,
    h("p", { class: "storage-export" },
      h("a", { class: "btn", href: "/api/parent/export", download: "", id: "storage-export", dataset: { focusKey: "storage-export" } },
        "⬇️ Download everything"), " ",
      h("span", { class: "hint" }, "One zip file: every list and score as JSON, with the recordings, photos and PDFs. Passwords and phone keys stay out.")));
}
