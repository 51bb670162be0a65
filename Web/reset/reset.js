// A parent who forgot their password: ask for a one-time link (e-mailed, or in the server's log
// on a home server with no mail), then choose a new password from that link (#token=…).
import { api } from "../shared/api.js";
import { h, mount } from "../shared/dom.js";

const main = document.getElementById("reset");

function form({ id, title, intro, fields, submit, onSubmit }) {
  const error = h("p", { class: "error-text", role: "alert" });
  const button = h("button", { class: "btn primary", type: "submit" }, submit);
  const element = h("form", { class: "card", id }, h("h1", {}, title), intro ? h("p", {}, intro) : null, fields, error, button,
    h("p", {}, h("a", { href: "/" }, "Back to sign in")));
  element.addEventListener("submit", async (event) => {
    event.preventDefault();
    button.disabled = true;
    error.textContent = "";
    try {
      await onSubmit(Object.fromEntries(new FormData(element)));
    } catch (failure) {
      error.textContent = failure.message;
      button.disabled = false;
    }
  });
  return element;
}

function askForLink() {
  mount(main, form({
    id: "forgot-form", title: "Forgot your password?", submit: "Send me a link",
    intro: "Enter the e-mail address you sign in with. We'll make a link that lets you choose a new password (it works for 30 minutes).",
    fields: h("label", { class: "field" }, "E-mail", h("input", { name: "email", type: "email", autocomplete: "email", required: true })),
    async onSubmit(values) {
      const answer = await api("/api/password/forgot", { method: "POST", body: { email: values.email } });
      mount(main, h("section", { class: "card", id: "forgot-sent", role: "status" },
        h("h1", {}, "Check for the link"),
        answer.delivery === "email"
          ? h("p", {}, `If ${values.email} has an account, an e-mail with the link is on its way.`)
          : answer.delivery === "unavailable"
          ? h("p", {}, "This server cannot send reset links (it has no e-mail set up). Ask whoever runs it to reset your password.")
          : h("p", {}, "This server has no e-mail set up, so the link is written in its log: on the computer that runs Kids Fun Zone, look at the window or log where it runs for “Password reset”. Or run there: funzone reset-password --email ", values.email),
        h("p", {}, h("a", { href: "/" }, "Back to sign in"))));
    },
  }));
}

function chooseNew(token) {
  mount(main, form({
    id: "reset-form", title: "Choose a new password", submit: "Save the new password",
    intro: "At least 8 characters. Every device signed in with the old one will ask for it again.",
    fields: h("label", { class: "field" }, "New password",
      h("input", { name: "password", type: "password", autocomplete: "new-password", minlength: 8, required: true })),
    async onSubmit(values) {
      await api("/api/password/reset", { method: "POST", body: { token, password: values.password } });
      history.replaceState(null, "", "/reset/");
      mount(main, h("section", { class: "card", id: "reset-done", role: "status" }, h("h1", {}, "Password changed ✅"),
        h("p", {}, h("a", { class: "btn primary", href: "/" }, "Sign in"))));
    },
  }));
}

function route() {
  const token = new URLSearchParams(location.hash.slice(1)).get("token");
  if (token) chooseNew(token); else askForLink();
  main.querySelector("input")?.focus();
}

// The link may be pasted into the tab that asked for it: only the #token part changes then.
window.addEventListener("hashchange", route);
route();
