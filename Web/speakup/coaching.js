// The Coaching tab: the focus (what to work on first) and up to three tips, each pointing at a
// moment of the take ("Hear it" plays from a little before it) and naming a way to practise.
import { h } from "../shared/dom.js";
import { clock, dimensionName, practiceName } from "./format.js";
import { canPlay, playFrom } from "./playback.js";

/** Seconds of lead-in before a tip's moment, so the ear hears what led to it. */
export const LEAD_IN = 1.5;

function tipCard(tip, index) {
  const at = Number.isFinite(tip.evidenceAt) ? tip.evidenceAt : null;
  const practice = practiceName(tip.practice);
  return h("li", { class: "glass-card tip", dataset: { dimension: tip.dimension ?? "" }, id: `tip-${index}` },
    h("p", { class: "eyebrow" }, tip.dimension ? dimensionName(tip.dimension) : "Tip"),
    h("h3", {}, tip.title ?? ""),
    h("p", {}, tip.message ?? ""),
    h("div", { class: "row start" },
      at != null && canPlay() ? h("button", { class: "btn secondary", type: "button", dataset: { evidence: String(at) }, id: `hear-tip-${index}`,
        "aria-label": `Hear it, at ${clock(at)}`, onclick: () => playFrom(Math.max(0, at - LEAD_IN)) }, `▶ Hear it (${clock(at)})`) : null,
      practice ? h("p", { class: "practice" }, h("span", { "aria-hidden": "true" }, "🏋️ "), `Practise: ${practice}`) : null));
}

export function coachingTab(take) {
  const coaching = take.analysis?.coaching ?? {};
  const tips = (coaching.tips ?? []).slice(0, 3);
  const focus = coaching.focus ?? null;
  return h("div", { class: "coaching", id: "coaching" },
    focus ? h("section", { class: "glass-card featured focus-card", id: "coach-focus" },
      h("p", { class: "eyebrow" }, "Your focus"),
      h("h2", {}, focus.title ?? dimensionName(focus.dimension)),
      focus.message ? h("p", {}, focus.message) : null,
      focus.technique ? h("p", { class: "practice" }, `Technique: ${focus.technique}`) : null) : null,
    tips.length
      ? h("ol", { class: "plain tips", id: "tips" }, tips.map(tipCard))
      : h("p", { class: "glass-card", id: "tips" }, "A clean session: nothing to fix this time. Try a longer take or a harder prompt."));
}
