// The kids' hub (seed 000): greeting, rainbow title and a grid of app tiles. Built apps open full
// screen; placeholders open the request sheet and show the answer a parent gave. Usable without
// reading: every tile and button says its name when touched, the greeting and an app a child
// asked for that has arrived are spoken, and 🔊 says the greeting again.
import { api, ApiError, loadSession } from "../shared/api.js";
import { h, mount } from "../shared/dom.js";
import { isMuted, muteButton, sounds } from "../shared/sounds.js";
import { atMost, hearAgainButton, instruct, remembered, sayName, speakOnTouch, touched } from "../shared/speak-on-touch.js";
import { removeAdsBehindGate } from "../shared/store.js";
import { requestApp } from "./request-sheet.js";
import { arrivedWords, noteLine, pill, tileLabel, tileWords } from "./words.js";
import { ErrorCode } from "../shared/error-codes.js";
import { safeStorage } from "../shared/safe-storage.js";

const main = document.getElementById("hub");
const topbar = document.getElementById("topbar");
const state = { hub: null, error: "", opening: false, greeted: false };
const NAME_BEFORE_OPENING_MS = 1200; // a live tile says its name, then opens; never waits longer
// This tab's sessionStorage, through the kit: storage that fails keeps what it was told for this page.
const visit = safeStorage(() => globalThis.sessionStorage);

// Apps a child asked for that have arrived: {appId: {said, opened}} per child, on this device.
const arrivals = () => remembered(`fz-arrived:${state.hub?.child?.id ?? "none"}`);
const isNew = ({ app, arrived }) => Boolean(arrived && app.isAvailable && !arrivals().get()[app.id]?.opened);

function markArrival(appId, change) {
  const store = arrivals();
  const all = store.get();
  all[appId] = { ...all[appId], ...change };
  store.set(all);
}

/** Says a name, then goes to `href`: at most NAME_BEFORE_OPENING_MS later (at once when muted). */
async function speakThenGo(element, href, work = Promise.resolve()) {
  if (state.opening) return;
  state.opening = true;
  await Promise.all([atMost(touched(element), NAME_BEFORE_OPENING_MS), work]);
  location.href = href;
}

function tile(data) {
  const { app, request, note } = data;
  const placeholder = !app.isAvailable;
  const fresh = isNew(data);
  const [pillClass, pillText] = pill(request);
  const button = h("button", {
    class: `tile${placeholder ? " placeholder" : ""}${fresh ? " arrived" : ""}`, type: "button",
    dataset: { appId: app.id, say: tileWords(data, { isNew: fresh }) },
    "aria-label": tileLabel(data, { isNew: fresh }),
    onclick: async () => {
      sounds.tap();
      button.classList.add("pressed");
      setTimeout(() => button.classList.remove("pressed"), 120);
      if (!placeholder) {
        if (fresh) markArrival(app.id, { opened: true, said: true });
        return speakThenGo(button, `/${app.id}/`);
      }
      touched(button);
      if (await requestApp(app, { request, note })) load();
    },
  },
  fresh ? h("span", { class: "ribbon" }, "New! You asked for this 🎉") : null,
  h("span", { class: "icon", "aria-hidden": "true" }, app.icon),
  h("span", { class: "name" }, app.name),
  h("span", { class: "subtitle" }, app.subtitle),
  placeholder ? h("span", { class: `pill ${pillClass}` }, pillText) : null,
  placeholder && note && request ? h("span", { class: "note" }, h("span", { class: "note-text" }, noteLine(note))) : null);
  if (!placeholder) {
    button.style.setProperty("--tile-color", app.color);
    button.style.setProperty("--tile-shadow", app.color + "73");
  }
  return button;
}

const AD_WORDS = "New apps are on the way! Ask for the ones you want.";

