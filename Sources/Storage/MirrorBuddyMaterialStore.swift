import Foundation
import SQLKit
import Study

/// A material as lists show it: no text, the words it has, and where a search matched.
public struct MaterialSummary: Sendable, Equatable {
    public let id: String
    public let title: String
    public let subjectId: String?
    public let source: StudyMaterial.Source
    public let status: StudyMaterial.Status
    public let failure: String?
    public let failureCode: String?
    public let language: StudyLanguage
    public let words: Int
    public let pages: Int
    public let createdAt: Date
    public let snippet: String?
}

/// What a material list is narrowed to: words in the title or text, a subject, days it was added.
public struct MaterialFilter: Sendable {
    public var query: SearchQuery?
    public var subjectId: String?
    public var since: Date?
    public var until: Date?
    public var limit = 200
    public init(query: SearchQuery? = nil, subjectId: String? = nil, since: Date? = nil, until: Date? = nil) {
        (self.query, self.subjectId, self.since, self.until) = (query, subjectId, since, until)
    }
}

extension MirrorBuddyStore {
    /// Adds a material with its line in the activity ledger; `StorageError.limitReached` when the
    /// student has `StudyMaterials.limit` already.
    public func addMaterial(_ material: StudyMaterial, childId: ChildID, in scope: FamilyScope, activityId: String) async throws {
        let pages = String(decoding: try JSONEncoder().encode(material.pages), as: UTF8.self)
        let body = material.text
        try await database.transaction { sql in
            try await sql.raw("UPDATE children SET name = name WHERE id = \(bind: childId) AND family_id = \(bind: scope.familyId)").run()
            let count = try await sql.raw("""
                SELECT COUNT(*) AS n FROM mirrorbuddy_materials WHERE family_id = \(bind: scope.familyId) AND child_id = \(bind: childId)
                """).first()?.decode(column: "n", as: Int.self) ?? 0
            guard count < StudyMaterials.limit else { throw StorageError.limitReached }
            try await sql.raw("""
                INSERT INTO mirrorbuddy_materials (id, family_id, child_id, title, subject_id, source, status, failure, language, pages, body,
                    word_count, page_count, created_at, updated_at)
                VALUES (\(bind: material.id), \(bind: scope.familyId), \(bind: childId), \(bind: material.title), \(bind: material.subjectId),
                    \(bind: material.source.rawValue), \(bind: material.status.rawValue), \(bind: material.failure), \(bind: material.language.rawValue),
                    \(bind: pages), \(bind: body), \(bind: StudyMaterials.wordCount(body)), \(bind: material.pages.count), \(bind: material.createdAt.millis), \(bind: material.createdAt.millis))
                """).run()
            try await sql.raw("""
                INSERT INTO mirrorbuddy_activity (id, family_id, child_id, kind, at, subject_id, ref_id)
                VALUES (\(bind: activityId), \(bind: scope.familyId), \(bind: childId), 'material', \(bind: material.createdAt.millis),
                    \(bind: material.subjectId), \(bind: material.id))
                """).run()
        }
    }

    /// The student's materials, newest first, narrowed by `filter`; a search gives each a snippet.
    public func materials(childId: ChildID, in scope: FamilyScope, filter: MaterialFilter = .init()) async throws -> [MaterialSummary] {
        let since = filter.since?.millis ?? Int64.min
        let until = filter.until?.millis ?? Int64.max
        let subject = filter.subjectId ?? ""
        let narrowed: SQLQueryString = """
            m.family_id = \(bind: scope.familyId) AND m.child_id = \(bind: childId)
                AND (\(bind: subject) = '' OR m.subject_id = \(bind: subject))
                AND m.created_at >= \(bind: since) AND m.created_at < \(bind: until)
            """
        let rows: [any SQLRow]
        switch (filter.query, database.kind) {
        case (nil, _):
            rows = try await sql.raw("""
                SELECT \(unsafeRaw: Self.summaryColumns), NULL AS snippet FROM mirrorbuddy_materials m
                WHERE \(narrowed) ORDER BY m.created_at DESC, m.id DESC LIMIT \(bind: filter.limit)
                """).all()
        case (let query?, .sqlite):
            rows = try await sql.raw("""
                SELECT \(unsafeRaw: Self.summaryColumns), snippet(mirrorbuddy_search, 1, '', '', '…', 14) AS snippet
                FROM mirrorbuddy_search s JOIN mirrorbuddy_materials m ON m.rowid = s.rowid AND m.id = s.material_id
                WHERE mirrorbuddy_search MATCH \(bind: query.fts5) AND \(narrowed)
                ORDER BY m.created_at DESC, m.id DESC LIMIT \(bind: filter.limit)
                """).all()
        case (let query?, .postgres):
            rows = try await sql.raw("""
                SELECT \(unsafeRaw: Self.summaryColumns),
                    ts_headline('simple', m.body, to_tsquery('simple', \(bind: query.tsquery)),
                                'StartSel="",StopSel="",MaxWords=16,MinWords=6,ShortWord=2') AS snippet
                FROM mirrorbuddy_materials m
                WHERE to_tsvector('simple', m.title || ' ' || m.body) @@ to_tsquery('simple', \(bind: query.tsquery)) AND \(narrowed)
                ORDER BY m.created_at DESC, m.id DESC LIMIT \(bind: filter.limit)
                """).all()
        }
        return try rows.map(Self.summary(row:))
    }

