import Foundation

/// Loudness of the take from its level envelope (dBFS per 50 ms).
public struct VolumeReport: Codable, Equatable, Sendable {
    public static let frameSeconds = 0.05
    /// Frames quieter than this are silence (the original's line).
    public static let silence = -40.0
    /// The envelope's digital-silence floor is −120; anything under this is no signal at all.
    public static let noSignal = -100.0

    /// Mean dB of the speech frames (above −40 dBFS; when fewer than 4, of every frame with signal).
    public var averageDB: Double
    public var peakDB: Double
    /// 95th − 5th percentile of the frames with signal.
    public var dynamicRangeDB: Double
    /// clamp((average + 40) / 40)·100.
    public var energyScore: Double
    /// Coefficient of variation of the speech frames' linear amplitude; nil under 4 frames.
    public var amplitudeVariation: Double?
    /// From that CV: < 0.15 → 20–40, 0.15–0.35 → 40–70, 0.35–0.60 → 70–90, > 0.60 → 90–100 (30 without data).
    public var monotoneScore: Double
    public var arc: EnergyArc?
}

/// How the take's energy moves: a peak, a build-up, a resolution.
public struct EnergyArc: Codable, Equatable, Sendable {
    /// 40 + 15 clear peak + 15 build-up + 10 resolution + 10 strong opening + 10 strong close.
    public var score: Double
    /// Where the peak is, 0…1 of the take.
    public var peakPosition: Double
    /// The peak falls at 30–85 % of the take.
    public var hasClimax: Bool
}

enum VolumeMeter {
    static let monotoneCurve = Curve([(0, 20), (0.15, 40), (0.35, 70), (0.60, 90), (1.0, 100)])

    static func report(levels: [Double]) -> VolumeReport? {
        let signal = levels.filter { $0 > VolumeReport.noSignal }
        guard !signal.isEmpty else { return nil }
        let speech = signal.filter { $0 > VolumeReport.silence }
        let average = Statistics.mean(speech.count >= 4 ? speech : signal)!
        let sorted = signal.sorted()
        let amplitudes = speech.map { pow(10, $0 / 20) }
        let variation = amplitudes.count >= 4 ? Statistics.variation(amplitudes) : nil
        return VolumeReport(
            averageDB: average, peakDB: sorted.last!,
            dynamicRangeDB: Statistics.percentile(sorted, 95)! - Statistics.percentile(sorted, 5)!,
            energyScore: Statistics.clamp((average + 40) / 40 * 100), amplitudeVariation: variation,
            monotoneScore: variation.map { monotoneCurve($0) } ?? 30, arc: arc(levels: levels))
    }

    /// Over 1 s blocks of mean linear amplitude (silence included: it is part of the arc), smoothed over
    /// 3 blocks; needs more than 5 s.
    static func arc(levels: [Double]) -> EnergyArc? {
        let perBlock = Int((1 / VolumeReport.frameSeconds).rounded())
        guard Double(levels.count) * VolumeReport.frameSeconds > 5 else { return nil }
        var blocks: [Double] = []
        var index = 0
        while index < levels.count {
            let slice = levels[index..<min(levels.count, index + perBlock)]
            blocks.append(slice.reduce(0) { $0 + pow(10, $1 / 20) } / Double(slice.count))
            index += perBlock
        }
        let smooth = blocks.indices.map { index in
            let around = blocks[max(0, index - 1)...min(blocks.count - 1, index + 1)]
            return around.reduce(0, +) / Double(around.count)
        }
        guard let peak = smooth.max(), peak > 0, let mean = Statistics.mean(smooth) else { return nil }
        let peakIndex = smooth.firstIndex(of: peak)!
        let position = smooth.count > 1 ? Double(peakIndex) / Double(smooth.count - 1) : 0
        let third = max(1, smooth.count / 3)
        func average(_ slice: ArraySlice<Double>) -> Double { slice.isEmpty ? 0 : slice.reduce(0, +) / Double(slice.count) }
        let thirds: [Double] = [average(smooth.prefix(third)), average(smooth[third..<max(third, smooth.count - third)]),
                                average(smooth.suffix(third))]
        let strongestThird = thirds.max()!
        let tail = smooth.suffix(max(1, smooth.count / 10))
        var score = 40.0
        if peak > 1.3 * mean { score += 15 }
        if peakIndex >= 2 {
            let rise = smooth[..<peakIndex]
            let half = rise.count / 2
            if average(rise.prefix(half)) < average(rise.suffix(rise.count - half)) { score += 15 }
        }
        if average(tail) > 0.3 * peak { score += 10 }
        if thirds[0] > 0.6 * strongestThird { score += 10 }
        if thirds[2] > 0.5 * strongestThird { score += 10 }
        return EnergyArc(score: score, peakPosition: position, hasClimax: (0.3...0.85).contains(position))
    }
}
