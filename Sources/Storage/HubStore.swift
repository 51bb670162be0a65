import Foundation
import Hub
import SQLKit

/// Everything one child's hub shows, read in a single round trip: the hub is the most-read page.
public struct HubSnapshot: Sendable, Equatable {
    /// The child's name, grade and avatar (the hub does not read when the child was added).
    public let child: Child
    public let hiddenApps: Set<String>
    /// The status of the child's newest request for each app (a status this version does not know is left out).
    public let latestRequests: [String: AppRequest.Status]
    /// The parent's note on that request, where there is one.
    public let requestNotes: [String: String]
    public let ownedProducts: Set<String>
}

public struct HubStore: Sendable {
    let database: Database
    public init(database: Database) { self.database = database }

    /// The child's hub, or nil when the child is not in this family.
    public func snapshot(childId: ChildID, in scope: FamilyScope) async throws -> HubSnapshot? {
        let rows = try await database.sql.raw("""
            SELECT 'child' AS kind, c.name AS a, c.avatar AS b, c.grade AS n, CAST(NULL AS TEXT) AS c FROM children c
                WHERE c.id = \(bind: childId) AND c.family_id = \(bind: scope.familyId)
            UNION ALL
            SELECT 'hidden', h.app_id, CAST(NULL AS TEXT), 0, CAST(NULL AS TEXT) FROM hidden_apps h
                WHERE h.child_id = \(bind: childId) AND h.family_id = \(bind: scope.familyId)
            UNION ALL
            SELECT 'owned', p.product_id, CAST(NULL AS TEXT), 0, CAST(NULL AS TEXT) FROM purchases p
                WHERE p.family_id = \(bind: scope.familyId)
            UNION ALL
            SELECT 'request', r.app_id, r.status, r.created_at, r.note FROM app_requests r
                WHERE r.child_id = \(bind: childId) AND r.family_id = \(bind: scope.familyId)
                  AND r.created_at = (SELECT MAX(r2.created_at) FROM app_requests r2
                                      WHERE r2.child_id = r.child_id AND r2.app_id = r.app_id)
            """).all()
        var child: Child?
        var hidden = Set<String>(), owned = Set<String>()
        var latest: [String: AppRequest.Status] = [:], notes: [String: String] = [:]
        for row in rows {
            let a = try row.decode(column: "a", as: String.self)
            switch try row.decode(column: "kind", as: String.self) {
            case "child":
                child = Child(id: childId, familyId: scope.familyId, name: a, grade: try row.decode(column: "n", as: Int.self),
                              avatar: try row.decode(column: "b", as: String.self), createdAt: Date(millis: 0))
            case "hidden": hidden.insert(a)
            case "owned": owned.insert(a)
            default:
                latest[a] = AppRequest.Status(rawValue: try row.decode(column: "b", as: String.self))
                notes[a] = try row.decode(column: "c", as: String?.self)
            }
        }
        return child.map { HubSnapshot(child: $0, hiddenApps: hidden, latestRequests: latest, requestNotes: notes, ownedProducts: owned) }
    }
}
