import Foundation
import SQLKit
import Study

/// A material from a PDF or photos while it is read in the background: added waiting with its files,
/// marked while it is read, then ready with its pages (and its place in the activity ledger) or
/// failed with the reason. The files' keys are kept one a line in `file_key`.
extension MirrorBuddyStore {
    /// A material waiting to be read, in a folder of files the server has stored already.
    public struct Unread: Sendable, Equatable {
        public let scope: FamilyScope
        public let childId: ChildID
        public let materialId: String
        public let source: StudyMaterial.Source
        public let fileKeys: [String]
        public let language: StudyLanguage
        /// Times a server began reading it.
        public let attempts: Int
        /// No title was given: the text read names it.
        public let titleFromText: Bool
    }

    /// Adds a material waiting to be read (`StorageError.limitReached` past the student's limit of
    /// materials, or past `byteLimit` bytes of files kept for the student).
    public func addUnread(_ material: StudyMaterial, fileKeys: [String], fileBytes: Int, byteLimit: Int, titleFromText: Bool,
                          childId: ChildID, in scope: FamilyScope) async throws {
        try await database.transaction { sql in
            try await sql.raw("UPDATE children SET name = name WHERE id = \(bind: childId) AND family_id = \(bind: scope.familyId)").run()
            guard let row = try await sql.raw("""
                SELECT COUNT(*) AS n, CAST(COALESCE(SUM(file_bytes), 0) AS BIGINT) AS bytes FROM mirrorbuddy_materials
                WHERE family_id = \(bind: scope.familyId) AND child_id = \(bind: childId)
                """).first() else { return }
            let count = try row.decode(column: "n", as: Int.self)
            let bytes = try row.decode(column: "bytes", as: Int.self)
            guard count < StudyMaterials.limit, bytes + fileBytes <= byteLimit else { throw StorageError.limitReached }
            try await sql.raw("""
                INSERT INTO mirrorbuddy_materials (id, family_id, child_id, title, subject_id, source, status, failure, language, pages, body,
                    word_count, page_count, file_key, file_bytes, title_from_text, created_at, updated_at)
                VALUES (\(bind: material.id), \(bind: scope.familyId), \(bind: childId), \(bind: material.title), \(bind: material.subjectId),
                    \(bind: material.source.rawValue), 'pending', NULL, \(bind: material.language.rawValue), '[]', '', 0, 0,
                    \(bind: fileKeys.joined(separator: "\n")), \(bind: fileBytes), \(bind: titleFromText ? 1 : 0),
                    \(bind: material.createdAt.millis), \(bind: material.createdAt.millis))
                """).run()
        }
    }

    /// Every material of every family still to be read (after a restart the server reads them again).
    public func unread() async throws -> [Unread] {
        try await sql.raw("""
            SELECT id, family_id, child_id, source, file_key, language, read_attempts, title_from_text FROM mirrorbuddy_materials WHERE status IN ('pending', 'processing')
            ORDER BY created_at, id
            """).all().map { row in
            Unread(scope: FamilyScope(familyId: try row.decode(column: "family_id", as: FamilyID.self)),
                   childId: try row.decode(column: "child_id", as: ChildID.self), materialId: try row.decode(column: "id", as: String.self),
                   source: StudyMaterial.Source(rawValue: try row.decode(column: "source", as: String.self)) ?? .pdf,
                   fileKeys: (try row.decode(column: "file_key", as: String?.self) ?? "").split(separator: "\n").map(String.init),
                   language: StudyLanguage(rawValue: try row.decode(column: "language", as: String.self)) ?? .it,
                   attempts: try row.decode(column: "read_attempts", as: Int.self),
                   titleFromText: try row.decode(column: "title_from_text", as: Int.self) != 0)
        }
    }

    /// Marks a waiting material as being read; false when it is gone or was read already.
    public func startReading(id: String, childId: ChildID, in scope: FamilyScope, now: Date) async throws -> Bool {
        try await sql.raw("""
            UPDATE mirrorbuddy_materials SET status = 'processing', read_attempts = read_attempts + 1, updated_at = \(bind: now.millis)
            WHERE id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) AND status IN ('pending', 'processing')
            RETURNING id
            """).first() != nil
    }

    /// The pages read: the material is ready (titled from its text when `title` is given) and its
    /// line in the ledger goes in with it.
    public func finishReading(id: String, pages: [String], language: StudyLanguage, title: String?, childId: ChildID, in scope: FamilyScope,
                              now: Date, activityId: String) async throws {
        let pagesJSON = String(decoding: try JSONEncoder().encode(pages), as: UTF8.self)
        let body = pages.joined(separator: "\n\n")
        try await database.transaction { sql in
            guard let row = try await sql.raw("""
                UPDATE mirrorbuddy_materials SET status = 'ready', failure = NULL, failure_code = NULL, title_from_text = 0, pages = \(bind: pagesJSON), body = \(bind: body),
                    text_version = text_version + 1,
                    word_count = \(bind: StudyMaterials.wordCount(body)), page_count = \(bind: pages.count), language = \(bind: language.rawValue),
                    title = CASE WHEN title_from_text = 1 THEN COALESCE(CAST(\(bind: title) AS TEXT), title) ELSE title END, updated_at = \(bind: now.millis)
                WHERE id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) AND status = 'processing'
                RETURNING subject_id
                """).first() else { return }
            try await sql.raw("""
                INSERT INTO mirrorbuddy_activity (id, family_id, child_id, kind, at, subject_id, ref_id)
                VALUES (\(bind: activityId), \(bind: scope.familyId), \(bind: childId), 'material', \(bind: now.millis),
                    \(bind: try row.decode(column: "subject_id", as: String?.self)), \(bind: id))
                """).run()
        }
    }

    /// A reading stopped before its end (the server is stopping): the material waits again, and
    /// this start does not count against it.
    public func releaseReading(id: String, childId: ChildID, in scope: FamilyScope) async throws {
        try await sql.raw("""
            UPDATE mirrorbuddy_materials SET status = 'pending', read_attempts = CASE WHEN read_attempts > 0 THEN read_attempts - 1 ELSE 0 END
            WHERE id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) AND status = 'processing'
            """).run()
    }

    public func failReading(id: String, reason: String, code: String, childId: ChildID, in scope: FamilyScope, now: Date) async throws {
        try await sql.raw("""
            UPDATE mirrorbuddy_materials SET status = 'failed', failure = \(bind: String(reason.prefix(300))), failure_code = \(bind: String(code.prefix(40))),
                title_from_text = 0, updated_at = \(bind: now.millis)
            WHERE id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) AND status IN ('pending', 'processing')
            """).run()
    }

    /// A material's stored files, by key (a PDF, or photos in page order).
    public func fileKeys(id: String, childId: ChildID, in scope: FamilyScope) async throws -> [String] {
        (try await sql.raw("""
            SELECT file_key FROM mirrorbuddy_materials WHERE id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
            """).first()?.decode(column: "file_key", as: String?.self) ?? nil)?.split(separator: "\n").map(String.init) ?? []
    }
}
