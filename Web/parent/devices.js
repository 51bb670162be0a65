// "Add a tablet or phone": the address other devices open, a QR code of the device set-up page,
// the home authority's fingerprint, and the steps for each kind of device.
import { api } from "../shared/api.js";
import { h } from "../shared/dom.js";
import { qrSvg } from "../shared/qrcode.js";
import { stepParts } from "../setup/step-view.js";
import { PLATFORMS, stepsFor } from "../setup/steps.js";

export async function loadDevices(tab) {
  tab.connect = await api("/api/connect");
}

function qr(url) {
  try {
    return h("figure", { class: "pairing-qr", id: "setup-qr" }, qrSvg(url, { scale: 5, label: "QR code of the device set-up page" }),
      h("figcaption", {}, "Scan with the tablet's or phone's camera"));
  } catch (error) {
    console.warn("no QR code", error);
    return null;
  }
}

export function devicesView(tab) {
  const connect = tab.connect;
  if (!connect) return h("p", { class: "hint" }, "Loading…");
  return h("div", { class: "list" },
    h("article", { class: "card", id: "add-device" },
      h("h3", {}, "Add a tablet or phone"),
      h("p", {}, "On the tablet or phone, join the home Wi-Fi, then scan this code or open:"),
      h("p", { class: "code", id: "setup-url" }, connect.setupURL),
      qr(connect.setupURL),
      connect.fingerprint
        ? h("p", {}, "That page installs this server's own certificate (once per device, about two minutes), then opens ",
          h("strong", { id: "device-url" }, connect.url), ". The microphone (requests by voice, spelling aloud) needs it.")
        : h("p", {}, "Then it opens ", h("strong", { id: "device-url" }, connect.url), "."),
      connect.https ? null : h("p", { class: "error-text", id: "no-https" },
        "This server serves no HTTPS, so browsers on other devices will not give it the microphone. Start it without --no-https, or give it --public-url behind an HTTPS proxy.")),
    connect.fingerprint ? h("article", { class: "card" },
      h("h3", {}, "Certificate fingerprint"),
      h("p", {}, "When a device shows the certificate's SHA-256 fingerprint, it must be this one:"),
      h("p", { class: "fingerprint", id: "ca-fingerprint" }, connect.fingerprint),
      h("div", { class: "actions" },
        h("a", { class: "btn", href: "/kids-fun-zone.mobileconfig", dataset: { focusKey: "ios-profile" } }, "iOS profile"),
        h("a", { class: "btn", href: "/ca.crt", dataset: { focusKey: "ca-certificate" } }, "Certificate (.crt)"))) : null,
    connect.fingerprint ? PLATFORMS.map((id) => h("details", { class: "card", id: `device-steps-${id}` },
      h("summary", { dataset: { focusKey: `device-steps-${id}-summary` } }, stepsFor(id, connect).title),
      h("ol", {}, stepsFor(id, connect).steps.map((step) => h("li", {}, stepParts(step)))))) : null,
    connect.alternatives.length > 1 ? h("article", { class: "card" },
      h("h3", {}, "Other addresses of this server"),
      h("ul", { id: "alternatives" }, connect.alternatives.map((address) => h("li", {}, address)))) : null);
}
