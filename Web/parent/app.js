// The parent area: behind the parent gate and the parent password (asked again after 15 idle
// minutes). Inbox of app requests, children, purchases and the family's parents.
import { api, ApiError, loadSession } from "../shared/api.js";
import { openSheet } from "../shared/dialog.js";
import { h, mount } from "../shared/dom.js";
import { passParentGate } from "../shared/parent-gate.js";
import { sounds } from "../shared/sounds.js";
import { confirmPurchase } from "../shared/store.js";
import { when } from "../shared/time.js";
import { coloringView, loadColoring } from "./coloring.js";
import { devicesView, loadDevices } from "./devices.js";
import { loadMirrorBuddy, mirrorBuddyView } from "./mirrorbuddy.js";
import { loadSpeakUp, speakUpView } from "./speakup.js";
import { loadSpellflare, spellflareView } from "./spellflare.js";
import { leaveSpotCheck, loadSpotCheck, spotCheckView } from "./spotcheck.js";
import { loadStorage, storageView } from "./storage.js";
import { ErrorCode } from "../shared/error-codes.js";
import { pageDrawer } from "./place.js";

const main = document.getElementById("parent");
const tabs = { inbox: "Inbox", children: "Children", spellflare: "Spellflare", coloring: "Coloring Fun", speakup: "SpeakUp", mirrorbuddy: "MirrorBuddy", spotcheck: "SpotCheck", store: "Purchases", devices: "Tablets & phones", family: "Family" };
const state = { session: null, tab: location.hash.slice(1) in tabs ? location.hash.slice(1) : "inbox", inbox: null, children: [],
  apps: [], avatars: [], products: [], family: null, invite: null, spellflare: {}, coloring: {}, speakup: {}, mirrorbuddy: {}, spotcheck: {}, devices: {}, storage: {}, error: "" };

function askPassword() {
  return openSheet({
    label: "Parent password",
    render(body, close) {
      const input = h("input", { type: "password", id: "parent-password", autocomplete: "current-password", required: true });
      const error = h("p", { class: "error-text", role: "alert" });
      const form = h("form", { class: "password-form" }, h("h2", {}, "Parent password"),
        h("label", { class: "field", for: "parent-password" }, "Enter your password to open the parent area", input), error,
        h("button", { class: "btn primary", type: "submit", id: "password-submit" }, "Open"));
      form.addEventListener("submit", async (event) => {
        event.preventDefault();
        try {
          await api("/api/parent/unlock", { method: "POST", body: { password: input.value } });
          close(true);
        } catch (failure) {
          if (failure.code === ErrorCode.gateRequired) { close(false); return; }
          error.textContent = failure.message;
          input.select();
        }
      });
      mount(body, form);
      input.focus();
    },
  });
}

/** Gate, then password. Leaves for the kids' screen if the grown-up cancels. */
async function unlock() {
  if (!(await passParentGate({ reason: "Answer to open the parent area." }))) { location.href = "/"; return false; }
  if (!(await askPassword())) return unlock();
  return true;
}

/** Runs a parent call; when the area locked itself (15 idle minutes) it asks again and retries. */
async function parentCall(call) {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.code === ErrorCode.parentLocked) {
      if (await unlock()) return call();
    }
    throw error;
  }
}

async function loadTab() {
  state.error = "";
  try {
    await parentCall(async () => {
      if (state.tab === "inbox") state.inbox = await api("/api/parent/requests");
      if (state.tab === "children") {
        state.children = (await api("/api/parent/children")).children;
        state.apps = (await api("/api/apps")).apps;
        state.avatars = (await api("/api/kids")).avatars;
      }
      if (state.tab === "spellflare") await loadSpellflare(state.spellflare);
      if (state.tab === "coloring") await loadColoring(state.coloring);
      if (state.tab === "speakup") await loadSpeakUp(state.speakup);
      if (state.tab === "mirrorbuddy") await loadMirrorBuddy(state.mirrorbuddy);
      if (state.tab === "spotcheck") await loadSpotCheck(state.spotcheck);
      if (state.tab === "devices") await loadDevices(state.devices);
      if (state.tab === "store") state.products = (await api("/api/store/products")).products;
      if (state.tab === "family") [state.family] = await Promise.all([api("/api/parent/family"), loadStorage(state.storage)]);
    });
  } catch (error) {
    state.error = error.message;
  }
  render();
}


