// Ambient focus sound (settings.ambient: white, pink, brown noise or rain), made in the browser with
// Web Audio from noise.js: a few seconds of samples looped, at settings.ambientVolume, ducked to
// 0.2× while anything is spoken or the voice button listens, and brought back after. Silent when the hub's mute is on. Browsers
// start audio only after a touch: the first touch on the page starts it.
import { isMuted, onMuteChange } from "../shared/sounds.js";
import { onSpeakingChange } from "../shared/player.js";
import { generate, KINDS } from "./noise.js";

export const DUCK = 0.2;
const SECONDS = 6;

let context = null;
let source = null;
let gain = null;
let playing = "";
let wanted = { kind: "off", volume: 0.5 };
let speaking = false;
let listening = false;
let allowed = false;

const level = () => (isMuted() ? 0 : wanted.volume * (speaking || listening ? DUCK : 1));

function setLevel() {
  if (!gain || !context) return;
  gain.gain.setTargetAtTime(level(), context.currentTime, 0.15);
}

function startSound(kind) {
  try {
    context ??= new AudioContext();
    if (context.state === "suspended") context.resume();
    source?.stop();
    const length = Math.floor(context.sampleRate * SECONDS);
    const buffer = context.createBuffer(2, length, context.sampleRate);
    for (let channel = 0; channel < 2; channel += 1) buffer.copyToChannel(generate(kind, length, context.sampleRate), channel);
    source = context.createBufferSource();
    source.buffer = buffer;
    source.loop = true;
    gain = context.createGain();
    gain.gain.value = 0;
    source.connect(gain).connect(context.destination);
    source.start();
    playing = kind;
    setLevel();
  } catch {
    playing = "";
  }
}

function stopSound() {
  try { source?.stop(); } catch { /* already stopped */ }
  source = null;
  playing = "";
}

/** Follows the settings: which sound, how loud. */
export function syncAmbient(settings) {
  wanted = { kind: KINDS.includes(settings?.ambient) ? settings.ambient : "off", volume: Math.min(1, Math.max(0, Number(settings?.ambientVolume) || 0)) };
  if (!allowed) return;
  if (wanted.kind === "off") stopSound();
  else if (wanted.kind !== playing) startSound(wanted.kind);
  setLevel();
}

/** Starts listening: the first touch allows sound; speaking ducks it. */
export function startAmbient(target = document) {
  const allow = () => { allowed = true; syncAmbient({ ambient: wanted.kind, ambientVolume: wanted.volume }); };
  target.addEventListener("pointerdown", allow, { once: true, capture: true });
  target.addEventListener("keydown", allow, { once: true, capture: true });
  onSpeakingChange((now) => { speaking = now; setLevel(); });
  onMuteChange(setLevel);
}

/** Lowers the sound while the microphone listens (voice commands), and brings it back after. */
export function duckAmbient(on) { listening = Boolean(on); setLevel(); }

/** Stops the sound (leaving the page). */
export function stopAmbient() { stopSound(); }
