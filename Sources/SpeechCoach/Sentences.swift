/// The take's ideas ("sentences"): runs of non-filler words split where a silence of at least
/// `Gaps.ideaBreak` follows a word a clause can end on. Silence is measured word to word, across fillers,
/// so "home … um … then" still splits.
struct Sentence: Equatable, Sendable {
    var words: [Token]
    var texts: [String] { words.map(\.text) }
    var start: Double { words.first?.start ?? 0 }
}

enum SentenceSplitter {
    static func sentences(_ words: [Token]) -> [Sentence] {
        var result: [Sentence] = []
        var current: [Token] = []
        for word in words {
            if let last = current.last, Gaps.silence(from: last.end, to: word.start) >= Gaps.ideaBreak, Gaps.canEndClause(last.text) {
                result.append(Sentence(words: current))
                current = []
            }
            current.append(word)
        }
        if !current.isEmpty { result.append(Sentence(words: current)) }
        return result
    }
}

/// How the take's sentences are built.
public struct StructureReport: Codable, Equatable, Sendable {
    public var sentences: Int
    public var meanLength: Double
    public var lengthSD: Double
    /// Sentences under 3 words.
    public var incomplete: Int
    /// Sentences with a restart ("I mean", "let me", "sorry", or a word said twice: "the the").
    public var restarts: Int
    /// Sentences over 40 words.
    public var overlong: Int
    /// The original's sentence score: 60 − incomplete ratio·20 − restart ratio·20 − min(20, 10·overlong)
    /// + 10 (SD 3–12) + 10 (mean 8–25; 5 if 5–30) + 10 (≥ 3 sentences, first and last ≥ 5 words).
    public var sentenceScore: Double
    /// Start of the first sentence with a restart, for coaching.
    public var firstRestartAt: Double?
}

enum StructureMeter {
    static let restartMatcher = PhraseMatcher(RhetoricWords.restarts)

    static func report(_ sentences: [Sentence]) -> StructureReport? {
        guard !sentences.isEmpty else { return nil }
        let lengths = sentences.map { Double($0.words.count) }
        let mean = Statistics.mean(lengths)!, deviation = Statistics.standardDeviation(lengths)!
        let count = Double(sentences.count)
        let incomplete = lengths.filter { $0 < 3 }.count
        let restarted = sentences.filter(hasRestart)
        let restarts = restarted.count
        let overlong = lengths.filter { $0 > 40 }.count
        var score = 60 - Double(incomplete) / count * 20 - Double(restarts) / count * 20 - min(20, 10 * Double(overlong))
        if (3...12).contains(deviation) { score += 10 }
        if (8...25).contains(mean) { score += 10 } else if (5...30).contains(mean) { score += 5 }
        if sentences.count >= 3, lengths.first! >= 5, lengths.last! >= 5 { score += 10 }
        return StructureReport(sentences: sentences.count, meanLength: mean, lengthSD: deviation, incomplete: incomplete,
                               restarts: restarts, overlong: overlong, sentenceScore: Statistics.clamp(score),
                               firstRestartAt: restarted.first?.start)
    }

    static func hasRestart(_ sentence: Sentence) -> Bool {
        let texts = sentence.texts
        if !restartMatcher.matches(in: texts).isEmpty { return true }
        return zip(texts, texts.dropFirst()).contains { $0 == $1 && !RhetoricWords.fineDoubles.contains($0) }
    }
}
