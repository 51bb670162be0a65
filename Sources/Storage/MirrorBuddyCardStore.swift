import Foundation
import SQLKit
import Study

/// The answer to a review: the card as saved, or why not.
public enum CardReviewOutcome: Sendable, Equatable {
    case reviewed(Flashcard)
    /// The card was reviewed meanwhile (its count is no longer the one the page showed).
    case stale(Flashcard)
    case notFound
}

extension MirrorBuddyStore {
    // MARK: - Flashcards

    /// `head` ("SELECT …") over the student's cards, maybe only a subject's or a material's.
    private func cardQuery(_ head: String, childId: ChildID, in scope: FamilyScope, subjectId: String?, materialId: String?) -> SQLQueryString {
        var query = SQLQueryString(head)
        query.appendInterpolation(unsafeRaw: " FROM mirrorbuddy_cards WHERE child_id = ")
        query.appendInterpolation(bind: childId)
        query.appendInterpolation(unsafeRaw: " AND family_id = ")
        query.appendInterpolation(bind: scope.familyId)
        if let subjectId { query.appendInterpolation(unsafeRaw: " AND subject_id = "); query.appendInterpolation(bind: subjectId) }
        if let materialId { query.appendInterpolation(unsafeRaw: " AND material_id = "); query.appendInterpolation(bind: materialId) }
        return query
    }

    /// The student's cards, newest first, maybe only a subject's or a material's.
    public func cards(childId: ChildID, in scope: FamilyScope, subjectId: String? = nil, materialId: String? = nil) async throws -> [Flashcard] {
        var query = cardQuery("SELECT *", childId: childId, in: scope, subjectId: subjectId, materialId: materialId)
        query.appendInterpolation(unsafeRaw: " ORDER BY created_at DESC, id DESC")
        return try await sql.raw(query).all().map(Self.card(row:))
    }

    /// The cards due at `now` (maybe only a subject's or a material's), and when the first card not
    /// due yet comes back: what a review session is chosen from (`Flashcards.session`).
    public func dueCards(childId: ChildID, in scope: FamilyScope, now: Date, subjectId: String? = nil,
                         materialId: String? = nil) async throws -> (cards: [Flashcard], nextDue: Date?) {
        var due = cardQuery("SELECT *", childId: childId, in: scope, subjectId: subjectId, materialId: materialId)
        due.appendInterpolation(unsafeRaw: " AND due <= ")
        due.appendInterpolation(bind: now.millis)
        var next = cardQuery("SELECT MIN(due) AS next", childId: childId, in: scope, subjectId: subjectId, materialId: materialId)
        next.appendInterpolation(unsafeRaw: " AND due > ")
        next.appendInterpolation(bind: now.millis)
        let cards = try await sql.raw(due).all().map(Self.card(row:))
        let nextDue = try await sql.raw(next).first()?.decode(column: "next", as: Int64?.self).map(Date.init(millis:))
        return (cards, nextDue)
    }

    public func card(id: String, childId: ChildID, in scope: FamilyScope) async throws -> Flashcard? {
        try await sql.raw("""
            SELECT * FROM mirrorbuddy_cards WHERE id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
            """).first().map(Self.card(row:))
    }

    /// Adds cards, all or none; `StorageError.limitReached` when the student would have more than `Flashcards.limit`.
    public func addCards(_ cards: [Flashcard], childId: ChildID, in scope: FamilyScope) async throws {
        try await database.transaction { sql in
            try await sql.raw("UPDATE children SET name = name WHERE id = \(bind: childId) AND family_id = \(bind: scope.familyId)").run()
            let count = try await sql.raw("""
                SELECT COUNT(*) AS n FROM mirrorbuddy_cards WHERE family_id = \(bind: scope.familyId) AND child_id = \(bind: childId)
                """).first()?.decode(column: "n", as: Int.self) ?? 0
            guard count + cards.count <= Flashcards.limit else { throw StorageError.limitReached }
            for card in cards {
                try await sql.raw("""
                    INSERT INTO mirrorbuddy_cards (id, family_id, child_id, subject_id, material_id, front, back, source, created_at,
                        state, step, stability, difficulty, due, last_review, reps, lapses)
                    SELECT \(bind: card.id), family_id, id, \(bind: card.subjectId), \(bind: card.materialId), \(bind: card.front),
                        \(bind: card.back), \(bind: card.source.rawValue), \(bind: card.createdAt.millis), \(bind: card.memory.state.rawValue),
                        \(bind: card.memory.step), \(bind: card.memory.stability), \(bind: card.memory.difficulty), \(bind: card.memory.due.millis),
                        \(bind: card.memory.lastReview?.millis), \(bind: card.reps), \(bind: card.lapses)
                    FROM children WHERE id = \(bind: childId) AND family_id = \(bind: scope.familyId)
                    """).run()
            }
        }
    }

