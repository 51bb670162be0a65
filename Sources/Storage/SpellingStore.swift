import Foundation
import Spelling
import SQLKit

/// Spellflare's rows: players, progress, games, answers, word histories and parents' word lists.
/// Every query filters on the family; progress only ever grows except through `resetProgress`.
public struct SpellingStore: Sendable {
    let database: Database
    public init(database: Database) { self.database = database }

    private var sql: any SQLDatabase { database.sql }

    // MARK: - Player

    public func player(childId: ChildID, in scope: FamilyScope) async throws -> SpellingPlayer? {
        try await sql.raw("SELECT * FROM spelling_players WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)")
            .first(decoding: SpellingPlayerRow.self, keyDecodingStrategy: .convertFromSnakeCase)?.value
    }

    public func savePlayer(_ player: SpellingPlayer, in scope: FamilyScope) async throws {
        try scope.check(player)
        try await sql.raw("""
            INSERT INTO spelling_players (child_id, family_id, name, grade, voice, updated_at)
            VALUES (\(bind: player.childId), \(bind: scope.familyId), \(bind: player.name), \(bind: player.grade),
                    \(bind: player.voice), \(bind: player.updatedAt.millis))
            ON CONFLICT (child_id) DO UPDATE SET name = excluded.name, grade = excluded.grade, voice = excluded.voice,
                updated_at = excluded.updated_at
            """).run()
    }

    // MARK: - Progress

    /// Completed levels, current levels and reset epochs, per grade.
    public func progress(childId: ChildID, in scope: FamilyScope) async throws -> SpellingProgress {
        try await Self.progress(childId: childId, familyId: scope.familyId, on: sql)
    }

