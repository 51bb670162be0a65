/// The pace target learned from a person's own takes (the original's "auto pace target").
public enum PaceTarget {
    /// What one earlier take tells about the person's pace.
    public struct Sample: Codable, Equatable, Sendable {
        public var duration: Double
        public var wordCount: Int
        public var speakingWPM: Double

        public init(duration: Double, wordCount: Int, speakingWPM: Double) {
            self.duration = duration
            self.wordCount = wordCount
            self.speakingWPM = speakingWPM
        }

        public init(_ analysis: TakeAnalysis) {
            self.init(duration: analysis.duration, wordCount: analysis.wordCount, speakingWPM: analysis.wpm.speaking)
        }
    }

    public static let smoothing = 0.3
    public static let clamp = 110...190
    static let minimumDuration = 30.0
    static let minimumWords = 40
    static let plausible = 60.0...260.0

    /// Exponential moving average (α 0.3) of the speaking pace of takes of at least 30 s and 40 words at
    /// 60–260 words a minute, oldest first, clamped to 110–190 and rounded; nil when no take qualifies.
    /// Speaking pace rather than the original's whole-take pace, so the target matches what the pace score measures.
    public static func learned(from takes: [Sample]) -> Int? {
        var average: Double?
        for take in takes where take.duration >= minimumDuration && take.wordCount >= minimumWords && plausible.contains(take.speakingWPM) {
            average = average.map { smoothing * take.speakingWPM + (1 - smoothing) * $0 } ?? take.speakingWPM
        }
        return average.map { min(Double(clamp.upperBound), max(Double(clamp.lowerBound), $0)) }.map { Int($0.rounded()) }
    }

    /// Convenience over stored analyses, oldest first.
    public static func learned(from analyses: [TakeAnalysis]) -> Int? {
        learned(from: analyses.map(Sample.init))
    }
}
