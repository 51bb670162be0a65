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

    /// What a deleted child's rows pointed at outside the database, for the caller to remove once
    /// the rows are gone: stored files (request recordings, SpeakUp takes, MirrorBuddy photos and
    /// PDFs), their drawings at the revision whose thumbnail is kept, and materials that may be
    /// being read.
    public struct Leftovers: Sendable, Equatable {
        public let blobKeys: [String]
        public let drawings: [DrawingRevision]
        public let materialIds: [String]
    }

    public struct DrawingRevision: Sendable, Equatable {
        public let id: DrawingID
        public let revision: Int
    }

    /// Deletes the child and every row of theirs (most by cascade); returns what their rows pointed at, or nil when the child is not in this family.
    public func delete(id: ChildID, in scope: FamilyScope) async throws -> Leftovers? {
        try await database.transaction { sql in
            let found = try await sql.raw("SELECT id FROM children WHERE id = \(bind: id) AND family_id = \(bind: scope.familyId)").first()
            guard found != nil else { return nil }
            var keys = try await sql.raw("""
                SELECT audio_key AS k FROM app_requests WHERE child_id = \(bind: id) AND audio_key IS NOT NULL
                UNION ALL SELECT audio_key AS k FROM speakup_takes WHERE child_id = \(bind: id) AND audio_key IS NOT NULL
                """).all().map { try $0.decode(column: "k", as: String.self) }
            let materials = try await sql.raw("""
                SELECT id, file_key FROM mirrorbuddy_materials WHERE child_id = \(bind: id)
                """).all()
            keys += try materials.flatMap { (try $0.decode(column: "file_key", as: String?.self) ?? "").split(separator: "\n").map(String.init) }
            let drawings = try await sql.raw("SELECT id, revision FROM drawings WHERE child_id = \(bind: id)").all().map {
                DrawingRevision(id: try $0.decode(column: "id", as: DrawingID.self), revision: try $0.decode(column: "revision", as: Int.self))
            }
            try await sql.raw("DELETE FROM app_requests WHERE child_id = \(bind: id)").run()
            try await sql.raw("DELETE FROM hidden_apps WHERE child_id = \(bind: id)").run()
            try await sql.raw("UPDATE sessions SET child_id = NULL WHERE child_id = \(bind: id)").run()
            try await sql.raw("DELETE FROM children WHERE id = \(bind: id)").run()
            return Leftovers(blobKeys: keys, drawings: drawings,
                             materialIds: try materials.map { try $0.decode(column: "id", as: String.self) })
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
