import Foundation
import SQLKit
import Study

/// A stored mind map: the tree and where it came from.
public struct StoredMindMap: Sendable, Equatable {
    public let id: String
    public var materialId: String?
    public var subjectId: String?
    public var map: MindMap
    public var revision: Int
    public let createdAt: Date
    public var updatedAt: Date
    public init(id: String, materialId: String?, subjectId: String?, map: MindMap, revision: Int, createdAt: Date, updatedAt: Date) {
        (self.id, self.materialId, self.subjectId, self.map, self.revision, self.createdAt, self.updatedAt) =
            (id, materialId, subjectId, map, revision, createdAt, updatedAt)
    }
}

/// What a list of maps shows.
public struct MindMapSummary: Sendable, Equatable {
    public let id: String
    public let title: String
    public let materialId: String?
    public let subjectId: String?
    public let nodes: Int
    public let updatedAt: Date
}

/// The answer to a save: the map as saved, or why not.
public enum MapSaveOutcome: Sendable, Equatable {
    case saved(StoredMindMap)
    /// Saved meanwhile by another device: the revision is not the one the page read.
    case changed(currentRevision: Int)
    case notFound
}

extension MirrorBuddyStore {
    // MARK: - Mind maps

    public func maps(childId: ChildID, in scope: FamilyScope, materialId: String? = nil) async throws -> [MindMapSummary] {
        var query = SQLQueryString("""
            SELECT id, title, material_id, subject_id, node_count, updated_at FROM mirrorbuddy_maps
            WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
            """)
        if let materialId { query.appendInterpolation(unsafeRaw: " AND material_id = "); query.appendInterpolation(bind: materialId) }
        query.appendInterpolation(unsafeRaw: " ORDER BY updated_at DESC, id DESC")
        return try await sql.raw(query).all().map { row in
            MindMapSummary(id: try row.decode(column: "id", as: String.self), title: try row.decode(column: "title", as: String.self),
                           materialId: try row.decode(column: "material_id", as: String?.self), subjectId: try row.decode(column: "subject_id", as: String?.self),
                           nodes: try row.decode(column: "node_count", as: Int.self), updatedAt: Date(millis: try row.decode(column: "updated_at", as: Int64.self)))
        }
    }

    public func map(id: String, childId: ChildID, in scope: FamilyScope) async throws -> StoredMindMap? {
        try await sql.raw("""
            SELECT * FROM mirrorbuddy_maps WHERE id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
            """).first().map(Self.map(row:))
    }

    /// The map made from a material, if there is one.
    public func map(materialId: String, childId: ChildID, in scope: FamilyScope) async throws -> StoredMindMap? {
        try await sql.raw("""
            SELECT * FROM mirrorbuddy_maps WHERE material_id = \(bind: materialId) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
            ORDER BY created_at LIMIT 1
            """).first().map(Self.map(row:))
    }

    /// Adds a map, replacing the ones made from the same material when `replacing`; without it, a map
    /// the material got meanwhile (a second tab, a voice command beside a tap) is answered instead.
    /// `StorageError.limitReached` at `MindMaps.limit` maps.
    @discardableResult
    public func addMap(_ stored: StoredMindMap, childId: ChildID, in scope: FamilyScope, replacingMaterialMaps replacing: Bool) async throws -> StoredMindMap {
        let nodes = String(decoding: try JSONEncoder().encode(stored.map.nodes), as: UTF8.self)
        return try await database.transaction { sql in
            try await sql.raw("UPDATE children SET name = name WHERE id = \(bind: childId) AND family_id = \(bind: scope.familyId)").run()
            if let materialId = stored.materialId {
                if replacing {
                    try await sql.raw("""
                        DELETE FROM mirrorbuddy_maps WHERE material_id = \(bind: materialId) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
                        """).run()
                } else if let row = try await sql.raw("""
                    SELECT * FROM mirrorbuddy_maps WHERE material_id = \(bind: materialId) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
                    ORDER BY created_at LIMIT 1
                    """).first() {
                    return try Self.map(row: row)
                }
            }
            let count = try await sql.raw("""
                SELECT COUNT(*) AS n FROM mirrorbuddy_maps WHERE family_id = \(bind: scope.familyId) AND child_id = \(bind: childId)
                """).first()?.decode(column: "n", as: Int.self) ?? 0
            guard count < MindMaps.limit else { throw StorageError.limitReached }
            try await sql.raw("""
                INSERT INTO mirrorbuddy_maps (id, family_id, child_id, material_id, subject_id, title, nodes, node_count, revision, created_at, updated_at)
                SELECT \(bind: stored.id), family_id, id, \(bind: stored.materialId), \(bind: stored.subjectId), \(bind: stored.map.title), \(bind: nodes),
                    \(bind: stored.map.nodes.count), \(bind: stored.revision), \(bind: stored.createdAt.millis), \(bind: stored.updatedAt.millis)
                FROM children WHERE id = \(bind: childId) AND family_id = \(bind: scope.familyId)
                """).run()
            return stored
        }
    }

    /// Saves a map's tree and title when `revision` is still the stored one; the revision goes up by one.
    public func saveMap(id: String, _ map: MindMap, revision: Int, childId: ChildID, in scope: FamilyScope, now: Date) async throws -> MapSaveOutcome {
        let nodes = String(decoding: try JSONEncoder().encode(map.nodes), as: UTF8.self)
        return try await database.transaction { sql in
            guard let row = try await sql.raw("""
                UPDATE mirrorbuddy_maps SET title = \(bind: map.title), nodes = \(bind: nodes), node_count = \(bind: map.nodes.count),
                    revision = revision + 1, updated_at = \(bind: now.millis)
                WHERE id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) AND revision = \(bind: revision)
                RETURNING *
                """).first() else {
                guard let current = try await sql.raw("""
                    SELECT revision FROM mirrorbuddy_maps WHERE id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
                    """).first() else { return .notFound }
                return .changed(currentRevision: try current.decode(column: "revision", as: Int.self))
            }
            return .saved(try Self.map(row: row))
        }
    }

    public func deleteMap(id: String, childId: ChildID, in scope: FamilyScope) async throws -> Bool {
        try await sql.raw("""
            DELETE FROM mirrorbuddy_maps WHERE id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) RETURNING id
            """).first() != nil
    }

    static func map(row: any SQLRow) throws -> StoredMindMap {
        let nodes = try JSONDecoder().decode([MindMap.Node].self, from: Data(try row.decode(column: "nodes", as: String.self).utf8))
        return StoredMindMap(id: try row.decode(column: "id", as: String.self), materialId: try row.decode(column: "material_id", as: String?.self),
                             subjectId: try row.decode(column: "subject_id", as: String?.self),
                             map: MindMap(title: try row.decode(column: "title", as: String.self), nodes: nodes),
                             revision: try row.decode(column: "revision", as: Int.self),
                             createdAt: Date(millis: try row.decode(column: "created_at", as: Int64.self)),
                             updatedAt: Date(millis: try row.decode(column: "updated_at", as: Int64.self)))
    }
}
