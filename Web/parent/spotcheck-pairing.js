// Pairing a child's phone from the SpotCheck tab: enrolling a new phone, or a new code for one
// already enrolled; the sheet shows the code, its expiry, the link as a QR code and the next steps.
import { api } from "../shared/api.js";
import { openSheet } from "../shared/dialog.js";
import { h, mount } from "../shared/dom.js";
import { qrSvg } from "../shared/qrcode.js";
import { formatCode } from "./spotcheck-format.js";
import { DEVICES, devicePath } from "./spotcheck-refresh.js";

async function requestPairingCode(ctx, deviceId) {
  return ctx.call(() => api(`${devicePath(deviceId)}/pairing-code`, { method: "POST" }));
}

/** The pairing link as a QR code for the child's phone camera; the code and the link work without it. */
function drawQr(figure, url) {
  try {
    mount(figure, qrSvg(url, { scale: 5, label: "QR code of the pairing link" }), h("figcaption", {}, "Or scan this with the child's phone camera"));
    figure.hidden = false;
  } catch (error) {
    console.warn("SpotCheck: no QR code", error);
    figure.hidden = true;
  }
}

function showPairing(ctx, body, device, first, close) {
  // A phone that has not opened Kids Fun Zone before must trust the server's certificate first
  // (the Shortcut's calls need it too): the device set-up page, from the server's own address.
  const setupStep = h("li", { id: "setup-step" }, "If the child's phone has not opened Kids Fun Zone before, set it up first (Parent area → Tablets & phones).");
  api("/api/connect").then((connect) => {
    if (connect.fingerprint) setupStep.textContent = `If the child's phone has not opened Kids Fun Zone before: open ${connect.setupURL} in Safari on it and install the certificate (two minutes, once).`;
    else setupStep.remove();
  }).catch(() => {});
  let current = first;
  let expiresAt = 0;
  const code = h("p", { class: "pairing-code", id: "pairing-code" });
  const expiry = h("p", { class: "hint", id: "pairing-expiry" });
  const error = h("p", { class: "error-text", role: "alert", id: "pairing-error" });
  const qr = h("figure", { class: "pairing-qr", id: "pairing-qr", hidden: true });
  const link = h("p", { class: "pair-link", id: "pairing-link" });
  const copy = h("button", { class: "btn", type: "button", id: "copy-code" }, "Copy");
  const regenerate = h("button", { class: "btn", type: "button", id: "regenerate-code" }, "Regenerate");
  const heading = h("h2", { tabindex: "-1" }, `Pair ${device.name}`);

  const tick = () => {
    const minutes = Math.ceil((expiresAt - Date.now()) / 60_000);
    expiry.textContent = minutes <= 0 ? "Expired. Press Regenerate for a new code."
      : `Expires in ${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
  };
  const show = (pairing) => {
    current = pairing;
    // From ttlMinutes on arrival, so a clock set wrong on this device doesn't misreport the expiry.
    expiresAt = Date.now() + (pairing.ttlMinutes ? pairing.ttlMinutes * 60_000 : Date.parse(pairing.expiresAt) - Date.now());
    code.textContent = formatCode(pairing.code);
    copy.textContent = "Copy";
    // The server's address for other devices (never this browser's, which may be 127.0.0.1).
    const url = pairing.url;
    // Text, not a link: opened here it would pair the parent's own browser.
    mount(link, "Pairing link for the child's phone: ", h("code", {}, url));
    tick();
    drawQr(qr, url);
  };

  copy.addEventListener("click", async () => {
    error.textContent = "";
    try {
      await navigator.clipboard.writeText(current.code);
      copy.textContent = "Copied ✓";
    } catch {
      error.textContent = "Couldn't copy here. Select the code and copy it by hand.";
    }
  });
  regenerate.addEventListener("click", async () => {
    if (regenerate.dataset.busy) return;
    regenerate.dataset.busy = "1";
    error.textContent = "";
    try {
      show(await requestPairingCode(ctx, device.id));
    } catch (failure) {
      error.textContent = failure.message;
    } finally {
      delete regenerate.dataset.busy;
    }
  });

  mount(body, h("div", { class: "pairing", id: "pairing" }, heading,
    h("p", {}, "On the child's phone, enter this code:"), code, expiry,
    h("div", { class: "row actions" }, copy, regenerate), error,
    device.paired ? h("p", { class: "hint" }, "After pairing, download hotspot-config.json again on the child's phone: the Shortcut needs the new file.") : null,
    qr, link,
    h("h3", {}, "Next steps"),
    h("ol", { class: "next-steps", id: "next-steps" },
      setupStep,
      h("li", {}, `On the child's phone open ${first.url.split("#")[0]} and choose “Set up child phone” (or scan the QR code).`),
      h("li", {}, "Enter the code."),
      h("li", {}, "Install the Shortcut and add the automations."),
      h("li", {}, "Lock Shortcuts and Settings with Screen Time.")),
    h("button", { class: "btn primary", type: "button", id: "pairing-done", onclick: () => close(true) }, "Done")));
  show(first);
  heading.focus();
  const timer = setInterval(tick, 15_000);
  return () => clearInterval(timer);
}

export function enrollSheet(ctx) {
  let created = false;
  openSheet({
    label: "Add device",
    render(body, close) {
      let stop = null;
      const input = h("input", { id: "new-device-name", name: "name", required: true, maxlength: "40", placeholder: "Mia's iPhone", autocomplete: "off" });
      const error = h("p", { class: "error-text", role: "alert", id: "add-device-error" });
      const submit = h("button", { class: "btn primary", type: "submit", id: "add-device" }, "Add device");
      const form = h("form", { class: "sheet-form", id: "add-device-form" }, h("h2", {}, "Add a device"),
        h("p", {}, "Name the child's iPhone. A pairing code comes next."),
        h("label", { class: "field", for: "new-device-name" }, "Phone name", input), error, submit);
      form.addEventListener("submit", async (event) => {
        event.preventDefault();
        const name = input.value.trim();
        if (!name) { error.textContent = "Give the phone a name."; input.focus(); return; }
        submit.disabled = true;
        try {
          const answer = await ctx.call(() => api(DEVICES, { method: "POST", body: { name } }));
          created = true;
          ctx.tab.deviceId = answer.device.id;
          stop = showPairing(ctx, body, answer.device, answer.pairing, close);
        } catch (failure) {
          error.textContent = failure.message;
          submit.disabled = false;
          input.focus();
        }
      });
      mount(body, form);
      input.focus();
      return () => stop?.();
    },
  }).then(() => { if (created) ctx.reload(); });
}

export async function repairSheet(ctx, device) {
  let pairing;
  try {
    pairing = await requestPairingCode(ctx, device.id);
  } catch (error) {
    ctx.fail(error.message);
    return;
  }
  await openSheet({ label: `Pair ${device.name}`, cancelText: "Close",
    render: (body, close) => showPairing(ctx, body, device, pairing, close) });
  ctx.reload();
}
