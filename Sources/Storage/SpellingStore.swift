import Foundation
import SQLKit

/// Spellflare's rows: players, progress, games, answers, word histories and parents' word lists.
/// Every query filters on the family; progress only ever grows except through `resetProgress`.
public struct SpellingStore: Sendable {
    let database: Database
    public init(database: Database) { self.database = database }

    private var sql: any SQLDatabase { database.sql }

    // MARK: - Player

    public func player(childId: ChildID, in scope: FamilyScope) async throws -> SpellingPlayerRow? {
        try await sql.raw("SELECT * FROM spelling_players WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)")
            .first(decoding: SpellingPlayerRow.self, keyDecodingStrategy: .convertFromSnakeCase)
    }

    public func savePlayer(_ player: SpellingPlayerRow, in scope: FamilyScope) async throws {
        try scope.check(player)
        try await sql.raw("""
            INSERT INTO spelling_players (child_id, family_id, name, grade, voice, updated_at)
            VALUES (\(bind: player.childId), \(bind: scope.familyId), \(bind: player.name), \(bind: player.grade),
                    \(bind: player.voice), \(bind: player.updatedAt))
            ON CONFLICT (child_id) DO UPDATE SET name = excluded.name, grade = excluded.grade, voice = excluded.voice,
                updated_at = excluded.updated_at
            """).run()
    }

    // MARK: - Progress

    /// Completed levels, current levels and reset epochs, per grade.
    public func progress(childId: ChildID, in scope: FamilyScope) async throws -> StoredProgress {
        try await Self.progress(childId: childId, familyId: scope.familyId, on: sql)
    }

    private static func progress(childId: ChildID, familyId: FamilyID, on sql: any SQLDatabase) async throws -> StoredProgress {
        let completed = try await sql.raw("""
            SELECT grade, level FROM spelling_completed WHERE child_id = \(bind: childId) AND family_id = \(bind: familyId)
            ORDER BY grade, level
            """).all(decoding: GradeLevel.self)
        let current = try await sql.raw("""
            SELECT grade, level FROM spelling_current WHERE child_id = \(bind: childId) AND family_id = \(bind: familyId)
            ORDER BY grade
            """).all(decoding: GradeLevel.self)
        return StoredProgress(completed: completed, current: current, epochs: try await epochs(childId: childId, familyId: familyId, on: sql))
    }

    private static func epochs(childId: ChildID, familyId: FamilyID, on sql: any SQLDatabase) async throws -> [GradeEpoch] {
        try await sql.raw("""
            SELECT grade, epoch FROM spelling_resets WHERE child_id = \(bind: childId) AND family_id = \(bind: familyId)
            ORDER BY grade
            """).all(decoding: GradeEpoch.self)
    }

    /// Adds completed levels and raises current levels (never lowers them), in one transaction;
    /// returns the progress after the merge. Levels of a grade the device knows at an older
    /// reset epoch than the server's (progress from before a parent's reset) are left out.
    public func mergeProgress(childId: ChildID, in scope: FamilyScope, completed: [GradeLevel], current: [GradeLevel],
                              epochs deviceEpochs: [GradeEpoch], now: Date) async throws -> StoredProgress {
        try await database.transaction { sql in
            let known = Dictionary(deviceEpochs.map { ($0.grade, $0.epoch) }, uniquingKeysWith: max)
            let stale = Set(try await Self.epochs(childId: childId, familyId: scope.familyId, on: sql)
                .filter { $0.epoch > known[$0.grade, default: 0] }.map(\.grade))
            try await Self.merge(childId: childId, familyId: scope.familyId, completed: completed.filter { !stale.contains($0.grade) },
                                 current: current.filter { !stale.contains($0.grade) }, now: now, on: sql)
            return try await Self.progress(childId: childId, familyId: scope.familyId, on: sql)
        }
    }

    private static func merge(childId: ChildID, familyId: FamilyID, completed: [GradeLevel], current: [GradeLevel],
                              now: Date, on sql: any SQLDatabase) async throws {
        for item in completed {
            try await sql.raw("""
                INSERT INTO spelling_completed (child_id, family_id, grade, level, completed_at)
                VALUES (\(bind: childId), \(bind: familyId), \(bind: item.grade), \(bind: item.level), \(bind: now.millis))
                ON CONFLICT (child_id, grade, level) DO NOTHING
                """).run()
        }
        for item in current {
            try await sql.raw("""
                INSERT INTO spelling_current (child_id, family_id, grade, level)
                VALUES (\(bind: childId), \(bind: familyId), \(bind: item.grade), \(bind: item.level))
                ON CONFLICT (child_id, grade) DO UPDATE SET level =
                    CASE WHEN excluded.level > spelling_current.level THEN excluded.level ELSE spelling_current.level END
                """).run()
        }
    }

