// Button and success sounds, made with Web Audio (no files to download), behind one mute switch.
import { h } from "./dom.js";
import { local } from "./safe-storage.js";

const KEY = "fz-muted";
let context = null;

export function isMuted() { return local.readText(KEY) === "1"; }

const muteListeners = new Set();

/** Calls `listener(muted)` when the switch flips, here or in another tab. */
export function onMuteChange(listener) {
  muteListeners.add(listener);
  return () => muteListeners.delete(listener);
}

function announceMute() {
  const muted = isMuted();
  for (const listener of muteListeners) listener(muted);
}

addEventListener("storage", (event) => { if (event.key === KEY) announceMute(); });

function tone(frequencies, duration = 0.12, type = "sine", gain = 0.15) {
  if (isMuted()) return;
  try {
    context ??= new AudioContext();
    let start = context.currentTime;
    for (const frequency of frequencies) {
      const oscillator = context.createOscillator();
      const volume = context.createGain();
      oscillator.type = type;
      oscillator.frequency.value = frequency;
      volume.gain.setValueAtTime(gain, start);
      volume.gain.exponentialRampToValueAtTime(0.001, start + duration);
      oscillator.connect(volume).connect(context.destination);
      oscillator.start(start);
      oscillator.stop(start + duration);
      start += duration * 0.8;
    }
  } catch { /* no audio device: stay quiet */ }
}

export const sounds = {
  tap: () => tone([660], 0.08, "triangle"),
  success: () => tone([523, 659, 784, 1047], 0.14, "triangle"),
  gentle: () => tone([392, 330], 0.18, "sine", 0.1),
  // Coloring Fun's tools: lower for bigger brushes, as Tux Paint does.
  paint: (size = 20) => tone([Math.max(180, 700 - size * 6)], 0.06, "triangle", 0.06),
  pop: () => tone([880, 1320], 0.06, "square", 0.05),
  fill: () => tone([330, 440, 550, 660], 0.06, "sine", 0.1),
  undo: () => tone([520, 390], 0.07, "triangle", 0.1),
  clear: () => tone([660, 520, 390, 260], 0.08, "sawtooth", 0.05),
  shutter: () => tone([1200, 600], 0.04, "square", 0.05),
  // SpeakUp's warm-ups: a chirp that rises to breathe in, falls to breathe out, one note to hold.
  inhale: () => tone([392, 494, 587], 0.16, "sine", 0.1),
  exhale: () => tone([587, 494, 392], 0.2, "sine", 0.1),
  hold: () => tone([494], 0.2, "sine", 0.08),
  go: () => tone([523, 784], 0.1, "triangle", 0.1),
  rest: () => tone([330], 0.2, "sine", 0.06),
};

/** The one mute switch: a button that flips sound for every page. */
export function muteButton() {
  const button = h("button", { class: "btn mute-toggle", type: "button" });
  const render = () => {
    const muted = isMuted();
    button.textContent = muted ? "🔇" : "🔊";
    button.setAttribute("aria-label", muted ? "Sound off. Turn sound on" : "Sound on. Turn sound off");
    button.setAttribute("aria-pressed", String(muted));
  };
  button.addEventListener("click", () => {
    local.writeText(KEY, isMuted() ? "0" : "1");
    announceMute();
    render();
    sounds.tap();
  });
  render();
  return button;
}
