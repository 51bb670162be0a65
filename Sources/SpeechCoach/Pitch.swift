import Foundation

/// The voice's pitch from the pitch track (Hz per 10 ms, 0 unvoiced).
public struct PitchReport: Codable, Equatable, Sendable {
    public static let frameSeconds = 0.01
    /// Fewer voiced frames than this (0.2 s of voice) give a median but no spread.
    public static let minimumVoiced = 20

    /// Median of the voiced frames, as given (the benchmark's figure).
    public var medianHz: Double
    public var meanHz: Double?
    /// Spread in semitones around the median, after octave-jump repair.
    public var sdSemitones: Double?
    /// 95th − 5th percentile, in semitones.
    public var rangeSemitones: Double?
    /// Least-squares slope of the voiced frames, semitones a second (speech usually drifts down).
    public var declination: Double?
    /// From the SD: < 1 → 10–25, 1–2 → 25–50, 2–4 → 50–80, 4–6 → 80–95, > 6 → 95–100.
    public var variationScore: Double?
    /// 50 + 50·r, r between pitch and loudness over up to 100 stretches of voice; nil without levels.
    public var pitchEnergyScore: Double?
    /// Voiced share of the frames with signal: the caller's figure when given, else voiced ÷ all frames.
    public var voicedRatio: Double
    /// Up to 200 points: mean Hz of each stretch (0 where nothing is voiced), for a chart.
    public var contour: [Double]
}

enum PitchMeter {
    static let variationCurve = Curve([(0, 10), (1, 25), (2, 50), (4, 80), (6, 95), (8, 100)])

    static func report(hertz: [Double], levels: [Double]?, voicedRatio: Double?) -> PitchReport? {
        let voicedIndices = hertz.indices.filter { hertz[$0] > 0 }
        guard !voicedIndices.isEmpty else { return nil }
        let raw = voicedIndices.map { hertz[$0] }
        let sortedRaw = raw.sorted()
        let median = Statistics.percentile(sortedRaw, 50)!
        let ratio = voicedRatio ?? Double(voicedIndices.count) / Double(hertz.count)
        var report = PitchReport(medianHz: median, voicedRatio: ratio, contour: contour(hertz))
        guard voicedIndices.count >= PitchReport.minimumVoiced else { return report }
        // A tracker's octave errors (×2 or ×½ of the voice) would read as huge range: fold them back.
        func repair(_ hz: Double) -> Double {
            let ratio = hz / median
            if (1.8...2.2).contains(ratio) { return hz / 2 }
            if (0.45...0.55).contains(ratio) { return hz * 2 }
            return hz
        }
        let repaired = raw.map(repair)
        let semitones = repaired.map { 12 * log2($0 / median) }
        // Semitones rise with Hz: sorted repaired frames give sorted semitones, and without octave jumps the
        // raw frames' order is already that order.
        var sortedRepaired = sortedRaw.map(repair)
        if sortedRepaired != sortedRaw { sortedRepaired.sort() }
        let sorted = sortedRepaired.map { 12 * log2($0 / median) }
        let deviation = Statistics.standardDeviation(semitones)!
        report.meanHz = Statistics.mean(repaired)
        report.sdSemitones = deviation
        report.rangeSemitones = Statistics.percentile(sorted, 95)! - Statistics.percentile(sorted, 5)!
        report.declination = slope(times: voicedIndices.map { Double($0) * PitchReport.frameSeconds }, values: semitones)
        report.variationScore = variationCurve(deviation)
        if let levels {
            report.pitchEnergyScore = pitchEnergy(indices: voicedIndices, semitones: semitones, levels: levels)
        }
        return report
    }

    /// Pearson r between mean semitones and mean dB of up to 100 equal stretches of the voiced frames.
    static func pitchEnergy(indices: [Int], semitones: [Double], levels: [Double]) -> Double? {
        let perLevel = VolumeReport.frameSeconds / PitchReport.frameSeconds
        var pairs: [(Double, Double)] = []
        for (index, semitone) in zip(indices, semitones) {
            let level = Int(Double(index) / perLevel)
            if level < levels.count, levels[level] > VolumeReport.noSignal { pairs.append((semitone, levels[level])) }
        }
        guard pairs.count >= 10 else { return nil }
        let stretches = min(100, pairs.count)
        var x: [Double] = [], y: [Double] = []
        for stretch in 0..<stretches {
            let slice = pairs[stretch * pairs.count / stretches..<(stretch + 1) * pairs.count / stretches]
            x.append(slice.reduce(0) { $0 + $1.0 } / Double(slice.count))
            y.append(slice.reduce(0) { $0 + $1.1 } / Double(slice.count))
        }
        guard let r = Statistics.correlation(x, y) else { return nil }
        return 50 + 50 * r
    }

    static func slope(times: [Double], values: [Double]) -> Double? {
        guard let mt = Statistics.mean(times), let mv = Statistics.mean(values) else { return nil }
        var numerator = 0.0, denominator = 0.0
        for (t, v) in zip(times, values) {
            numerator += (t - mt) * (v - mv)
            denominator += (t - mt) * (t - mt)
        }
        return denominator > 0 ? numerator / denominator : nil
    }

    static func contour(_ hertz: [Double]) -> [Double] {
        let points = min(200, hertz.count)
        guard points > 0 else { return [] }
        return (0..<points).map { point in
            let slice = hertz[point * hertz.count / points..<(point + 1) * hertz.count / points].filter { $0 > 0 }
            return slice.isEmpty ? 0 : (slice.reduce(0, +) / Double(slice.count)).rounded(places: 1)
        }
    }
}
