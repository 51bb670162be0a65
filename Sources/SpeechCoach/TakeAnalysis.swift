/// Everything SpeakUp measured about one take: stored as versioned JSON, so a take can be shown again or
/// reanalysed when the algorithm's `version` moves on. The benchmark reads `version`, `wordCount`, `duration`,
/// `wpm`, `pauses.items`, `fillers.items`, `pitch.medianHz`, `scores` and `coaching.tips`.
public struct TakeAnalysis: Codable, Equatable, Sendable {
    /// Raised whenever a formula changes, so stored analyses can be told apart and redone.
    public static let currentVersion = 1

    public var version: Int
    /// Non-filler words.
    public var wordCount: Int
    /// Seconds: the audio's, or the last word's end if that is later.
    public var duration: Double
    /// The transcript as analysed, fillers marked.
    public var words: [AnalyzedWord]
    public var wpm: WordsPerMinute
    public var pace: PaceReport
    public var pauses: PauseReport
    public var fillers: FillerReport
    /// Absent without a level envelope.
    public var volume: VolumeReport?
    /// Absent without a pitch track (or with nothing voiced in it).
    public var pitch: PitchReport?
    public var emphasis: EmphasisReport
    public var textQuality: TextQualityReport
    public var vocabulary: VocabularyReport
    /// Absent without words.
    public var structure: StructureReport?
    public var relevance: RelevanceReport
    public var fluency: FluencyReport
    public var gate: GateReport
    public var scores: ScoreReport
    /// The same as `scores.verdict`, at the top for readers that want only the word.
    public var verdict: Verdict
    public var coaching: CoachingReport
}

/// One recognised word as analysed.
public struct AnalyzedWord: Codable, Equatable, Sendable {
    public var text: String
    public var start: Double
    public var end: Double
    public var confidence: Double
    public var isFiller: Bool

    public init(text: String, start: Double, end: Double, confidence: Double, isFiller: Bool) {
        (self.text, self.start, self.end, self.confidence, self.isFiller) = (text, start, end, confidence, isFiller)
    }
}

/// Advice for the take: at most three tips, and word swaps for crutch words.
public struct CoachingReport: Codable, Equatable, Sendable {
    public var tips: [CoachingTip]
    public var swaps: [WordSwap]
}
