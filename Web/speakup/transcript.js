// The Transcript tab: every word in time, fillers marked (amber, underlined: not by colour alone),
// a new paragraph at each long pause; tap a word to hear the take from there, the word being
// heard lit as it plays. Then the fillers used, each with chips that play where it was said, and
// word swaps for crutch words when the analysis has them.
import { h } from "../shared/dom.js";
import { clock } from "./format.js";
import { canPlay, onTime, playFrom } from "./playback.js";
import { render } from "./state.js";
import { fillerGroups, paragraphs, segmentAt, segments, wordSwaps } from "./words.js";

let marksOn = true;
let unfollow = null;
let followed = null; // the segments the highlight follows

/** Lights the word being heard (called as the recording plays; -1 lights none). */
function follow(seconds) {
  const box = document.getElementById("transcript");
  if (!box || !followed) return;
  const index = seconds < 0 ? -1 : segmentAt(followed, seconds);
  const lit = box.querySelector(".word.now");
  if (lit && Number(lit.dataset.index) === index) return;
  lit?.classList.remove("now");
  if (index >= 0) box.querySelector(`.word[data-index="${index}"]`)?.classList.add("now");
}

function word(segment, playable) {
  const kind = segment.filler ? ` filler filler-${segment.filler}` : "";
  const attributes = { class: `word${kind}`, dataset: { index: segment.index, start: segment.start.toFixed(2) } };
  const label = segment.filler ? `${segment.text} (filler) at ${clock(segment.start)}` : null;
  return playable
    ? h("button", { ...attributes, type: "button", "aria-label": label ?? `${segment.text}, play from ${clock(segment.start)}`,
      onclick: () => playFrom(segment.start) }, segment.text)
    : h("span", { ...attributes, "aria-label": label }, segment.text);
}

function fillerList(take) {
  const groups = fillerGroups(take.transcript ?? []);
  if (!groups.length) return h("p", { class: "hint", id: "no-fillers" }, "No fillers in this take. Clean!");
  const playable = canPlay();
  return h("section", { class: "filler-list", id: "filler-list", "aria-labelledby": "fillers-title" },
    h("h2", { class: "section-title", id: "fillers-title" }, "Fillers you used"),
    h("ul", { class: "plain" }, groups.map((group) => h("li", { class: "filler-group", dataset: { filler: group.text } },
      h("p", {}, h("strong", { class: `filler-name filler-${group.kind}` }, `“${group.text}”`), ` × ${group.count}`,
        h("span", { class: "hint" }, group.kind === "hesitation" ? " · a hesitation sound" : " · a filler word")),
      playable ? h("div", { class: "chips" }, group.times.map((time) => h("button", { class: "chip-btn", type: "button",
        "aria-label": `Hear “${group.text}” at ${clock(time)}`, onclick: () => playFrom(Math.max(0, time - 1.5)) }, `▶ ${clock(time)}`))) : null))));
}

function swaps(take) {
  const rows = wordSwaps(take.analysis);
  if (!rows.length) return null;
  return h("section", { class: "word-swaps", id: "word-swaps", "aria-labelledby": "swaps-title" },
    h("h2", { class: "section-title", id: "swaps-title" }, "Word swaps"),
    h("ul", { class: "plain" }, rows.map((row) => h("li", { class: "swap-row" },
      h("strong", {}, `“${row.word}”`), row.count ? ` × ${row.count}` : "", " → ", row.alternatives.map((alt) => `“${alt}”`).join(", ")))));
}

export function transcriptTab(take) {
  const list = segments(take.transcript ?? []);
  followed = list;
  unfollow ??= onTime(follow);
  const playable = canPlay();
  const toggle = h("label", { class: "toggle", for: "mark-fillers" },
    h("input", { type: "checkbox", id: "mark-fillers", checked: marksOn, onchange: (event) => { marksOn = event.target.checked; render(); } }),
    " Mark fillers");
  return h("div", { class: "transcript-tab" },
    h("div", { class: "row start" }, toggle, playable ? h("span", { class: "hint" }, "Tap a word to hear yourself from there.") : null),
    list.length
      ? h("div", { class: `transcript${marksOn ? " marks" : ""}`, id: "transcript", dataset: { takeId: take.id } },
        paragraphs(list).map((paragraph) => h("p", {}, paragraph.flatMap((segment) => [word(segment, playable), " "]))))
      : h("p", { class: "hint", id: "transcript" }, "No words were heard in this take."),
    fillerList(take),
    swaps(take));
}
