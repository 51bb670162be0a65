// Materials the server is still reading (a PDF, photos: status pending or processing), followed
// while they are on screen: the open material asked again every 2 s, a list holding one every 3 s
// (poll.js: never two calls at a time, not while the tab is hidden). `syncWatches` is called after
// every drawing and starts or stops the polls to fit what is on screen; leaving stops them.
import { poll } from "../shared/poll.js";
import { loadMaterial, loadMaterials, loadRecent } from "./data.js";
import { t } from "./i18n.js";
import { state } from "./state.js";
import { announce } from "./voice.js";

export const MATERIAL_EVERY = 2000;
export const LIST_EVERY = 3000;

/** Whether the server is still reading `material`. */
export const stillReading = (material) => material?.status === "pending" || material?.status === "processing";

let materialPoll = null; // {id, poll}
let listPoll = null;     // {key, poll}
const greeted = new Set(); // materials whose waiting line was said once

function stopMaterial() { materialPoll?.poll.stop(); materialPoll = null; }
function stopList() { listPoll?.poll.stop(); listPoll = null; }

/** Stops every poll (the page moved to another screen). */
export function stopWatching() { stopMaterial(); stopList(); }

function watchMaterial(id) {
  if (materialPoll?.id === id) return;
  stopMaterial();
  materialPoll = { id, poll: poll(({ headers }) => loadMaterial(id, { headers }), MATERIAL_EVERY) };
  if (!greeted.has(id)) {
    greeted.add(id);
    announce(t("material.readingPages"));
  }
}

function watchList(key, refresh) {
  if (listPoll?.key === key) return;
  stopList();
  listPoll = { key, poll: poll(refresh, LIST_EVERY) };
}

/** Starts or stops the polls for what the screen shows now. */
export function syncWatches() {
  const { name, id } = state.route;
  const material = state.material;
  if (name === "material" && material?.id === id && !state.materialError && stillReading(material)) watchMaterial(id);
  else stopMaterial();
  const list = name === "materials" || name === "subject" ? state.materials.list : name === "home" ? state.recent : null;
  if (list?.some(stillReading)) {
    watchList(name === "home" ? "home" : `list/${name}/${id ?? ""}`,
      name === "home" ? ({ headers }) => loadRecent({ headers }) : ({ headers }) => loadMaterials({ headers }));
  } else {
    stopList();
  }
}
