import Foundation

/// The pitch of the voice every 10 ms: what SpeakUp's coach reads for vocal variety, emphasis and
/// monotone. Normalised autocorrelation as Boersma (1993) describes it: a frame's Hann-windowed
/// autocorrelation divided by the window's own, so a periodic frame scores close to 1 at its period
/// whatever the lag, and 0.45 is a voicing threshold that means the same at 75 Hz as at 500 Hz.
public struct PitchTrack: Codable, Equatable, Sendable {
    public static let hopSeconds = 0.01
    /// 30 ms: 2.25 periods of the lowest pitch searched (75 Hz), the least that shows a repeat at that lag.
    public static let windowSeconds = 0.03
    /// A frame whose 30 ms are quieter than this (dBFS, RMS) is silence: never voiced, and not counted in
    /// `voicedRatio`, so the pauses of a take do not lower it.
    public static let silenceFloor = -40.0
    /// A frame is voiced when its normalised autocorrelation peak reaches this.
    public static let voicingThreshold = 0.45

    /// Hz per 10 ms frame; 0 where unvoiced. Frame `i` is the 30 ms centred on `(i + 0.5)·10 ms`; there are
    /// `ceil(duration / 10 ms)` frames, and those whose 30 ms do not fit inside the take (the first and the
    /// last one or two) are 0.
    public var hertz: [Double]
    /// Voiced frames ÷ frames above the silence floor (-40 dBFS), 0 when no frame is above it: the share of
    /// the audible time that is voice rather than breath, hiss or fricatives.
    public var voicedRatio: Double

    public init(samples: [Int16], sampleRate: Double = 16_000, range: ClosedRange<Double> = 75...500) {
        let tracker = PitchTracker(sampleRate: sampleRate, range: range)
        let (raw, audible) = tracker.frames(samples)
        var hertz = PitchTracker.smoothed(PitchTracker.withoutOctaveJumps(raw, range: range))
        for index in hertz.indices where !audible[index] { hertz[index] = 0 }
        let audibleCount = audible.lazy.filter { $0 }.count
        let voicedCount = hertz.lazy.filter { $0 > 0 }.count
        self.hertz = hertz
        self.voicedRatio = audibleCount == 0 ? 0 : Double(voicedCount) / Double(audibleCount)
    }

    /// The median of the voiced frames, nil if none is voiced.
    public var medianHertz: Double? {
        let voiced = hertz.filter { $0 > 0 }.sorted()
        guard !voiced.isEmpty else { return nil }
        let middle = voiced.count / 2
        return voiced.count % 2 == 1 ? voiced[middle] : (voiced[middle - 1] + voiced[middle]) / 2
    }
}

/// The frame-by-frame search behind `PitchTrack`. Searching every lag of 75–500 Hz at 16 kHz costs about
/// 90,000 multiply-adds a frame, so the search runs in two passes: every lag on a copy low-passed and
/// decimated to about 4 kHz (lags 8…54, 16 times cheaper), then the full-rate signal at the few lags
/// around the coarse peak, where the sub-sample interpolation happens.
struct PitchTracker {
    let sampleRate: Double
    let range: ClosedRange<Double>
    let hop: Int, window: Int
    /// Full-rate samples per coarse sample.
    let factor: Int
    let coarseWindow: Int
    let coarseLags: ClosedRange<Int>
    let fineLags: ClosedRange<Int>
    let hann: [Float], coarseHann: [Float]
    /// The Hann window's autocorrelation at each lag, normalised to 1 at lag 0 (what each frame's is divided by).
    let windowCorrelation: [Float], coarseWindowCorrelation: [Float]
    let lowPass: [Float]
    /// The sum of squares a window must reach to be above the silence floor.
    let floorEnergy: Double

    /// A coarse peak smaller than this is not worth refining: the coarse copy only keeps the low harmonics,
    /// so a voiced frame can score lower there than at full rate, but not this much lower.
    static let coarseThreshold: Float = 0.3
    /// Perfectly periodic frames score as high at twice the period as at the period: the shortest lag scoring
    /// within this share of the best one wins, so a steady tone is not read an octave low.
    static let octaveTolerance: Float = 0.9

