// SpeakUp (the speaking coach; Show & Tell for grades 1–4): load the speaker, route by the address
// (#today, #take/<id>, #history, #settings, #compare, #prompts, #wheel, #practice, #warmup/<id>,
// #calm/<id>, #drill/<id>, #read/<id>, #learn, #lesson/<id>, #goals) and draw the screen. State lives in one object (state.js) and one
// function draws it, keeping the reader's focus and scroll (redraw.js); a take's flow is
// session.js's machine, run by flow.js. The recording screen updates its clock and waveform itself.
import { api, ApiError, loadSession } from "../shared/api.js";
import { h, mount } from "../shared/dom.js";
import { ErrorCode } from "../shared/error-codes.js";
import { redraw } from "../shared/redraw.js";
import { muteButton } from "../shared/sounds.js";
import { speakOnTouch } from "../shared/speak-on-touch.js";
import { countdownScreen } from "./countdown.js";
import { compareScreen, loadCompare } from "./compare.js";
import { abandonTake } from "./flow.js";
import { historyScreen, loadHistory } from "./history.js";
import { recordingScreen } from "./recording.js";
import { analysingScreen, failedScreen, revealScreen } from "./reveal.js";
import { routeFor } from "./routes.js";
import { loadChallenges } from "./challenges.js";
import { openSettings, settingsScreen } from "./settings.js";
import { calmScreen, openCalm } from "./calm.js";
import { courseScreen, lessonScreen, loadCourse } from "./course.js";
import { badgeBanner, habitsScreen, leftScreen, loadHabits, openHabits } from "./habits.js";
import { drillScreen, openDrill, stopDrill } from "./drill.js";
import { openReading, readingScreen, stopReading } from "./reading.js";
import { libraryScreen, loadLibrary } from "./library.js";
import { loadPractice, practiceScreen } from "./practice.js";
import { kidHistoryScreen, kidTakeScreen } from "./show-and-tell-pages.js";
import { kidTodayScreen } from "./show-and-tell.js";
import { isKid, render, setRenderer, state } from "./state.js";
import { loadTake, takeScreen } from "./take-page.js";
import { loadPrompt, todayScreen } from "./today.js";
import { leaveTake } from "./playback.js";
import { openWheel, wheelScreen } from "./wheel.js";
import { openWarmUp, stopWarmUp, warmUpScreen } from "./warmup.js";
import { zoneQuery } from "./format.js";

const root = document.getElementById("app");
history.scrollRestoration = "manual";
let drawn = "";

async function load() {
  state.loading = true;
  state.fatal = "";
  try {
    const session = await loadSession();
    if (!session.signedIn || !session.child) { location.href = "/"; return; }
    state.child = session.child;
    state.me = await api(`/api/speakup/me?${zoneQuery()}`);
    document.body.classList.toggle("show-and-tell", isKid());
    await loadPrompt();
    loadHabits();
    loadChallenges();
  } catch (error) {
    if (error instanceof ApiError && (error.code === ErrorCode.notSignedIn || error.code === ErrorCode.noChildSelected)) { location.href = "/"; return; }
    state.fatal = error instanceof ApiError ? error.message : "SpeakUp needs the server. Check the connection and try again.";
  }
  state.loading = false;
  route();
}

/** Draws the route in the address, loading what it shows. Leaving Today ends a take in progress. */
function route() {
  const next = routeFor(location.hash);
  if (next.name !== "today") abandonTake();
  if (state.route.name === "take" && (next.name !== "take" || next.id !== state.route.id)) leaveTake();
  // Show & Tell has no settings, comparisons or library (its wheel is its way to pick): those addresses lead to Today.
  if (isKid() && ["settings", "compare", "prompts"].includes(next.name)) next.name = "today";
  // Nor drills (they need reading and numbers): the address leads to its Practice page.
  if (isKid() && (next.name === "drill" || next.name === "read")) Object.assign(next, { name: "practice", id: undefined });
  // Nor the course (it is the full coach's).
  if (isKid() && (next.name === "learn" || next.name === "lesson")) Object.assign(next, { name: "today", id: undefined });
  if (next.name === "settings" && state.route.name !== "settings") openSettings();
  if (next.name === "compare" && state.route.name !== "compare") state.compare = { points: null, pair: null, takes: {}, error: "" };
  if (state.me && next.name === "wheel" && state.route.name !== "wheel") openWheel();
  const previous = state.route;
  const moved = previous.name !== next.name || previous.id !== next.id;
  leftScreen(next.name);
  if (previous.name === "warmup" && moved) stopWarmUp();
  if (previous.name === "drill" && moved) stopDrill();
  if (previous.name === "read" && moved) stopReading();
  state.route = next;
  if (state.me && next.name === "practice") loadPractice();
  if (state.me && (next.name === "learn" || next.name === "lesson") && moved) loadCourse();
  if (state.me && next.name === "goals" && moved) openHabits();
  if (state.me && ["warmup", "calm", "drill", "read"].includes(next.name) && moved) openExercise(next);
  if (state.me && next.name === "take") loadTake(next.id);
  if (state.me && next.name === "history") loadHistory();
  if (state.me && next.name === "compare") loadCompare(next);
  if (state.me && next.name === "prompts") loadLibrary();
  render();
}

