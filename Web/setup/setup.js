// The page a new tablet or phone opens (from the QR code in the parent area), over plain HTTP
// because it does not trust our certificate yet: it installs the home authority, step by step for
// the device in hand, then opens Kids Fun Zone over HTTPS, where the microphone works.
import { h, mount } from "../shared/dom.js";
import { stepParts } from "./step-view.js";
import { platform, stepsFor, PLATFORMS } from "./steps.js";

const main = document.getElementById("setup");

async function start() {
  let connect;
  try {
    const response = await fetch("/api/connect", { cache: "no-store" });
    if (!response.ok) throw new Error(`status ${response.status}`);
    connect = await response.json();
  } catch (error) {
    mount(main, h("p", { class: "card error-text", role: "alert" }, `Could not reach the Kids Fun Zone server (${error.message}). Check that this device is on the home Wi-Fi.`));
    return;
  }
  const mine = platform(navigator.userAgent, navigator.maxTouchPoints);
  const secureHere = location.protocol === "https:";
  const trusted = secureHere || (connect.https && await trustsServer(connect.url));
  // Sent here from the plain front door, and already trusting us: straight on to HTTPS.
  if (trusted && !secureHere && new URLSearchParams(location.search).get("from") === "home") {
    location.replace(`${connect.url}/`);
    return;
  }
  mount(main,
    h("h1", { class: "title" }, "Connect this device"),
    h("section", { class: "card" },
      h("p", {}, "Kids Fun Zone lives on a computer in your home. Tablets and phones open it at:"),
      h("p", { class: "address", id: "https-address" }, connect.url),
      connect.https && connect.fingerprint
        ? h("p", {}, "First, this device must trust the server's own certificate (made on your computer, used only for it), so that the microphone works. It takes two minutes, once per device.")
        : null,
      trusted
        ? h("p", { class: "state ok", id: "secure-state" }, "✓ This device trusts the server's certificate: it is ready.")
        : connect.https ? h("p", { class: "state", id: "secure-state" }, "This device does not trust the server's certificate yet: follow the steps below first.") : null),
    connect.https && connect.fingerprint ? PLATFORMS.map((id) => h("details", { id: `steps-${id}`, open: id === mine },
      h("summary", {}, stepsFor(id, connect).title),
      h("ol", {}, stepsFor(id, connect).steps.map((step) => h("li", {}, stepParts(step, { buttons: true })))))) : null,
    connect.fingerprint ? h("section", { class: "card" },
      h("h2", {}, "Check it is yours"),
      h("p", {}, "The certificate's SHA-256 fingerprint must match the one in the parent area on your computer:"),
      h("p", { class: "fingerprint", id: "fingerprint" }, connect.fingerprint)) : null,
    h("div", { class: "actions" },
      h("a", { class: "btn primary", id: "open-secure", href: `${connect.url}/` }, "Open Kids Fun Zone ➜")));
}

/**
 * Whether this browser already trusts our certificate: a small picture from the HTTPS address
 * loads only then (the page's policy allows that one kind of request).
 */
function trustsServer(url, timeout = 4000) {
  return new Promise((resolve) => {
    const probe = new Image();
    const timer = setTimeout(() => resolve(false), timeout);
    probe.onload = () => { clearTimeout(timer); resolve(true); };
    probe.onerror = () => { clearTimeout(timer); resolve(false); };
    probe.src = `${url}/shared/icon.svg?probe=${Date.now()}`;
  });
}

start();