    private static func progress(childId: ChildID, familyId: FamilyID, on sql: any SQLDatabase) async throws -> SpellingProgress {
        let completed = try await sql.raw("""
            SELECT grade, level FROM spelling_completed WHERE child_id = \(bind: childId) AND family_id = \(bind: familyId)
            ORDER BY grade, level
            """).all(decoding: GradeLevel.self)
        let current = try await sql.raw("""
            SELECT grade, level FROM spelling_current WHERE child_id = \(bind: childId) AND family_id = \(bind: familyId)
            ORDER BY grade
            """).all(decoding: GradeLevel.self)
        let epochs = try await epochs(childId: childId, familyId: familyId, on: sql)
        return SpellingProgress(completed: Dictionary(grouping: completed, by: \.grade).mapValues { Set($0.map(\.level)) },
                                current: Dictionary(current.map { ($0.grade, $0.level) }, uniquingKeysWith: max),
                                epochs: Dictionary(epochs.map { ($0.grade, $0.epoch) }, uniquingKeysWith: max))
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
                              epochs deviceEpochs: [GradeEpoch], now: Date) async throws -> SpellingProgress {
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

    public func insertSession(_ game: SpellingGame, in scope: FamilyScope) async throws {
        try scope.check(game)
        let state = try StoredGameState.text(game.state)
        try await sql.raw("""
            INSERT INTO spelling_sessions (id, family_id, child_id, grade, level, state, answers, started_at, finished_at, epoch)
            VALUES (\(bind: game.id), \(bind: scope.familyId), \(bind: game.childId), \(bind: game.state.grade),
                    \(bind: game.state.level), \(bind: state), \(bind: game.answers),
                    \(bind: game.startedAt.millis), \(bind: game.finishedAt?.millis), \(bind: game.epoch))
            """).run()
    }

    /// A game of this child's (another child's game is not found).
    public func session(id: String, childId: ChildID, in scope: FamilyScope) async throws -> SpellingGame? {
        try await sql.raw("""
            SELECT * FROM spelling_sessions WHERE id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
            """).first(decoding: SpellingGameRow.self, keyDecodingStrategy: .convertFromSnakeCase)?.value()
    }

    /// What one answer changes, written together or not at all.
    public struct AnswerWrite: Sendable {
        /// The game after the answer.
        public var state: SpellingSession
        public var finishedAt: Date?
        public var result: SpellingAnswer?
        public var word: WordHistory?
        /// The level passed by this answer: completed, and the next one unlocked.
        public var completed: GradeLevel?
        public var nextLevel: GradeLevel?
        public init(state: SpellingSession, finishedAt: Date? = nil, result: SpellingAnswer? = nil, word: WordHistory? = nil,
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
        let state = try StoredGameState.text(write.state)
        return try await database.transaction { sql in
            let updated = try await sql.raw("""
                UPDATE spelling_sessions SET state = \(bind: state), answers = answers + 1,
                    finished_at = \(bind: write.finishedAt?.millis)
                WHERE id = \(bind: sessionId) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
                    AND answers = \(bind: expectedAnswers)
                RETURNING id
                """).first()
            guard updated != nil else { return false }
            if let result = write.result {
                try await Self.insert(result, gameId: sessionId, childId: childId, familyId: scope.familyId, on: sql)
            }
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

    private static func insert(_ answer: SpellingAnswer, gameId: String, childId: ChildID, familyId: FamilyID,
                               on sql: any SQLDatabase) async throws {
        let result = answer.result
        try await sql.raw("""
            INSERT INTO spelling_results (id, family_id, child_id, session_id, word, grade, level, first_try, answered_at, seconds)
            VALUES (\(bind: answer.id), \(bind: familyId), \(bind: childId), \(bind: gameId),
                    \(bind: result.word), \(bind: result.grade), \(bind: result.level), \(bind: result.firstTry ? 1 : 0),
                    \(bind: result.at.millis), \(bind: result.seconds))
            ON CONFLICT (id) DO NOTHING
            """).run()
    }

    /// Every answered word of a child, oldest first (at most `limit`, the newest kept).
    public func results(childId: ChildID, in scope: FamilyScope, limit: Int = 20_000) async throws -> [WordResult] {
        try await sql.raw("""
            SELECT * FROM spelling_results WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
            ORDER BY answered_at DESC LIMIT \(bind: limit)
            """).all(decoding: SpellingResultRow.self, keyDecodingStrategy: .convertFromSnakeCase)
            .reversed()
            .map(\.value)
    }

    public func words(childId: ChildID, in scope: FamilyScope) async throws -> [WordHistory] {
        try await sql.raw("""
            SELECT word, attempts, misses, box, last_seen, due FROM spelling_words
            WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
            """).all(decoding: SpellingWordRow.self, keyDecodingStrategy: .convertFromSnakeCase).map(\.value)
    }

    public func word(_ word: String, childId: ChildID, in scope: FamilyScope) async throws -> WordHistory? {
        try await sql.raw("""
            SELECT word, attempts, misses, box, last_seen, due FROM spelling_words
            WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) AND word = \(bind: word)
            """).first(decoding: SpellingWordRow.self, keyDecodingStrategy: .convertFromSnakeCase)?.value
    }

    private static func save(_ word: WordHistory, childId: ChildID, familyId: FamilyID, on sql: any SQLDatabase) async throws {
        try await sql.raw("""
            INSERT INTO spelling_words (child_id, family_id, word, attempts, misses, box, last_seen, due)
            VALUES (\(bind: childId), \(bind: familyId), \(bind: word.word), \(bind: word.attempts), \(bind: word.misses),
                    \(bind: word.box), \(bind: word.lastSeen?.millis), \(bind: word.due?.millis))
            ON CONFLICT (child_id, word) DO UPDATE SET attempts = excluded.attempts, misses = excluded.misses,
                box = excluded.box, last_seen = excluded.last_seen, due = excluded.due
            """).run()
    }

    // MARK: - Word lists

    public func lists(in scope: FamilyScope) async throws -> [SpellingList] {
        try await sql.raw("SELECT * FROM spelling_lists WHERE family_id = \(bind: scope.familyId) ORDER BY created_at, name")
            .all(decoding: SpellingListRow.self, keyDecodingStrategy: .convertFromSnakeCase).map(\.value)
    }

    public func insertList(_ list: SpellingList, in scope: FamilyScope) async throws {
        try scope.check(list)
        try await sql.raw("""
            INSERT INTO spelling_lists (id, family_id, name, words, created_at)
            VALUES (\(bind: list.id), \(bind: scope.familyId), \(bind: list.name), \(bind: StoredWords.text(list.words)),
                    \(bind: list.createdAt.millis))
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
            """).all().flatMap { StoredWords.list(try $0.decode(column: "words", as: String.self)) }
    }
}
