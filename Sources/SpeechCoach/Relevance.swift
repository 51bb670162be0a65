/// Whether the take answers its prompt; coherence alone without one.
public struct RelevanceReport: Codable, Equatable, Sendable {
    /// What the relevance subscore measured.
    public enum Mode: String, Codable, Sendable {
        /// Scored against the prompt's content words.
        case prompt
        /// No usable prompt: the relevance subscore is the take's coherence (shown as "Coherence").
        case coherence
    }

    public static let minimumWords = 10

    public var mode: Mode
    /// The relevance subscore (nil when neither part can be computed).
    public var score: Double?
    /// Weighted share of the prompt's content stems said in the take (less common words weigh 2, common 1).
    public var coverage: Double?
    /// Share of the take's content words on the prompt's stems.
    public var topicShare: Double?
    /// A prompt stem in the first sentence (or first 15 words): the answer comes first.
    public var answeredEarly: Bool?
    public var promptWordsFound: [String]
    public var promptWordsMissing: [String]
    public var coherence: CoherenceReport?
}

/// Relevance = 100·(0.50·min(1, coverage/0.6) + 0.25·min(1, topic share/0.15) + 0.10·answered early
/// + 0.20 if coherence > 70, 0.12 if 50–70), at least 30 for 50+ words with coherence > 65. Keyword overlap
/// with Snowball stems stands in for the original's embeddings, so the 0.6 coverage and 0.15 topic share
/// that earn full marks are set low: a good answer need not repeat the prompt's words.
enum RelevanceMeter {
    /// Words that tell the speaker what to do rather than what to talk about: not expected in the answer.
    static let instructions: Set<String> = [
        "talk", "tell", "describe", "explain", "share", "discuss", "give", "speak", "answer", "imagine", "pretend",
        "convince", "persuade", "argue", "pitch", "introduce", "summarize", "summarise", "name", "list", "minute", "minutes",
        "seconds", "example", "examples", "reason", "reasons", "question", "someone", "something", "yourself", "us",
    ]

    static func report(prompt: String?, words: [String], sentences: [Sentence], coherence: CoherenceReport?,
                       stem: (String) -> String) -> RelevanceReport {
        let fallback = RelevanceReport(mode: .coherence, score: coherence?.score, promptWordsFound: [], promptWordsMissing: [], coherence: coherence)
        guard let prompt, words.count >= RelevanceReport.minimumWords else { return fallback }
        var promptStems: [(stem: String, word: String, weight: Double)] = []
        for word in prompt.lowercased().split(whereSeparator: { !$0.isLetter && $0 != "'" }).map(String.init)
        where EnglishWords.isContent(word) && !instructions.contains(word) {
            let stem = stem(word)
            if !promptStems.contains(where: { $0.stem == stem }) {
                promptStems.append((stem, word, EnglishWords.common.contains(word) ? 1 : 2))
            }
        }
        let content = words.filter(EnglishWords.isContent).map(stem)
        guard promptStems.count >= 2, Set(content).count >= 3 else { return fallback }

        let said = Set(content)
        let found = promptStems.filter { said.contains($0.stem) }
        let coverage = found.reduce(0) { $0 + $1.weight } / promptStems.reduce(0) { $0 + $1.weight }
        let promptSet = Set(promptStems.map(\.stem))
        let topicShare = Double(content.filter(promptSet.contains).count) / Double(content.count)
        let opening = (sentences.first?.texts.count ?? 0) >= 15 ? sentences[0].texts : Array(words.prefix(15))
        let early = opening.contains { EnglishWords.isContent($0) && promptSet.contains(stem($0)) }

        var raw = 0.50 * min(1, coverage / 0.6) + 0.25 * min(1, topicShare / 0.15) + (early ? 0.10 : 0)
        if let coherence { raw += coherence.score > 70 ? 0.20 : coherence.score >= 50 ? 0.12 : 0 }
        var score = Statistics.clamp(100 * raw)
        if words.count >= 50, let coherence, coherence.score > 65 { score = max(score, 30) }
        return RelevanceReport(mode: .prompt, score: score, coverage: coverage, topicShare: topicShare, answeredEarly: early,
                               promptWordsFound: found.map(\.word),
                               promptWordsMissing: promptStems.filter { !said.contains($0.stem) }.map(\.word), coherence: coherence)
    }
}