    init(sampleRate: Double, range: ClosedRange<Double>) {
        self.sampleRate = sampleRate
        self.range = range
        hop = max(1, Int((sampleRate * PitchTrack.hopSeconds).rounded()))
        window = max(8, Int((sampleRate * PitchTrack.windowSeconds).rounded()))
        // The coarse rate stays at or above 4 kHz and 8 × the highest pitch, so its shortest lag is 8 samples.
        factor = max(1, Int(sampleRate / max(4_000, 8 * range.upperBound)))
        coarseWindow = window / factor
        let coarseRate = sampleRate / Double(factor)
        // Lags beyond half the window (pitches under 67 Hz) are not searched: too little of the frame overlaps itself.
        // A range outside what the window can show leaves an empty search, so every frame stays unvoiced.
        let coarseLow = max(2, Int(coarseRate / range.upperBound))
        coarseLags = coarseLow...max(coarseLow, min(coarseWindow / 2, Int((coarseRate / range.lowerBound).rounded(.up))))
        let fineLow = max(2, Int(sampleRate / range.upperBound) - 1)
        fineLags = fineLow...max(fineLow + 2, min(window / 2 + 1, Int((sampleRate / range.lowerBound).rounded(.up)) + 1))
        hann = Self.hannWindow(window)
        coarseHann = Self.hannWindow(coarseWindow)
        windowCorrelation = Self.autocorrelation(of: hann)
        coarseWindowCorrelation = Self.autocorrelation(of: coarseHann)
        lowPass = factor == 1 ? [1] : Self.lowPassFilter(cutoff: 0.25 / Double(factor), halfWidth: 6 * factor)
        let floorAmplitude = pow(10, PitchTrack.silenceFloor / 20) * 32768
        floorEnergy = floorAmplitude * floorAmplitude * Double(window)
    }

    /// The raw pitch of each frame (0 where unvoiced) and whether the frame is above the silence floor.
    func frames(_ samples: [Int16]) -> (hertz: [Double], audible: [Bool]) {
        let count = (samples.count + hop - 1) / hop
        var hertz = [Double](repeating: 0, count: count)
        var audible = [Bool](repeating: false, count: count)
        let coarse = decimated(samples)
        var frame = [Float](repeating: 0, count: window)
        var coarseFrame = [Float](repeating: 0, count: coarseWindow)
        var correlations = [Float](repeating: 0, count: coarseLags.upperBound + 2)
        samples.withUnsafeBufferPointer { input in
            for index in 0..<count {
                let start = index * hop + hop / 2 - window / 2
                let coarseStart = start / factor
                guard start >= 0, start + window <= input.count, coarseStart + coarseWindow <= coarse.count else { continue }
                var sum = 0.0, squares = 0.0
                for offset in 0..<window {
                    let value = Double(input[start + offset])
                    sum += value; squares += value * value
                }
                let mean = sum / Double(window)
                // Measured without the frame's mean: a DC offset is not sound.
                guard squares - sum * mean >= floorEnergy else { continue }
                audible[index] = true
                for offset in 0..<window { frame[offset] = Float(Double(input[start + offset]) - mean) * hann[offset] }
                var coarseMean: Float = 0
                for offset in 0..<coarseWindow { coarseMean += coarse[coarseStart + offset] }
                coarseMean /= Float(coarseWindow)
                for offset in 0..<coarseWindow { coarseFrame[offset] = (coarse[coarseStart + offset] - coarseMean) * coarseHann[offset] }
                guard let coarseLag = coarsePeak(coarseFrame, r: &correlations), let (lag, strength) = finePeak(frame, near: coarseLag * Double(factor)),
                      strength >= Float(PitchTrack.voicingThreshold) else { continue }
                let frequency = sampleRate / lag
                if range.contains(frequency) { hertz[index] = frequency }
            }
        }
        return (hertz, audible)
    }

