import Foundation
import SQLKit
import Study

/// MirrorBuddy's rows for one student: reading settings, subjects (the defaults seeded on first
/// use), and the activity ledger that progress is counted from. Materials and tasks are in their own
/// files. Every query filters on the family and the student.
public struct MirrorBuddyStore: Sendable {
    let database: Database
    public init(database: Database) { self.database = database }

    var sql: any SQLDatabase { database.sql }

    // MARK: - Settings

    public func settings(childId: ChildID, in scope: FamilyScope) async throws -> ReadingSettings? {
        guard let text = try await sql.raw("""
            SELECT settings FROM mirrorbuddy_settings WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
            """).first()?.decode(column: "settings", as: String.self) else { return nil }
        return try JSONDecoder().decode(ReadingSettings.self, from: Data(text.utf8))
    }

    public func saveSettings(_ settings: ReadingSettings, childId: ChildID, in scope: FamilyScope, now: Date) async throws {
        let text = String(decoding: try JSONEncoder().encode(settings), as: UTF8.self)
        try await sql.raw("""
            INSERT INTO mirrorbuddy_settings (child_id, family_id, settings, updated_at)
            SELECT id, family_id, \(bind: text), \(bind: now.millis) FROM children WHERE id = \(bind: childId) AND family_id = \(bind: scope.familyId)
            ON CONFLICT (child_id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at
            """).run()
    }

    // MARK: - Subjects

    /// The student's subjects in order, hidden ones too; the defaults are put in on first use.
    public func subjects(childId: ChildID, in scope: FamilyScope) async throws -> [Subject] {
        let rows = try await subjectRows(childId: childId, in: scope, on: sql)
        if !rows.isEmpty { return rows }
        try await seedSubjects(childId: childId, in: scope)
        return try await subjectRows(childId: childId, in: scope, on: sql)
    }

    private func seedSubjects(childId: ChildID, in scope: FamilyScope) async throws {
        // In one transaction, so no request sees half the list; two first visits at once both try
        // and the key keeps one copy of each.
        try await database.transaction { sql in
            for subject in Subjects.defaults {
                try await sql.raw("""
                    INSERT INTO mirrorbuddy_subjects (child_id, id, family_id, name_it, name_en, colour, emoji, sort_order, hidden, is_default)
                    SELECT id, \(bind: subject.id), family_id, \(bind: subject.names.it), \(bind: subject.names.en), \(bind: subject.colour),
                        \(bind: subject.emoji), \(bind: subject.order), 0, 1
                    FROM children WHERE id = \(bind: childId) AND family_id = \(bind: scope.familyId)
                    ON CONFLICT (child_id, id) DO NOTHING
                    """).run()
            }
        }
    }

    func subjectRows(childId: ChildID, in scope: FamilyScope, on sql: any SQLDatabase) async throws -> [Subject] {
        try await sql.raw("""
            SELECT id, name_it, name_en, colour, emoji, sort_order, hidden, is_default FROM mirrorbuddy_subjects
            WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) ORDER BY sort_order, id
            """).all().map(Self.subject(row:))
    }

    /// Adds a subject of the student's own at the end; `StorageError.limitReached` past `Subjects.limit`.
    public func addSubject(_ subject: Subject, childId: ChildID, in scope: FamilyScope) async throws -> Subject {
        _ = try await subjects(childId: childId, in: scope)
        return try await database.transaction { sql in
            try await sql.raw("UPDATE children SET name = name WHERE id = \(bind: childId) AND family_id = \(bind: scope.familyId)").run()
            let existing = try await self.subjectRows(childId: childId, in: scope, on: sql)
            guard existing.count < Subjects.limit else { throw StorageError.limitReached }
            var added = subject
            added.order = (existing.map(\.order).max() ?? -1) + 1
            try await sql.raw("""
                INSERT INTO mirrorbuddy_subjects (child_id, id, family_id, name_it, name_en, colour, emoji, sort_order, hidden, is_default)
                VALUES (\(bind: childId), \(bind: added.id), \(bind: scope.familyId), \(bind: added.names.it), \(bind: added.names.en),
                    \(bind: added.colour), \(bind: added.emoji), \(bind: added.order), \(bind: added.hidden ? 1 : 0), 0)
                """).run()
            return added
        }
    }

    /// Writes a subject's name, colour, emoji and hidden mark (not its order: see `reorderSubjects`).
    public func updateSubject(_ subject: Subject, childId: ChildID, in scope: FamilyScope) async throws -> Bool {
        try await sql.raw("""
            UPDATE mirrorbuddy_subjects SET name_it = \(bind: subject.names.it), name_en = \(bind: subject.names.en),
                colour = \(bind: subject.colour), emoji = \(bind: subject.emoji), hidden = \(bind: subject.hidden ? 1 : 0)
            WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) AND id = \(bind: subject.id) RETURNING id
            """).first() != nil
    }

