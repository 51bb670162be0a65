// Turns the microphone's samples (floats at the audio context's rate, often 48 kHz) into the
// 16 kHz 16-bit samples the server's speech engine hears, piece by piece as they arrive. Each
// output sample is the mean of the input samples around it (a box filter: enough to keep what is
// above 8 kHz from folding back into speech).

export const SPEECH_RATE = 16000;

/** A converter from `fromRate` floats to 16 kHz Int16 samples: `push(Float32Array)` → `Int16Array`. */
export function makeDownsampler(fromRate, toRate = SPEECH_RATE) {
  if (!(fromRate >= toRate)) throw new RangeError(`cannot downsample from ${fromRate} Hz to ${toRate} Hz`);
  const step = fromRate / toRate;
  const width = Math.max(1, Math.round(step));
  let carry = new Float32Array(0);
  let position = 0;  // where the next output sample starts, in `carry`'s coordinates
  return function push(input) {
    const data = new Float32Array(carry.length + input.length);
    data.set(carry);
    data.set(input, carry.length);
    const out = [];
    while (position + width <= data.length) {
      const start = Math.floor(position);
      let sum = 0;
      for (let index = start; index < start + width; index++) sum += data[index];
      out.push(sum / width);
      position += step;
    }
    const kept = Math.min(Math.floor(position), data.length);
    carry = data.slice(kept);
    position -= kept;
    return toInt16(out);
  };
}

/** Floats in −1…1 as 16-bit samples (clipped). */
export function toInt16(samples) {
  const out = new Int16Array(samples.length);
  for (let index = 0; index < samples.length; index++) {
    const sample = Math.max(-1, Math.min(1, samples[index]));
    out[index] = sample < 0 ? Math.round(sample * 0x8000) : Math.round(sample * 0x7fff);
  }
  return out;
}
