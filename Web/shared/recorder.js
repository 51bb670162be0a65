// Records the microphone in the browser and turns it into 16 kHz mono 16-bit WAV, the format the
// server's speech engines read. A level meter callback shows that the child is being heard; an
// optional samples callback streams the same audio while it is recorded (SpeakUp's live take).
import { makeDownsampler } from "./pcm.js";

const TARGET_RATE = 16000;

/**
 * Starts recording. `onLevel(0…1)` is called about 20 times a second; after `maxSeconds` the
 * recording stops by itself and `onLimit()` is called (the page then calls stop() for the audio).
 * Returns { stop(): Promise<{ blob, base64, seconds }>, cancel() }.
 * `processing: false` turns off the browser's automatic gain and noise suppression (spelled
 * letters: the gain settling between letters would look like extra, quiet letters).
 * `onSamples(Int16Array)`, when given, receives the recording as 16 kHz 16-bit samples while it
 * is made (about every 85 ms); if the browser cannot tap the audio, it is never called.
 * Throws when there is no usable microphone: show `microphoneProblem(error)` to the child.
 */
export async function startRecording({ onLevel = () => {}, onLimit = () => {}, onSamples = null, maxSeconds = 60, processing = true } = {}) {
  if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === "undefined") {
    throw new DOMException("This browser cannot record here", "NotSupportedError");
  }
  const audio = { channelCount: 1, echoCancellation: true, ...(processing ? {} : { autoGainControl: false, noiseSuppression: false }) };
  const stream = await navigator.mediaDevices.getUserMedia({ audio });
  const mimeType = ["audio/webm;codecs=opus", "audio/ogg;codecs=opus", "audio/mp4"].find((t) => MediaRecorder.isTypeSupported(t));
  const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
  const chunks = [];
  recorder.addEventListener("dataavailable", (event) => { if (event.data.size > 0) chunks.push(event.data); });

  const meterContext = new AudioContext();
  const analyser = meterContext.createAnalyser();
  analyser.fftSize = 512;
  const source = meterContext.createMediaStreamSource(stream);
  source.connect(analyser);
  let tap = null;
  if (onSamples) tap = await tapSamples(meterContext, source, onSamples);
  const samples = new Float32Array(analyser.fftSize);
  const meter = setInterval(() => {
    analyser.getFloatTimeDomainData(samples);
    let sum = 0;
    for (const s of samples) sum += s * s;
    onLevel(Math.min(1, Math.sqrt(sum / samples.length) * 4));
  }, 50);

  const stopped = new Promise((resolve) => recorder.addEventListener("stop", resolve, { once: true }));
  recorder.start(250);
  const limit = setTimeout(() => {
    if (recorder.state !== "recording") return;
    recorder.stop();
    onLimit();
  }, maxSeconds * 1000);

  const release = () => {
    if (tap) tap.port.onmessage = null;
    clearInterval(meter);
    clearTimeout(limit);
    stream.getTracks().forEach((track) => track.stop());
    meterContext.close().catch(() => {});
  };

  return {
    async stop() {
      if (recorder.state === "recording") recorder.stop();
      await stopped;
      release();
      const encoded = new Blob(chunks, { type: recorder.mimeType });
      const wav = await toWav(await encoded.arrayBuffer());
      return { blob: new Blob([wav], { type: "audio/wav" }), base64: toBase64(wav), seconds: (wav.byteLength - 44) / 2 / TARGET_RATE };
    },
    cancel() {
      if (recorder.state === "recording") recorder.stop();
      release();
    },
  };
}

/** Streams the source's samples as 16 kHz Int16 to `onSamples`; null when the browser has no AudioWorklet. */
async function tapSamples(context, source, onSamples) {
  try {
    await context.audioWorklet.addModule("/shared/pcm-tap.js");
    const tap = new AudioWorkletNode(context, "pcm-tap");
    const push = makeDownsampler(context.sampleRate);
    tap.port.onmessage = (event) => { const samples = push(event.data); if (samples.length) onSamples(samples); };
    // Pulled by the graph through a silent gain (nothing is heard).
    const silent = context.createGain();
    silent.gain.value = 0;
    source.connect(tap).connect(silent).connect(context.destination);
    return tap;
  } catch {
    return null;
  }
}

/**
 * What to tell a child when the microphone cannot be used, by the error startRecording threw:
 * denied (by the child, a grown-up or a policy), missing, busy, or a page that may not record.
 */
export function microphoneProblem(error) {
  switch (error?.name) {
    case "NotAllowedError":
    case "PermissionDeniedError":
    case "SecurityError":
      return "The microphone is switched off for this page. Ask a grown-up to allow it, or type instead!";
    case "NotFoundError":
    case "DevicesNotFoundError":
    case "OverconstrainedError":
      return "I can't find a microphone. You can type instead!";
    case "NotReadableError":
    case "TrackStartError":
    case "AbortError":
      return "Another app is using the microphone. Close it and try again, or type instead!";
    case "NotSupportedError":
      return "This browser can't record here (it needs a secure https page). You can type instead!";
    default:
      return "The microphone didn't start. Try again, or type instead!";
  }
}

/** Decodes any browser recording and resamples it to 16 kHz mono 16-bit PCM WAV. */
export async function toWav(encoded) {
  const decoder = new AudioContext();
  const decoded = await decoder.decodeAudioData(encoded);
  decoder.close().catch(() => {});
  const frames = Math.max(1, Math.ceil(decoded.duration * TARGET_RATE));
  const offline = new OfflineAudioContext(1, frames, TARGET_RATE);
  const source = offline.createBufferSource();
  source.buffer = decoded;
  source.connect(offline.destination);
  source.start();
  const rendered = await offline.startRendering();
  return encodeWav(rendered.getChannelData(0), TARGET_RATE);
}

export function encodeWav(samples, rate) {
  const buffer = new ArrayBuffer(44 + samples.length * 2);
  const view = new DataView(buffer);
  const text = (offset, s) => [...s].forEach((c, i) => view.setUint8(offset + i, c.charCodeAt(0)));
  text(0, "RIFF"); view.setUint32(4, 36 + samples.length * 2, true); text(8, "WAVE");
  text(12, "fmt "); view.setUint32(16, 16, true); view.setUint16(20, 1, true); view.setUint16(22, 1, true);
  view.setUint32(24, rate, true); view.setUint32(28, rate * 2, true); view.setUint16(32, 2, true); view.setUint16(34, 16, true);
  text(36, "data"); view.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]));
    view.setInt16(44 + i * 2, s < 0 ? s * 0x8000 : s * 0x7fff, true);
  }
  return buffer;
}

function toBase64(buffer) {
  const bytes = new Uint8Array(buffer);
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
