/// Show and Tell: SpeakUp for grades 1–4. Stars instead of numbers, praise first, and one kind tip in words a
/// 6–9 year old understands.
public enum ShowAndTell {
    public static let grades = 1...4
    /// A show-and-tell take lasts 30 to 60 seconds: the recorder stops at 60, and under 30 earns at most 3 stars.
    public static let seconds = 30.0...60.0
    static let shortTakeStars = 3

    /// What the child sees and hears.
    public struct Result: Codable, Equatable, Sendable {
        /// 1–5, never 0.
        public var stars: Int
        /// Praise, always first.
        public var cheer: String
        /// One kind next step.
        public var tip: String
    }

    /// Stars come from the delivery subscores (fillers, pace, pauses, delivery, vocal variety) and not from the
    /// recogniser-heavy ones or the gibberish gate: the adult recogniser often misses children's words, and a
    /// child should not lose stars for that. Mean ≥ 80 → 5, ≥ 65 → 4, ≥ 50 → 3, ≥ 30 → 2, else 1.
    public static func result(for analysis: TakeAnalysis, grade: Int) throws(CoachError) -> Result {
        guard grades.contains(grade) else { throw .gradeOutOfRange(grade) }
        guard analysis.wordCount > 0 else {
            return Result(stars: 1, cheer: "Thanks for being brave and trying!", tip: "Take a big breath and tell us about your thing!")
        }
        let parts: [(Dimension, Int)] = [.fillers, .pace, .pauses, .delivery, .vocalVariety].compactMap { dimension in
            analysis.scores.subscores[dimension].map { (dimension, $0) }
        }
        let mean = parts.isEmpty ? 50 : Double(parts.reduce(0) { $0 + $1.1 }) / Double(parts.count)
        var stars = mean >= 80 ? 5 : mean >= 65 ? 4 : mean >= 50 ? 3 : mean >= 30 ? 2 : 1
        let short = analysis.duration < seconds.lowerBound
        if short { stars = min(stars, shortTakeStars) }
        return Result(stars: stars, cheer: cheer(analysis, parts: parts, short: short), tip: tip(analysis, parts: parts, short: short))
    }

    static func cheer(_ analysis: TakeAnalysis, parts: [(Dimension, Int)], short: Bool) -> String {
        if let best = parts.max(by: { ($0.1, $1.0.rawValue) < ($1.1, $0.0.rawValue) }), best.1 >= 80 {
            switch best.0 {
            case .fillers: return "Great job! Your words were smooth and clear!"
            case .pace: return "Great job! You talked at a super speed, easy to follow!"
            case .pauses: return "Great job! You took great little stops between your ideas!"
            case .delivery: return "Great job! What a big, strong voice!"
            case .vocalVariety: return "Great job! Your voice went up and down like a real storyteller!"
            default: break
            }
        }
        if !short { return "Great job! You talked for \(Int(analysis.duration.rounded())) seconds. Wow!" }
        return "Great job sharing with us!"
    }

    static func tip(_ analysis: TakeAnalysis, parts: [(Dimension, Int)], short: Bool) -> String {
        guard let weakest = parts.min(by: { ($0.1, $0.0.rawValue) < ($1.1, $1.0.rawValue) }), weakest.1 < 80 else {
            return short ? "Next time, tell us one more thing about it!" : "Next time, tell us why you love it!"
        }
        switch weakest.0 {
        case .fillers: return "Try a big breath instead of “um”!"
        case .pace:
            return analysis.wpm.speaking > Double(analysis.wpm.target)
                ? "Try talking a little slower, like a sleepy turtle!" : "Try talking a little faster, like a happy bunny!"
        case .pauses: return "Take a tiny stop after each idea, like at the end of a line in a book!"
        case .delivery: return "Use your big, proud voice so everyone can hear you!"
        default: return "Make your voice go up and down, like when you tell a story!"
        }
    }
}