    /// Starts a grade over: its completed levels and current level are removed and its reset
    /// epoch goes up, so older progress still on a tablet cannot bring them back.
    public func resetProgress(childId: ChildID, in scope: FamilyScope, grade: Int, now: Date) async throws {
        try await database.transaction { sql in
            try await sql.raw("""
                INSERT INTO spelling_resets (child_id, family_id, grade, epoch, reset_at)
                VALUES (\(bind: childId), \(bind: scope.familyId), \(bind: grade), 1, \(bind: now.millis))
                ON CONFLICT (child_id, grade) DO UPDATE SET epoch = spelling_resets.epoch + 1, reset_at = excluded.reset_at
                """).run()
            try await sql.raw("""
                DELETE FROM spelling_completed WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) AND grade = \(bind: grade)
                """).run()
            try await sql.raw("""
                DELETE FROM spelling_current WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) AND grade = \(bind: grade)
                """).run()
        }
    }

    // MARK: - Games

    public func insertSession(_ session: SpellingSessionRow, in scope: FamilyScope) async throws {
        try scope.check(session)
        try await sql.raw("""
            INSERT INTO spelling_sessions (id, family_id, child_id, grade, level, state, answers, started_at, finished_at, epoch)
            VALUES (\(bind: session.id), \(bind: scope.familyId), \(bind: session.childId), \(bind: session.grade),
                    \(bind: session.level), \(bind: session.state), \(bind: session.answers), \(bind: session.startedAt),
                    \(bind: session.finishedAt), \(bind: session.epoch))
            """).run()
    }

    /// A game of this child's (another child's game is not found).
    public func session(id: String, childId: ChildID, in scope: FamilyScope) async throws -> SpellingSessionRow? {
        try await sql.raw("""
            SELECT * FROM spelling_sessions WHERE id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
            """).first(decoding: SpellingSessionRow.self, keyDecodingStrategy: .convertFromSnakeCase)
    }

    /// What one answer changes, written together or not at all.
    public struct AnswerWrite: Sendable {
        public var state: String
        public var finishedAt: Int64?
        public var result: SpellingResultRow?
        public var word: SpellingWordRow?
        /// The level passed by this answer: completed, and the next one unlocked.
        public var completed: GradeLevel?
        public var nextLevel: GradeLevel?
        public init(state: String, finishedAt: Int64? = nil, result: SpellingResultRow? = nil, word: SpellingWordRow? = nil,
                    completed: GradeLevel? = nil, nextLevel: GradeLevel? = nil) {
            self.state = state
            self.finishedAt = finishedAt
            self.result = result
            self.word = word
            self.completed = completed
            self.nextLevel = nextLevel
        }
    }

    /// Saves an answer if the game still has `expectedAnswers` answers applied; false when another
    /// request got there first (nothing is written then). A level passed in a game begun before
    /// the grade was reset (`gameEpoch` older than the grade's) is not marked completed.
    public func saveAnswer(sessionId: String, childId: ChildID, in scope: FamilyScope, expectedAnswers: Int, gameEpoch: Int,
                           _ write: AnswerWrite, now: Date) async throws -> Bool {
        try await database.transaction { sql in
            let updated = try await sql.raw("""
                UPDATE spelling_sessions SET state = \(bind: write.state), answers = answers + 1,
                    finished_at = \(bind: write.finishedAt)
                WHERE id = \(bind: sessionId) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
                    AND answers = \(bind: expectedAnswers)
                RETURNING id
                """).first()
            guard updated != nil else { return false }
            if let result = write.result { try await Self.insert(result, on: sql) }
            if let word = write.word { try await Self.save(word, childId: childId, familyId: scope.familyId, on: sql) }
            guard write.completed != nil || write.nextLevel != nil else { return true }
            let grade = write.completed?.grade ?? write.nextLevel?.grade
            let epoch = try await Self.epochs(childId: childId, familyId: scope.familyId, on: sql).first { $0.grade == grade }?.epoch ?? 0
            guard epoch == gameEpoch else { return true }
            try await Self.merge(childId: childId, familyId: scope.familyId, completed: write.completed.map { [$0] } ?? [],
                                 current: write.nextLevel.map { [$0] } ?? [], now: now, on: sql)
            return true
        }
    }

    // MARK: - Results and word histories

    private struct StoredResult: Decodable {
        let id: String
        let familyId: FamilyID
        let childId: ChildID
        let sessionId: String?
        let word: String
        let grade: Int
        let level: Int
        let firstTry: Int
        let answeredAt: Int64
        let seconds: Double
    }

    private static func insert(_ result: SpellingResultRow, on sql: any SQLDatabase) async throws {
        try await sql.raw("""
            INSERT INTO spelling_results (id, family_id, child_id, session_id, word, grade, level, first_try, answered_at, seconds)
            VALUES (\(bind: result.id), \(bind: result.familyId), \(bind: result.childId), \(bind: result.sessionId),
                    \(bind: result.word), \(bind: result.grade), \(bind: result.level), \(bind: result.firstTry ? 1 : 0),
                    \(bind: result.answeredAt), \(bind: result.seconds))
            ON CONFLICT (id) DO NOTHING
            """).run()
    }

