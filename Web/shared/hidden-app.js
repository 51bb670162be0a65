// What a child sees when a grown-up has turned the app they opened off for them (the server
// refuses its routes with `app_hidden`): a friendly screen that says so aloud, and the way home.
import { h } from "./dom.js";
import { speak } from "./speech.js";

const SPOKEN = "This app is resting. Ask a grown-up if you can use it.";

export function showAppHidden() {
  if (document.getElementById("app-hidden")) return;
  const home = h("a", { class: "btn kid primary", href: "/", id: "app-hidden-home" }, "🏠 Home");
  const again = h("button", { class: "btn kid", type: "button", "aria-label": "Say it again", onclick: () => speak(SPOKEN) }, "🔊");
  const screen = h("div", { class: "app-hidden", id: "app-hidden", role: "alertdialog", "aria-modal": "true", "aria-labelledby": "app-hidden-title" },
    h("div", { class: "app-hidden-card" },
      h("div", { class: "app-hidden-emoji", "aria-hidden": "true" }, "😴"),
      h("h1", { id: "app-hidden-title" }, "This app is resting"),
      h("p", {}, "Ask a grown-up if you can use it."),
      h("div", { class: "app-hidden-actions" }, again, home)));
  document.body.append(screen);
  home.focus();
  speak(SPOKEN).catch(() => {});
}
