// Talking to /api/mirrorbuddy/: loading what the screens show into the state, and every change the
// student makes (settings, subjects, materials, tasks, study time). `tz` goes where days matter.
import { api, currentCsrfToken } from "../shared/api.js";
import { ErrorCode } from "../shared/error-codes.js";
import { applyLook } from "./appearance.js";
import { periodRange, refuseTimeZone, timeZone } from "./days.js";
import { setLanguage } from "./i18n.js";
import { voiceQuery } from "./routes.js";
import { keepaliveInit } from "./send-queue.js";
import { render, state } from "./state.js";

const BASE = "/api/mirrorbuddy";
const tz = () => `tz=${encodeURIComponent(timeZone())}`;

/** The settings in force: the page's look and language follow them. */
export function useSettings(settings) {
  state.settings = settings;
  if (state.me) state.me.settings = settings;
  setLanguage(settings.language);
  applyLook(settings);
  document.dispatchEvent(new CustomEvent("mirrorbuddy:settings", { detail: settings }));
}

export async function loadMe() {
  try {
    state.me = await api(`${BASE}/me?${tz()}`);
  } catch (error) {
    // A zone the server's time-zone data lacks: the device's offset instead, not a blank page.
    if (error?.code !== ErrorCode.invalidField || error?.details?.field !== "tz") throw error;
    refuseTimeZone();
    state.me = await api(`${BASE}/me?${tz()}`);
  }
  useSettings(state.me.settings);
}

export function useProgress(progress) {
  if (state.me && progress) state.me.progress = progress;
}

export async function loadProgress() {
  useProgress(await api(`${BASE}/progress?${tz()}`));
  render();
}

// ---- Settings

export async function saveSettings(next) {
  useSettings(next);
  render();
  const saved = await api(`${BASE}/settings`, { method: "PUT", body: next });
  useSettings(saved);
  render();
  return saved;
}

export async function applyPreset(preset) {
  const saved = await api(`${BASE}/settings/preset`, { method: "POST", body: { preset } });
  useSettings(saved);
  render();
  return saved;
}

// ---- Subjects

const replaceSubject = (subject) => {
  state.me.subjects = state.me.subjects.map((old) => (old.id === subject.id ? subject : old));
};

export async function addSubject({ name, colour, emoji }) {
  const subject = await api(`${BASE}/subjects`, { method: "POST", body: { name, colour, emoji } });
  state.me.subjects = [...state.me.subjects, subject];
  render();
  return subject;
}

export async function changeSubject(id, change) {
  replaceSubject(await api(`${BASE}/subjects/${encodeURIComponent(id)}`, { method: "PATCH", body: change }));
  render();
}

export async function orderSubjects(ids) {
  state.me.subjects = (await api(`${BASE}/subjects/order`, { method: "PUT", body: { ids } })).subjects;
  render();
}

export async function deleteSubject(id) {
  await api(`${BASE}/subjects/${encodeURIComponent(id)}`, { method: "DELETE" });
  state.me.subjects = state.me.subjects.filter((subject) => subject.id !== id);
  render();
}

// ---- Materials

/** The query of the materials list: q, subject, since/until (the date filter), tz. */
export function materialsQuery({ q = "", subject = "", period = "all" } = {}, now = new Date()) {
  const query = new URLSearchParams();
  if (q.trim()) query.set("q", q.trim());
  if (subject) query.set("subject", subject);
  const { since, until } = periodRange(period, now);
  if (since) query.set("since", since);
  if (until) query.set("until", until);
  query.set("tz", timeZone());
  return query.toString();
}

/** `headers`: a poll's (poll.js), so the server knows a timer asked. */
export async function loadMaterials({ headers } = {}) {
  const filter = state.materials;
  const asked = materialsQuery(filter);
  filter.error = null;
  try {
    const answer = await api(`${BASE}/materials?${asked}`, { headers });
    if (materialsQuery(state.materials) === asked) filter.list = answer.materials;
  } catch (error) {
    filter.error = error;
  }
  render();
}

export async function loadRecent({ headers } = {}) {
  try {
    state.recent = (await api(`${BASE}/materials?${tz()}`, { headers })).materials.slice(0, 5);
  } catch {
    state.recent = [];
  }
  render();
}

const showing = (id) => state.route.name === "material" && state.route.id === id;

/** Loads material `id` into the state, unless the student has gone to another screen meanwhile. */
export async function loadMaterial(id, { headers } = {}) {
  if (state.material?.id !== id) { state.material = null; state.materialError = null; }
  try {
    const material = await api(`${BASE}/materials/${encodeURIComponent(id)}`, { headers });
    if (!showing(id)) return;
    state.material = material;
    state.materialError = null;
  } catch (error) {
    if (!showing(id)) return;
    state.materialError = error;
  }
  render();
}

