// MirrorBuddy (study help for a student with dyslexia; Italian or English): loads the student, routes
// by the address (routes.js) and draws the screen; state in one object (state.js), drawn by one
// function that keeps the reader's place (redraw.js). The settings set the look of every screen
// (appearance.js); the accessibility switcher, the voice button, the timer and ambient sound live
// across screens.
import { ApiError, loadSession } from "../shared/api.js";
import { h, mount } from "../shared/dom.js";
import { ErrorCode } from "../shared/error-codes.js";
import { redraw } from "../shared/redraw.js";
import { drawSwitcher, mountSwitcher } from "./a11y-switcher.js";
import { startAmbient, syncAmbient } from "./ambient.js";
import { applyLook, systemWishes } from "./appearance.js";
import { cardScreen } from "./card-page.js";
import { loadCard, loadCardSettings, loadCards, loadCardsDue } from "./cards-data.js";
import { cardsScreen } from "./cards.js";
import { enterCoach, leaveCoach } from "./coach-page.js";
import { coachScreen } from "./coach-view.js";
import { enterHomework, leaveHomework } from "./homework-page.js";
import { homeworkScreen } from "./homework-view.js";
import { contextBanner } from "./context-banner.js";
import { loadMaterial, loadMaterials, loadMe, loadProgress, loadRecent, loadTasks } from "./data.js";
import { errorText, t } from "./i18n.js";
import { homeScreen } from "./home.js";
import { loadMaps } from "./map-data.js";
import { leaveMap, loadMap } from "./map-page.js";
import { mapScreen } from "./map-screen.js";
import { mapsScreen } from "./maps.js";
import { materialScreen } from "./material.js";
import { forgetNewForm, newScreen } from "./material-new.js";
import { materialsScreen } from "./materials.js";
import { progressScreen } from "./progress.js";
import { forgetQuizStart, loadMastery, loadQuizzes } from "./quiz-data.js";
import { loadQuiz } from "./quiz-page.js";
import { quizStartScreen } from "./quiz-start.js";
import { quizScreen } from "./quiz-view.js";
import { reviewScreen, startReview } from "./review.js";
import { stopWatching, syncWatches } from "./material-watch.js";
import { readerStatus, readFrom, stopReading } from "./reader.js";
import { dropView } from "./reading-view.js";
import { routeFor } from "./routes.js";
import { settingsScreen } from "./settings.js";
import { render, setRenderer, state } from "./state.js";
import { subjectScreen } from "./subject.js";
import { forgetSubjectForm } from "./subjects-manage.js";
import { forgetForms } from "./task-form.js";
import { tasksScreen } from "./tasks.js";
import { updateClocks, watchActivity } from "./timer.js";
import { linkButton } from "./ui.js";
import { ttsOn } from "./voice.js";
import { mountVoice } from "./voice-control.js";

const root = document.getElementById("app");
history.scrollRestoration = "manual";
let drawn = "";
let language = "";

async function load() {
  state.loading = true;
  state.fatal = null;
  render();
  try {
    const session = await loadSession();
    if (!session.signedIn || !session.child) { location.href = "/"; return; }
    await loadMe();
  } catch (error) {
    if (error instanceof ApiError && (error.code === ErrorCode.notSignedIn || error.code === ErrorCode.noChildSelected)) { location.href = "/"; return; }
    state.fatal = error;
  }
  state.loading = false;
  language = state.settings?.language ?? "it";
  if (!state.fatal) loadTasks();
  // Nothing is on screen yet, so the first route (Home too) loads what it shows.
  state.route = { name: "" };
  route();
}

/** Draws the route in the address, loading what it shows. */
function route() {
  const next = routeFor(location.hash);
  const previous = state.route;
  const moved = previous.name !== next.name || previous.id !== next.id;
  if (moved && previous.name === "material") { stopReading(); state.panel = null; }
  if (moved) { stopWatching(); forgetQuizStart(); }
  if (moved && previous.name === "map") leaveMap();
  if (moved && previous.name === "coach") leaveCoach();
  if (moved && previous.name === "homework") leaveHomework();
  state.route = next;
  if (state.me && moved) loadScreen(next);
  render();
}

/** Loads what the screen of route `next` shows (arriving there, or "aggiorna" said aloud). */
function loadScreen(next) {
  if (next.name === "home") { loadRecent(); loadCardsDue(); }
  if (next.name === "tasks" || next.name === "home") loadTasks();
  if (next.name === "progress") loadProgress();
  if (next.name === "materials") { state.materials.list = null; loadMaterials(); }
  if (next.name === "subject") {
    Object.assign(state.materials, { q: "", subject: next.id, period: "all", list: null });
    state.context.subjectId = next.id;
    loadMaterials();
  }
  if (next.name === "material") openMaterial(next.id);
  if (next.name === "cards") {
    Object.assign(state.cards, { list: null, due: null, error: null, subjectId: "" });
    loadCards();
    loadCardSettings();
  }
  if (next.name === "card") loadCard(next.id);
  if (next.name === "review") startReview(next.id ?? null);
  if (next.name === "maps") { state.maps = { list: null, error: null }; loadMaps(); }
  if (next.name === "map") loadMap(next.id, { keepView: state.map?.id === next.id && Boolean(state.map?.tree) });
  if (next.name === "quiz" && next.id) loadQuiz(next.id);
  if (next.name === "quiz" && !next.id) {
    state.quizzes = { list: null, error: null };
    state.mastery = { subjects: null, error: null };
    loadQuizzes();
    loadMastery();
  }
  if (next.name === "coach") enterCoach();
  if (next.name === "homework") enterHomework();
}

