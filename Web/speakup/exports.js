// What leaves SpeakUp as a file, behind the parent gate: a take's score card (a picture in one of
// five themes, previewed before it is saved) and the journal (a PDF of a period's takes for a parent
// or teacher). The server draws both (cairo and pango); the page shows and saves what it sends.
import { api } from "../shared/api.js";
import { openSheet } from "../shared/dialog.js";
import { h, mount } from "../shared/dom.js";
import { withParentGate } from "../shared/parent-gate.js";
import { cardThemes, fileName, JOURNAL_RANGES, journalRequest } from "./export-rules.js";
import { isKid, state } from "./state.js";

const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone ?? "";
const today = () => state.me?.today ?? new Date().toISOString().slice(0, 10);

/** Saves a Blob as a file (the browser's download). */
function save(blob, name) {
  const link = h("a", { href: URL.createObjectURL(blob), download: name, hidden: true });
  document.body.append(link);
  link.click();
  setTimeout(() => { URL.revokeObjectURL(link.href); link.remove(); }, 1000);
}

const card = (take, theme, prompt) => api(`/api/speakup/takes/${encodeURIComponent(take.id)}/card`,
  { method: "POST", body: { theme, prompt, tz: zone() }, blob: true });

/** The score card sheet: a grown-up passes the gate, then picks a theme and saves the picture. */
export async function openScoreCard(take) {
  const kid = isKid();
  const themes = cardThemes(kid);
  let theme = themes[0][0];
  // A star card shows the question Show & Tell asked; a coach's card shows its prompt as a challenge when asked to.
  let prompt = Boolean(take.prompt);
  const reason = kid ? "A grown-up saves your star card." : "A grown-up saves the score card.";
  let picture = await withParentGate(() => card(take, theme, prompt), { reason }).catch((error) => error);
  if (picture === null) return;
  await openSheet({
    label: kid ? "My star card" : "Score card", kid, cancelText: "Done",
    render(body, close, voice) {
      let url = "";
      let asked = 0;
      let busy = false;
      let open = true;
      const name = () => fileName("card", state.me?.speaker?.name, take.createdAt?.slice(0, 10) ?? today(), "png");
      let shown = null;
      const draw = () => {
        const failed = picture instanceof Error;
        // A new address only for a new picture (a redraw while busy keeps the one shown).
        if (picture !== shown) {
          if (url) URL.revokeObjectURL(url);
          url = failed ? "" : URL.createObjectURL(picture);
          shown = picture;
        }
        mount(body,
          h("h2", {}, kid ? "🌟 My star card" : "🖼️ Score card"),
          failed ? h("p", { class: "error-text", role: "alert", id: "card-error" }, picture.message)
            : h("img", { class: "card-preview", id: "card-preview", src: url, alt: kid ? "Your star card" : "The score card", width: 300, height: 390 }),
          h("div", { class: "chips card-themes", role: "group", "aria-label": "Theme", "aria-busy": String(busy) }, themes.map(([id, label]) =>
            h("button", { class: "chip-button", type: "button", id: `card-theme-${id}`, "aria-pressed": String(id === theme), disabled: busy,
              dataset: { say: label }, onclick: () => change({ theme: id }) }, label))),
          !kid && take.prompt ? h("label", { class: "check-row" },
            h("input", { type: "checkbox", id: "card-prompt", checked: prompt, disabled: busy, onchange: (event) => change({ prompt: event.target.checked }) }),
            " Show the prompt: a challenge to beat") : null,
          failed ? null : h("a", { class: "btn primary big", id: "card-save", href: url, download: name(), dataset: { say: "Save the picture" } }, "⬇️ Save picture"));
      };
      // One drawing at a time (the server draws one file per family at once); the choice shown is the picture shown.
      const change = async (choice) => {
        if (busy) return;
        const wanted = { theme: choice.theme ?? theme, prompt: choice.prompt ?? prompt };
        const ticket = ++asked;
        busy = true;
        draw();
        const answer = await withParentGate(() => card(take, wanted.theme, wanted.prompt), { reason }).catch((error) => error);
        busy = false;
        if (!open || ticket !== asked) return;
        if (answer instanceof Blob) ({ theme, prompt } = wanted);
        if (answer !== null) picture = answer;
        draw();
      };
      draw();
      voice.say("Here is your star card. Pick the colours you like.");
      return () => { open = false; if (url) URL.revokeObjectURL(url); };
    },
  });
}

