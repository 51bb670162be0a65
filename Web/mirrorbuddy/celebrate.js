// A celebration the student sees and hears: "🎉 Bravo! +30 XP" and any badge just unlocked, for a
// few seconds (no movement when motion is reduced). Also used for small kind messages.
import { h } from "../shared/dom.js";
import { openSheet } from "../shared/dialog.js";
import { sounds } from "../shared/sounds.js";
import { t } from "./i18n.js";
import { button } from "./ui.js";
import { announce } from "./voice.js";

let shown = null;

/** Shows (and says) `lines` in a toast; `kind`: "party" | "info" | "nudge". */
export function toast(lines, { kind = "info", ms = 4000, say = true } = {}) {
  shown?.remove();
  const words = [].concat(lines).filter(Boolean);
  const element = h("div", { class: `mb-toast mb-toast-${kind}`, role: "status", "aria-live": "polite" },
    ...words.map((line) => h("p", {}, line)));
  document.body.append(element);
  shown = element;
  setTimeout(() => { if (shown === element) { element.remove(); shown = null; } }, ms);
  // Said only when read-aloud is on and the reader is not reading a material (then it is shown).
  if (say) announce(words.join(". "));
}

/** After XP was earned: {xp, unlocked: [badge ids]}. */
export function celebrate({ xp = 0, unlocked = [] } = {}) {
  sounds.success();
  const lines = [t("celebrate.bravo"), xp ? t("celebrate.xp", { xp }) : null,
    ...unlocked.map((id) => t("celebrate.badge", { name: t(`badge.${id}.name`) }))];
  toast(lines, { kind: "party", ms: 4500 });
}

/** Asks "are you sure?" with two big buttons; resolves true only for Yes. */
export function confirmBox({ question, yes, emoji = "🗑️" }) {
  return openSheet({
    label: question, cancelText: t("action.close"),
    render: (body, close) => {
      body.append(h("p", { class: "mb-confirm-question" }, question),
        h("div", { class: "mb-confirm-buttons" },
          button({ emoji: "↩️", label: t("action.keep"), cls: "mb-big-btn", id: "confirm-no", onclick: () => close(false) }),
          button({ emoji, label: yes, cls: "danger mb-big-btn", id: "confirm-yes", onclick: () => close(true) })));
      setTimeout(() => body.querySelector("#confirm-no")?.focus(), 0);
    },
  }).then((answer) => answer === true);
}
