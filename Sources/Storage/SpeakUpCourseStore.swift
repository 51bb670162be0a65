import Foundation
import SQLKit
import SpeechCoach

/// The course's readings and reviews a profile ticked, and what the course is judged on.
extension SpeakUpStore {
    /// Ticks an activity now. A tick again moves it to now: the route ticks only what is not done,
    /// so an old tick that no longer counts (its week opened later once a take was deleted) is renewed.
    public func tick(activityId: String, at date: Date, childId: ChildID, in scope: FamilyScope) async throws {
        try await sql.raw("""
            INSERT INTO speakup_course_ticks (family_id, child_id, activity_id, created_at)
            VALUES (\(bind: scope.familyId), \(bind: childId), \(bind: activityId), \(bind: date.millis))
            ON CONFLICT (child_id, activity_id) DO UPDATE SET created_at = excluded.created_at
            """).run()
    }

    /// Everything the course looks at for one profile: its takes (`points`, when the caller has them
    /// already), its finished practice, its ticks.
    public func courseEvidence(childId: ChildID, in scope: FamilyScope, points known: [SpeakUpTakePoint]? = nil) async throws -> CurriculumEvidence {
        var points = known ?? []
        if known == nil { points = try await self.points(childId: childId, in: scope) }
        let takes = points.map {
            CurriculumEvidence.Take(id: $0.id.rawValue, at: $0.createdAt, digest: $0.digest, promptId: $0.promptId)
        }
        let finished = try await sql.raw("""
            SELECT kind, item_id, created_at, passed FROM speakup_practice
            WHERE family_id = \(bind: scope.familyId) AND child_id = \(bind: childId) AND kind IN ('warmUp', 'calm', 'drill')
            ORDER BY created_at, id
            """).all().compactMap { row -> CurriculumEvidence.Finished? in
                guard let kind = PracticeKind(rawValue: try row.decode(column: "kind", as: String.self)) else { return nil }
                let passed = try row.decode(column: "passed", as: Int?.self).map { $0 != 0 } ?? true
                return CurriculumEvidence.Finished(kind: kind, itemId: try row.decode(column: "item_id", as: String.self),
                                                   at: Date(millis: try row.decode(column: "created_at", as: Int64.self)), passed: passed)
            }
        let ticks = try await sql.raw("""
            SELECT activity_id, created_at FROM speakup_course_ticks
            WHERE family_id = \(bind: scope.familyId) AND child_id = \(bind: childId)
            """).all().map { row in
                CurriculumEvidence.Tick(activityId: try row.decode(column: "activity_id", as: String.self),
                                        at: Date(millis: try row.decode(column: "created_at", as: Int64.self)))
            }
        return CurriculumEvidence(takes: takes, finished: finished, ticks: ticks)
    }

    /// The passages the profile read aloud, each with when it was first read.
    public func passagesRead(childId: ChildID, in scope: FamilyScope) async throws -> [(passage: String, at: Date)] {
        try await sql.raw("""
            SELECT item_id, MIN(created_at) AS first FROM speakup_practice
            WHERE family_id = \(bind: scope.familyId) AND child_id = \(bind: childId) AND kind = 'readAloud'
            GROUP BY item_id
            """).all().map { row in
                (try row.decode(column: "item_id", as: String.self), Date(millis: try row.decode(column: "first", as: Int64.self)))
            }
    }

    /// How many takes the profile has.
    public func takeCount(childId: ChildID, in scope: FamilyScope) async throws -> Int {
        try await sql.raw("""
            SELECT COUNT(*) AS n FROM speakup_takes WHERE family_id = \(bind: scope.familyId) AND child_id = \(bind: childId)
            """).first()?.decode(column: "n", as: Int.self) ?? 0
    }
}