// Notes a parent is writing, kept across redraws of the inbox until sent: request id → text.
const noteDrafts = new Map();

/** The note field of a request's answer: read aloud to the child on their tile (≤ 200 characters). */
function noteField(request) {
  const id = `note-${request.id}`;
  const child = request.child?.name ?? "your child";
  const input = h("textarea", { id, name: "note", class: "note-input", rows: "2", maxlength: "200",
    placeholder: "e.g. We'll look for one this weekend!" });
  input.value = noteDrafts.get(request.id) ?? "";
  input.addEventListener("input", () => noteDrafts.set(request.id, input.value));
  return h("label", { class: "field", for: id },
    `A note for ${child} (optional, read aloud on their tile; up to 200 characters)`, input);
}

function inboxView() {
  const inbox = state.inbox;
  if (!inbox) return h("p", { class: "hint" }, "Loading…");
  if (inbox.requests.length === 0) return h("p", { class: "card" }, "No requests yet. When a child asks for an app, it shows up here.");
  return h("div", { class: "list", id: "inbox-list" }, inbox.requests.map((request) => {
    const decide = (status) => parentCall(async () => {
      const note = (noteDrafts.get(request.id) ?? "").trim();
      if (note.length > 200) throw new Error("The note can be at most 200 characters.");
      // An empty note is left out: the answer then goes without one.
      await api(`/api/parent/requests/${request.id}/decision`, { method: "POST", body: note ? { status, note } : { status } });
      noteDrafts.delete(request.id);
      sounds.tap();
      await loadTab();
    }).catch((error) => { state.error = error.message; render(); });
    const statusText = { pending: "Waiting for you", approved: "Approved ✅", declined: "Declined" }[request.status];
    return h("article", { class: `item${request.read ? "" : " unread"}`, dataset: { requestId: request.id } },
      h("div", { class: "big", "aria-hidden": "true" }, request.app?.icon ?? "❔"),
      h("div", {},
        h("h3", {}, `${request.child?.avatar ?? ""} ${request.child?.name ?? "A child"} asked for ${request.app?.name ?? "an app"}`),
        h("div", { class: "meta" }, when(request.createdAt), " · ", h("span", { class: `status ${request.status}` }, statusText)),
        request.text ? h("p", { class: "quote" }, `“${request.text}”`) : null,
        request.hasAudio ? h("audio", { controls: true, preload: "none", src: `/api/parent/requests/${request.id}/audio`,
          "aria-label": `Recording from ${request.child?.name ?? "the child"}`, dataset: { focusKey: `audio-${request.id}` },
          onplay: () => { if (!request.read) api(`/api/parent/requests/${request.id}/read`, { method: "POST" }).catch(() => {}); } }) : null,
        request.note ? h("p", { class: "sent-note" }, h("strong", {}, "Your note: "), `“${request.note}”`) : null,
        noteField(request),
        h("div", { class: "actions" },
          h("button", { class: "btn primary", type: "button", dataset: { focusKey: `approve-${request.id}` },
            onclick: () => decide("approved"), disabled: request.status === "approved" }, "Approve"),
          h("button", { class: "btn", type: "button", dataset: { focusKey: `decline-${request.id}` },
            onclick: () => decide("declined"), disabled: request.status === "declined" }, "Decline"))));
  }));
}

/** "Grade 3", or "8+ / adult" for a teen's or a parent's own profile (grade 8). */
function gradeLabel(grade) { return grade === 8 ? "8+ / adult" : `Grade ${grade}`; }

