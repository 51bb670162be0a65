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

    public init(_ analysis: TakeAnalysis) {
        overall = analysis.scores.overall
        subscores = analysis.scores.subscores
        fillerWords = Dictionary(analysis.fillers.byWord.map { ($0.text, $0.count) }, uniquingKeysWith: +)
        scored = !analysis.scores.zeroGated
        duration = analysis.duration
        wordCount = analysis.wordCount
        speakingWPM = analysis.wpm.speaking
    }

    public var planSample: CoachPlan.Sample { CoachPlan.Sample(subscores: subscores, fillerWords: fillerWords, scored: scored) }
    public var paceSample: PaceTarget.Sample { PaceTarget.Sample(duration: duration, wordCount: wordCount, speakingWPM: speakingWPM) }
}
