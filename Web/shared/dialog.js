// The sheet component: a modal <dialog> with a Cancel button that always works.
import { h, mount } from "./dom.js";

/**
 * Opens a sheet. `render(body, close)` fills it and may return a clean-up function; returns a promise of the value passed to close().
 * Escape, the Cancel button and close() all end it; Cancel resolves to null.
 */
export function openSheet({ label, cancelText = "Cancel", render }) {
  return new Promise((resolve) => {
    const body = h("div", { class: "sheet-body" });
    const dialog = h("dialog", { class: "sheet", "aria-label": label });
    let result = null;
    const close = (value = null) => { result = value; dialog.close(); };
    const cancel = h("button", { class: "btn quiet", type: "button", onclick: () => close(null) }, cancelText);
    mount(dialog, h("div", { class: "sheet-bar" }, cancel, h("span")), body);
    let cleanup = null;
    dialog.addEventListener("close", () => { cleanup?.(); dialog.remove(); resolve(result); });
    document.body.append(dialog);
    cleanup = render(body, close) ?? null;
    dialog.showModal();
  });
}