function childForm(child, onDone, onCancel) {
  // Its fields keep the focus across a redraw by these keys (the form has no ids inside).
  const key = (field) => ({ focusKey: `${child ? `child-${child.id}` : "new-child"}-${field}` });
  const form = h("form", { class: "card", id: child ? `edit-${child.id}` : "add-child-form" },
    h("h3", {}, child ? `Edit ${child.name}` : "Add a child"),
    h("label", { class: "field" }, "Name", h("input", { name: "name", required: true, maxlength: 30, value: child?.name ?? "", dataset: key("name") })),
    h("label", { class: "field" }, "Grade", h("select", { name: "grade", dataset: key("grade") },
      [1, 2, 3, 4, 5, 6, 7, 8].map((g) => h("option", { value: g, selected: (child?.grade ?? 1) === g }, gradeLabel(g))))),
    h("fieldset", { class: "field" }, h("legend", {}, "Avatar"),
      h("div", { class: "avatar-choices" }, state.avatars.map((emoji, index) =>
        h("label", { "aria-label": `Avatar ${emoji}` },
          h("input", { type: "radio", name: "avatar", value: emoji, checked: child ? child.avatar === emoji : index === 0, dataset: key(`avatar-${index}`) }),
          h("span", {}, emoji))))),
    h("p", { class: "error-text", role: "alert" }),
    h("div", { class: "actions" }, h("button", { class: "btn primary", type: "submit", dataset: key("save") }, child ? "Save" : "Add child"),
      onCancel ? h("button", { class: "btn", type: "button", dataset: key("cancel"), onclick: onCancel }, "Cancel") : null));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(form));
    const body = { name: values.name, grade: Number(values.grade), avatar: values.avatar };
    try {
      await parentCall(() => child
        ? api(`/api/parent/children/${child.id}`, { method: "PATCH", body })
        : api("/api/parent/children", { method: "POST", body }));
      sounds.success();
      onDone();
    } catch (error) {
      form.querySelector(".error-text").textContent = error.message;
    }
  });
  return form;
}

async function confirmDelete(child) {
  const confirmed = await openSheet({
    label: `Delete ${child.name}`,
    render(body, close) {
      mount(body, h("h2", {}, `Delete ${child.name}?`),
        h("p", {}, "This removes their profile and everything they made or asked for. It can't be undone."),
        h("div", { class: "row actions" },
          h("button", { class: "btn", type: "button", onclick: () => close(false) }, "Keep"),
          h("button", { class: "btn danger", type: "button", id: "confirm-delete", onclick: () => close(true) }, `Delete ${child.name}`)));
    },
  });
  if (!confirmed) return;
  await parentCall(() => api(`/api/parent/children/${child.id}`, { method: "DELETE", body: { confirm: true } }));
  loadTab();
}

function childrenView() {
  return h("div", { class: "list" },
    state.children.map((child) => h("article", { class: "item", dataset: { childId: child.id } },
      h("div", { class: "big", "aria-hidden": "true" }, child.avatar),
      h("div", {},
        h("h3", {}, child.name), h("div", { class: "meta" }, gradeLabel(child.grade)),
        h("div", { class: "app-toggles", role: "group", "aria-label": `Apps ${child.name} sees` }, state.apps.map((app) =>
          h("label", {}, h("input", { type: "checkbox", checked: !child.hiddenApps.includes(app.id),
            dataset: { focusKey: `apps-${child.id}-${app.id}` }, onchange: (event) => parentCall(() => api(`/api/parent/children/${child.id}/apps/${app.id}`,
              { method: "PUT", body: { hidden: !event.target.checked } })).catch((error) => { state.error = error.message; render(); }) }),
          `${app.icon} ${app.name}`))),
        h("div", { class: "actions" },
          h("button", { class: "btn", type: "button", "aria-expanded": state.editing === child.id ? "true" : "false",
            dataset: { focusKey: `edit-child-${child.id}` }, onclick: () => { state.editing = state.editing === child.id ? null : child.id; render(); } }, "Edit"),
          h("button", { class: "btn danger", type: "button", dataset: { focusKey: `delete-child-${child.id}` },
            onclick: () => confirmDelete(child) }, "Delete")),
        // One edit form at a time, with a way out.
        state.editing === child.id
          ? childForm(child, () => { state.editing = null; loadTab(); }, () => { state.editing = null; render(); })
          : null))),
    childForm(null, loadTab));
}

function storeView() {
  const buy = (product) => confirmPurchase(product, { askPassword: false })
    .then((bought) => { if (bought) { sounds.success(); state.notice = `${bought.product} bought by ${bought.purchasedBy}.`; loadTab(); } })
    .catch((error) => { state.error = error.message; render(); });
  const restore = () => api("/api/store/restore", { method: "POST" }).then((result) => {
    state.notice = result.restored.length ? `Restored: ${result.restored.join(", ")}.` : "Nothing to restore: everything bought is already here.";
    loadTab();
  }).catch((error) => { state.error = error.message; render(); });
  return h("div", { class: "list" },
    state.notice ? h("p", { class: "card", role: "status", id: "store-notice" }, state.notice) : null,
    state.products.map((product) => h("article", { class: "item" },
      h("div", { class: "big", "aria-hidden": "true" }, "🚫"),
      h("div", {},
        h("h3", {}, `${product.name} · ${product.displayPrice}`), h("p", {}, product.summary),
        product.owned && product.purchasedAt
          ? h("p", { class: "meta", id: `bought-${product.id}` }, `Bought ${when(product.purchasedAt)}${product.purchasedBy ? ` by ${product.purchasedBy}` : ""}`)
          : null,
        h("div", { class: "actions" },
          product.owned ? h("span", { class: "status approved", id: `owned-${product.id}` }, "Owned ✅")
            : h("button", { class: "btn primary", type: "button", id: `buy-${product.id}`, onclick: () => parentCall(() => buy(product)) }, "Buy…"),
          // One per product, all with the same id: the key tells them apart.
          h("button", { class: "btn", type: "button", id: "restore-purchases", dataset: { focusKey: `restore-${product.id}` }, onclick: restore },
            "Restore purchases"))))));
}

