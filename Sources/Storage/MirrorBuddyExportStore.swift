import Foundation
import SQLKit
import Study

extension MirrorBuddyStore {
    // MARK: - Everything of one student, for the parent's export and erasure

    /// Every card answer of the student, oldest first, by card.
    public func allCardReviews(childId: ChildID, in scope: FamilyScope) async throws -> [String: [FlashcardReview]] {
        var byCard: [String: [FlashcardReview]] = [:]
        for row in try await sql.raw("""
            SELECT * FROM mirrorbuddy_card_reviews WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) ORDER BY at, id
            """).all() {
            byCard[try row.decode(column: "card_id", as: String.self), default: []].append(try Self.review(row: row))
        }
        return byCard
    }

    /// Every quiz of the student with its answers and hints, oldest first (three queries, whatever the count).
    public func allQuizzes(childId: ChildID, in scope: FamilyScope) async throws -> [StoredQuiz] {
        var answers: [String: [QuizAnswer]] = [:], hinted: [String: Set<Int>] = [:]
        for row in try await sql.raw("""
            SELECT quiz_id, position, given, correct, at FROM mirrorbuddy_quiz_answers
            WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) ORDER BY quiz_id, position
            """).all() {
            answers[try row.decode(column: "quiz_id", as: String.self), default: []].append(
                QuizAnswer(position: try row.decode(column: "position", as: Int.self), given: try row.decode(column: "given", as: String.self),
                           correct: try row.decode(column: "correct", as: Int.self) != 0, at: Date(millis: try row.decode(column: "at", as: Int64.self))))
        }
        for row in try await sql.raw("""
            SELECT quiz_id, position FROM mirrorbuddy_quiz_hints WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
            """).all() {
            hinted[try row.decode(column: "quiz_id", as: String.self), default: []].insert(try row.decode(column: "position", as: Int.self))
        }
        return try await sql.raw("""
            SELECT * FROM mirrorbuddy_quizzes WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) ORDER BY created_at, id
            """).all().map { row in
            let id = try row.decode(column: "id", as: String.self)
            return StoredQuiz(id: id, subjectId: try row.decode(column: "subject_id", as: String?.self),
                              materialId: try row.decode(column: "material_id", as: String?.self), title: try row.decode(column: "title", as: String.self),
                              language: StudyLanguage(rawValue: try row.decode(column: "language", as: String.self)) ?? .it,
                              questions: try JSONDecoder().decode([QuizQuestion].self, from: Data(try row.decode(column: "questions", as: String.self).utf8)),
                              createdAt: Date(millis: try row.decode(column: "created_at", as: Int64.self)),
                              finishedAt: try row.decode(column: "finished_at", as: Int64?.self).map(Date.init(millis:)),
                              answers: answers[id] ?? [], hinted: hinted[id] ?? [], xp: try row.decode(column: "xp", as: Int.self))
        }
    }

    /// The activity ledger, oldest first.
    public func activity(childId: ChildID, in scope: FamilyScope) async throws -> [StudyActivity] {
        try await sql.raw("""
            SELECT kind, at, minutes, subject_id, xp FROM mirrorbuddy_activity
            WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) ORDER BY at, id
            """).all().map { row in
            StudyActivity(kind: try row.decode(column: "kind", as: String.self), at: Date(millis: try row.decode(column: "at", as: Int64.self)),
                             minutes: try row.decode(column: "minutes", as: Double.self), subjectId: try row.decode(column: "subject_id", as: String?.self),
                             xp: try row.decode(column: "xp", as: Int.self))
        }
    }

    /// The tables that hold a student's MirrorBuddy rows, children before parents.
    static let studentTables = ["mirrorbuddy_quiz_hints", "mirrorbuddy_quiz_answers", "mirrorbuddy_quizzes", "mirrorbuddy_card_reviews",
                                "mirrorbuddy_cards", "mirrorbuddy_card_settings", "mirrorbuddy_maps", "mirrorbuddy_tasks", "mirrorbuddy_activity",
                                "mirrorbuddy_materials", "mirrorbuddy_subjects", "mirrorbuddy_settings",
                                "mirrorbuddy_coach_alerts"]

    /// Deletes everything MirrorBuddy keeps of the student, all or nothing: the rows it deleted, the
    /// materials' ids (readings to stop) and the keys of their stored files (photos, PDFs) for the
    /// caller to delete once it is done.
    public func eraseStudent(childId: ChildID, in scope: FamilyScope) async throws -> (rows: Int, materialIds: [String], fileKeys: [String]) {
        try await database.transaction { sql in
            // The child's row first, as adding does: an upload waits, and its files are not missed.
            try await sql.raw("UPDATE children SET name = name WHERE id = \(bind: childId) AND family_id = \(bind: scope.familyId)").run()
            // The coach's index is made from the materials: deleted with them, not counted as the student's rows.
            for table in ["mirrorbuddy_passage_terms", "mirrorbuddy_passages"] {
                try await sql.raw("DELETE FROM \(unsafeRaw: table) WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)").run()
            }
            let materials = try await sql.raw("""
                DELETE FROM mirrorbuddy_materials WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) RETURNING id, file_key
                """).all()
            let ids = try materials.map { try $0.decode(column: "id", as: String.self) }
            let keys = try materials.flatMap { (try $0.decode(column: "file_key", as: String?.self) ?? "").split(separator: "\n").map(String.init) }
            var rows = materials.count
            for table in Self.studentTables where table != "mirrorbuddy_materials" {
                rows += try await sql.raw("""
                    DELETE FROM \(unsafeRaw: table) WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) RETURNING 1 AS gone
                    """).all().count
            }
            return (rows, ids, keys)
        }
    }
}
