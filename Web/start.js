// The front door: first-run family set-up, parent sign-in (or joining with an invite code),
// then "Who's playing?" — a child taps their avatar, no password. The picker speaks: its question
// on arrival and with 🔊, each avatar its child's name when touched, then the hub opens.
import { api, loadSession } from "./shared/api.js";
import { h, mount } from "./shared/dom.js";
import { isMuted, muteButton, sounds } from "./shared/sounds.js";
import { atMost, hearAgainButton, instruct, sayName, speakOnTouch, touched } from "./shared/speak-on-touch.js";

const app = document.getElementById("app");
const state = { session: null, children: [], view: "loading", error: "", asked: false, choosing: false };
const WHO = "Who's playing? Tap your picture.";
const NAME_BEFORE_OPENING_MS = 1200; // a child's name is said, then the hub opens; never waits longer

function header(subtitle) {
  return h("header", {},
    h("div", { class: "star", "aria-hidden": "true" }, "🌟"),
    h("h1", { class: "title" }, "Kids Fun Zone"),
    subtitle ? h("p", { class: "hint" }, subtitle) : null);
}

function field(label, attributes) {
  const id = attributes.id ?? attributes.name;
  return h("label", { class: "field", for: id }, label, h("input", { id, ...attributes }));
}

function formView({ id, title, fields, submit, onSubmit, extra }) {
  const error = h("p", { class: "error-text", role: "alert" }, state.error);
  const form = h("form", { class: "card", id, novalidate: true }, h("h2", {}, title), ...fields, error,
    h("div", { class: "actions" }, h("button", { class: "btn primary", type: "submit" }, submit)), extra);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(form));
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    try {
      await onSubmit(values);
      state.error = "";
      await refresh();
    } catch (failure) {
      error.textContent = failure.message;
      button.disabled = false;
    }
  });
  return form;
}

function setupView() {
  return [header("Welcome! Let's set up your family. You'll be the parent in charge."),
    formView({
      id: "setup-form", title: "Create your family", submit: "Create family",
      fields: [
        field("Family name", { name: "familyName", required: true, maxlength: 40, placeholder: "The Rossis" }),
        field("Your name", { name: "parentName", required: true, maxlength: 40, autocomplete: "name" }),
        field("E-mail", { name: "email", type: "email", required: true, autocomplete: "email" }),
        field("Password (8 or more characters)", { name: "password", type: "password", required: true, minlength: 8, autocomplete: "new-password" }),
      ],
      onSubmit: (v) => api("/api/setup", { method: "POST", body: v }),
    })];
}

function signInView() {
  const join = state.view === "join";
  const toggle = h("button", { class: "btn quiet", type: "button", onclick: () => { state.view = join ? "signin" : "join"; state.error = ""; render(); } },
    join ? "I already have an account" : "I have an invite code");
  if (join) {
    return [header("Join your family with the invite code another parent gave you."),
      formView({
        id: "join-form", title: "Join a family", submit: "Join",
        fields: [
          field("Invite code", { name: "inviteCode", required: true, autocomplete: "off", placeholder: "ABCDE-FGHJK" }),
          field("Your name", { name: "name", required: true, autocomplete: "name" }),
          field("E-mail", { name: "email", type: "email", required: true, autocomplete: "email" }),
          field("Password (8 or more characters)", { name: "password", type: "password", required: true, autocomplete: "new-password" }),
        ],
        onSubmit: (v) => api("/api/join", { method: "POST", body: v }),
        extra: toggle,
      })];
  }
  return [header("Parents: sign in on this device once. Then the kids pick their avatar."),
    formView({
      id: "signin-form", title: "Parent sign-in", submit: "Sign in",
      fields: [
        field("E-mail", { name: "email", type: "email", required: true, autocomplete: "username" }),
        field("Password", { name: "password", type: "password", required: true, autocomplete: "current-password" }),
      ],
      onSubmit: (v) => api("/api/signin", { method: "POST", body: v }),
      extra: [toggle, h("a", { class: "btn quiet", href: "/reset/", id: "forgot-password" }, "Forgot your password?")],
    })];
}

async function choose(button, child) {
  if (state.choosing) return;
  state.choosing = true;
  sounds.tap();
  try {
    await Promise.all([atMost(touched(button), NAME_BEFORE_OPENING_MS),
      api("/api/kids/select", { method: "POST", body: { childId: child.id } })]);
    location.href = "/hub/";
  } catch (error) {
    state.choosing = false;
    state.error = error.message;
    render();
    instruct("Something went wrong. Tap your picture again.");
  }
}

function pickerMuteButton() {
  const button = muteButton();
  button.dataset.say = ""; // its picture says it; turning sound on says so
  button.addEventListener("click", () => { if (!isMuted()) sayName("Sound is on!", button); });
  return button;
}

function pickerView() {
  const corner = h("div", { class: "corner" }, pickerMuteButton(),
    h("a", { class: "btn", href: "/parent/", id: "parents-link", "aria-label": "Parents area", dataset: { say: "For grown-ups." } }, "🔒 Parents"));
  if (state.children.length === 0) {
    return [corner, header(`Hello, ${state.session.family?.name ?? "family"}!`),
      h("div", { class: "card" }, h("h2", {}, "Add your children"),
        h("p", {}, "Open the parent area to add each child with their name, grade and avatar."),
        h("a", { class: "btn primary", href: "/parent/#children" }, "Add a child"))];
  }
  if (!state.asked) {
    state.asked = true;
    instruct(WHO);
  }
  return [corner, header(), h("div", { class: "who-row" }, h("h2", { class: "who" }, "Who's playing?"),
    hearAgainButton(WHO, { label: "Hear the question", id: "hear-who" })),
    state.error ? h("p", { class: "error-text", role: "alert" }, state.error) : null,
    h("div", { class: "avatars" }, state.children.map((child) =>
      h("button", {
        class: "avatar-button", type: "button", "aria-label": `${child.name}`, dataset: { childId: child.id, say: child.name },
        onclick: (event) => choose(event.currentTarget, child),
      }, h("span", { class: "avatar-emoji", "aria-hidden": "true" }, child.avatar), h("span", { class: "avatar-name" }, child.name))))];
}

function render() {
  const views = { setup: setupView, signin: signInView, join: signInView, picker: pickerView };
  mount(app, (views[state.view] ?? (() => [h("p", { class: "hint" }, "Loading…")]))());
}

async function refresh() {
  try {
    state.session = await loadSession();
  } catch (error) {
    mount(app, header(), h("p", { class: "error-text", role: "alert" }, `The server did not answer: ${error.message}`),
      h("button", { class: "btn", onclick: refresh }, "Try again"));
    return;
  }
  const s = state.session;
  // A deep link into the parent area that met the sign-in form goes back there afterwards.
  const next = new URLSearchParams(location.search).get("next");
  if (s.signedIn && next && /^\/parent\/(#[a-z]*)?$/.test(next)) { location.href = next; return; }
  if (s.signedIn && s.child) { location.href = "/hub/"; return; }
  if (s.signedIn) {
    state.children = (await api("/api/kids")).children;
    state.view = "picker";
  } else if (s.setupNeeded) {
    state.view = "setup";
  } else if (state.view !== "join") {
    state.view = "signin";
  }
  render();
}

// Only the picker talks: the grown-ups' forms on this page stay quiet.
speakOnTouch(document, { when: () => state.view === "picker" && state.children.length > 0 });
addEventListener("pageshow", () => { state.choosing = false; });
refresh();
