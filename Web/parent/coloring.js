// Coloring Fun in the parent area: per child, whether stamps, saving to the gallery and PNG export
// are allowed, and whether the child starts in Kids Mode.
import { api } from "../shared/api.js";
import { h } from "../shared/dom.js";

const SWITCHES = [
  ["stamps", "Stamps", "Emoji stamps (each says its name)."],
  ["saving", "Saving pictures", "Drawings are kept in the child's gallery."],
  ["export", "Download as PNG", "The child can save a picture to this device."],
  ["kidsMode", "Kids Mode", "Bigger buttons and fewer tools."],
];

/** Loads each child's Coloring Fun settings into `tab`. */
export async function loadColoring(tab) {
  tab.children = (await api("/api/parent/children")).children;
  tab.settings = {};
  await Promise.all(tab.children.map(async (child) => {
    tab.settings[child.id] = await api(`/api/parent/coloring/children/${child.id}/settings`);
  }));
}

export function coloringView(tab, { fail }) {
  if (!tab.children?.length) return h("section", { class: "card" }, h("h2", {}, "Coloring Fun"), h("p", { class: "hint" }, "Add a child first."));
  return h("section", { id: "coloring-settings" }, h("h2", {}, "Coloring Fun"),
    tab.children.map((child) => {
      const settings = tab.settings[child.id];
      return h("article", { class: "card", dataset: { childId: child.id } }, h("h3", {}, `${child.avatar} ${child.name}`),
        h("div", { class: "app-toggles", role: "group", "aria-label": `What ${child.name} can do in Coloring Fun` },
          SWITCHES.map(([key, label, hint]) => h("label", { title: hint },
            h("input", { type: "checkbox", checked: settings[key], dataset: { setting: key, focusKey: `coloring-${child.id}-${key}` }, onchange: async (event) => {
              // Changed at once here, so a second switch flipped before the first is saved keeps both.
              const before = tab.settings[child.id];
              const next = { ...before, [key]: event.target.checked };
              tab.settings[child.id] = next;
              // One save at a time per child, each sending the latest switches.
              const save = (tab.saving?.[child.id] ?? Promise.resolve()).catch(() => {})
                .then(() => api(`/api/parent/coloring/children/${child.id}/settings`, { method: "PUT", body: tab.settings[child.id] }));
              tab.saving = { ...tab.saving, [child.id]: save };
              try {
                await save;
              } catch (error) {
                tab.settings[child.id] = { ...tab.settings[child.id], [key]: before[key] };
                event.target.checked = before[key];
                fail(error.message);
              }
            } }), label))));
    }));
}
