import Foundation
import SQLKit
import Study

/// A stretch of study as the ledger keeps it.
public struct StudyStretch: Sendable, Equatable {
    public let id: String
    public let start: Date
    public let minutes: Double
    public let subjectId: String?
    public let taskId: String?
    public let pomodoro: Bool
    public init(id: String, start: Date, minutes: Double, subjectId: String?, taskId: String?, pomodoro: Bool) {
        (self.id, self.start, self.minutes, self.subjectId, self.taskId, self.pomodoro) = (id, start, minutes, subjectId, taskId, pomodoro)
    }
    public var end: Date { start.addingTimeInterval(minutes * 60) }
}

public enum StudyLedgerError: Error, Equatable, Sendable {
    /// The stretch begins before the last one ended.
    case overlaps(lastEnd: Date)
}

extension MirrorBuddyStore {
    // MARK: - Tasks

    public func tasks(childId: ChildID, in scope: FamilyScope) async throws -> [StudyTask] {
        try await sql.raw("""
            SELECT * FROM mirrorbuddy_tasks WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
            ORDER BY created_at, id
            """).all().map(Self.task(row:))
    }

    public func task(id: String, childId: ChildID, in scope: FamilyScope) async throws -> StudyTask? {
        try await sql.raw("""
            SELECT * FROM mirrorbuddy_tasks WHERE id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
            """).first().map(Self.task(row:))
    }

    /// Adds a task; `StorageError.limitReached` at `StudyTasks.openLimit` open ones.
    public func addTask(_ task: StudyTask, childId: ChildID, in scope: FamilyScope) async throws {
        try await database.transaction { sql in
            try await sql.raw("UPDATE children SET name = name WHERE id = \(bind: childId) AND family_id = \(bind: scope.familyId)").run()
            let open = try await sql.raw("""
                SELECT COUNT(*) AS n FROM mirrorbuddy_tasks
                WHERE family_id = \(bind: scope.familyId) AND child_id = \(bind: childId) AND completed_at IS NULL
                """).first()?.decode(column: "n", as: Int.self) ?? 0
            guard open < StudyTasks.openLimit else { throw StorageError.limitReached }
            try await sql.raw("""
                INSERT INTO mirrorbuddy_tasks (id, family_id, child_id, title, notes, due, priority, subject_id, material_id, created_at, completed_at)
                VALUES (\(bind: task.id), \(bind: scope.familyId), \(bind: childId), \(bind: task.title), \(bind: task.notes), \(bind: task.due?.millis),
                    \(bind: task.priority), \(bind: task.subjectId), \(bind: task.materialId), \(bind: task.createdAt.millis), NULL)
                """).run()
        }
    }

    /// Writes a task's title, notes, due date, priority, subject and material.
    public func updateTask(_ task: StudyTask, childId: ChildID, in scope: FamilyScope) async throws -> Bool {
        try await sql.raw("""
            UPDATE mirrorbuddy_tasks SET title = \(bind: task.title), notes = \(bind: task.notes), due = \(bind: task.due?.millis),
                priority = \(bind: task.priority), subject_id = \(bind: task.subjectId), material_id = \(bind: task.materialId)
            WHERE id = \(bind: task.id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) RETURNING id
            """).first() != nil
    }

    /// Marks a task done and writes its XP in the ledger, once: a second tap (or a second device)
    /// finds it done and gets nil.
    public func completeTask(id: String, childId: ChildID, in scope: FamilyScope, at: Date, xp: @escaping @Sendable (StudyTask) -> Int,
                             activityId: String) async throws -> (task: StudyTask, xp: Int)? {
        try await database.transaction { sql in
            guard let row = try await sql.raw("""
                UPDATE mirrorbuddy_tasks SET completed_at = \(bind: at.millis)
                WHERE id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) AND completed_at IS NULL
                RETURNING *
                """).first() else { return nil }
            let task = try Self.task(row: row)
            let earned = xp(task)
            try await sql.raw("""
                INSERT INTO mirrorbuddy_activity (id, family_id, child_id, kind, at, subject_id, xp, ref_id)
                VALUES (\(bind: activityId), \(bind: scope.familyId), \(bind: childId), 'task', \(bind: at.millis), \(bind: task.subjectId),
                    \(bind: earned), \(bind: task.id))
                """).run()
            return (task, earned)
        }
    }

    /// Opens a done task again and takes its XP back; `StorageError.limitReached` at
    /// `StudyTasks.openLimit` open ones (as adding one).
    public func reopenTask(id: String, childId: ChildID, in scope: FamilyScope) async throws -> StudyTask? {
        try await database.transaction { sql in
            try await sql.raw("UPDATE children SET name = name WHERE id = \(bind: childId) AND family_id = \(bind: scope.familyId)").run()
            let open = try await sql.raw("""
                SELECT COUNT(*) AS n FROM mirrorbuddy_tasks
                WHERE family_id = \(bind: scope.familyId) AND child_id = \(bind: childId) AND completed_at IS NULL
                """).first()?.decode(column: "n", as: Int.self) ?? 0
            let done = try await sql.raw("""
                SELECT COUNT(*) AS n FROM mirrorbuddy_tasks
                WHERE id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) AND completed_at IS NOT NULL
                """).first()?.decode(column: "n", as: Int.self) ?? 0
            guard done == 0 || open < StudyTasks.openLimit else { throw StorageError.limitReached }
            guard let row = try await sql.raw("""
                UPDATE mirrorbuddy_tasks SET completed_at = NULL
                WHERE id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) AND completed_at IS NOT NULL
                RETURNING *
                """).first() else { return nil }
            try await sql.raw("""
                DELETE FROM mirrorbuddy_activity
                WHERE kind = 'task' AND ref_id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
                """).run()
            return try Self.task(row: row)
        }
    }