    /// Every answered word of a child, oldest first (at most `limit`, the newest kept).
    public func results(childId: ChildID, in scope: FamilyScope, limit: Int = 20_000) async throws -> [SpellingResultRow] {
        try await sql.raw("""
            SELECT * FROM spelling_results WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
            ORDER BY answered_at DESC LIMIT \(bind: limit)
            """).all(decoding: StoredResult.self, keyDecodingStrategy: .convertFromSnakeCase)
            .reversed()
            .map { SpellingResultRow(id: $0.id, familyId: $0.familyId, childId: $0.childId, sessionId: $0.sessionId, word: $0.word,
                                     grade: $0.grade, level: $0.level, firstTry: $0.firstTry != 0, answeredAt: $0.answeredAt,
                                     seconds: $0.seconds) }
    }

    public func words(childId: ChildID, in scope: FamilyScope) async throws -> [SpellingWordRow] {
        try await sql.raw("""
            SELECT word, attempts, misses, box, last_seen, due FROM spelling_words
            WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
            """).all(decoding: SpellingWordRow.self, keyDecodingStrategy: .convertFromSnakeCase)
    }

    public func word(_ word: String, childId: ChildID, in scope: FamilyScope) async throws -> SpellingWordRow? {
        try await sql.raw("""
            SELECT word, attempts, misses, box, last_seen, due FROM spelling_words
            WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) AND word = \(bind: word)
            """).first(decoding: SpellingWordRow.self, keyDecodingStrategy: .convertFromSnakeCase)
    }

    private static func save(_ word: SpellingWordRow, childId: ChildID, familyId: FamilyID, on sql: any SQLDatabase) async throws {
        try await sql.raw("""
            INSERT INTO spelling_words (child_id, family_id, word, attempts, misses, box, last_seen, due)
            VALUES (\(bind: childId), \(bind: familyId), \(bind: word.word), \(bind: word.attempts), \(bind: word.misses),
                    \(bind: word.box), \(bind: word.lastSeen), \(bind: word.due))
            ON CONFLICT (child_id, word) DO UPDATE SET attempts = excluded.attempts, misses = excluded.misses,
                box = excluded.box, last_seen = excluded.last_seen, due = excluded.due
            """).run()
    }

    // MARK: - Word lists

    public func lists(in scope: FamilyScope) async throws -> [SpellingListRow] {
        try await sql.raw("SELECT * FROM spelling_lists WHERE family_id = \(bind: scope.familyId) ORDER BY created_at, name")
            .all(decoding: SpellingListRow.self, keyDecodingStrategy: .convertFromSnakeCase)
    }

    public func insertList(_ list: SpellingListRow, in scope: FamilyScope) async throws {
        try scope.check(list)
        try await sql.raw("""
            INSERT INTO spelling_lists (id, family_id, name, words, created_at)
            VALUES (\(bind: list.id), \(bind: scope.familyId), \(bind: list.name), \(bind: list.words), \(bind: list.createdAt))
            """).run()
    }

    /// Deletes a list (and its assignments); false when the family has no such list.
    public func deleteList(id: String, in scope: FamilyScope) async throws -> Bool {
        try await database.transaction { sql in
            try await sql.raw("DELETE FROM spelling_assignments WHERE list_id = \(bind: id) AND family_id = \(bind: scope.familyId)").run()
            return try await sql.raw("DELETE FROM spelling_lists WHERE id = \(bind: id) AND family_id = \(bind: scope.familyId) RETURNING id")
                .first() != nil
        }
    }

    public func assignedListIds(childId: ChildID, in scope: FamilyScope) async throws -> [String] {
        try await sql.raw("""
            SELECT list_id FROM spelling_assignments WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) ORDER BY list_id
            """).all().map { try $0.decode(column: "list_id", as: String.self) }
    }

    /// Replaces a child's assigned lists; every id must be one of the family's lists.
    public func assign(listIds: [String], childId: ChildID, in scope: FamilyScope) async throws {
        try await database.transaction { sql in
            try await sql.raw("DELETE FROM spelling_assignments WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)").run()
            for id in Set(listIds) {
                try await sql.raw("""
                    INSERT INTO spelling_assignments (child_id, list_id, family_id)
                    VALUES (\(bind: childId), \(bind: id), \(bind: scope.familyId))
                    """).run()
            }
        }
    }

    /// The words of every list assigned to the child.
    public func assignedWords(childId: ChildID, in scope: FamilyScope) async throws -> [String] {
        try await sql.raw("""
            SELECT l.words FROM spelling_lists l JOIN spelling_assignments a ON a.list_id = l.id
            WHERE a.child_id = \(bind: childId) AND a.family_id = \(bind: scope.familyId) AND l.family_id = \(bind: scope.familyId)
            """).all().flatMap { try $0.decode(column: "words", as: String.self).split(separator: "\n").map(String.init) }
    }
}
