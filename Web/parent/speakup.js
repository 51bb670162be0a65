// SpeakUp in the parent area: each child's takes (score or stars, length, words, pace, fillers),
// the score over time and the practice heatmap, the recordings to play, and the switch that keeps
// the analyses but not the recordings (with a way to delete the recordings already kept).
import { api } from "../shared/api.js";
import { openSheet } from "../shared/dialog.js";
import { h, mount } from "../shared/dom.js";
import { sounds } from "../shared/sounds.js";
import { when } from "../shared/time.js";
import { lineChartFigure } from "../speakup/chart-view.js";
import { seriesPoints } from "../speakup/charts.js";
import { heatmapSVG } from "../speakup/heatmap.js";
import { draw } from "../speakup/svg.js";
import { megabytes, minutesSeconds, takeResult } from "./speakup-format.js";

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/** Loads the children and the chosen child's overview into `tab`. */
export async function loadSpeakUp(tab) {
  tab.children = (await api("/api/parent/children")).children;
  if (!tab.children.some((child) => child.id === tab.childId)) tab.childId = tab.children[0]?.id ?? null;
  tab.overview = tab.childId ? await api(`/api/parent/speakup/children/${tab.childId}?tz=${encodeURIComponent(zone)}`) : null;
}

function audioPath(tab, take, format) {
  return `/api/parent/speakup/children/${tab.childId}/takes/${take.id}/audio${format ? `?format=${format}` : ""}`;
}

function takeRow(tab, take) {
  return h("article", { class: "item speakup-take", dataset: { takeId: take.id } },
    h("div", { class: "big", "aria-hidden": "true" }, take.favorite ? "⭐" : "🎤"),
    h("div", {},
      h("h3", {}, take.title),
      h("p", { class: "meta" }, `${when(take.createdAt)} · ${minutesSeconds(take.seconds)} · ${takeResult(take)}`),
      h("p", { class: "meta" }, `${take.wordCount} words · ${take.wpm} words a minute · ${take.fillerCount} ${take.fillerCount === 1 ? "filler" : "fillers"}`),
      take.hasAudio
        // Opus where the browser plays it, else WAV (Safari before iOS 17).
        ? h("audio", { controls: true, preload: "none", "aria-label": `Recording of ${take.title}` },
          h("source", { src: audioPath(tab, take), type: "audio/ogg; codecs=opus" }),
          h("source", { src: audioPath(tab, take, "wav"), type: "audio/wav" }))
        : h("p", { class: "hint" }, "Recording not kept")));
}

async function setKeep(tab, keep, { reload, fail }) {
  try {
    await api(`/api/parent/speakup/children/${tab.childId}/recordings`, { method: "PUT", body: { keep } });
    reload();
  } catch (error) { fail(error.message); }
}

async function deleteRecordings(tab, child, { reload, fail }) {
  const used = tab.overview.storage.usedBytes;
  const confirmed = await openSheet({
    label: `Delete ${child.name}'s recordings`,
    render(body, close) {
      mount(body, h("h2", {}, `Delete ${child.name}'s recordings?`),
        h("p", {}, `This deletes every recording kept (${megabytes(used)}). The takes, their transcripts and scores stay. It can't be undone.`),
        h("div", { class: "row actions" },
          h("button", { class: "btn", type: "button", onclick: () => close(false) }, "Keep them"),
          h("button", { class: "btn danger", type: "button", id: "confirm-delete-recordings", onclick: () => close(true) }, "Delete recordings")));
    },
  });
  if (!confirmed) return;
  try {
    await api(`/api/parent/speakup/children/${tab.childId}/recordings`, { method: "DELETE" });
    sounds.success();
    reload();
  } catch (error) { fail(error.message); }
}

/** The tab: `actions.reload()` loads it again, `actions.fail(message)` shows an error. */
export function speakUpView(tab, actions) {
  if (!tab.children) return h("p", { class: "hint" }, "Loading…");
  if (!tab.childId || !tab.overview) return h("p", { class: "hint" }, "Add a child to see their SpeakUp takes.");
  const child = tab.children.find((entry) => entry.id === tab.childId);
  const overview = tab.overview;
  const storage = overview.storage;
  const scores = seriesPoints(overview.history.series, "score");
  const picker = h("label", { class: "field" }, "Child",
    h("select", { id: "speakup-child", onchange: (event) => { tab.childId = event.target.value; actions.reload(); } },
      tab.children.map((entry) => h("option", { value: entry.id, selected: entry.id === tab.childId }, `${entry.avatar} ${entry.name}`))));
  const showAndTell = overview.mode === "showAndTell";
  return h("div", { class: "list speakup-tab" },
    h("article", { class: "card", id: "speakup-summary" },
      h("h3", {}, "🎤 SpeakUp"), picker,
      h("p", { class: "hint" }, showAndTell ? "Show & Tell (grades 1–4): stars and a kind tip, no scores." : "The full speaking coach."),
      h("div", { class: "report-grid" },
        h("div", { class: "stat" }, h("strong", { id: "speakup-takes" }, String(overview.takeCount)), h("span", {}, overview.takeCount === 1 ? "take" : "takes")),
        showAndTell ? null : h("div", { class: "stat" }, h("strong", { id: "speakup-average" }, overview.averageScore ?? "–"), h("span", {}, "average score")),
        showAndTell ? null : h("div", { class: "stat" }, h("strong", {}, overview.bestScore ?? "–"), h("span", {}, "best score")),
        h("div", { class: "stat" }, h("strong", {}, `${overview.history.streak.current} 🔥`), h("span", {}, "days in a row"))),
      !showAndTell && scores.length > 1
        ? h("div", { class: "parent-chart" }, lineChartFigure(`parent-score-chart-${child.id}`, scores, { label: `Score over time: from ${scores[0].y} to ${scores.at(-1).y}`,
          name: "Score", yDomain: [0, 100], xLabel: (x) => new Date(x).toLocaleDateString(undefined, { day: "numeric", month: "short" }) }))
        : null,
      h("figure", { class: "parent-chart" }, draw(heatmapSVG(overview.history.heatmap, { label: `${child.name}'s practice over the last 17 weeks` })))),
    h("article", { class: "card", id: "speakup-recordings" },
      h("h3", {}, "Recordings"),
      h("div", { class: "app-toggles" }, h("label", {}, h("input", { type: "checkbox", id: "speakup-keep", checked: storage.keepRecordings,
        dataset: { focusKey: `speakup-keep-${tab.childId}` }, onchange: (event) => setKeep(tab, event.target.checked, actions) }),
      "Keep recordings of new takes (transcripts and scores are always kept)")),
      h("p", { class: "meta", id: "speakup-storage" }, `${megabytes(storage.usedBytes)} of ${megabytes(storage.limitBytes)} used`),
      h("button", { class: "btn danger", type: "button", id: "speakup-delete-recordings", disabled: storage.usedBytes === 0,
        onclick: () => deleteRecordings(tab, child, actions) }, "Delete kept recordings")),
    h("h2", {}, "Takes"),
    overview.takes.length
      ? h("div", { class: "list", id: "speakup-take-list" }, overview.takes.map((take) => takeRow(tab, take)))
      : h("p", { class: "hint", id: "speakup-empty" }, `${child.name} has not recorded a take yet.`));
}