/** A warm-up or calm exercise, once the catalogue is in. */
async function openExercise(next) {
  state.warmUp = null;
  state.calm = null;
  state.drill = null;
  state.reading = null;
  if (!state.practice?.exercises) await loadPractice();
  if (state.route !== next) return;
  if (next.name === "warmup") openWarmUp(next.id);
  else if (next.name === "drill") openDrill(next.id);
  else if (next.name === "read") openReading(next.id);
  else openCalm(next.id);
  render();
}

const PRACTICE_ROUTES = ["practice", "warmup", "calm", "drill", "read", "wheel", "prompts"];

function topbar() {
  const kid = isKid();
  const here = state.route.name;
  const names = { today: ["Talk", " Today"], history: ["My talks", " History"], practice: ["Practice", " Practice"], learn: ["Learn", " Learn"] };
  const current = (name) => here === name || (name === "history" && (here === "take" || here === "compare" || here === "goals")) || (name === "practice" && PRACTICE_ROUTES.includes(here))
    || (name === "learn" && here === "lesson");
  const tab = (hash, name, icon, id) => h("a", { class: `btn nav-link${current(name) ? " current" : ""}`, href: hash, id,
    "aria-current": here === name ? "page" : null, "aria-label": kid ? names[name][0] : null },
  h("span", { "aria-hidden": "true" }, icon), kid ? null : h("span", { class: "nav-text" }, names[name][1]));
  const mute = muteButton();
  if (kid) mute.dataset.say = "";
  return h("nav", { class: "su-topbar", "aria-label": "SpeakUp" },
    h("a", { class: "btn icon-btn", href: "/", id: "hub-home", "aria-label": "Back to the apps" }, "🏠"),
    h("span", { class: "su-brand" }, h("span", { "aria-hidden": "true" }, "🎤 "), h("span", { class: "brand-name" }, kid ? "Show & Tell" : "SpeakUp")),
    h("div", { class: "su-nav" }, tab("#today", "today", "🎙️", "nav-today"), tab("#practice", "practice", "🏋️", "nav-practice"),
      kid ? null : tab("#learn", "learn", "📘", "nav-learn"),
      tab("#history", "history", kid ? "⭐" : "📈", "nav-history"),
      kid ? null : h("a", { class: `btn icon-btn${here === "settings" ? " current" : ""}`, href: "#settings", id: "nav-settings", "aria-label": "Settings",
        "aria-current": here === "settings" ? "page" : null }, "⚙️")), mute);
}

function screen() {
  if (state.loading) return h("p", { class: "hint", role: "status" }, "Loading…");
  if (state.fatal) {
    return h("section", { class: "glass-card center" }, h("h1", {}, "Oops!"), h("p", { class: "error-text", role: "alert" }, state.fatal),
      h("button", { class: "btn primary big", type: "button", id: "try-again", onclick: load }, "Try again"));
  }
  const kid = isKid();
  if (state.route.name === "take") return kid ? kidTakeScreen() : takeScreen();
  if (state.route.name === "history") return kid ? kidHistoryScreen() : historyScreen();
  if (state.route.name === "settings") return settingsScreen();
  if (state.route.name === "compare") return compareScreen();
  if (state.route.name === "prompts") return libraryScreen();
  if (state.route.name === "wheel") return wheelScreen();
  if (state.route.name === "practice") return practiceScreen();
  if (state.route.name === "warmup") return warmUpScreen();
  if (state.route.name === "calm") return calmScreen();
  if (state.route.name === "drill") return drillScreen();
  if (state.route.name === "read") return readingScreen();
  if (state.route.name === "learn") return courseScreen();
  if (state.route.name === "lesson") return lessonScreen();
  if (state.route.name === "goals") return habitsScreen();
  const flows = { countdown: countdownScreen, starting: recordingScreen, recording: recordingScreen, analysing: analysingScreen, reveal: revealScreen, failed: failedScreen };
  return (flows[state.flow.phase] ?? (kid ? kidTodayScreen : todayScreen))();
}

/** Which screen is up: a new one starts at the top of the page. */
const screenKey = () => `${state.route.name}/${state.route.id ?? state.route.then ?? ""}/${state.route.now ?? ""}/${state.route.name === "today" ? state.flow.phase : ""}`;

function draw() {
  const key = screenKey();
  const fresh = key !== drawn;
  redraw(root, () => mount(root, topbar(), h("main", { class: "su-screen", id: "screen", dataset: { screen: key } }, badgeBanner(), screen())), { focus: !fresh });
  root.dataset.flow = state.flow.phase;
  root.dataset.route = state.route.name;
  if (fresh) { drawn = key; scrollTo(0, 0); }
}

setRenderer(draw);
addEventListener("hashchange", route);
// Goals and badges may have moved: load them again (a new badge is celebrated).
document.addEventListener("speakup:progress", () => { loadHabits(); loadChallenges(); });
// Show & Tell: every button and link says its name when touched (the other kids' pages do too).
speakOnTouch(document, { when: isKid });
load();
