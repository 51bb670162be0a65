// The kids' hub (seed 000): greeting, rainbow title and a grid of app tiles. Built apps open full
// screen; placeholders open the request sheet and show the answer a parent gave.
import { api, ApiError, loadSession } from "../shared/api.js";
import { h, mount } from "../shared/dom.js";
import { muteButton, sounds } from "../shared/sounds.js";
import { removeAdsBehindGate } from "../shared/store.js";
import { requestApp } from "./request-sheet.js";

const main = document.getElementById("hub");
const topbar = document.getElementById("topbar");
const state = { hub: null, error: "" };

const requestPill = {
  pending: ["pending", "Asked! ⏳"],
  approved: ["approved", "A grown-up said yes! 🎉"],
  declined: ["declined", "Not right now 💛"],
};

function tile({ app, request }) {
  const placeholder = !app.isAvailable;
  const [pillClass, pillText] = request ? requestPill[request] : ["", "Tap to request!"];
  const button = h("button", {
    class: `tile${placeholder ? " placeholder" : ""}`, type: "button", dataset: { appId: app.id },
    "aria-label": placeholder ? `${app.name}. Coming soon. ${request ? pillText : "Tap to ask for it."}` : app.name,
    onclick: async () => {
      sounds.tap();
      button.classList.add("pressed");
      setTimeout(() => button.classList.remove("pressed"), 120);
      if (!placeholder) { location.href = `/${app.id}/`; return; }
      if (await requestApp(app)) load();
    },
  },
  h("span", { class: "icon", "aria-hidden": "true" }, app.icon),
  h("span", { class: "name" }, app.name),
  h("span", { class: "subtitle" }, app.subtitle),
  placeholder ? h("span", { class: `pill ${pillClass}` }, pillText) : null);
  if (!placeholder) {
    button.style.setProperty("--tile-color", app.color);
    button.style.setProperty("--tile-shadow", app.color + "73");
  }
  return button;
}

function houseAd() {
  if (state.hub.adsRemoved) return null;
  return h("aside", { class: "house-ad card", "aria-label": "Kids Fun Zone news" },
    h("span", { class: "ad-label" }, "From Kids Fun Zone"),
    h("span", {}, "🌈 New apps are on the way! Ask for the ones you want."),
    h("button", { class: "btn", type: "button", id: "remove-ads", onclick: removeAds }, "Parents: remove ads"));
}

async function removeAds() {
  try {
    if (await removeAdsBehindGate()) load();
  } catch (error) {
    state.error = error.message;
    render();
  }
}

function renderTopbar() {
  const child = state.hub?.child;
  mount(topbar,
    h("div", { class: "group" },
      child ? h("a", { class: "btn player-button", href: "/", id: "switch-player", "aria-label": `${child.name} is playing. Switch player`,
        onclick: async (event) => { event.preventDefault(); await api("/api/kids/leave", { method: "POST" }); location.href = "/"; } },
      h("span", { class: "avatar", "aria-hidden": "true" }, child.avatar)) : null),
    h("div", { class: "group" }, muteButton(),
      h("a", { class: "btn", href: "/parent/", id: "parents-link", "aria-label": "Parents area" }, "🔒")));
}

function render() {
  renderTopbar();
  if (!state.hub) return;
  mount(main,
    h("header", {},
      h("div", { class: "star", "aria-hidden": "true" }, "🌟"),
      h("h1", { class: "title" }, "Kids Fun Zone"),
      h("p", { class: "greeting" }, `Hi, ${state.hub.child.name}! 👋`)),
    state.error ? h("p", { class: "error-text", role: "alert" }, state.error) : null,
    h("nav", { class: "tiles", "aria-label": "Apps" }, state.hub.tiles.map(tile)),
    houseAd());
}

async function load() {
  try {
    await loadSession();
    state.hub = await api("/api/hub");
    state.error = "";
  } catch (error) {
    if (error instanceof ApiError && (error.code === "not_signed_in" || error.code === "no_child_selected")) {
      location.href = "/";
      return;
    }
    state.error = error.message;
  }
  render();
}

load();