function houseAd() {
  if (state.hub.adsRemoved) return null;
  return h("aside", { class: "house-ad card", "aria-label": "Kids Fun Zone news" },
    h("span", { class: "ad-label" }, "From Kids Fun Zone"),
    h("span", { class: "ad-text" }, `🌈 ${AD_WORDS}`),
    hearAgainButton(AD_WORDS, { label: "Hear the news", id: "hear-news" }),
    h("button", { class: "btn kid grown-up", type: "button", id: "remove-ads", dataset: { say: "For grown-ups: remove ads." }, onclick: removeAds },
      "Parents: remove ads"));
}

async function removeAds() {
  try {
    if (await removeAdsBehindGate()) load();
  } catch (error) {
    state.error = error.message;
    render();
  }
}

function topMuteButton() {
  const button = muteButton();
  button.dataset.say = ""; // its picture says it; turning sound on says so
  button.addEventListener("click", () => { if (!isMuted()) sayName("Sound is on!", button); });
  return button;
}

function renderTopbar() {
  const child = state.hub?.child;
  mount(topbar,
    h("div", { class: "group" },
      child ? h("a", { class: "btn player-button", href: "/", id: "switch-player", "aria-label": `${child.name} is playing. Switch player`,
        dataset: { say: `${child.name} is playing. Tap to change player.` },
        onclick: (event) => {
          event.preventDefault();
          speakThenGo(event.currentTarget, "/", api("/api/kids/leave", { method: "POST" }).catch(() => {}));
        } },
      h("span", { class: "avatar", "aria-hidden": "true" }, child.avatar)) : null),
    h("div", { class: "group" }, topMuteButton(),
      h("a", { class: "btn", href: "/parent/", id: "parents-link", "aria-label": "Parents area", dataset: { say: "For grown-ups." },
        onclick: (event) => { event.preventDefault(); speakThenGo(event.currentTarget, "/parent/"); } }, "🔒")));
}

const greetingWords = () => `Hi, ${state.hub.child.name}! Tap a picture to play.`;

function render() {
  renderTopbar();
  if (!state.hub) {
    // Never a dead end: a hub that did not load offers to try again.
    if (state.error) {
      mount(main, h("p", { class: "error-text", role: "alert" }, state.error),
        h("button", { class: "btn kid", type: "button", id: "try-again", onclick: () => { sounds.tap(); load(); } }, "Try again 🔄"));
    }
    return;
  }
  mount(main,
    h("header", {},
      h("div", { class: "star", "aria-hidden": "true" }, "🌟"),
      h("h1", { class: "title" }, "Kids Fun Zone"),
      h("div", { class: "greeting-row" },
        h("p", { class: "greeting" }, `Hi, ${state.hub.child.name}! 👋`),
        hearAgainButton(greetingWords, { label: "Hear the greeting", id: "hear-greeting" }))),
    state.error ? h("p", { class: "error-text", role: "alert" }, state.error) : null,
    h("nav", { class: "tiles", "aria-label": "Apps" }, state.hub.tiles.map(tile)),
    houseAd());
}

/** Once per visit the greeting; once ever (per child, per app) that an app they asked for is here. */
function speakArrival() {
  const greetKey = `fz-greeted:${state.hub.child.id}`;
  const greeted = state.greeted || visit.readText(greetKey) === "1";
  visit.writeText(greetKey, "1");
  state.greeted = true;
  if (!greeted) instruct(greetingWords());
  const arrived = state.hub.tiles.filter((t) => isNew(t) && !arrivals().get()[t.app.id]?.said);
  for (const { app } of arrived) {
    instruct(arrivedWords(app), { queue: true }).then(({ played }) => { if (played) markArrival(app.id, { said: true }); });
  }
}

async function load() {
  try {
    await loadSession();
    state.hub = await api("/api/hub");
    state.error = "";
  } catch (error) {
    if (error instanceof ApiError && (error.code === ErrorCode.notSignedIn || error.code === ErrorCode.noChildSelected)) {
      location.href = "/";
      return;
    }
    state.error = error.message;
  }
  render();
  if (state.hub) speakArrival();
}

speakOnTouch(document);
// Back from an app through the back-forward cache: the tiles open again.
addEventListener("pageshow", () => { state.opening = false; });
load();