async function openMaterial(id) {
  await loadMaterial(id);
  const material = state.material;
  if (material?.id !== id || state.route.name !== "material" || state.route.id !== id) return;
  state.context.materialId = id;
  if (material.subjectId) state.context.subjectId = material.subjectId;
  render();
  if (state.settings?.autoRead && ttsOn() && material.text) {
    // Only if the student is still on this material (they may have moved on in the meantime).
    setTimeout(() => {
      if (state.route.name === "material" && state.route.id === id && state.material?.id === id && readerStatus() === "idle") readFrom(0);
    }, 300);
  }
}

function topbar() {
  const here = state.route.name;
  const tab = (hash, name, emoji, label, also = []) => linkButton({ href: hash, emoji, label, id: `nav-${name}`,
    cls: `mb-nav-link${here === name || also.includes(here) ? " current" : ""}`, current: here === name });
  return h("nav", { class: "mb-topbar", "aria-label": t("nav.label") },
    linkButton({ href: "/hub/", emoji: "🚪", label: t("nav.hub"), id: "nav-hub", cls: "mb-nav-link mb-hub-link" }),
    h("span", { class: "mb-brand mb-extra" }, h("span", { "aria-hidden": "true" }, "🪞 "), "MirrorBuddy"),
    h("div", { class: "mb-nav" },
      tab("#home", "home", "🏠", t("nav.home"), ["subject"]), tab("#materials", "materials", "📚", t("nav.materials"), ["material", "new", "maps", "map"]),
      tab("#tasks", "tasks", "📝", t("nav.tasks")), tab("#progress", "progress", "🏆", t("nav.progress")),
      tab("#settings", "settings", "⚙️", t("nav.settings"))));
}

function screen() {
  if (state.loading) return h("p", { class: "hint", role: "status" }, t("common.loading"));
  if (state.fatal) {
    return h("section", { class: "mb-card center" }, h("h1", {}, `😕 ${t("error.title")}`), h("p", { class: "error-text", role: "alert" }, errorText(state.fatal)),
      h("button", { class: "btn primary mb-primary", type: "button", id: "try-again", onclick: load }, h("span", { "aria-hidden": "true" }, "🔄 "), t("action.tryAgain")),
      linkButton({ href: "/hub/", emoji: "🚪", label: t("nav.hub") }));
  }
  const screens = { home: homeScreen, subject: subjectScreen, materials: materialsScreen, material: materialScreen, new: newScreen, tasks: tasksScreen,
    progress: progressScreen, settings: settingsScreen, cards: cardsScreen, card: cardScreen, review: reviewScreen, maps: mapsScreen, map: mapScreen,
    quiz: () => (state.route.id ? quizScreen() : quizStartScreen()), coach: coachScreen, homework: homeworkScreen };
  return (screens[state.route.name] ?? homeScreen)();
}

function message() {
  if (!state.message) return null;
  const { text, kind } = state.message;
  return h("p", { class: `mb-message mb-message-${kind}`, role: kind === "error" ? "alert" : "status" },
    h("span", { "aria-hidden": "true" }, kind === "error" ? "😕 " : kind === "ok" ? "👍 " : "💬 "), text);
}

const screenKey = () => `${state.route.name}/${state.route.id ?? ""}`;

function draw() {
  const key = screenKey();
  const fresh = key !== drawn;
  redraw(root, () => mount(root, topbar(), state.me ? contextBanner() : null,
    h("main", { class: "mb-screen", id: "screen", dataset: { screen: key } }, message(), screen())), { focus: !fresh });
  root.dataset.route = state.route.name;
  updateClocks();
  syncWatches();
  if (fresh) { drawn = key; scrollTo(0, 0); }
}

document.addEventListener("mirrorbuddy:settings", (event) => {
  const settings = event.detail;
  if (language && settings.language !== language) { forgetForms(); forgetNewForm(); forgetSubjectForm(); dropView(); }
  language = settings.language;
  syncAmbient(settings);
  drawSwitcher();
});

// The OS's wishes (more contrast, less motion) can change while the page is open.
for (const query of ["(prefers-contrast: more)", "(prefers-reduced-motion: reduce)"]) {
  matchMedia(query).addEventListener?.("change", () => { if (state.settings) applyLook(state.settings, document.documentElement, systemWishes()); });
}

setRenderer(draw);
addEventListener("hashchange", route);
mountSwitcher(document.body);
mountVoice(document.body, { refresh: () => { if (state.me) loadScreen(state.route); } });
watchActivity(document);
startAmbient(document);
// The banner's clock runs whether or not the timer does.
setInterval(() => updateClocks(), 1000);
load();
