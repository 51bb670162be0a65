// The Shortcut guide as a screen of the child-phone page (seed 002), and the files the page offers:
// the guide's data comes from shortcut-guide.js; this draws it, with a Copy button for exact values.
import { h } from "../shared/dom.js";
import { curlCheckScript, shortcutGuide } from "./shortcut-guide.js";

/** Offers `text` as a download named `name`. Safari reads the blob after click() returns: let go later. */
export function saveFile(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = h("a", { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** spotcheck-check.sh: the Shortcut's two calls with curl, for a computer. */
export const downloadCheckScript = (config) => saveFile("spotcheck-check.sh", curlCheckScript(config), "application/x-sh");

function copyButton(text, codeId) {
  if (!navigator.clipboard?.writeText) return null;   // selecting the text still works
  const button = h("button", { class: "btn copy", type: "button", "aria-describedby": codeId }, "Copy");
  let reset = null;
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = "Copied ✓";
    } catch {
      button.textContent = "Select it instead";
    }
    clearTimeout(reset);
    reset = setTimeout(() => { button.textContent = "Copy"; }, 2500);
  });
  return button;
}

function guideStep({ text, detail, code }, id) {
  return h("li", { class: "guide-step" },
    h("p", {}, text),
    code ? h("div", { class: "guide-code" }, h("code", { id: `${id}-code` }, code), copyButton(code, `${id}-code`)) : null,
    detail ? h("p", { class: "hint" }, detail) : null);
}

/** The guide screen's content for this phone's config; `back(id)` makes a Back button. */
export function shortcutGuideContent(config, back) {
  const guide = shortcutGuide(config);
  return [
    back("shortcut-back"),
    h("p", { class: "lead" }, "Build it on this iPhone in the Shortcuts app, one action at a time. Values in boxes must match exactly: copy them."),
    ...guide.map((section, index) => h("section", { class: "card guide-part", id: `guide-${section.id}`, "aria-labelledby": `guide-${section.id}-title` },
      h("h2", { id: `guide-${section.id}-title` }, `${index + 1}. ${section.title}`),
      section.intro ? h("p", {}, section.intro) : null,
      h("ol", { class: "guide-steps" }, section.steps.map((step, n) => guideStep(step, `guide-${section.id}-${n + 1}`))))),
    h("div", { class: "sc-actions" }, back("shortcut-back-bottom")),
  ];
}