    /// The coarse lag (in coarse samples, interpolated) of the shortest strong autocorrelation peak, nil if none.
    /// `r` is scratch space for the correlations (one per lag), kept by the caller so no frame allocates.
    func coarsePeak(_ frame: [Float], r: inout [Float]) -> Double? {
        frame.withUnsafeBufferPointer { a in
            let energy = dotProduct(a.baseAddress!, a.baseAddress!, a.count)
            guard energy > 0 else { return nil }
            for lag in (coarseLags.lowerBound - 1)...(coarseLags.upperBound + 1) {
                r[lag] = dotProduct(a.baseAddress!, a.baseAddress! + lag, a.count - lag) / energy / coarseWindowCorrelation[lag]
            }
            func isPeak(_ lag: Int) -> Bool { r[lag] > r[lag - 1] && r[lag] >= r[lag + 1] && r[lag] >= Self.coarseThreshold }
            var best: Float = 0
            for lag in coarseLags where isPeak(lag) { best = max(best, r[lag]) }
            guard best > 0, let lag = coarseLags.first(where: { isPeak($0) && r[$0] >= Self.octaveTolerance * best }) else { return nil }
            return Double(lag) + Self.parabolicOffset(r[lag - 1], r[lag], r[lag + 1]).offset
        }
    }

    /// The full-rate peak nearest `guess`: climbs to the local maximum, then interpolates it with a parabola.
    /// Returns the lag in samples (fractional) and the normalised autocorrelation there.
    func finePeak(_ frame: [Float], near guess: Double) -> (lag: Double, strength: Float)? {
        frame.withUnsafeBufferPointer { a in
            let energy = dotProduct(a.baseAddress!, a.baseAddress!, a.count)
            guard energy > 0 else { return nil }
            func r(_ lag: Int) -> Float {
                dotProduct(a.baseAddress!, a.baseAddress! + lag, a.count - lag) / energy / windowCorrelation[lag]
            }
            let inner = (fineLags.lowerBound + 1)...(fineLags.upperBound - 1)
            var lag = min(max(Int(guess.rounded()), inner.lowerBound), inner.upperBound)
            var (left, middle, right) = (r(lag - 1), r(lag), r(lag + 1))
            // The coarse lag is within a coarse sample of the peak; a few steps reach it.
            for _ in 0..<(2 * factor) {
                if left > middle, lag - 1 >= inner.lowerBound {
                    lag -= 1; (right, middle) = (middle, left); left = r(lag - 1)
                } else if right > middle, lag + 1 <= inner.upperBound {
                    lag += 1; (left, middle) = (middle, right); right = r(lag + 1)
                } else {
                    break
                }
            }
            guard middle >= left, middle >= right else { return nil }
            let (offset, peak) = Self.parabolicOffset(left, middle, right)
            return (Double(lag) + offset, peak)
        }
    }

    /// The low-passed copy the coarse search reads, one sample every `factor` (a symmetric FIR: no delay).
    func decimated(_ samples: [Int16]) -> [Float] {
        guard factor > 1 else { return samples.map(Float.init) }
        let count = samples.count / factor
        let half = lowPass.count / 2
        var output = [Float](repeating: 0, count: count)
        var scratch = [Float](repeating: 0, count: lowPass.count)
        samples.withUnsafeBufferPointer { input in
            lowPass.withUnsafeBufferPointer { taps in
                for index in 0..<count {
                    let center = index * factor
                    if center >= half, center + half < input.count {
                        for k in 0..<taps.count { scratch[k] = Float(input[center - half + k]) }
                    } else {
                        for k in 0..<taps.count {
                            let at = center - half + k
                            scratch[k] = at >= 0 && at < input.count ? Float(input[at]) : 0
                        }
                    }
                    output[index] = scratch.withUnsafeBufferPointer { dotProduct($0.baseAddress!, taps.baseAddress!, taps.count) }
                }
            }
        }
        return output
    }

    // MARK: - After the search: octave jumps and smoothing

    /// Frames a third of a second either side: the neighbourhood whose median says which octave is right.
    static let octaveNeighbourhood = 25

