// #new: a new material on one screen, no wizard. Three big choices at the top — ✍️ text typed or
// pasted, 📄 a PDF, 📷 photos of the pages — then the title (optional: the server takes the first
// sentence), the subject and what the choice needs. A text is ready at once (10 XP: the progress is
// loaded again); a PDF or photos are read by the server in the background (202, status pending):
// the page opens the material, which waits and follows its status (material-watch.js).
// Photos: taken one at a time or several chosen, shown as thumbnails in page order (◀ ▶ move,
// ✖ removes), shrunk before sending (photo-prep.js). Every check the server makes is made first
// (upload-rules.js), and a refusal is said in the student's language.
import { h } from "../shared/dom.js";
import { celebrate } from "./celebrate.js";
import { createMaterial, loadMe, uploadPdf, uploadPhotos } from "./data.js";
import { errorText, num, t } from "./i18n.js";
import { preparePhoto, PhotoProblem } from "./photo-prep.js";
import { state, subjectName, subjectsFor, tell } from "./state.js";
import { button, field, homeLink, screenTitle } from "./ui.js";
import { MB, moveItem, PHOTOS_MAX, pdfProblem, photosBodyFits, photosProblem, photosThatFit, pickedPhotoProblem, uploadErrorLines } from "./upload-rules.js";

const KINDS = [["text", "✍️"], ["pdf", "📄"], ["photos", "📷"]];

let form = null;
let formFor = "";
let kind = "text";
let pdfFile = null;
let photos = []; // [{id, file, url}] in page order
let photoIds = 0;

const sizeText = (bytes) => t("new.size", { mb: num(Math.max(0.1, bytes / MB), { maximumFractionDigits: 1 }) });
const problemText = (problem) => t(problem.key, problem.params ?? {});

function forgetPhotos() {
  for (const photo of photos) URL.revokeObjectURL(photo.url);
  photos = [];
}