    /// Puts the subjects in `ids` order (any left out after them), in one transaction.
    public func reorderSubjects(ids: [String], childId: ChildID, in scope: FamilyScope) async throws -> [Subject] {
        _ = try await subjects(childId: childId, in: scope)
        return try await database.transaction { sql in
            try await sql.raw("UPDATE children SET name = name WHERE id = \(bind: childId) AND family_id = \(bind: scope.familyId)").run()
            let ordered = Subjects.reordered(try await self.subjectRows(childId: childId, in: scope, on: sql), ids: ids)
            for subject in ordered {
                try await sql.raw("""
                    UPDATE mirrorbuddy_subjects SET sort_order = \(bind: subject.order)
                    WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) AND id = \(bind: subject.id)
                    """).run()
            }
            return ordered
        }
    }

    /// Deletes the student's own subject when it holds nothing (checked inside the transaction, so a
    /// material filed at the same moment cannot be orphaned). Throws the rule's error.
    public func deleteSubject(id: String, childId: ChildID, in scope: FamilyScope) async throws -> Bool {
        try await database.transaction { sql in
            try await sql.raw("UPDATE children SET name = name WHERE id = \(bind: childId) AND family_id = \(bind: scope.familyId)").run()
            guard let subject = try await self.subjectRows(childId: childId, in: scope, on: sql).first(where: { $0.id == id }) else { return false }
            let counts = try await self.counts(childId: childId, in: scope, on: sql)[id] ?? SubjectCounts()
            try Subjects.checkDeletable(subject, materials: counts.materials, tasks: counts.allTasks)
            try await sql.raw("""
                DELETE FROM mirrorbuddy_subjects WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) AND id = \(bind: id)
                """).run()
            try await sql.raw("""
                UPDATE mirrorbuddy_cards SET subject_id = NULL
                WHERE subject_id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
                """).run()
            // Its maps, cards, quizzes and quiz answers stay, filed under no subject (a subject made
            // again with the same name starts its mastery afresh).
            for table in ["mirrorbuddy_maps", "mirrorbuddy_quizzes", "mirrorbuddy_quiz_answers"] {
                try await sql.raw("""
                    UPDATE \(unsafeRaw: table) SET subject_id = NULL
                    WHERE subject_id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
                    """).run()
            }
            return true
        }
    }

    public struct SubjectCounts: Sendable, Equatable {
        public var materials = 0
        /// Tasks not done yet.
        public var tasks = 0
        /// Every task, done or not (a subject with any cannot be deleted).
        public var allTasks = 0
    }

    /// Materials and tasks filed under each subject.
    public func subjectCounts(childId: ChildID, in scope: FamilyScope) async throws -> [String: SubjectCounts] {
        try await counts(childId: childId, in: scope, on: sql)
    }

    private func counts(childId: ChildID, in scope: FamilyScope, on sql: any SQLDatabase) async throws -> [String: SubjectCounts] {
        var counts: [String: SubjectCounts] = [:]
        for row in try await sql.raw("""
            SELECT subject_id, COUNT(*) AS n FROM mirrorbuddy_materials
            WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) AND subject_id IS NOT NULL GROUP BY subject_id
            """).all() {
            counts[try row.decode(column: "subject_id", as: String.self), default: .init()].materials = try row.decode(column: "n", as: Int.self)
        }
        for row in try await sql.raw("""
            SELECT subject_id, COUNT(*) AS n, SUM(CASE WHEN completed_at IS NULL THEN 1 ELSE 0 END) AS open FROM mirrorbuddy_tasks
            WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) AND subject_id IS NOT NULL GROUP BY subject_id
            """).all() {
            let id = try row.decode(column: "subject_id", as: String.self)
            counts[id, default: .init()].allTasks = try row.decode(column: "n", as: Int.self)
            counts[id, default: .init()].tasks = try row.decode(column: "open", as: Int?.self) ?? 0
        }
        return counts
    }

    private static func subject(row: any SQLRow) throws -> Subject {
        Subject(id: try row.decode(column: "id", as: String.self),
                names: .init(it: try row.decode(column: "name_it", as: String.self), en: try row.decode(column: "name_en", as: String.self)),
                colour: try row.decode(column: "colour", as: String.self), emoji: try row.decode(column: "emoji", as: String.self),
                order: try row.decode(column: "sort_order", as: Int.self), hidden: try row.decode(column: "hidden", as: Int.self) != 0,
                isDefault: try row.decode(column: "is_default", as: Int.self) != 0)
    }
}