    /// Halves a voiced frame at 1.8–2.2 × the median of the voiced frames around it and doubles one at
    /// 0.45–0.55 ×: an autocorrelation peak at half or twice the period is the tracker's typical mistake,
    /// while a voice rarely leaps an octave within a third of a second. A correction that would leave
    /// `range` is not made.
    static func withoutOctaveJumps(_ hertz: [Double], range: ClosedRange<Double>) -> [Double] {
        var fixed = hertz
        var neighbours: [Double] = []
        for index in hertz.indices where hertz[index] > 0 {
            neighbours.removeAll(keepingCapacity: true)
            for other in max(0, index - octaveNeighbourhood)...min(hertz.count - 1, index + octaveNeighbourhood) where hertz[other] > 0 {
                neighbours.append(hertz[other])
            }
            guard neighbours.count >= 5 else { continue }
            neighbours.sort()
            let ratio = hertz[index] / neighbours[neighbours.count / 2]
            let corrected = (1.8...2.2).contains(ratio) ? hertz[index] / 2 : (0.45...0.55).contains(ratio) ? hertz[index] * 2 : hertz[index]
            if range.contains(corrected) { fixed[index] = corrected }
        }
        return fixed
    }

    /// A 5-point running median over the frames, unvoiced ones (0) included: it removes one- and two-frame
    /// voiced blips and fills one- and two-frame gaps inside a voiced stretch, as well as single wrong values.
    static func smoothed(_ hertz: [Double]) -> [Double] {
        guard hertz.count >= 5 else { return hertz }
        var output = hertz
        var five = [Double](repeating: 0, count: 5)
        for index in 2..<(hertz.count - 2) {
            for k in 0..<5 { five[k] = hertz[index - 2 + k] }
            five.sort()
            output[index] = five[2]
        }
        return output
    }

    // MARK: - Building blocks

    /// Where a parabola through three equally spaced values peaks, relative to the middle one (-0.5…0.5), and its height.
    static func parabolicOffset(_ left: Float, _ middle: Float, _ right: Float) -> (offset: Double, peak: Float) {
        let curvature = left - 2 * middle + right
        guard curvature < 0 else { return (0, middle) }
        let offset = max(-0.5, min(0.5, 0.5 * (left - right) / curvature))
        return (Double(offset), middle - 0.25 * (left - right) * offset)
    }

    static func hannWindow(_ count: Int) -> [Float] {
        (0..<count).map { Float(0.5 - 0.5 * cos(2 * Double.pi * (Double($0) + 0.5) / Double(count))) }
    }

    static func autocorrelation(of window: [Float]) -> [Float] {
        let zero = window.reduce(0) { $0 + Double($1) * Double($1) }
        return (0..<window.count).map { lag in
            var sum = 0.0
            for n in 0..<(window.count - lag) { sum += Double(window[n]) * Double(window[n + lag]) }
            return Float(sum / zero)
        }
    }

    /// A Hamming-windowed sinc low-pass, `cutoff` as a fraction of the sample rate, unity gain at 0 Hz.
    static func lowPassFilter(cutoff: Double, halfWidth: Int) -> [Float] {
        let taps = (-halfWidth...halfWidth).map { k -> Double in
            let sinc = k == 0 ? 2 * cutoff : sin(2 * .pi * cutoff * Double(k)) / (.pi * Double(k))
            return sinc * (0.54 + 0.46 * cos(.pi * Double(k) / Double(halfWidth + 1)))
        }
        let gain = taps.reduce(0, +)
        return taps.map { Float($0 / gain) }
    }
}

/// Σ a[i]·b[i] eight lanes at a time: the inner loop of the whole tracker.
@inline(__always)
func dotProduct(_ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, _ count: Int) -> Float {
    var lanes = SIMD8<Float>()
    var index = 0
    let rawA = UnsafeRawPointer(a), rawB = UnsafeRawPointer(b)
    while index + 8 <= count {
        lanes += rawA.loadUnaligned(fromByteOffset: index * 4, as: SIMD8<Float>.self)
            * rawB.loadUnaligned(fromByteOffset: index * 4, as: SIMD8<Float>.self)
        index += 8
    }
    var sum = lanes.sum()
    while index < count {
        sum += a[index] * b[index]
        index += 1
    }
    return sum
}
