// The weekly digest by e-mail: on or off for the family (every Monday from 07:00 on this device's
// time zone, the week before for each child); it says so when mail is not set up on the server.
import { api } from "../shared/api.js";
import { h } from "../shared/dom.js";

const PATH = "/api/parent/mirrorbuddy/digest";

/** The setting ({enabled, timeZone, mailEnabled, lastWeek}), or null when it could not be read. */
export const loadDigest = () => api(PATH).catch(() => null);

async function save(tab, enabled, { call, fail, render }) {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  try {
    tab.digest = await call(() => api(PATH, { method: "PUT", body: { enabled, timeZone: zone } }));
  } catch (error) {
    fail(error.message);
  }
  render();
}

/** The card: a switch, and what it does; disabled, with the reason, without mail. */
export function digestCard(tab, actions) {
  const digest = tab.digest;
  if (!digest) return null;
  const hint = digest.mailEnabled
    ? "Every Monday from 7:00, last week for each child: study time, streak, flashcards, quizzes, mastery, tasks and any note from the coach."
    : "Mail is not set up on this server, so no digest can be sent. Whoever runs it can add --smtp-url (see the README).";
  return h("article", { class: "card diary-card", id: "mirrorbuddy-digest", "aria-labelledby": "mirrorbuddy-digest-title" },
    h("h3", { id: "mirrorbuddy-digest-title" }, "✉️ Weekly digest"),
    h("label", { class: "switch-row" },
      h("input", { type: "checkbox", id: "mirrorbuddy-digest-on", checked: digest.enabled, disabled: !digest.mailEnabled,
        "aria-describedby": "mirrorbuddy-digest-hint", onchange: (event) => save(tab, event.target.checked, actions) }),
      " E-mail me a weekly digest"),
    h("p", { class: "meta", id: "mirrorbuddy-digest-hint" }, hint));
}
