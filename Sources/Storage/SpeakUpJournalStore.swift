import Foundation
import SQLKit

extension SpeakUpStore {
    /// The profile's takes made in [from, to): how many there are, and the newest `limit` of them, oldest first (the journal).
    public func journalTakes(childId: ChildID, in scope: FamilyScope, from: Date?, to: Date, limit: Int) async throws -> (count: Int, takes: [SpeakUpTake]) {
        let (start, end) = (from?.millis ?? 0, to.millis)
        let count = try await sql.raw("""
            SELECT COUNT(*) AS n FROM speakup_takes
            WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) AND created_at >= \(bind: start) AND created_at < \(bind: end)
            """).first()?.decode(column: "n", as: Int.self) ?? 0
        let takes = try await sql.raw("""
            SELECT * FROM speakup_takes
            WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) AND created_at >= \(bind: start) AND created_at < \(bind: end)
            ORDER BY created_at DESC, id DESC LIMIT \(bind: limit)
            """).all().map(SpeakUpTake.init(row:))
        return (count, takes.reversed())
    }
}
