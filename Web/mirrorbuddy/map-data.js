// Talking to /api/mirrorbuddy/ about mind maps (the maps contract): a material's map made (or the
// one it has), the student's maps, one map, saving the whole tree at the revision it was read,
// deleting, and the SVG fetched for the PNG. The loaders put what a screen shows into the state;
// `openMapFor` is the material's "Mappa mentale" (and the voice's "mappa mentale").
import { ApiError, api, currentCsrfToken, readAnswer } from "../shared/api.js";
import { dispositionName } from "./map-export.js";
import { errorText } from "./i18n.js";
import { render, state, tell } from "./state.js";

const BASE = "/api/mirrorbuddy";
const path = (id) => encodeURIComponent(id);

/** The query of the maps list: the material's maps only when one is given. */
export const mapsQuery = ({ materialId = null } = {}) => (materialId ? `?materialId=${encodeURIComponent(materialId)}` : "");

/** Material `materialId`'s map: made now (201), or the one it has (200); `rebuild` makes it again. */
export const makeMap = (materialId, { rebuild = false } = {}) =>
  api(`${BASE}/materials/${path(materialId)}/mind-map${rebuild ? "?rebuild=true" : ""}`, { method: "POST" });

/** {maps: [MapSummary]} newest first. */
export const listMaps = (filter) => api(`${BASE}/maps${mapsQuery(filter)}`);
export const getMap = (id) => api(`${BASE}/maps/${path(id)}`);
export const deleteMap = (id) => api(`${BASE}/maps/${path(id)}`, { method: "DELETE" });

/** The body of a save: the whole tree at the revision the page read (the title only when given). */
export function saveBody({ revision, nodes, title }) {
  const body = { revision, nodes: nodes.map(({ id, parentId, label, colour }) => ({ id, parentId: parentId ?? null, label, colour: colour ?? null })) };
  if (title !== undefined && title !== null) body.title = title;
  return body;
}

export const saveMap = (id, save) => api(`${BASE}/maps/${path(id)}`, { method: "PUT", body: saveBody(save) });

/** Browsers refuse a keepalive body over 64 KiB (for all the page's keepalive requests together). */
const KEEPALIVE_MAX = 60_000;

/**
 * A save that outlives the page (hidden or going away): a keepalive PUT, resolving to the saved map
 * as `saveMap` does (the saver keeps its revision); a tree too big for keepalive goes as an ordinary save.
 */
export async function saveMapOnLeave(id, save) {
  const body = JSON.stringify(saveBody(save));
  if (body.length > KEEPALIVE_MAX) return saveMap(id, save);
  const response = await fetch(`${BASE}/maps/${path(id)}`, {
    method: "PUT", keepalive: true, credentials: "same-origin",
    headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRF-Token": currentCsrfToken() ?? "" },
    body,
  });
  return readAnswer(response);
}

/** The map's SVG file: {text, name} (name from Content-Disposition, or null). */
export async function fetchSvg(url) {
  const response = await fetch(url, { credentials: "same-origin", headers: { Accept: "image/svg+xml" } });
  if (!response.ok) await readAnswer(response);
  if (!response.ok) throw new ApiError(response.status, `http_${response.status}`, "");
  return { text: await response.text(), name: dispositionName(response.headers.get("Content-Disposition")) };
}

// ---- Loaders

/** #maps: the student's maps. */
export async function loadMaps() {
  state.maps.error = null;
  try {
    state.maps.list = (await listMaps()).maps ?? [];
  } catch (error) {
    state.maps.error = error;
  }
  render();
}

/**
 * The material's "Mappa mentale": the map made (or the one it has), then #map/<id>. While the
 * server makes it the material's button says so; a refusal is said on the screen.
 */
export async function openMapFor(materialId) {
  if (state.mapMaking) return;
  state.mapMaking = materialId;
  render();
  try {
    const map = await makeMap(materialId);
    state.mapMaking = null;
    // Only from the material it was asked on: a student who moved on meanwhile stays where they are.
    if (state.route.name === "material" && state.route.id === materialId) location.hash = `#map/${encodeURIComponent(map.id)}`;
    else render();
  } catch (error) {
    state.mapMaking = null;
    render();
    tell(errorText(error), "error");
  }
}
