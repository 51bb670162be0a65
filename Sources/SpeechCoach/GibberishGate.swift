import Foundation

/// A guard against takes the recogniser could not make sense of (mumbling, noise, another language): failed
/// checks cap the overall score.
public struct GateReport: Codable, Equatable, Sendable {
    /// One failed check.
    public struct Check: Codable, Equatable, Sendable {
        public var name: String
        /// 0–2 failure points.
        public var points: Int
        public var detail: String
    }

    /// min(1, failure points ÷ 6).
    public var confidence: Double
    /// The overall is capped at 8 (confidence ≥ 0.85), 15 (≥ 0.65) or 30 (≥ 0.45); nil when not gated.
    public var cap: Int?
    /// Failed checks only.
    public var checks: [Check]
    /// Plain words for the person when the take is gated.
    public var reason: String?
}

/// The original's five checks (§2.11), recalibrated for pocketsphinx, plus one. Measured on flite English
/// (kal16, awb, slt) and espeak-ng Italian (it, it+f3) through pocketsphinx's en-us model: English words
/// averaged 0.75–0.77 confidence with 4–7 % of them under 0.1; Italian heard as English words averaged
/// 0.29–0.36 with 24–52 % under 0.1, and 70 %+ of its "words" were common English ones (the language model
/// picks them). So:
/// - confidence: mean < 0.45 → 2, < 0.55 → 1 (the original's 0.25 / 0.40 were for Whisper's probabilities);
///   SD > 0.30 with mean < 0.5 → 1 more;
/// - guesses (ours): share of words under 0.1 confidence > 0.30 → 2, > 0.18 → 1;
/// - common words: the original's "share of tokens a tagger recognises" is always 1 for pocketsphinx, whose
///   every word is in its dictionary; the share of our ~300 common English words stands in (< 0.25 → 2,
///   < 0.40 → 1): it catches recognisers that spell other languages' words, not pocketsphinx;
/// - sentences, top-word share and unique content words as the original.
enum GibberishGate {
    static func report(confidences: [Double], words: [String], sentences: [Sentence]) -> GateReport {
        var checks: [GateReport.Check] = []
        func fail(_ name: String, _ points: Int, _ detail: String) {
            if points > 0 { checks.append(.init(name: name, points: min(2, points), detail: detail)) }
        }
        if let mean = Statistics.mean(confidences) {
            var points = mean < 0.45 ? 2 : mean < 0.55 ? 1 : 0
            if let deviation = Statistics.standardDeviation(confidences), deviation > 0.30, mean < 0.5 { points += 1 }
            fail("confidence", points, "the recogniser was unsure of most words (average confidence \(percent(mean)))")
            let guesses = Double(confidences.filter { $0 < 0.1 }.count) / Double(confidences.count)
            fail("guesses", guesses > 0.30 ? 2 : guesses > 0.18 ? 1 : 0, "\(percent(guesses)) of the words were near guesses")
        }
        if !words.isEmpty {
            let common = Double(words.filter(EnglishWords.common.contains).count) / Double(words.count)
            fail("commonWords", common < 0.25 ? 2 : common < 0.40 ? 1 : 0, "only \(percent(common)) of the words are everyday English ones")
        }
        if sentences.count >= 2 {
            let lengths = sentences.map(\.words.count)
            let mean = Double(lengths.reduce(0, +)) / Double(lengths.count)
            let choppy = (sentences.count > 3 && lengths.allSatisfy { $0 <= 3 } ? 1 : 0) + (mean < 2.5 ? 1 : 0)
            fail("sentences", choppy, "the words came in scraps of \(String(format: "%.1f", mean)) words")
        }
        if words.count >= 5 {
            var counts: [String: Int] = [:]
            for word in words { counts[word, default: 0] += 1 }
            let top = counts.max { ($0.value, $1.key) < ($1.value, $0.key) }!
            let share = Double(top.value) / Double(words.count)
            fail("topWord", share > 0.45 ? 2 : share > 0.30 ? 1 : 0, "\"\(top.key)\" made up \(percent(share)) of the words")
        }
        let content = Set(words.filter(EnglishWords.isContent)).count
        fail("contentWords", content < 3 ? 2 : content < 6 ? 1 : 0, "only \(content) different content words")

        let points = checks.reduce(0) { $0 + $1.points }
        let confidence = min(1, Double(points) / 6)
        let cap: Int? = confidence >= 0.85 ? 8 : confidence >= 0.65 ? 15 : confidence >= 0.45 ? 30 : nil
        var reason: String?
        if cap != nil {
            let worst = checks.enumerated().sorted { ($1.element.points, $0.offset) < ($0.element.points, $1.offset) }.prefix(2)
            let details = worst.map(\.element.detail).joined(separator: ", and ")
            reason = "We could not make out this take: \(details). Was it in English, close to the microphone?"
        }
        return GateReport(confidence: confidence, cap: cap, checks: checks, reason: reason)
    }

    private static func percent(_ share: Double) -> String { "\(Int((share * 100).rounded())) %" }
}
