/// The few numbers of a take that later takes read (the coaching focus, the learned pace target,
/// personal averages, history's charts), kept beside the full analysis so twenty takes or a year of
/// them are read without decoding every word.
public struct TakeDigest: Codable, Equatable, Sendable {
    public var overall: Int
    public var subscores: Subscores
    public var fillerWords: [String: Int]
    public var scored: Bool
    public var duration: Double
    public var wordCount: Int
    public var speakingWPM: Double
    /// The pace target the take was scored against (nil in digests kept before the course existed).
    public var targetWPM: Int?
    public var strategicPauses: Int?
    public var sentences: Int?
    /// Sentences under three words.
    public var incompleteSentences: Int?

    public var fillerCount: Int { fillerWords.values.reduce(0, +) }

    public init(_ analysis: TakeAnalysis) {
        overall = analysis.scores.overall
        subscores = analysis.scores.subscores
        fillerWords = Dictionary(analysis.fillers.byWord.map { ($0.text, $0.count) }, uniquingKeysWith: +)
        scored = !analysis.scores.zeroGated
        duration = analysis.duration
        wordCount = analysis.wordCount
        speakingWPM = analysis.wpm.speaking
        targetWPM = analysis.wpm.target
        strategicPauses = analysis.pauses.strategic
        sentences = analysis.structure?.sentences ?? 0
        incompleteSentences = analysis.structure?.incomplete ?? 0
    }

    /// A digest from its numbers (tests, and takes described without their analysis).
    public init(overall: Int = 0, subscores: Subscores = Subscores(), fillerWords: [String: Int] = [:], scored: Bool = true,
                duration: Double, wordCount: Int, speakingWPM: Double, targetWPM: Int? = nil, strategicPauses: Int? = nil,
                sentences: Int? = nil, incompleteSentences: Int? = nil) {
        (self.overall, self.subscores, self.fillerWords, self.scored) = (overall, subscores, fillerWords, scored)
        (self.duration, self.wordCount, self.speakingWPM, self.targetWPM) = (duration, wordCount, speakingWPM, targetWPM)
        (self.strategicPauses, self.sentences, self.incompleteSentences) = (strategicPauses, sentences, incompleteSentences)
    }

    public var planSample: CoachPlan.Sample { CoachPlan.Sample(subscores: subscores, fillerWords: fillerWords, scored: scored) }
    public var paceSample: PaceTarget.Sample { PaceTarget.Sample(duration: duration, wordCount: wordCount, speakingWPM: speakingWPM) }
}
