// What a parent does on each kind of device to trust the home authority. Pure, so node --test and
// the parent area use the same text.

export const PLATFORMS = ["ios", "android", "desktop"];

/** Which steps to open first for this browser. iPadOS reports itself as a Mac with touch. */
export function platform(userAgent, maxTouchPoints = 0) {
  if (/iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)) return "ios";
  if (/Android/.test(userAgent)) return "android";
  return "desktop";
}

/** The title and steps for one platform, with this server's addresses filled in. */
export function stepsFor(id, connect) {
  const open = {
    ios: `Open ${connect.url} in Safari and add it to the Home Screen (Share → Add to Home Screen).`,
    android: `Open ${connect.url} in Chrome and add it to the home screen (⋮ → Add to Home screen).`,
    desktop: `Open ${connect.url} and bookmark it.`,
  }[id];
  if (id === "ios") {
    return {
      title: "iPad or iPhone",
      steps: [
        h("In Safari on the iPad or iPhone, tap ", link("/kids-fun-zone.mobileconfig", "Download the profile", "download-profile"), " and choose Allow."),
        "Open Settings: tap “Profile Downloaded” near the top (or General → VPN & Device Management), then Install, enter the device passcode, and Install again.",
        "Go to Settings → General → About → Certificate Trust Settings and switch on “Kids Fun Zone home authority”. Without this last switch Safari still refuses the page.",
        open,
      ],
    };
  }
  if (id === "android") {
    return {
      title: "Android tablet or phone",
      steps: [
        h("Tap ", link("/ca.crt", "Download the certificate", "download-crt"), "."),
        "Open Settings → Security (or Security & privacy) → More security settings → Encryption & credentials → Install a certificate → CA certificate, tap Install anyway, and pick kids-fun-zone-ca.crt from Downloads.",
        open,
      ],
    };
  }
  return {
    title: "Computer (Chrome, Edge, Firefox, Safari)",
    steps: [
      h("Download ", link("/ca.pem", "the certificate", "download-pem"), "."),
      "Chrome or Edge: Settings → Privacy and security → Security → Manage certificates → Authorities (or “Trusted Root Certification Authorities” on Windows) → Import, and trust it for websites.",
      "Firefox: Settings → Privacy & Security → Certificates → View Certificates → Authorities → Import, and tick “Trust this CA to identify websites”.",
      "Mac: double-click the file, then in Keychain Access open the certificate → Trust → When using this certificate: Always Trust.",
      open,
    ],
  };
}

// Kept free of the DOM helpers' module so Node can import this file: a step is text or a list of parts.
function h(...parts) { return parts; }
function link(href, text, id) { return { href, text, id }; }
