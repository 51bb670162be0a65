// The mind map screen's files and the map itself: Markdown, OPML and SVG links that save waiting
// edits first (the server's file is the saved map), the PNG drawn by the page, and deleting the map.
import { ApiError } from "../shared/api.js";
import { confirmBox } from "./celebrate.js";
import { errorText, t } from "./i18n.js";
import { deleteMap, fetchSvg } from "./map-data.js";
import { downloadPng, exportUrl, fileName } from "./map-export.js";
import { currentSaver, dropSaver } from "./map-page.js";
import { render, state, tell } from "./state.js";

const page = () => state.map;

function clickDownload(href, name) {
  const link = document.createElement("a");
  Object.assign(link, { href, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
}

/** A file link: as it is when everything is saved; else the edits are saved first (the server's file is the saved map). */
export async function exportFile(event, format) {
  const saver = currentSaver();
  if (!saver || (saver.status === "saved" && !saver.busy)) return;
  event.preventDefault();
  const map = page();
  await saver.flush();
  clickDownload(exportUrl(map.id, format), fileName(map.map.title, format));
}

export async function exportPng() {
  const map = page();
  if (map.png) return;
  map.png = true;
  render();
  try {
    await currentSaver()?.flush();
    await downloadPng(map.id, map.map.title, { fetchSvg });
  } catch (error) {
    tell(error instanceof ApiError || error instanceof TypeError ? errorText(error) : t("map.pngFailed"), "error");
  } finally {
    map.png = false;
    render();
  }
}

export async function removeMap() {
  const map = page();
  if (!(await confirmBox({ question: t("map.deleteQuestion", { title: map.map.title }), yes: t("action.delete") }))) return;
  try {
    await deleteMap(map.id);
    dropSaver();
    location.hash = map.map.materialId ? `#material/${encodeURIComponent(map.map.materialId)}` : "#maps";
    tell(t("map.deleted"), "ok");
  } catch (error) {
    tell(errorText(error), "error");
  }
}
