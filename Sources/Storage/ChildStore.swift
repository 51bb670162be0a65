import Foundation
import SQLKit

/// Child profiles and which apps a parent has hidden from each.
public struct ChildStore: Sendable {
    let database: Database
    public init(database: Database) { self.database = database }

    private var sql: any SQLDatabase { database.sql }

    public func children(in scope: FamilyScope) async throws -> [Child] {
        try await sql.raw("SELECT * FROM children WHERE family_id = \(bind: scope.familyId) ORDER BY created_at, name")
            .all(decoding: ChildRow.self, keyDecodingStrategy: .convertFromSnakeCase).map(\.value)
    }

    public func child(id: ChildID, in scope: FamilyScope) async throws -> Child? {
        try await sql.raw("SELECT * FROM children WHERE id = \(bind: id) AND family_id = \(bind: scope.familyId)")
            .first(decoding: ChildRow.self, keyDecodingStrategy: .convertFromSnakeCase)?.value
    }

    public func insert(_ child: Child, in scope: FamilyScope) async throws {
        try scope.check(child)
        try await sql.raw("""
            INSERT INTO children (id, family_id, name, grade, avatar, created_at)
            VALUES (\(bind: child.id), \(bind: scope.familyId), \(bind: child.name), \(bind: child.grade),
                    \(bind: child.avatar), \(bind: child.createdAt.millis))
            """).run()
    }

    /// Saves name, grade and avatar; false when the child is not in this family.
    public func update(_ child: Child, in scope: FamilyScope) async throws -> Bool {
        try scope.check(child)
        return try await sql.raw("""
            UPDATE children SET name = \(bind: child.name), grade = \(bind: child.grade), avatar = \(bind: child.avatar)
            WHERE id = \(bind: child.id) AND family_id = \(bind: scope.familyId)
            RETURNING id
            """).first() != nil
    }

    /// Deletes the child and every row of theirs; returns the blob keys their rows pointed at.
    public func delete(id: ChildID, in scope: FamilyScope) async throws -> [String]? {
        try await database.transaction { sql in
            let found = try await sql.raw("SELECT id FROM children WHERE id = \(bind: id) AND family_id = \(bind: scope.familyId)").first()
            guard found != nil else { return nil }
            let keys = try await sql.raw("""
                SELECT audio_key FROM app_requests WHERE child_id = \(bind: id) AND audio_key IS NOT NULL
                """).all().map { try $0.decode(column: "audio_key", as: String.self) }
            try await sql.raw("DELETE FROM app_requests WHERE child_id = \(bind: id)").run()
            try await sql.raw("DELETE FROM hidden_apps WHERE child_id = \(bind: id)").run()
            try await sql.raw("UPDATE sessions SET child_id = NULL WHERE child_id = \(bind: id)").run()
            try await sql.raw("DELETE FROM children WHERE id = \(bind: id)").run()
            return keys
        }
    }

    public func hiddenApps(childId: ChildID, in scope: FamilyScope) async throws -> Set<String> {
        Set(try await sql.raw("""
            SELECT app_id FROM hidden_apps WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
            """).all().map { try $0.decode(column: "app_id", as: String.self) })
    }

    public func setHidden(_ hidden: Bool, appId: String, childId: ChildID, in scope: FamilyScope) async throws {
        if hidden {
            try await sql.raw("""
                INSERT INTO hidden_apps (child_id, family_id, app_id) VALUES (\(bind: childId), \(bind: scope.familyId), \(bind: appId))
                ON CONFLICT (child_id, app_id) DO NOTHING
                """).run()
        } else {
            try await sql.raw("""
                DELETE FROM hidden_apps WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) AND app_id = \(bind: appId)
                """).run()
        }
    }
}