export const createMaterial = (body) => api(`${BASE}/materials`, { method: "POST", body });

/** The query of an upload: title (when given), subjectId (when picked), language. */
export function uploadQuery({ title = "", subjectId = "", language = "it" } = {}) {
  const query = new URLSearchParams();
  if (String(title).trim()) query.set("title", String(title).trim());
  if (subjectId) query.set("subjectId", subjectId);
  query.set("language", language === "en" ? "en" : "it");
  return query.toString();
}

/** A PDF, sent as itself: 202 with the waiting material's summary. */
export const uploadPdf = (file, options) =>
  api(`${BASE}/materials/pdf?${uploadQuery(options)}`, { method: "POST", raw: file, contentType: "application/pdf" });

/** Photos of pages in page order, each base64 without the data: prefix: 202 with the summary. */
export const uploadPhotos = (photos, options) =>
  api(`${BASE}/materials/photos?${uploadQuery(options)}`, { method: "POST", body: { photos } });

// A summary's keys the server leaves out when they are null (JSON has no key then).
const OPTIONAL_MATERIAL_KEYS = ["subjectId", "failure", "failureCode", "snippet"];

/**
 * The material on screen after a change: the summary's fields over the detail's, every optional
 * one null when the summary has none (the server omits null keys), and the detail's own `words`
 * (spans) kept — the summary's `words` is only their count.
 */
export function mergeSummary(detail, summary) {
  const merged = { ...detail, ...summary };
  for (const key of OPTIONAL_MATERIAL_KEYS) merged[key] = summary[key] ?? null;
  if (Array.isArray(detail?.words)) merged.words = detail.words;
  return merged;
}

export async function changeMaterial(id, change) {
  const summary = await api(`${BASE}/materials/${encodeURIComponent(id)}`, { method: "PATCH", body: change });
  if (state.material?.id === id) state.material = mergeSummary(state.material, summary);
  render();
  return summary;
}

export const deleteMaterial = (id) => api(`${BASE}/materials/${encodeURIComponent(id)}`, { method: "DELETE" });

// ---- Tasks

export async function loadTasks() {
  try {
    state.tasks = (await api(`${BASE}/tasks?${tz()}`)).sections;
  } catch {
    state.tasks ??= [];
  }
  render();
}

export const allTasks = () => (state.tasks ?? []).flatMap((section) => section.tasks);

export const createTask = (body) => api(`${BASE}/tasks?${tz()}`, { method: "POST", body });
export const changeTask = (id, change) => api(`${BASE}/tasks/${encodeURIComponent(id)}?${tz()}`, { method: "PATCH", body: change });
export const completeTask = (id) => api(`${BASE}/tasks/${encodeURIComponent(id)}/complete?${tz()}`, { method: "POST" });
export const reopenTask = (id) => api(`${BASE}/tasks/${encodeURIComponent(id)}/reopen?${tz()}`, { method: "POST" });
export const deleteTask = (id) => api(`${BASE}/tasks/${encodeURIComponent(id)}`, { method: "DELETE" });

// ---- Study time

/**
 * One finished stretch of study: {startedAt, minutes, subjectId?, taskId?, pomodoro}. The server
 * records it as ending when it arrives (start = now − minutes; `startedAt` is ignored).
 */
export async function sendStretch(stretch) {
  const answer = await api(`${BASE}/sessions?${tz()}`, { method: "POST", body: stretch });
  useProgress(answer.progress);
  return answer;
}

/** A stretch sent as the page goes away (pagehide): a keepalive fetch nobody waits for. */
export function sendStretchOnLeave(stretch) {
  try {
    fetch(`${BASE}/sessions?${tz()}`, keepaliveInit(stretch, currentCsrfToken())).catch(() => {});
  } catch {
    // The page is going away: nothing more can be done.
  }
}

// ---- Voice commands

/** What the student said on `route` ({name, id}): {heard, command, subjectId?, materialId?, day?, nodeId?, language}. */
export const recogniseCommand = (wav, route) =>
  api(`${BASE}/voice?${voiceQuery(route, { labels: !state.map?.selfTest })}&${tz()}`, { method: "POST", raw: wav, contentType: "audio/wav" });

/** What can be said on `route`: {language, commands: [{command, examples}]}. */
export const voiceCommands = (route) => api(`${BASE}/voice/commands?${voiceQuery(route, { labels: !state.map?.selfTest })}`);
