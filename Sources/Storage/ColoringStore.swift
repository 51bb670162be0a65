import Foundation
import SQLKit

/// Coloring Fun's rows. Every query filters on the family and the child.
public struct ColoringStore: Sendable {
    let database: Database
    public init(database: Database) { self.database = database }

    private var sql: any SQLDatabase { database.sql }

    public func drawings(childId: ChildID, in scope: FamilyScope) async throws -> [DrawingSummary] {
        try await sql.raw("""
            SELECT id, page, revision, created_at, updated_at FROM drawings
            WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) ORDER BY updated_at DESC, id
            """).all(decoding: DrawingSummaryRow.self, keyDecodingStrategy: .convertFromSnakeCase).map(\.value)
    }

    public func count(childId: ChildID, in scope: FamilyScope) async throws -> Int {
        try await sql.raw("SELECT COUNT(*) AS n FROM drawings WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)")
            .first()?.decode(column: "n", as: Int.self) ?? 0
    }

    public func drawing(id: DrawingID, childId: ChildID, in scope: FamilyScope) async throws -> Drawing? {
        try await sql.raw("""
            SELECT * FROM drawings WHERE id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
            """).first(decoding: DrawingRow.self, keyDecodingStrategy: .convertFromSnakeCase)?.value
    }

    public func insert(_ drawing: Drawing, in scope: FamilyScope) async throws {
        try scope.check(drawing)
        try await sql.raw("""
            INSERT INTO drawings (id, family_id, child_id, page, document, document_bytes, revision, created_at, updated_at)
            VALUES (\(bind: drawing.id), \(bind: scope.familyId), \(bind: drawing.childId), \(bind: drawing.page), \(bind: drawing.document),
                    \(bind: drawing.document.utf8.count), \(bind: drawing.revision), \(bind: drawing.createdAt.millis), \(bind: drawing.updatedAt.millis))
            """).run()
    }

    /// Replaces the document if the drawing is still at `baseRevision` (or whatever its revision when
    /// nil); returns the new revision, or nil when the drawing is gone or changed meanwhile.
    public func save(id: DrawingID, childId: ChildID, in scope: FamilyScope, page: String?, document: String, baseRevision: Int?,
                     now: Date) async throws -> Int? {
        let row = try await sql.raw("""
            UPDATE drawings SET document = \(bind: document), document_bytes = \(bind: document.utf8.count), page = \(bind: page),
                revision = revision + 1, updated_at = \(bind: now.millis)
            WHERE id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
                AND (\(bind: baseRevision == nil ? 1 : 0) = 1 OR revision = \(bind: baseRevision ?? -1))
            RETURNING revision
            """).first()
        return try row?.decode(column: "revision", as: Int.self)
    }

    public func delete(id: DrawingID, childId: ChildID, in scope: FamilyScope) async throws -> Bool {
        try await sql.raw("""
            DELETE FROM drawings WHERE id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) RETURNING id
            """).first() != nil
    }

    // MARK: - Settings

    public func settings(childId: ChildID, in scope: FamilyScope) async throws -> ColoringSettings {
        guard let row = try await sql.raw("""
            SELECT stamps, saving, export, kids_mode FROM coloring_settings WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
            """).first() else { return ColoringSettings() }
        return ColoringSettings(stamps: try row.decode(column: "stamps", as: Int.self) != 0, saving: try row.decode(column: "saving", as: Int.self) != 0,
                                   export: try row.decode(column: "export", as: Int.self) != 0,
                                   kidsMode: try row.decode(column: "kids_mode", as: Int.self) != 0)
    }

    public func saveSettings(_ settings: ColoringSettings, childId: ChildID, in scope: FamilyScope, now: Date) async throws {
        try await sql.raw("""
            INSERT INTO coloring_settings (child_id, family_id, stamps, saving, export, kids_mode, updated_at)
            VALUES (\(bind: childId), \(bind: scope.familyId), \(bind: settings.stamps ? 1 : 0), \(bind: settings.saving ? 1 : 0),
                    \(bind: settings.export ? 1 : 0), \(bind: settings.kidsMode ? 1 : 0), \(bind: now.millis))
            ON CONFLICT (child_id) DO UPDATE SET stamps = excluded.stamps, saving = excluded.saving, export = excluded.export,
                kids_mode = excluded.kids_mode, updated_at = excluded.updated_at
            """).run()
    }
}
