/// How well the take hangs together, from the take alone (no embeddings exist here).
public struct CoherenceReport: Codable, Equatable, Sendable {
    public static let minimumWords = 20

    /// 100·(0.35·continuity + 0.20·flow + 0.15·markers + 0.15·progression + 0.15·closure);
    /// at most 30 when sentences average under 4 words.
    public var score: Double
    /// Share of content words whose stem comes back later or earlier in the take, mapped (share − 0.1)/0.4.
    public var continuity: Double
    /// Share of neighbouring sentences that share a content stem or open with a reference ("it", "this", "then"…).
    public var flow: Double
    /// Discourse markers per 100 words (weighted; 0.3 of the weight mid-sentence) ÷ 4, + 0.1 for 4 distinct.
    public var markers: Double
    /// 0.3 opening of 5+ words, 0.3 closing of 5+ words, 0.4 sentence lengths varying (CV 0.3–1.0).
    public var progression: Double
    /// The last sentence returns to a stem of the first (3+ sentences; 0.5 otherwise).
    public var closure: Double
}

enum CoherenceMeter {
    static let markerMatcher = PhraseMatcher(RhetoricWords.discourseMarkers.keys)
    static let references: Set<String> = ["he", "she", "it", "they", "this", "that", "these", "those", "then", "so", "but", "because", "also", "and", "there"]

    static func report(sentences: [Sentence], wordCount: Int, stem: (String) -> String) -> CoherenceReport? {
        guard wordCount >= CoherenceReport.minimumWords, !sentences.isEmpty else { return nil }
        let stems = sentences.map { sentence in sentence.texts.filter(EnglishWords.isContent).map(stem) }
        var frequency: [String: Int] = [:]
        for stem in stems.joined() { frequency[stem, default: 0] += 1 }
        let contentCount = stems.reduce(0) { $0 + $1.count }
        let recurring = stems.joined().filter { frequency[$0]! >= 2 }.count
        let continuity = contentCount == 0 ? 0 : Statistics.clamp((Double(recurring) / Double(contentCount) - 0.1) / 0.4, 0...1)

        var flow = 0.5
        if sentences.count >= 2 {
            let linked = (1..<sentences.count).filter { index in
                !Set(stems[index]).isDisjoint(with: stems[index - 1]) || references.contains(sentences[index].texts[0])
            }.count
            flow = Double(linked) / Double(sentences.count - 1)
        }

        var weighted = 0.0
        var distinct: Set<String> = []
        for sentence in sentences {
            for match in markerMatcher.matches(in: sentence.texts) {
                weighted += RhetoricWords.discourseMarkers[match.phrase]! * (match.at == 0 ? 1 : 0.3)
                distinct.insert(match.phrase)
            }
        }
        let markers = min(1, min(1, weighted / Double(wordCount) * 100 / 4) + (distinct.count >= 4 ? 0.1 : 0))

        let lengths = sentences.map { Double($0.words.count) }
        let varying = Statistics.variation(lengths).map { (0.3...1.0).contains($0) } ?? false
        let progression = (lengths.first! >= 5 ? 0.3 : 0) + (lengths.last! >= 5 ? 0.3 : 0) + (varying ? 0.4 : 0)
        let closure = sentences.count >= 3 ? (Set(stems.last!).isDisjoint(with: stems.first!) ? 0 : 1) : 0.5

        var score = 100 * (0.35 * continuity + 0.20 * flow + 0.15 * markers + 0.15 * progression + 0.15 * closure)
        if Statistics.mean(lengths)! < 4 { score = min(score, 30) }
        return CoherenceReport(score: Statistics.clamp(score), continuity: continuity, flow: flow, markers: markers,
                               progression: progression, closure: closure)
    }
}
