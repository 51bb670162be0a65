// A student's MirrorBuddy data in the parent's hands: all of it as one file to download, and
// deleting all of it (after asking; the child and the other apps stay).
import { api } from "../shared/api.js";
import { openSheet } from "../shared/dialog.js";
import { h, mount } from "../shared/dom.js";
import { sounds } from "../shared/sounds.js";

async function eraseAll(tab, name, { reload, fail, call }) {
  const confirmed = await openSheet({
    label: `Delete ${name}'s MirrorBuddy data`,
    render(body, close) {
      mount(body, h("h2", {}, `Delete all of ${name}'s MirrorBuddy data?`),
        h("p", {}, `This deletes ${name}'s materials (with their photos and PDFs), tasks, flashcards, mind maps, quizzes, progress and settings in MirrorBuddy. `
          + `${name} and the other apps stay. It can't be undone: download the file first if you want to keep a copy.`),
        h("div", { class: "row actions" },
          h("button", { class: "btn", type: "button", onclick: () => close(false) }, "Keep it"),
          h("button", { class: "btn danger", type: "button", id: "confirm-erase-mirrorbuddy", onclick: () => close(true) }, "Delete everything")));
    },
  });
  if (!confirmed) return;
  try {
    // Through the parent area's call: a locked area asks to unlock, then goes on.
    await call(() => api(`/api/parent/mirrorbuddy/children/${encodeURIComponent(tab.childId)}`, { method: "DELETE", body: { confirm: true } }));
    sounds.success();
    tab.week = null;
    reload();
  } catch (error) { fail(error.message); }
}

/** Fetches the file (unlocking the parent area first if it has locked) and saves it. */
async function download(tab, name, { call, fail }) {
  try {
    const file = await call(() => api(`/api/parent/mirrorbuddy/children/${encodeURIComponent(tab.childId)}/export`, { blob: true }));
    const url = URL.createObjectURL(file);
    const link = h("a", { href: url, download: `mirrorbuddy-${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.json` });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (error) { fail(error.message); }
}

/** The card: download everything, or delete everything. */
export function dataCard(tab, name, actions) {
  return h("article", { class: "card diary-card", id: "mirrorbuddy-data", "aria-labelledby": "mirrorbuddy-data-title" },
    h("h3", { id: "mirrorbuddy-data-title" }, "🗄️ Data"),
    h("p", { class: "meta" }, `Everything ${name} keeps in MirrorBuddy, as one file (JSON): materials and their text, tasks, flashcards with every answer, mind maps, quizzes and progress. Photos and PDFs are not in it.`),
    h("div", { class: "diary-actions" },
      h("button", { class: "btn", type: "button", id: "mirrorbuddy-export", onclick: () => download(tab, name, actions) }, "⬇️ Download the data"),
      h("button", { class: "btn danger", type: "button", id: "mirrorbuddy-erase", onclick: () => eraseAll(tab, name, actions) }, "Delete all MirrorBuddy data")));
}
