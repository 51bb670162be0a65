/// The features a spelled letter is compared by, template against recording: cepstra 1–12 of
/// pocketsphinx's front end less the speaker's mean, and their deltas (24 values per 10 ms frame).
/// Subtracting the speaker's mean (over the letters' speech only) takes out the voice's and the
/// microphone's constant colour, so an espeak-ng template and a child's letter meet on the same
/// ground. Research: docs/research/spelling-by-voice/round3.md.
public enum LetterFeatures {
    /// Values per frame.
    public static let dimensions = 24
    /// Frames of context kept on each side of a letter's speech.
    static let context = 8
    /// Cepstra per frame from the front end.
    static let cepstra = 13

    /// Mean cepstra over the frames of `cores` (the letters' speech, no pauses).
    static func speakerMean(_ cepstra: [Float], cores: [ClosedRange<Int>]) -> [Float] {
        let frames = cepstra.count / Self.cepstra
        var sum = [Double](repeating: 0, count: Self.cepstra)
        var count = 0
        for core in cores {
            for frame in stride(from: max(0, core.lowerBound), through: min(frames - 1, core.upperBound), by: 1) {
                for dimension in 0..<Self.cepstra { sum[dimension] += Double(cepstra[frame * Self.cepstra + dimension]) }
                count += 1
            }
        }
        return sum.map { Float($0 / Double(max(count, 1))) }
    }

    /// Features of one letter: frames `core` ± `context` (clipped to the recording), cepstra 1–12
    /// less `mean`, then their deltas (regression over ±2 frames, edge frames repeated). Row-major,
    /// `dimensions` values per frame; empty when the core lies outside the recording.
    static func letter(_ cepstra: [Float], core: ClosedRange<Int>, mean: [Float]) -> [Float] {
        let frames = cepstra.count / Self.cepstra
        let low = max(0, core.lowerBound - context), high = min(frames - 1, core.upperBound + context)
        guard low <= high else { return [] }
        let count = high - low + 1, half = dimensions / 2
        var statics = [Float](repeating: 0, count: count * half)
        for row in 0..<count {
            for dimension in 0..<half {
                statics[row * half + dimension] = cepstra[(low + row) * Self.cepstra + dimension + 1] - mean[dimension + 1]
            }
        }
        var features = [Float](repeating: 0, count: count * dimensions)
        for row in 0..<count {
            for dimension in 0..<half {
                var slope: Float = 0
                for step in 1...2 {
                    let later = statics[min(count - 1, row + step) * half + dimension]
                    let earlier = statics[max(0, row - step) * half + dimension]
                    slope += Float(step) * (later - earlier)
                }
                features[row * dimensions + dimension] = statics[row * half + dimension]
                features[row * dimensions + half + dimension] = slope / 10
            }
        }
        return features
    }
}