/** Asks before removing a parent; they are signed out everywhere. */
async function confirmRemoveParent(parent) {
  const confirmed = await openSheet({
    label: `Remove ${parent.name}`,
    render(body, close) {
      mount(body, h("h2", {}, `Remove ${parent.name}?`),
        h("p", {}, `${parent.email} will be signed out on every device and can't sign in to this family again without a new invite.`),
        h("div", { class: "row actions" },
          h("button", { class: "btn", type: "button", onclick: () => close(false) }, "Keep"),
          h("button", { class: "btn danger", type: "button", id: "confirm-remove-parent", onclick: () => close(true) }, `Remove ${parent.name}`)));
    },
  });
  if (!confirmed) return;
  await parentCall(() => api(`/api/parent/parents/${parent.id}`, { method: "DELETE", body: { confirm: true } }));
  if (parent.id === state.session.parent?.id) { location.href = "/"; return; }
  loadTab();
}

/** The signed-in parent's own e-mail, name and password, always with the current password. */
function accountForm(me) {
  const form = h("form", { class: "card", id: "account-form" },
    h("h3", {}, "Your account"),
    h("label", { class: "field" }, "Name", h("input", { name: "name", maxlength: 40, required: true, value: me.name, dataset: { focusKey: "account-name" } })),
    h("label", { class: "field" }, "E-mail (your sign-in)",
      h("input", { name: "email", type: "email", autocomplete: "email", required: true, value: me.email, dataset: { focusKey: "account-email" } })),
    h("label", { class: "field" }, "New password (leave empty to keep it)",
      h("input", { name: "password", type: "password", autocomplete: "new-password", minlength: 8, dataset: { focusKey: "account-password" } })),
    h("label", { class: "switch-row" }, h("input", { type: "checkbox", name: "signOutOtherDevices", dataset: { focusKey: "account-sign-out" } }),
      "With a new password, also sign out every other device (the kids' tablets too)"),
    h("label", { class: "field" }, "Current password",
      h("input", { name: "currentPassword", type: "password", autocomplete: "current-password", required: true, dataset: { focusKey: "account-current-password" } })),
    h("p", { class: "error-text", role: "alert" }),
    h("div", { class: "actions" }, h("button", { class: "btn primary", type: "submit", dataset: { focusKey: "account-save" } }, "Save changes")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(form));
    const body = { currentPassword: values.currentPassword, name: values.name, email: values.email };
    if (values.password) Object.assign(body, { password: values.password, signOutOtherDevices: values.signOutOtherDevices === "on" });
    try {
      const updated = await parentCall(() => api("/api/parent/me", { method: "PATCH", body }));
      state.session.parent = updated;
      state.notice = !values.password ? "Saved."
        : values.signOutOtherDevices === "on" ? "Saved. Every other device is signed out and asks for the new password."
          : "Saved. The kids' tablets stay signed in; their parent area asks for the new password.";
      sounds.success();
      loadTab();
    } catch (error) {
      form.querySelector(".error-text").textContent = error.message;
    }
  });
  return form;
}

