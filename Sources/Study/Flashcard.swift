import Foundation
import TextRules

/// A flashcard: a question side and an answer side, kept to a subject and maybe the material it
/// came from, with its FSRS memory (`FSRSCard`) and its counts.
public struct Flashcard: Codable, Equatable, Sendable, Identifiable {
    public enum Source: String, Codable, CaseIterable, Sendable { case hand, suggested }

    public let id: String
    public var subjectId: String?
    public var materialId: String?
    public var front: String
    public var back: String
    public let source: Source
    public let createdAt: Date
    public var memory: FSRSCard
    /// Reviews so far, and times it was forgotten in Review.
    public var reps: Int
    public var lapses: Int

    public init(id: String, subjectId: String?, materialId: String?, front: String, back: String, source: Source, createdAt: Date,
                memory: FSRSCard? = nil, reps: Int = 0, lapses: Int = 0) {
        (self.id, self.subjectId, self.materialId, self.front, self.back, self.source, self.createdAt) =
            (id, subjectId, materialId, front, back, source, createdAt)
        self.memory = memory ?? FSRSCard(due: createdAt)
        (self.reps, self.lapses) = (reps, lapses)
    }

    /// Where the card is for the student: new (never reviewed) or its FSRS state.
    public var stage: Stage {
        guard memory.lastReview != nil else { return .new }
        return switch memory.state {
        case .learning: .learning
        case .review: .review
        case .relearning: .relearning
        }
    }
    public enum Stage: String, Codable, Sendable { case new, learning, review, relearning }

    /// The card after an answer at `date`: its memory by `scheduler`, one more review, and one more
    /// lapse when a card in Review was forgotten.
    public func answered(_ rating: FSRSRating, at date: Date, scheduler: FSRSScheduler,
                         random: () -> Double = { Double.random(in: 0..<1) }) -> Flashcard {
        var next = self
        next.memory = scheduler.review(memory, rating, at: date, random: random)
        next.reps += 1
        if memory.state == .review && rating == .again { next.lapses += 1 }
        return next
    }
}

/// One answer in a card's history, with the memory it left.
public struct FlashcardReview: Codable, Equatable, Sendable {
    public let at: Date
    public let rating: FSRSRating
    /// The card's stage before the answer.
    public let stage: Flashcard.Stage
    /// Seconds until the card was due again.
    public let interval: TimeInterval
    public let stability: Double
    public let difficulty: Double
    /// Recall's probability just before the answer (nil for a new card).
    public let retrievability: Double?

    public init(at: Date, rating: FSRSRating, stage: Flashcard.Stage, interval: TimeInterval, stability: Double, difficulty: Double,
                retrievability: Double?) {
        (self.at, self.rating, self.stage, self.interval, self.stability, self.difficulty, self.retrievability) =
            (at, rating, stage, interval, stability, difficulty, retrievability)
    }
}

public enum FlashcardRuleError: Error, Equatable, Sendable {
    case emptyFront, emptyBack
    case frontTooLong, backTooLong
    case retention(Double)
}

/// The rules for cards: lengths, how many, the retention a student may ask for, and the session.
public enum Flashcards {
    /// The original's web limits (mirrorbuddy.md §1.7).
    public static let frontLimit = 1_000
    public static let backLimit = 2_000
    /// Cards one student may keep, and cards one request may add.
    public static let limit = 5_000
    public static let batchLimit = 50
    /// Cards in one review session (the original's Swift review: up to 20 due cards).
    public static let sessionSize = 20
    /// The retention a student may choose, and the default.
    public static let retentionRange = 0.80...0.97
    public static let defaultRetention = 0.9

    public static func cleanFront(_ raw: String) throws(FlashcardRuleError) -> String {
        let text = clean(raw)
        guard !text.isEmpty else { throw .emptyFront }
        guard TextRules.fits(text, characters: frontLimit) else { throw .frontTooLong }
        return text
    }

    public static func cleanBack(_ raw: String) throws(FlashcardRuleError) -> String {
        let text = clean(raw)
        guard !text.isEmpty else { throw .emptyBack }
        guard TextRules.fits(text, characters: backLimit) else { throw .backTooLong }
        return text
    }

    /// Trimmed, NFC, with no control characters but line breaks (the joiners emoji are made with are kept), and at most one empty line in a row.
    static func clean(_ raw: String) -> String {
        let kept = TextRules.replacingControls(in: raw.precomposedStringWithCanonicalMapping) { $0 == "\n" }
        return kept.replacingOccurrences(of: "\n{3,}", with: "\n\n", options: .regularExpression).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    public static func checkRetention(_ value: Double) throws(FlashcardRuleError) {
        guard value.isFinite, retentionRange.contains(value) else { throw .retention(value) }
    }

    /// The scheduler for a student's chosen retention, held to `retentionRange` (fuzz on: cards
    /// learnt together spread out).
    public static func scheduler(retention: Double) throws(FSRSError) -> FSRSScheduler {
        let held = retention.isFinite ? min(max(retention, retentionRange.lowerBound), retentionRange.upperBound) : defaultRetention
        return try FSRSScheduler(desiredRetention: held, fuzzing: true)
    }

    /// The cards of a session from those due at `now`: the longest overdue first, then new ones in
    /// the order they were made, at most `sessionSize`.
    public static func session(_ cards: [Flashcard], now: Date) -> (cards: [Flashcard], remaining: Int) {
        let due = cards.filter { $0.memory.due <= now }
        let seen = due.filter { $0.stage != .new }.sorted { ($0.memory.due, $0.id) < ($1.memory.due, $1.id) }
        let new = due.filter { $0.stage == .new }.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
        let ordered = seen + new
        return (Array(ordered.prefix(sessionSize)), max(0, ordered.count - sessionSize))
    }
}
