// The child's phone once setup is finished: the locked screen, the parent's unlock with their
// password, and the screen for a phone the parent removed.
import { h } from "../shared/dom.js";
import { agoTime } from "../shared/time.js";
import { deviceCall, withRetry } from "./device-api.js";
import { KEYS, forget, state, stored } from "./phone.js";
import { backButton, screenPage } from "./setup-screens.js";
import { ErrorCode } from "../shared/error-codes.js";

export function lockedScreen({ go }) {
  const lastSeen = state.device?.lastSeenAt;
  return screenPage("locked", "Setup complete ✓",
    h("div", { class: "card locked-card" },
      h("p", { class: "locked-device", id: "locked-device" }, h("span", { "aria-hidden": "true" }, "📱 "), state.credentials?.name ?? "This phone"),
      h("p", { id: "last-check-in" }, "Last check-in: ", lastSeen ? agoTime(lastSeen) : "none yet"),
      h("p", { class: "hint" }, "SpotCheck is set up on this phone. The setup screens are locked: only a parent can open them.")),
    h("div", { class: "sc-actions" },
      h("button", { class: "btn primary big", type: "button", id: "unlock", onclick: () => go("unlock") }, "Unlock (parent)")));
}

export function unlockScreen({ go, render }) {
  const email = h("input", { type: "email", id: "unlock-email", name: "email", required: true, autocomplete: "username", autocapitalize: "off", spellcheck: "false" });
  const password = h("input", { type: "password", id: "unlock-password", name: "password", required: true, autocomplete: "current-password" });
  const error = h("p", { class: "error-text", role: "alert", id: "unlock-error" });
  const submit = h("button", { class: "btn primary big", type: "submit", id: "unlock-submit" }, "Unlock");
  const form = h("form", { class: "card", id: "unlock-form", novalidate: true },
    h("p", {}, "A parent signs in with their Kids Fun Zone e-mail and password to open the setup screens."),
    h("label", { class: "field", for: "unlock-email" }, "Parent e-mail", email),
    h("label", { class: "field", for: "unlock-password" }, "Password", password),
    error, submit);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!email.value.trim() || !password.value) {
      error.textContent = "Enter the parent's e-mail and password.";
      (email.value.trim() ? password : email).focus();
      return;
    }
    if (submit.disabled) return;
    submit.disabled = true;
    error.textContent = "";
    try {
      await deviceCall("/device/unlock", { method: "POST", body: { email: email.value.trim(), password: password.value } });
      state.locked = false;
      stored.remove(KEYS.locked);
      go("checklist");
    } catch (failure) {
      if (failure.code === ErrorCode.deviceUnauthorized) { forget(); state.removed = true; render(); return; }
      error.textContent = withRetry(failure);  // wrong_credentials: "That e-mail and password do not match a parent of this family."
      submit.disabled = false;
      password.value = "";
      password.focus();
    }
  });
  return screenPage("unlock-screen", "Parent unlock", form,
    backButton("unlock-back", "Back", () => go("landing")));
}

export function removedScreen({ go }) {
  return screenPage("device-removed", "This phone was removed",
    h("div", { class: "card", role: "alert" },
      h("p", {}, "SpotCheck doesn't know this phone any more: a parent removed it from the dashboard (or paired another phone in its place), ",
        "so it can't check in. Its old key was deleted from this phone."),
      h("p", {}, "To use SpotCheck here again, ask your parent for a new pairing code.")),
    h("div", { class: "sc-actions" },
      h("button", { class: "btn primary big", type: "button", id: "pair-again", onclick: () => { state.removed = false; go("pair"); } }, "Pair again"),
      backButton("removed-home", "Home", () => { state.removed = false; go("landing"); })));
}
