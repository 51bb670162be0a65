// The countdown before a take (5–30 s, from the settings): the prompt on top, a dial that empties,
// Cancel and Start now. Show & Tell shows no numbers: the dial empties and the page says "get ready".
import { h } from "../shared/dom.js";
import { hearAgainButton } from "../shared/speak-on-touch.js";
import { closeTake, dispatch } from "./flow.js";
import { countdownLeft } from "./session.js";
import { isKid, state } from "./state.js";
import { arc, dial } from "./rings.js";
import { draw } from "./svg.js";

const ids = { svg: "countdown-dial", arc: "countdown-arc", text: "countdown-left" };

/** The prompt being answered, small, or "Free practice". */
export function promptStrip(plan) {
  const prompt = plan?.promptId && state.prompt?.id === plan.promptId ? state.prompt : null;
  const kid = isKid();
  return h("section", { class: "glass-card prompt-strip", id: "flow-prompt" },
    h("p", { class: "eyebrow" }, prompt ? (kid ? "Talk about" : "Your prompt") : "Free practice"),
    h("p", { class: "prompt-strip-text" }, prompt ? prompt.text : kid ? "Talk about anything you like!" : "Talk about anything you like."),
    kid && prompt ? hearAgainButton(prompt.text, { label: "Hear the question again", id: "flow-hear-prompt" }) : null);
}

export function countdownScreen() {
  const flow = state.flow;
  const kid = isKid();
  const left = countdownLeft(flow, Date.now());
  const picture = dial({ fraction: left / flow.total, text: kid ? "🎤" : String(left), ids, label: kid ? "Get ready" : `${left} seconds to go` });
  return h("section", { class: "flow countdown", "aria-labelledby": "countdown-title" },
    promptStrip(flow.plan),
    h("h1", { class: "flow-title", id: "countdown-title" }, kid ? "Get ready…" : "Get ready"),
    h("div", { class: "dial-box", role: "timer", "aria-live": "off" }, draw(picture)),
    h("p", { class: "hint center" }, kid ? "Start talking when the circle is empty." : "Gather your thoughts. Recording starts when the dial runs out."),
    h("div", { class: "row" },
      h("button", { class: "btn big", type: "button", id: "countdown-cancel", onclick: closeTake }, kid ? "✖️ Stop" : "Cancel"),
      h("button", { class: "btn primary big", type: "button", id: "countdown-start-now", onclick: () => dispatch({ type: "startNow" }) },
        kid ? "🎤 Start now" : "Start now")));
}

/** Moves the dial on without drawing the screen again (called five times a second). */
export function countdownTick(flow, now) {
  const left = countdownLeft(flow, now);
  const { dashoffset } = arc(left / flow.total, 88);
  document.getElementById(ids.arc)?.setAttribute("stroke-dashoffset", String(dashoffset));
  const text = document.getElementById(ids.text);
  if (text && !isKid()) text.textContent = String(left);
  document.getElementById(ids.svg)?.setAttribute("aria-label", isKid() ? "Get ready" : `${left} seconds to go`);
}
