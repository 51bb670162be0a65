import Foundation
import SQLKit
import SpeechCoach

/// The goals a profile set, and when it first listened back to a take.
extension SpeakUpStore {
    public func addGoal(_ goal: Goal, childId: ChildID, in scope: FamilyScope) async throws {
        try await sql.raw("""
            INSERT INTO speakup_goals (id, family_id, child_id, kind, started_at, ends_at)
            VALUES (\(bind: goal.id), \(bind: scope.familyId), \(bind: childId), \(bind: goal.kind.rawValue),
                \(bind: goal.startedAt.millis), \(bind: goal.endsAt.millis))
            """).run()
    }

    /// The profile's newest goals, newest first, at most `limit` (a kind no longer known is skipped).
    public func goals(childId: ChildID, in scope: FamilyScope, limit: Int = 50) async throws -> [Goal] {
        try await sql.raw("""
            SELECT id, kind, started_at, ends_at FROM speakup_goals
            WHERE family_id = \(bind: scope.familyId) AND child_id = \(bind: childId)
            ORDER BY started_at DESC, id DESC LIMIT \(bind: limit)
            """).all().compactMap { row in
                guard let kind = GoalTemplate.Kind(rawValue: try row.decode(column: "kind", as: String.self)) else { return nil }
                return Goal(id: try row.decode(column: "id", as: String.self), kind: kind,
                            startedAt: Date(millis: try row.decode(column: "started_at", as: Int64.self)),
                            endsAt: Date(millis: try row.decode(column: "ends_at", as: Int64.self)))
            }
    }

    /// Deletes one of the profile's goals; false when it has none with that id.
    public func deleteGoal(id: String, childId: ChildID, in scope: FamilyScope) async throws -> Bool {
        try await sql.raw("""
            DELETE FROM speakup_goals WHERE id = \(bind: id) AND family_id = \(bind: scope.familyId) AND child_id = \(bind: childId)
            RETURNING id
            """).all().isEmpty == false
    }

    /// Notes that the speaker listened back to the take (the first time is kept); false when it is not theirs.
    public func markListened(id: SpeakUpTakeID, at date: Date, childId: ChildID, in scope: FamilyScope) async throws -> Bool {
        try await sql.raw("""
            UPDATE speakup_takes SET listened_at = COALESCE(listened_at, \(bind: date.millis))
            WHERE id = \(bind: id) AND family_id = \(bind: scope.familyId) AND child_id = \(bind: childId)
            RETURNING id
            """).all().isEmpty == false
    }
}