    /// Writes a card's sides and subject (its memory is the reviews' alone).
    public func updateCard(_ card: Flashcard, childId: ChildID, in scope: FamilyScope) async throws -> Bool {
        try await sql.raw("""
            UPDATE mirrorbuddy_cards SET front = \(bind: card.front), back = \(bind: card.back), subject_id = \(bind: card.subjectId)
            WHERE id = \(bind: card.id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) RETURNING id
            """).first() != nil
    }

    /// Deletes a card and its history.
    public func deleteCard(id: String, childId: ChildID, in scope: FamilyScope) async throws -> Bool {
        try await database.transaction { sql in
            try await sql.raw("""
                DELETE FROM mirrorbuddy_card_reviews WHERE card_id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
                """).run()
            return try await sql.raw("""
                DELETE FROM mirrorbuddy_cards WHERE id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) RETURNING id
                """).first() != nil
        }
    }

    /// Answers a card: `answer` turns the card as stored into the card after the answer, which is
    /// written with the review, in one transaction, only while the card's count is still `seenReps`
    /// (a review from another device meanwhile makes this one stale, so one answer never counts twice).
    public func reviewCard(id: String, childId: ChildID, in scope: FamilyScope, seenReps: Int, reviewId: String, at: Date,
                           rating: FSRSRating, answer: @escaping @Sendable (Flashcard) -> Flashcard,
                           retrievability: @escaping @Sendable (Flashcard) -> Double?) async throws -> CardReviewOutcome {
        try await database.transaction { sql in
            guard let row = try await sql.raw("""
                SELECT * FROM mirrorbuddy_cards WHERE id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
                """).first() else { return .notFound }
            let card = try Self.card(row: row)
            guard card.reps == seenReps else { return .stale(card) }
            let next = answer(card)
            guard try await sql.raw("""
                UPDATE mirrorbuddy_cards SET state = \(bind: next.memory.state.rawValue), step = \(bind: next.memory.step),
                    stability = \(bind: next.memory.stability), difficulty = \(bind: next.memory.difficulty), due = \(bind: next.memory.due.millis),
                    last_review = \(bind: next.memory.lastReview?.millis), reps = \(bind: next.reps), lapses = \(bind: next.lapses)
                WHERE id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) AND reps = \(bind: seenReps)
                RETURNING id
                """).first() != nil else { return .stale(card) }
            try await sql.raw("""
                INSERT INTO mirrorbuddy_card_reviews (id, card_id, family_id, child_id, at, rating, stage, interval_seconds, stability,
                    difficulty, retrievability)
                VALUES (\(bind: reviewId), \(bind: id), \(bind: scope.familyId), \(bind: childId), \(bind: at.millis), \(bind: rating.rawValue),
                    \(bind: card.stage.rawValue), \(bind: next.memory.due.timeIntervalSince(at)), \(bind: next.memory.stability ?? 0),
                    \(bind: next.memory.difficulty ?? 0), \(bind: retrievability(card)))
                """).run()
            // The answer in the activity ledger, marked when it earns (its XP is the progress rules'):
            // only a card that was due, once a UTC day, so a card sent back again and again earns once.
            let dayStart = Int64((at.timeIntervalSince1970 / 86_400).rounded(.down)) * 86_400_000
            let earnedToday = try await sql.raw("""
                SELECT COUNT(*) AS n FROM mirrorbuddy_activity
                WHERE family_id = \(bind: scope.familyId) AND child_id = \(bind: childId) AND kind = 'card' AND ref_id = \(bind: id)
                    AND xp > 0 AND at >= \(bind: dayStart)
                """).first()?.decode(column: "n", as: Int.self) ?? 0
            let earns = card.memory.due <= at && earnedToday == 0
            try await sql.raw("""
                INSERT INTO mirrorbuddy_activity (id, family_id, child_id, kind, at, subject_id, xp, ref_id)
                VALUES (\(bind: reviewId), \(bind: scope.familyId), \(bind: childId), 'card', \(bind: at.millis), \(bind: card.subjectId),
                    \(bind: earns ? 1 : 0), \(bind: id))
                """).run()
            return .reviewed(next)
        }
    }