function build(subjectId) {
  const title = h("input", { id: "new-title", name: "title", maxlength: "120", autocomplete: "off", placeholder: t("new.titlePlaceholder") });
  const subject = h("select", { id: "new-subject", name: "subjectId" },
    h("option", { value: "" }, t("new.noSubject")),
    subjectsFor(subjectId).map((s) => h("option", { value: s.id, selected: s.id === subjectId }, `${s.emoji} ${subjectName(s)}`)));
  const language = h("select", { id: "new-language", name: "language" },
    ["it", "en"].map((lang) => h("option", { value: lang, selected: (state.settings?.language ?? "it") === lang }, t(`new.language.${lang}`))));
  const problem = h("div", { class: "error-text", role: "alert", id: "new-problem" });
  const status = h("p", { class: "hint", role: "status", id: "new-status" });
  const setProblem = (lines) => {
    problem.replaceChildren(...[].concat(lines).filter(Boolean).map((line, index) => h("p", { class: index ? "mb-small" : null }, index ? line : `😕 ${line}`)));
  };

  // ✍️ Text
  const text = h("textarea", { id: "new-text", name: "text", rows: "12", maxlength: "200000", placeholder: t("new.textPlaceholder") });
  const textPart = h("div", { class: "mb-new-part", id: "new-part-text" }, field(t("new.text"), text, t("new.textHint")));

  // 📄 PDF
  const pdfInput = h("input", { id: "new-pdf", type: "file", name: "pdf", accept: "application/pdf" });
  const pdfChosen = h("p", { class: "mb-small", id: "new-pdf-chosen", "aria-live": "polite" });
  const drawPdf = () => {
    if (!pdfFile) { pdfChosen.replaceChildren(); return; }
    const trouble = pdfProblem(pdfFile);
    pdfChosen.replaceChildren(h("span", { "aria-hidden": "true" }, "📄 "), `${pdfFile.name} — ${sizeText(pdfFile.size)}`);
    setProblem(trouble ? problemText(trouble) : null);
  };
  pdfInput.addEventListener("change", () => { pdfFile = pdfInput.files?.[0] ?? null; drawPdf(); });
  const pdfPart = h("div", { class: "mb-new-part", id: "new-part-pdf" }, field(t("new.pdf.label"), pdfInput, t("new.pdf.hint")), pdfChosen);

  // 📷 Photos
  const photoInput = h("input", { id: "new-photos", type: "file", name: "photos", accept: "image/*", capture: "environment", multiple: true });
  const thumbs = h("ol", { class: "mb-thumbs", id: "new-thumbs", "aria-label": t("new.photos.pages") });
  const photoCount = h("p", { class: "hint", id: "new-photos-count", "aria-live": "polite" });
  const another = button({ emoji: "➕", label: t("new.photos.another"), id: "new-photo-another", cls: "mb-primary", onclick: () => photoInput.click() });
  const drawPhotos = (focus = null) => {
    thumbs.replaceChildren(...photos.map((photo, index) => {
      const page = index + 1;
      const move = (delta) => { photos = moveItem(photos, index, delta); drawPhotos(`photo-${photo.id}-${delta < 0 ? "up" : "down"}`); };
      const remove = () => {
        URL.revokeObjectURL(photo.url);
        photos = photos.filter((other) => other !== photo);
        drawPhotos(photos.length ? `photo-${photos[Math.min(index, photos.length - 1)].id}-remove` : "new-photo-another");
      };
      const small = (emoji, label, id, onclick, disabled = false) => h("button", {
        class: "btn mb-btn mb-thumb-btn", type: "button", id, "aria-label": label, title: label, onclick, disabled,
      }, h("span", { "aria-hidden": "true" }, emoji));
      return h("li", { class: "mb-thumb", dataset: { photo: String(photo.id) } },
        h("img", { src: photo.url, alt: t("new.photos.page", { page }), class: "mb-thumb-img" }),
        h("span", { class: "mb-thumb-page" }, t("new.photos.page", { page })),
        h("span", { class: "mb-thumb-actions" },
          small("◀", t("new.photos.earlier", { page }), `photo-${photo.id}-up`, () => move(-1), index === 0),
          small("▶", t("new.photos.later", { page }), `photo-${photo.id}-down`, () => move(1), index === photos.length - 1),
          small("✖", t("new.photos.remove", { page }), `photo-${photo.id}-remove`, remove)));
    }));
    photoCount.textContent = photos.length ? t("new.photos.count", { count: photos.length, max: PHOTOS_MAX }) : t("new.photos.none");
    another.hidden = photos.length === 0 || photos.length >= PHOTOS_MAX;
    if (focus) document.getElementById(focus)?.focus();
  };
  photoInput.addEventListener("change", () => {
    const picked = [...(photoInput.files ?? [])];
    photoInput.value = "";
    const fitting = photosThatFit(photos.length, picked.length);
    const lines = [];
    for (const file of picked.slice(0, fitting)) {
      const trouble = pickedPhotoProblem(file);
      if (trouble) { lines.push(`${file.name}: ${problemText(trouble)}`); continue; }
      photos.push({ id: ++photoIds, file, url: URL.createObjectURL(file) });
    }
    if (fitting < picked.length) lines.unshift(t("new.photos.tooMany", { max: PHOTOS_MAX }));
    setProblem(lines.length ? lines : null);
    drawPhotos();
  });
  const photosPart = h("div", { class: "mb-new-part", id: "new-part-photos" },
    field(t("new.photos.label"), photoInput, t("new.photos.hint")), thumbs, photoCount, another);

  const languageField = h("div", { class: "mb-new-language" }, field(t("new.language"), language, t("new.languageHint")));
  const save = button({ emoji: "💾", label: t("new.save"), type: "submit", cls: "primary mb-primary", id: "new-save" });
  const choices = h("div", { class: "mb-choices", role: "group", "aria-label": t("new.choose") },
    KINDS.map(([name, emoji]) => h("button", { class: "btn mb-btn mb-choice", type: "button", id: `new-kind-${name}`, "aria-pressed": "false",
      onclick: () => { kind = name; showKind(); } },
    h("span", { class: "mb-choice-emoji", "aria-hidden": "true" }, emoji), h("span", { class: "mb-word" }, t(`new.kind.${name}`)))));

  function showKind() {
    for (const [name] of KINDS) choices.querySelector(`#new-kind-${name}`).setAttribute("aria-pressed", String(name === kind));
    textPart.hidden = kind !== "text";
    pdfPart.hidden = kind !== "pdf";
    photosPart.hidden = kind !== "photos";
    languageField.hidden = kind === "text";
    save.querySelector(".mb-word").textContent = t(kind === "text" ? "new.save" : "new.send");
    setProblem(null);
    status.textContent = "";
  }

  const made = h("form", { class: "mb-card mb-new-form", id: "new-form", novalidate: true },
    choices,
    field(t("new.title"), title, t("new.titleHint")), field(t("new.subject"), subject),
    languageField, textPart, pdfPart, photosPart, problem, status,
    h("div", { class: "mb-dock" }, save));

  const options = () => ({ title: title.value.trim(), subjectId: subject.value, language: language.value });
  const opened = (material) => {
    form = null;
    pdfFile = null;
    forgetPhotos();
    loadMe().catch(() => {});
    location.hash = `#material/${encodeURIComponent(material.id)}`;
  };

  async function sendText() {
    if (!text.value.trim()) { setProblem(t("new.needText")); text.focus(); return; }
    const body = { subjectId: subject.value || null, text: text.value };
    if (title.value.trim()) body.title = title.value.trim();
    const material = await createMaterial(body);
    celebrate({ xp: 10 });
    opened(material);
  }

  async function sendPdf() {
    const trouble = pdfProblem(pdfFile);
    if (trouble) { setProblem(problemText(trouble)); pdfInput.focus(); return; }
    status.textContent = t("new.sending");
    const material = await uploadPdf(pdfFile, options());
    tell(t("new.sent"), "ok");
    opened(material);
  }

  async function sendPhotos() {
    const trouble = photosProblem(photos.length);
    if (trouble) { setProblem(problemText(trouble)); (photos.length ? another : photoInput).focus(); return; }
    const ready = [];
    for (const [index, photo] of photos.entries()) {
      status.textContent = t("new.preparing", { page: index + 1, count: photos.length });
      ready.push(await preparePhoto(photo.file, index));
    }
    if (!photosBodyFits(ready.map((photo) => photo.bytes))) { status.textContent = ""; setProblem(t("new.photos.allTooBig")); return; }
    status.textContent = t("new.sending");
    const material = await uploadPhotos(ready.map((photo) => photo.base64), options());
    tell(t("new.sent"), "ok");
    opened(material);
  }

  made.addEventListener("submit", async (event) => {
    event.preventDefault();
    setProblem(null);
    save.disabled = true;
    try {
      if (kind === "pdf") await sendPdf();
      else if (kind === "photos") await sendPhotos();
      else await sendText();
    } catch (error) {
      status.textContent = "";
      if (error instanceof PhotoProblem) setProblem(t("new.photos.which", { page: error.index + 1, problem: problemText(error.problem) }));
      else setProblem(kind === "text" ? errorText(error) : uploadErrorLines(error, kind));
    }
    save.disabled = false;
  });
  showKind();
  drawPdf();
  drawPhotos();
  return made;
}

/** Forgets what was typed and chosen (the language changed). */
export function forgetNewForm() {
  form = null;
  pdfFile = null;
  forgetPhotos();
}

export function newScreen() {
  const subjectId = state.route.id ?? "";
  const key = `${subjectId}|${state.settings?.language}`;
  if (!form || formFor !== key) {
    form = build(subjectId);
    formFor = key;
  }
  return h("div", { class: "mb-stack" }, screenTitle("➕", t("new.heading"), t("new.intro")), h("p", { class: "mb-lead" }, t("new.intro")), form, homeLink());
}
