import Foundation
import SQLKit

/// A family's weekly-digest setting.
public struct DigestSetting: Sendable, Equatable {
    public let enabled: Bool
    public let timeZone: String
    public let lastWeek: String?
    public init(enabled: Bool, timeZone: String, lastWeek: String? = nil) { (self.enabled, self.timeZone, self.lastWeek) = (enabled, timeZone, lastWeek) }
}

/// The weekly digest's setting per family, and the claim on each week's sending.
extension MirrorBuddyStore {
    public func digestSetting(in scope: FamilyScope) async throws -> DigestSetting? {
        try await sql.raw("""
            SELECT enabled, time_zone, last_week FROM mirrorbuddy_digests WHERE family_id = \(bind: scope.familyId)
            """).first().map { DigestSetting(enabled: try $0.decode(column: "enabled", as: Int.self) == 1,
                                              timeZone: try $0.decode(column: "time_zone", as: String.self),
                                              lastWeek: try $0.decode(column: "last_week", as: String?.self)) }
    }

    /// Turns the digest on or off; `lastWeek` is the week just gone when it is turned on (the first
    /// digest is the next one, not one about a week the parent has seen already).
    public func saveDigestSetting(enabled: Bool, timeZone: String, lastWeek: String, in scope: FamilyScope, now: Date) async throws {
        try await sql.raw("""
            INSERT INTO mirrorbuddy_digests (family_id, enabled, time_zone, last_week, updated_at)
            SELECT id, \(bind: enabled ? 1 : 0), \(bind: timeZone), \(bind: lastWeek), \(bind: now.millis) FROM families WHERE id = \(bind: scope.familyId)
            ON CONFLICT (family_id) DO UPDATE SET enabled = excluded.enabled, time_zone = excluded.time_zone,
                last_week = CASE WHEN mirrorbuddy_digests.enabled = 1 THEN mirrorbuddy_digests.last_week ELSE excluded.last_week END,
                updated_at = excluded.updated_at
            """).run()
    }

    /// The families with the digest on.
    public func digestFamilies() async throws -> [(scope: FamilyScope, setting: DigestSetting)] {
        try await sql.raw("""
            SELECT family_id, enabled, time_zone, last_week FROM mirrorbuddy_digests WHERE enabled = 1 ORDER BY family_id
            """).all().map { row in
            (FamilyScope(familyId: FamilyID(try row.decode(column: "family_id", as: String.self))),
             DigestSetting(enabled: true, timeZone: try row.decode(column: "time_zone", as: String.self),
                           lastWeek: try row.decode(column: "last_week", as: String?.self)))
        }
    }

    /// Claims the sending of `week` for the family: true for exactly one caller (another instance,
    /// another pass), and only while the digest is on.
    public func claimDigest(week: String, in scope: FamilyScope, now: Date) async throws -> Bool {
        try await sql.raw("""
            UPDATE mirrorbuddy_digests SET last_week = \(bind: week), updated_at = \(bind: now.millis)
            WHERE family_id = \(bind: scope.familyId) AND enabled = 1 AND (last_week IS NULL OR last_week < \(bind: week))
            RETURNING family_id
            """).first() != nil
    }
}
