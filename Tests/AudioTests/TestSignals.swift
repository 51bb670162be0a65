import Foundation
import Testing

/// Synthetic test signals with a known pitch and level, all at 16 kHz unless told otherwise.
enum TestSignal {
    enum Shape: String, CaseIterable, CustomTestStringConvertible {
        /// A pure tone: only the fundamental.
        case sine
        /// Every harmonic below 7.5 kHz at 1/k: the richest common waveform.
        case sawtooth
        /// Up to 20 harmonics of equal strength: a buzz like a glottal pulse train, the narrowest autocorrelation peak.
        case pulse
        var testDescription: String { rawValue }
    }

    /// `seconds` of `shape` at `frequency`, scaled so its peak is `peak` × full scale.
    static func tone(_ frequency: Double, shape: Shape = .sine, peak: Double = 0.5, seconds: Double = 1, rate: Double = 16_000) -> [Int16] {
        periodic(count: Int(rate * seconds), shape: shape, peak: peak, highest: frequency, rate: rate) { n in
            2 * .pi * frequency * Double(n) / rate
        }
    }

    /// A linear glide from `from` to `to` Hz over `seconds`; the frequency at time t is from + (to − from)·t/seconds.
    static func glide(from: Double, to: Double, seconds: Double, shape: Shape = .sawtooth, peak: Double = 0.5) -> [Int16] {
        let rate = 16_000.0, slope = (to - from) / seconds
        return periodic(count: Int(rate * seconds), shape: shape, peak: peak, highest: max(from, to), rate: rate) { n in
            let t = Double(n) / rate
            return 2 * .pi * (from * t + slope * t * t / 2)
        }
    }

    /// Uniform white noise with a fixed seed: the same samples on every run.
    static func noise(peak: Double, seconds: Double, seed: UInt64 = 7) -> [Int16] {
        var state = seed
        return (0..<Int(16_000 * seconds)).map { _ in
            state &+= 0x9E37_79B9_7F4A_7C15  // SplitMix64
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            let unit = Double(z >> 11) / Double(1 << 53) * 2 - 1
            return Int16((unit * peak * 32767).rounded())
        }
    }

    static func silence(seconds: Double) -> [Int16] { [Int16](repeating: 0, count: Int(16_000 * seconds)) }

    /// Harmonics stop below 0.47 × the sample rate at the highest frequency played, so nothing folds back.
    private static func periodic(count: Int, shape: Shape, peak: Double, highest: Double, rate: Double, phase: (Int) -> Double) -> [Int16] {
        let harmonics = shape == .sine ? 1 : min(shape == .pulse ? 20 : 1_000, max(1, Int(0.47 * rate / highest)))
        var values = [Double](repeating: 0, count: count)
        for n in 0..<count {
            let p = phase(n)
            // sin(kp) and cos(kp) by the Chebyshev recurrence: one sine and one cosine per sample, not one per harmonic.
            let twoCos = 2 * cos(p)
            var (sinPrevious, sinCurrent) = (0.0, sin(p))
            var (cosPrevious, cosCurrent) = (1.0, cos(p))
            var v = 0.0
            for k in 1...harmonics {
                v += shape == .pulse ? cosCurrent : sinCurrent / Double(k)
                (sinPrevious, sinCurrent) = (sinCurrent, twoCos * sinCurrent - sinPrevious)
                (cosPrevious, cosCurrent) = (cosCurrent, twoCos * cosCurrent - cosPrevious)
            }
            values[n] = v
        }
        let largest = values.lazy.map(abs).max() ?? 1
        return values.map { Int16(($0 / max(largest, 1e-12) * peak * 32767).rounded()) }
    }
}

/// The level of `samples` as `LevelEnvelope` defines it (RMS relative to full scale), for cross-checks.
func dBFS(_ samples: [Int16]) -> Double {
    let meanSquare = samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(1, samples.count))
    return 10 * log10(max(meanSquare, 1e-30) / (32768.0 * 32768.0))
}