    public func material(id: String, childId: ChildID, in scope: FamilyScope) async throws -> StudyMaterial? {
        guard let row = try await sql.raw("""
            SELECT id, title, subject_id, source, status, failure, failure_code, language, pages, created_at FROM mirrorbuddy_materials
            WHERE id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
            """).first() else { return nil }
        let pages = try JSONDecoder().decode([String].self, from: Data(try row.decode(column: "pages", as: String.self).utf8))
        return StudyMaterial(id: try row.decode(column: "id", as: String.self), title: try row.decode(column: "title", as: String.self),
                             subjectId: try row.decode(column: "subject_id", as: String?.self),
                             source: StudyMaterial.Source(rawValue: try row.decode(column: "source", as: String.self)) ?? .text,
                             status: StudyMaterial.Status(rawValue: try row.decode(column: "status", as: String.self)) ?? .failed,
                             failure: try row.decode(column: "failure", as: String?.self),
                             failureCode: try row.decode(column: "failure_code", as: String?.self),
                             language: StudyLanguage(rawValue: try row.decode(column: "language", as: String.self)) ?? .it,
                             pages: pages, createdAt: Date(millis: try row.decode(column: "created_at", as: Int64.self)))
    }

    public func summary(id: String, childId: ChildID, in scope: FamilyScope) async throws -> MaterialSummary? {
        try await sql.raw("""
            SELECT \(unsafeRaw: Self.summaryColumns), NULL AS snippet FROM mirrorbuddy_materials m
            WHERE m.id = \(bind: id) AND m.child_id = \(bind: childId) AND m.family_id = \(bind: scope.familyId)
            """).first().map(Self.summary(row:))
    }

    /// Renames, refiles (nil subject: none) or changes the language of a material. A material still
    /// being read that is given a new title keeps it (its text no longer names it).
    public func updateMaterial(id: String, childId: ChildID, in scope: FamilyScope, title: String, subjectId: String?,
                               language: StudyLanguage, now: Date) async throws -> Bool {
        try await sql.raw("""
            UPDATE mirrorbuddy_materials SET title_from_text = CASE WHEN title = \(bind: title) THEN title_from_text ELSE 0 END,
                text_version = CASE WHEN title = \(bind: title) AND language = \(bind: language.rawValue) THEN text_version ELSE text_version + 1 END,
                title = \(bind: title), subject_id = \(bind: subjectId), language = \(bind: language.rawValue),
                updated_at = \(bind: now.millis)
            WHERE id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) RETURNING id
            """).first() != nil
    }

    /// Deletes a material (its search entry with it); tasks linked to it lose the link. One deleted
    /// within a day of being added takes its XP back (pasting and deleting buys nothing). Returns its
    /// files' keys, for the caller to delete.
    public func deleteMaterial(id: String, childId: ChildID, in scope: FamilyScope, now: Date) async throws -> (deleted: Bool, fileKeys: [String]) {
        try await database.transaction { sql in
            guard let row = try await sql.raw("""
                DELETE FROM mirrorbuddy_materials WHERE id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
                RETURNING file_key, created_at
                """).first() else { return (false, []) }
            try await Self.deletePassages(materialId: id, in: scope, on: sql)
            try await sql.raw("""
                UPDATE mirrorbuddy_tasks SET material_id = NULL
                WHERE material_id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
                """).run()
            // Its cards (with their memory), maps and quizzes stay: what the student learnt and made is not the material's.
            try await sql.raw("""
                UPDATE mirrorbuddy_cards SET material_id = NULL
                WHERE material_id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
                """).run()
            try await sql.raw("""
                UPDATE mirrorbuddy_maps SET material_id = NULL
                WHERE material_id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
                """).run()
            try await sql.raw("""
                UPDATE mirrorbuddy_quizzes SET material_id = NULL
                WHERE material_id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
                """).run()
            if try row.decode(column: "created_at", as: Int64.self) > now.addingTimeInterval(-86_400).millis {
                try await sql.raw("""
                    DELETE FROM mirrorbuddy_activity
                    WHERE kind = 'material' AND ref_id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
                    """).run()
            }
            return (true, (try row.decode(column: "file_key", as: String?.self) ?? "").split(separator: "\n").map(String.init))
        }
    }

    static let summaryColumns = """
        m.id, m.title, m.subject_id, m.source, m.status, m.failure, m.failure_code, m.language, m.word_count, m.page_count, m.created_at
        """

    private static func summary(row: any SQLRow) throws -> MaterialSummary {
        MaterialSummary(id: try row.decode(column: "id", as: String.self), title: try row.decode(column: "title", as: String.self),
                               subjectId: try row.decode(column: "subject_id", as: String?.self),
                               source: StudyMaterial.Source(rawValue: try row.decode(column: "source", as: String.self)) ?? .text,
                               status: StudyMaterial.Status(rawValue: try row.decode(column: "status", as: String.self)) ?? .failed,
                               failure: try row.decode(column: "failure", as: String?.self),
                               failureCode: try row.decode(column: "failure_code", as: String?.self),
                               language: StudyLanguage(rawValue: try row.decode(column: "language", as: String.self)) ?? .it,
                               words: try row.decode(column: "word_count", as: Int.self), pages: try row.decode(column: "page_count", as: Int.self),
                               createdAt: Date(millis: try row.decode(column: "created_at", as: Int64.self)),
                               snippet: try row.decode(column: "snippet", as: String?.self))
    }
}
