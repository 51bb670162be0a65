import Foundation
import Study

/// Flashcards as the page reads them.
extension MirrorBuddyView {
    /// Answers by name, as the page sends and shows them.
    static let ratingNames: [FSRSRating: String] = [.again: "again", .hard: "hard", .good: "good", .easy: "easy"]

    static func rating(_ name: String) -> FSRSRating? {
        ratingNames.first { $0.value == name }?.key
    }

    struct CardView: Codable {
        let id: String
        let subjectId: String?
        let materialId: String?
        let front: String
        let back: String
        let source: Flashcard.Source
        let state: Flashcard.Stage
        let due: Date
        let reps: Int
        let lapses: Int
        let stability: Double?
        let difficulty: Double?
        /// The chance of recalling it now (nil before its first review).
        let retrievability: Double?
        let createdAt: Date
        let lastReview: Date?

        init(_ card: Flashcard, now: Date, scheduler: FSRSScheduler) {
            (id, subjectId, materialId, front, back, source) = (card.id, card.subjectId, card.materialId, card.front, card.back, card.source)
            (state, due, reps, lapses) = (card.stage, card.memory.due, card.reps, card.lapses)
            (stability, difficulty, createdAt, lastReview) = (card.memory.stability, card.memory.difficulty, card.createdAt, card.memory.lastReview)
            retrievability = card.memory.lastReview == nil ? nil : scheduler.retrievability(of: card.memory, at: now)
        }
    }

    /// Seconds until the card comes back for each answer (fuzz off), for the buttons.
    struct Previews: Codable {
        let again: Double
        let hard: Double
        let good: Double
        let easy: Double
    }

    /// A card of a review session: the card and what each answer would do.
    struct ReviewCardView: Codable {
        let card: CardView
        let previews: Previews

        init(_ card: Flashcard, now: Date, scheduler: FSRSScheduler) {
            self.card = CardView(card, now: now, scheduler: scheduler)
            let previews = scheduler.previews(card.memory, at: now)
            self.previews = Previews(again: previews[.again] ?? 0, hard: previews[.hard] ?? 0, good: previews[.good] ?? 0, easy: previews[.easy] ?? 0)
        }

        // Flat on the wire: the card's fields and `previews` beside them.
        func encode(to encoder: any Encoder) throws {
            try card.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(previews, forKey: .previews)
        }

        init(from decoder: any Decoder) throws {
            card = try CardView(from: decoder)
            previews = try decoder.container(keyedBy: Keys.self).decode(Previews.self, forKey: .previews)
        }

        enum Keys: String, CodingKey { case previews }
    }

    struct ReviewView: Codable {
        let at: Date
        let rating: String
        /// Where the card was before the answer.
        let state: Flashcard.Stage
        /// Seconds until it was due again.
        let interval: Double
        let stability: Double
        let difficulty: Double
        let retrievability: Double?

        init(_ review: FlashcardReview) {
            (at, rating, state, interval) = (review.at, ratingNames[review.rating] ?? "good", review.stage, review.interval)
            (stability, difficulty, retrievability) = (review.stability, review.difficulty, review.retrievability)
        }
    }
}
