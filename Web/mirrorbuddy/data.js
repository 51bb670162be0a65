// Talking to /api/mirrorbuddy/: loading what the screens show into the state, and every change the
// student makes (settings, subjects, materials, tasks, study time). `tz` goes where days matter.
import { api } from "../shared/api.js";
import { applyLook } from "./appearance.js";
import { periodRange, timeZone } from "./days.js";
import { setLanguage } from "./i18n.js";
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
  state.me = await api(`${BASE}/me?${tz()}`);
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

export async function loadMaterials() {
  const filter = state.materials;
  const asked = materialsQuery(filter);
  filter.error = null;
  try {
    const answer = await api(`${BASE}/materials?${asked}`);
    if (materialsQuery(state.materials) === asked) filter.list = answer.materials;
  } catch (error) {
    filter.error = error;
  }
  render();
}

export async function loadRecent() {
  try {
    state.recent = (await api(`${BASE}/materials?${tz()}`)).materials.slice(0, 5);
  } catch {
    state.recent = [];
  }
  render();
}

export async function loadMaterial(id) {
  state.materialError = null;
  if (state.material?.id !== id) state.material = null;
  try {
    state.material = await api(`${BASE}/materials/${encodeURIComponent(id)}`);
  } catch (error) {
    state.materialError = error;
  }
  render();
}

export const createMaterial = (body) => api(`${BASE}/materials`, { method: "POST", body });

export async function changeMaterial(id, change) {
  const summary = await api(`${BASE}/materials/${encodeURIComponent(id)}`, { method: "PATCH", body: change });
  if (state.material?.id === id) Object.assign(state.material, summary);
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

/** One finished stretch of study: {startedAt, minutes, subjectId?, taskId?, pomodoro}. */
export async function sendStretch(stretch) {
  const answer = await api(`${BASE}/sessions?${tz()}`, { method: "POST", body: stretch });
  useProgress(answer.progress);
  return answer;
}