/** The journal sheet: the period, achievements or not, the paper; a grown-up passes the gate and the PDF downloads. */
export async function openJournal() {
  const choice = { range: "month", from: "", to: "", achievements: true, paper: "a4" };
  await openSheet({
    label: "Journal PDF", cancelText: "Close",
    render(body) {
      const status = h("p", { class: "hint", id: "journal-status", role: "status" });
      let busy = false;
      const make = async (event) => {
        event.preventDefault();
        if (busy) return;
        const { body: request, error } = journalRequest({ ...choice, tz: zone() });
        status.className = error ? "error-text" : "hint";
        status.textContent = error ?? "Making the PDF…";
        if (error) return;
        busy = true;
        button.disabled = true;
        try {
          const pdf = await withParentGate(() => api("/api/speakup/journal", { method: "POST", body: request, blob: true }),
            { reason: "A grown-up saves the journal." });
          if (pdf === null) { status.textContent = ""; return; }
          save(pdf, fileName("journal", state.me?.speaker?.name, today(), "pdf"));
          status.textContent = "Saved. Look in your downloads.";
        } catch (failure) {
          status.className = "error-text";
          status.textContent = failure.message;
        } finally {
          busy = false;
          button.disabled = false;
        }
      };
      // A range or days, never both: picking one clears the other, so what is shown is what is sent.
      const radios = JOURNAL_RANGES.map(([id, label]) => h("input", { type: "radio", name: "journal-range", value: id, id: `journal-range-${id}`,
        checked: choice.range === id, onchange: () => { choice.range = id; clearDays(); } }));
      const days = { from: null, to: null };
      const clearDays = () => { for (const key of ["from", "to"]) { choice[key] = ""; days[key].value = ""; } };
      const day = (key, label) => h("label", { class: "field" }, h("span", { class: "field-name" }, label),
        days[key] = h("input", { type: "date", id: `journal-${key}`, max: today(), onchange: (event) => {
          choice[key] = event.target.value;
          // Days chosen: no range is; days cleared: the range that will be sent is shown chosen again.
          for (const radio of radios) radio.checked = !(choice.from || choice.to) && radio.value === choice.range;
        } }));
      const button = h("button", { class: "btn primary big", type: "submit", id: "journal-make" }, "⬇️ Save the PDF");
      mount(body, h("form", { class: "journal-form", id: "journal-form", onsubmit: make },
        h("h2", {}, "📄 Journal"),
        h("p", { class: "hint" }, "Every take of a period, with its scores, fillers and words, as a PDF a parent or teacher can read."),
        h("fieldset", { class: "chips" }, h("legend", {}, "Which takes"),
          JOURNAL_RANGES.map(([, label], index) => h("label", { class: "chip-button" }, radios[index], ` ${label}`))),
        h("details", { class: "journal-days" }, h("summary", {}, "Or pick the days"),
          h("div", { class: "row start" }, day("from", "First day"), day("to", "Last day"))),
        h("label", { class: "check-row" }, h("input", { type: "checkbox", id: "journal-achievements", checked: true,
          onchange: (event) => { choice.achievements = event.target.checked; } }), " Include the badges won"),
        h("label", { class: "field" }, h("span", { class: "field-name" }, "Paper"),
          h("select", { id: "journal-paper", onchange: (event) => { choice.paper = event.target.value; } },
            h("option", { value: "a4" }, "A4"), h("option", { value: "letter" }, "US Letter"))),
        button,
        status));
      return null;
    },
  });
}
