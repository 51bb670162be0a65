// Ambient focus sounds as pure sample generators (no Web Audio here, node-tested): white, pink
// (Paul Kellet's filter), brown (leaky integration) and rain (pink hiss with random drops). Each
// fills n samples in [-1, 1] from `random` (Math.random unless told).

export const KINDS = ["white", "pink", "brown", "rain"];

/** Scales `samples` so the loudest is `peak`. */
export function normalise(samples, peak = 0.95) {
  let max = 0;
  for (const value of samples) max = Math.max(max, Math.abs(value));
  if (max > 0) for (let i = 0; i < samples.length; i += 1) samples[i] = (samples[i] / max) * peak;
  return samples;
}

export function white(n, random = Math.random) {
  const out = new Float32Array(n);
  for (let i = 0; i < n; i += 1) out[i] = random() * 2 - 1;
  return out;
}

/** Pink noise: power falling 3 dB an octave. */
export function pink(n, random = Math.random) {
  const out = new Float32Array(n);
  let b0 = 0, b1 = 0, b2 = 0, b3 = 0, b4 = 0, b5 = 0, b6 = 0;
  for (let i = 0; i < n; i += 1) {
    const w = random() * 2 - 1;
    b0 = 0.99886 * b0 + w * 0.0555179;
    b1 = 0.99332 * b1 + w * 0.0750759;
    b2 = 0.969 * b2 + w * 0.153852;
    b3 = 0.8665 * b3 + w * 0.3104856;
    b4 = 0.55 * b4 + w * 0.5329522;
    b5 = -0.7616 * b5 - w * 0.016898;
    out[i] = b0 + b1 + b2 + b3 + b4 + b5 + b6 + w * 0.5362;
    b6 = w * 0.115926;
  }
  return normalise(out);
}

/** Brown noise: power falling 6 dB an octave (a random walk kept from drifting away). */
export function brown(n, random = Math.random) {
  const out = new Float32Array(n);
  let last = 0;
  for (let i = 0; i < n; i += 1) {
    last = (last + 0.02 * (random() * 2 - 1)) / 1.02;
    out[i] = last;
  }
  return normalise(out);
}

/** Rain: soft pink hiss with drops (short decaying clicks) at random moments. */
export function rain(n, sampleRate = 44_100, random = Math.random) {
  const hiss = pink(n, random);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i += 1) out[i] = hiss[i] * 0.45;
  const drops = Math.round((n / sampleRate) * 40);
  for (let d = 0; d < drops; d += 1) {
    const at = Math.floor(random() * n);
    const size = 0.2 + random() * 0.5;
    const length = Math.floor(sampleRate * (0.004 + random() * 0.01));
    for (let k = 0; k < length && at + k < n; k += 1) out[at + k] += size * Math.exp(-k / (length / 4)) * (random() * 2 - 1);
  }
  return normalise(out);
}

/** The samples of `kind`. */
export function generate(kind, n, sampleRate = 44_100, random = Math.random) {
  if (kind === "pink") return pink(n, random);
  if (kind === "brown") return brown(n, random);
  if (kind === "rain") return rain(n, sampleRate, random);
  return normalise(white(n, random), 0.6);
}