    /// Deletes a task. XP earned by finishing it stays earned, unless it was finished less than a day
    /// ago (adding, ticking and deleting buys nothing; the page says so before it deletes).
    public func deleteTask(id: String, childId: ChildID, in scope: FamilyScope, now: Date) async throws -> Bool {
        try await database.transaction { sql in
            guard let row = try await sql.raw("""
                DELETE FROM mirrorbuddy_tasks WHERE id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
                RETURNING completed_at
                """).first() else { return false }
            if let done = try row.decode(column: "completed_at", as: Int64?.self), done > now.addingTimeInterval(-86_400).millis {
                try await sql.raw("""
                    DELETE FROM mirrorbuddy_activity
                    WHERE kind = 'task' AND ref_id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
                    """).run()
            }
            return true
        }
    }

    private static func task(row: any SQLRow) throws -> StudyTask {
        StudyTask(id: try row.decode(column: "id", as: String.self), title: try row.decode(column: "title", as: String.self),
                  notes: try row.decode(column: "notes", as: String.self),
                  due: try row.decode(column: "due", as: Int64?.self).map(Date.init(millis:)),
                  priority: try row.decode(column: "priority", as: Int.self), subjectId: try row.decode(column: "subject_id", as: String?.self),
                  materialId: try row.decode(column: "material_id", as: String?.self),
                  createdAt: Date(millis: try row.decode(column: "created_at", as: Int64.self)),
                  completedAt: try row.decode(column: "completed_at", as: Int64?.self).map(Date.init(millis:)))
    }

    // MARK: - The activity ledger

    /// Records a stretch of study, the part of it after the last one ended (two devices, a stretch
    /// sent twice, or one sent late): `StudyLedgerError.overlaps` when nothing of it is left. A
    /// Pomodoro cut shorter than its work part counts as plain study. Checked inside the transaction.
    @discardableResult
    public func addStretch(_ stretch: StudyStretch, childId: ChildID, in scope: FamilyScope,
                           wholePomodoro: @escaping @Sendable (Double) -> Bool = { _ in true }) async throws -> StudyStretch {
        try await database.transaction { sql in
            var stretch = stretch
            try await sql.raw("UPDATE children SET name = name WHERE id = \(bind: childId) AND family_id = \(bind: scope.familyId)").run()
            if let last = try await sql.raw("""
                SELECT at, minutes FROM mirrorbuddy_activity
                WHERE family_id = \(bind: scope.familyId) AND child_id = \(bind: childId) AND kind IN ('session', 'pomodoro')
                ORDER BY at DESC LIMIT 1
                """).first() {
                let end = Date(millis: try last.decode(column: "at", as: Int64.self)).addingTimeInterval(try last.decode(column: "minutes", as: Double.self) * 60)
                if stretch.start < end {
                    let minutes = stretch.end.timeIntervalSince(end) / 60
                    guard minutes >= 0.05 else { throw StudyLedgerError.overlaps(lastEnd: end) }
                    stretch = StudyStretch(id: stretch.id, start: end, minutes: minutes, subjectId: stretch.subjectId, taskId: stretch.taskId,
                                           pomodoro: stretch.pomodoro && wholePomodoro(minutes))
                }
            }
            try await sql.raw("""
                INSERT INTO mirrorbuddy_activity (id, family_id, child_id, kind, at, minutes, subject_id, ref_id)
                VALUES (\(bind: stretch.id), \(bind: scope.familyId), \(bind: childId), \(bind: stretch.pomodoro ? "pomodoro" : "session"),
                    \(bind: stretch.start.millis), \(bind: stretch.minutes), \(bind: stretch.subjectId), \(bind: stretch.taskId))
                """).run()
            return stretch
        }
    }

    /// Everything the student did, as the progress rules read it.
    public func facts(childId: ChildID, in scope: FamilyScope) async throws -> StudyFacts {
        var facts = StudyFacts()
        for row in try await sql.raw("""
            SELECT kind, at, minutes, subject_id, xp FROM mirrorbuddy_activity
            WHERE family_id = \(bind: scope.familyId) AND child_id = \(bind: childId) ORDER BY at, id
            """).all() {
            let at = Date(millis: try row.decode(column: "at", as: Int64.self))
            let subject = try row.decode(column: "subject_id", as: String?.self)
            switch try row.decode(column: "kind", as: String.self) {
            case "session":
                facts.sessions.append(.init(start: at, minutes: try row.decode(column: "minutes", as: Double.self), subjectId: subject))
            case "pomodoro":
                let minutes = try row.decode(column: "minutes", as: Double.self)
                facts.sessions.append(.init(start: at, minutes: minutes, subjectId: subject))
                facts.pomodoros.append(at.addingTimeInterval(minutes * 60))
            case "task": facts.tasksDone.append(.init(at: at, xp: try row.decode(column: "xp", as: Int.self)))
            case "material": facts.materials.append(.init(at: at, subjectId: subject))
            case "card": if try row.decode(column: "xp", as: Int.self) > 0 { facts.cardsReviewed.append(at) }
            case "quiz": facts.quizzes.append(.init(at: at, xp: try row.decode(column: "xp", as: Int.self)))
            default: continue
            }
        }
        return facts
    }
}