function familyView() {
  const family = state.family;
  if (!family) return h("p", { class: "hint" }, "Loading…");
  const me = family.parents.find((parent) => parent.id === state.session.parent?.id) ?? state.session.parent;
  return h("div", { class: "list" },
    state.notice ? h("p", { class: "card", role: "status", id: "family-notice" }, state.notice) : null,
    h("article", { class: "card" }, h("h3", {}, family.family.name),
      h("ul", { class: "parents", id: "parents-list" }, family.parents.map((parent) => h("li", { dataset: { parentId: parent.id } },
        `${parent.name} · ${parent.email}`, parent.id === me?.id ? " (you)" : null,
        family.parents.length > 1
          ? h("button", { class: "btn quiet", type: "button", "aria-label": `Remove ${parent.name}`, dataset: { focusKey: `remove-parent-${parent.id}` },
            onclick: () => confirmRemoveParent(parent).catch((error) => { state.error = error.message; render(); }) }, "Remove")
          : null)))),
    storageView(state.storage, tabActions),
    me ? accountForm(me) : null,
    h("article", { class: "card" }, h("h3", {}, "Invite another parent"),
      h("p", {}, "Give them this code. It works once, for 7 days."),
      state.invite ? h("p", { class: "code", id: "invite-code" }, state.invite.code) : null,
      h("button", { class: "btn primary", type: "button", dataset: { focusKey: "make-invite" },
        onclick: () => parentCall(() => api("/api/parent/invites", { method: "POST" })).then((invite) => { state.invite = invite; render(); })
          .catch((error) => { state.error = error.message; render(); }) }, "Make an invite code")),
    h("button", { class: "btn danger", type: "button", dataset: { focusKey: "sign-out-device" },
      onclick: () => api("/api/signout", { method: "POST" }).then(() => { location.href = "/"; }) },
      "Sign this device out"));
}

/** What a tab module may ask of the page. */
const tabActions = {
  reload: () => loadTab(),
  render: () => render(),
  fail: (message) => { state.error = message; render(); },
  call: (run) => parentCall(run),
};

// Every redraw keeps the parent's place (focus, caret, scroll); a tab just opened and a new error are
// brought into view (on a phone the tabs scroll sideways: the open one stays in view).
const drawPage = pageDrawer(main, (kind) => main.querySelector(kind === "tab" ? ".tabs [aria-current='page']" : "#parent-error"));

function render() {
  const unread = state.inbox?.unread ?? 0;
  drawPage({ tab: state.tab, error: state.error }, () => mount(main,
    h("div", { class: "parent-bar" }, h("h1", {}, "Parent area"),
      h("button", { class: "btn", type: "button", id: "back-to-kids",
        onclick: () => Promise.all([api("/api/parent/lock", { method: "POST" }), api("/api/kids/leave", { method: "POST" })])
          .finally(() => { location.href = "/"; }) }, "Back to the kids ➜")),
    h("nav", { class: "tabs", "aria-label": "Parent sections", dataset: { scrollKey: "parent-tabs" } }, Object.entries(tabs).map(([id, label]) =>
      h("a", { class: "btn", href: `#${id}`, id: `tab-${id}`, "aria-current": state.tab === id ? "page" : false },
        label, id === "inbox" && unread > 0 ? h("span", { class: "badge", "aria-label": `${unread} unread` }, unread) : null))),
    state.error ? h("p", { class: "error-text", role: "alert", id: "parent-error" }, state.error) : null,
    { inbox: inboxView, children: childrenView, spellflare: () => spellflareView(state.spellflare, tabActions),
      coloring: () => coloringView(state.coloring, tabActions), speakup: () => speakUpView(state.speakup, tabActions),
      mirrorbuddy: () => mirrorBuddyView(state.mirrorbuddy, tabActions), spotcheck: () => spotCheckView(state.spotcheck, tabActions), store: storeView,
      devices: () => devicesView(state.devices), family: familyView }[state.tab]()));
}

window.addEventListener("hashchange", () => {
  const tab = location.hash.slice(1);
  if (!(tab in tabs)) return;
  if (state.tab === "spotcheck" && tab !== "spotcheck") leaveSpotCheck(state.spotcheck);
  state.tab = tab;
  state.notice = "";
  loadTab();
});

async function start() {
  state.session = await loadSession();
  // Not signed in on this device: sign in, then come back to this very tab.
  if (!state.session.signedIn) { location.href = `/?next=${encodeURIComponent(location.pathname + location.hash)}`; return; }
  if (!state.session.parentUnlocked && !(await unlock())) return;
  // The inbox's badge on another tab, drawn when it comes: the parent keeps their place on that tab.
  if (state.tab !== "inbox") api("/api/parent/requests").then((inbox) => { state.inbox = inbox; render(); }).catch(() => {});
  await loadTab();
}

// Back after handing the tablet over must not bring the parent area back from the back-forward cache.
window.addEventListener("pageshow", (event) => { if (event.persisted) location.reload(); });

start();