    /// A card's answers, oldest first.
    public func cardHistory(id: String, childId: ChildID, in scope: FamilyScope) async throws -> [FlashcardReview] {
        try await sql.raw("""
            SELECT * FROM mirrorbuddy_card_reviews
            WHERE card_id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) ORDER BY at, id
            """).all().map(Self.review(row:))
    }

    /// The retention the student chose, or nil for the default.
    public func desiredRetention(childId: ChildID, in scope: FamilyScope) async throws -> Double? {
        try await sql.raw("""
            SELECT desired_retention FROM mirrorbuddy_card_settings WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
            """).first()?.decode(column: "desired_retention", as: Double.self)
    }

    public func saveDesiredRetention(_ value: Double, childId: ChildID, in scope: FamilyScope, now: Date) async throws {
        try await sql.raw("""
            INSERT INTO mirrorbuddy_card_settings (child_id, family_id, desired_retention, updated_at)
            SELECT id, family_id, \(bind: value), \(bind: now.millis) FROM children WHERE id = \(bind: childId) AND family_id = \(bind: scope.familyId)
            ON CONFLICT (child_id) DO UPDATE SET desired_retention = excluded.desired_retention, updated_at = excluded.updated_at
            """).run()
    }

    static func card(row: any SQLRow) throws -> Flashcard {
        let memory = FSRSCard(due: Date(millis: try row.decode(column: "due", as: Int64.self)),
                              state: FSRSState(rawValue: try row.decode(column: "state", as: Int.self)) ?? .learning,
                              step: try row.decode(column: "step", as: Int?.self), stability: try row.decode(column: "stability", as: Double?.self),
                              difficulty: try row.decode(column: "difficulty", as: Double?.self),
                              lastReview: try row.decode(column: "last_review", as: Int64?.self).map(Date.init(millis:)))
        return Flashcard(id: try row.decode(column: "id", as: String.self), subjectId: try row.decode(column: "subject_id", as: String?.self),
                         materialId: try row.decode(column: "material_id", as: String?.self), front: try row.decode(column: "front", as: String.self),
                         back: try row.decode(column: "back", as: String.self),
                         source: Flashcard.Source(rawValue: try row.decode(column: "source", as: String.self)) ?? .hand,
                         createdAt: Date(millis: try row.decode(column: "created_at", as: Int64.self)), memory: memory,
                         reps: try row.decode(column: "reps", as: Int.self), lapses: try row.decode(column: "lapses", as: Int.self))
    }

    static func review(row: any SQLRow) throws -> FlashcardReview {
        FlashcardReview(at: Date(millis: try row.decode(column: "at", as: Int64.self)),
                        rating: FSRSRating(rawValue: try row.decode(column: "rating", as: Int.self)) ?? .good,
                        stage: Flashcard.Stage(rawValue: try row.decode(column: "stage", as: String.self)) ?? .review,
                        interval: try row.decode(column: "interval_seconds", as: Double.self),
                        stability: try row.decode(column: "stability", as: Double.self), difficulty: try row.decode(column: "difficulty", as: Double.self),
                        retrievability: try row.decode(column: "retrievability", as: Double?.self))
    }
}
