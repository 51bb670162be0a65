import Foundation
import SQLKit
import Study

extension MirrorBuddyStore {
    // MARK: - What the parent diary reads

    /// Every card answer from `since` to before `until`, oldest first.
    public func cardReviews(childId: ChildID, in scope: FamilyScope, since: Date, until: Date) async throws -> [DiaryFacts.Review] {
        try await sql.raw("""
            SELECT card_id, at, rating, stage FROM mirrorbuddy_card_reviews
            WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) AND at >= \(bind: since.millis) AND at < \(bind: until.millis)
            ORDER BY at, id
            """).all().map { row in
            DiaryFacts.Review(cardId: try row.decode(column: "card_id", as: String.self), at: Date(millis: try row.decode(column: "at", as: Int64.self)),
                              rating: FSRSRating(rawValue: try row.decode(column: "rating", as: Int.self)) ?? .good,
                              stage: Flashcard.Stage(rawValue: try row.decode(column: "stage", as: String.self)) ?? .review)
        }
    }

    /// Every quiz finished from `since` to before `until`, oldest first.
    public func finishedQuizzes(childId: ChildID, in scope: FamilyScope, since: Date, until: Date) async throws -> [DiaryFacts.FinishedQuiz] {
        try await sql.raw("""
            SELECT finished_at, subject_id, correct, question_count FROM mirrorbuddy_quizzes
            WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) AND finished_at >= \(bind: since.millis)
                AND finished_at < \(bind: until.millis)
            ORDER BY finished_at, id
            """).all().map { row in
            DiaryFacts.FinishedQuiz(at: Date(millis: try row.decode(column: "finished_at", as: Int64.self)),
                                    subjectId: try row.decode(column: "subject_id", as: String?.self),
                                    correct: try row.decode(column: "correct", as: Int.self), total: try row.decode(column: "question_count", as: Int.self))
        }
    }

    /// How many cards the student has, and how many are due at `now`.
    public func cardCounts(childId: ChildID, in scope: FamilyScope, now: Date) async throws -> (total: Int, due: Int) {
        let row = try await sql.raw("""
            SELECT COUNT(*) AS total, COALESCE(SUM(CASE WHEN due <= \(bind: now.millis) THEN 1 ELSE 0 END), 0) AS due_now FROM mirrorbuddy_cards
            WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
            """).first()
        return (try row?.decode(column: "total", as: Int.self) ?? 0, try row?.decode(column: "due_now", as: Int.self) ?? 0)
    }
}

extension MirrorBuddyStore {
    /// How many materials the student keeps.
    public func materialCount(childId: ChildID, in scope: FamilyScope) async throws -> Int {
        try await sql.raw("""
            SELECT COUNT(*) AS n FROM mirrorbuddy_materials WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
            """).first()?.decode(column: "n", as: Int.self) ?? 0
    }
}
