import Foundation
import SQLKit
import SpeechCoach

/// SpeakUp's rows: takes (what was said, how it went, where its recording is), each profile's
/// settings and the parent's switch for keeping recordings. Every query filters on the family and
/// the profile; search runs on SQLite's FTS5 or PostgreSQL's full-text search.
public struct SpeakUpStore: Sendable {
    let database: Database
    public init(database: Database) { self.database = database }

    var sql: any SQLDatabase { database.sql }

    // MARK: - Takes

    public func insert(_ take: SpeakUpTake, in scope: FamilyScope) async throws {
        try scope.check(take)
        let row = try TakeColumns(take)
        try await sql.raw("""
                INSERT INTO speakup_takes (id, family_id, child_id, title, prompt_id, created_at, seconds, word_count, wpm,
                    filler_count, score, stars, favorite, transcript, features, analysis, digest, analysis_version, audio_key, audio_bytes)
                VALUES (\(bind: take.id), \(bind: scope.familyId), \(bind: take.childId), \(bind: take.title), \(bind: take.promptId),
                    \(bind: take.createdAt.millis), \(bind: take.seconds), \(bind: take.wordCount), \(bind: take.wpm),
                    \(bind: take.fillerCount), \(bind: take.score), \(bind: take.stars), \(bind: take.favorite ? 1 : 0),
                    \(bind: take.transcript), \(bind: row.features), \(bind: row.analysis), \(bind: row.digest), \(bind: take.analysis.version),
                    \(bind: take.audioKey), \(bind: take.audioBytes))
                """).run()
    }

    /// The profile's takes, newest first; with `query`, those whose transcript (or title) has
    /// every word of it, each with the matching stretch as a snippet.
    public func takes(childId: ChildID, in scope: FamilyScope, query: SearchQuery? = nil, favoritesOnly: Bool = false,
                      before: SpeakUpTakeCursor? = nil, limit: Int = 50) async throws -> [SpeakUpTakeSummary] {
        let cursorAt = before?.createdAt.millis ?? Int64.max
        let cursorId = before?.id.rawValue ?? ""
        let favorite = favoritesOnly ? 1 : 0
        let summaryColumns = SQLQueryString(SpeakUpTakeSummary.columns)
        let rows: [any SQLRow]
        switch (query, database.kind) {
        case (nil, _):
            rows = try await sql.raw("""
                SELECT \(summaryColumns), NULL AS snippet FROM speakup_takes t
                WHERE t.family_id = \(bind: scope.familyId) AND t.child_id = \(bind: childId)
                    AND (\(bind: favorite) = 0 OR t.favorite = 1)
                    AND (t.created_at < \(bind: cursorAt) OR (t.created_at = \(bind: cursorAt) AND t.id < \(bind: cursorId)))
                ORDER BY t.created_at DESC, t.id DESC LIMIT \(bind: limit)
                """).all()
        case (let query?, .sqlite):
            rows = try await sql.raw("""
                SELECT \(summaryColumns), snippet(speakup_search, 0, '', '', '…', 12) AS snippet
                FROM speakup_search s JOIN speakup_takes t ON t.id = s.take_id
                WHERE speakup_search MATCH \(bind: query.fts5) AND t.family_id = \(bind: scope.familyId) AND t.child_id = \(bind: childId)
                    AND (\(bind: favorite) = 0 OR t.favorite = 1)
                    AND (t.created_at < \(bind: cursorAt) OR (t.created_at = \(bind: cursorAt) AND t.id < \(bind: cursorId)))
                ORDER BY t.created_at DESC, t.id DESC LIMIT \(bind: limit)
                """).all()
        case (let query?, .postgres):
            rows = try await sql.raw("""
                SELECT \(summaryColumns),
                    ts_headline('english', t.transcript, to_tsquery('english', \(bind: query.tsquery)),
                                'StartSel="",StopSel="",MaxWords=14,MinWords=5,ShortWord=2') AS snippet
                FROM speakup_takes t
                WHERE to_tsvector('english', t.transcript) @@ to_tsquery('english', \(bind: query.tsquery))
                    AND t.family_id = \(bind: scope.familyId) AND t.child_id = \(bind: childId)
                    AND (\(bind: favorite) = 0 OR t.favorite = 1)
                    AND (t.created_at < \(bind: cursorAt) OR (t.created_at = \(bind: cursorAt) AND t.id < \(bind: cursorId)))
                ORDER BY t.created_at DESC, t.id DESC LIMIT \(bind: limit)
                """).all()
        }
        return try rows.map(SpeakUpTakeSummary.init(row:))
    }

    /// One take with its analysis and what it was computed from.
    public func take(id: SpeakUpTakeID, childId: ChildID, in scope: FamilyScope) async throws -> SpeakUpTake? {
        guard let row = try await sql.raw("""
            SELECT * FROM speakup_takes WHERE id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
            """).first() else { return nil }
        return try SpeakUpTake(row: row)
    }

    /// One take as lists show it.
    public func summary(id: SpeakUpTakeID, childId: ChildID, in scope: FamilyScope) async throws -> SpeakUpTakeSummary? {
        try await sql.raw("""
            SELECT \(SQLQueryString(SpeakUpTakeSummary.columns)), NULL AS snippet FROM speakup_takes t
            WHERE t.id = \(bind: id) AND t.child_id = \(bind: childId) AND t.family_id = \(bind: scope.familyId)
            """).first().map(SpeakUpTakeSummary.init(row:))
    }

    /// The prompts the profile has answered (today's pick prefers the others).
    public func answeredPrompts(childId: ChildID, in scope: FamilyScope) async throws -> [String] {
        try await sql.raw("""
            SELECT DISTINCT prompt_id FROM speakup_takes
            WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) AND prompt_id IS NOT NULL
            """).all().map { try $0.decode(column: "prompt_id", as: String.self) }
    }

    public func update(id: SpeakUpTakeID, childId: ChildID, in scope: FamilyScope, title: String?, favorite: Bool?) async throws -> Bool {
        try await sql.raw("""
            UPDATE speakup_takes SET title = COALESCE(CAST(\(bind: title) AS TEXT), title),
                favorite = COALESCE(CAST(\(bind: favorite.map { $0 ? 1 : 0 }) AS BIGINT), favorite)
            WHERE id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) RETURNING id
            """).first() != nil
    }

    /// Deletes the take (SQLite's search entry goes with it, by trigger); returns whether it was
    /// there and its recording's key, for the caller to delete the file.
    public func delete(id: SpeakUpTakeID, childId: ChildID, in scope: FamilyScope) async throws -> (deleted: Bool, audioKey: String?) {
        guard let row = try await sql.raw("""
            DELETE FROM speakup_takes WHERE id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
            RETURNING audio_key
            """).first() else { return (false, nil) }
        return (true, try row.decode(column: "audio_key", as: String?.self))
    }

    /// The recordings of a profile's takes (to delete the files before the profile goes).
    public func audioKeys(childId: ChildID, in scope: FamilyScope) async throws -> [String] {
        try await sql.raw("""
            SELECT audio_key FROM speakup_takes WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) AND audio_key IS NOT NULL
            """).all().map { try $0.decode(column: "audio_key", as: String.self) }
    }

    /// The takes of a profile that have a recording, with its key (a parent deleting the recordings).
    public func recordings(childId: ChildID, in scope: FamilyScope) async throws -> [(id: SpeakUpTakeID, key: String)] {
        try await sql.raw("""
            SELECT id, audio_key FROM speakup_takes WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) AND audio_key IS NOT NULL
            """).all().map { (SpeakUpTakeID(try $0.decode(column: "id", as: String.self)), try $0.decode(column: "audio_key", as: String.self)) }
    }

    /// Bytes of recordings the profile keeps (the quota counts these).
    public func audioBytes(childId: ChildID, in scope: FamilyScope) async throws -> Int64 {
        try await sql.raw("""
            SELECT CAST(COALESCE(SUM(audio_bytes), 0) AS BIGINT) AS n FROM speakup_takes WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
            """).first()?.decode(column: "n", as: Int64.self) ?? 0
    }

    /// Forgets a take's recording (the parent switched recordings off, or the file is gone).
    public func dropAudio(id: SpeakUpTakeID, in scope: FamilyScope) async throws {
        try await sql.raw("""
            UPDATE speakup_takes SET audio_key = NULL, audio_bytes = 0 WHERE id = \(bind: id) AND family_id = \(bind: scope.familyId)
            """).run()
    }

    /// Scores and counts of the profile's takes since `since` (all when nil), oldest first: history's charts, streak and heatmap.
    public func points(childId: ChildID, in scope: FamilyScope, since: Date? = nil) async throws -> [SpeakUpTakePoint] {
        try await sql.raw("""
            SELECT id, prompt_id, created_at, seconds, word_count, wpm, filler_count, score, stars, digest, listened_at FROM speakup_takes
            WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) AND created_at >= \(bind: since?.millis ?? 0)
            ORDER BY created_at, id
            """).all().map(SpeakUpTakePoint.init(row:))
    }

    /// Every take of every family, a page at a time (`funzone speakup reanalyze`): the only
    /// unscoped read, for the operator's command, never a route.
    public func allTakes(after id: SpeakUpTakeID?, limit: Int) async throws -> [SpeakUpTake] {
        try await sql.raw("""
            SELECT * FROM speakup_takes WHERE id > \(bind: id?.rawValue ?? "") ORDER BY id LIMIT \(bind: limit)
            """).all().map(SpeakUpTake.init(row:))
    }

    /// Stores a new analysis of a take (same features, newer algorithm), with the numbers lists show.
    public func saveAnalysis(_ analysis: TakeAnalysis, stars: Int?, id: SpeakUpTakeID, in scope: FamilyScope) async throws {
        let json = String(decoding: try JSONEncoder.speakUp.encode(analysis), as: UTF8.self)
        let digest = String(decoding: try JSONEncoder.speakUp.encode(TakeDigest(analysis)), as: UTF8.self)
        let score: Int? = stars == nil ? analysis.scores.overall : nil
        try await sql.raw("""
            UPDATE speakup_takes SET analysis = \(bind: json), digest = \(bind: digest), analysis_version = \(bind: analysis.version),
                score = \(bind: score), stars = \(bind: stars), word_count = \(bind: analysis.wordCount), wpm = \(bind: analysis.wpm.overall),
                filler_count = \(bind: analysis.fillers.count)
            WHERE id = \(bind: id) AND family_id = \(bind: scope.familyId)
            """).run()
    }

    /// The digests of the profile's takes before `before` (all when nil), oldest first, at most `limit`: what the coach reads of earlier takes.
    public func recentDigests(childId: ChildID, in scope: FamilyScope, before: Date? = nil, limit: Int) async throws -> [TakeDigest] {
        try await sql.raw("""
            SELECT digest FROM speakup_takes WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
                AND created_at < \(bind: before?.millis ?? Int64.max)
            ORDER BY created_at DESC, id DESC LIMIT \(bind: limit)
            """).all().map { try JSONDecoder().decode(TakeDigest.self, from: Data(try $0.decode(column: "digest", as: String.self).utf8)) }
            .reversed()
    }

    // MARK: - Settings

    /// The profile's own settings (defaults until saved) and whether its recordings are kept (a parent's choice).
    public func settings(childId: ChildID, in scope: FamilyScope) async throws -> SpeakUpProfile {
        guard let row = try await sql.raw("""
            SELECT settings, keep_recordings FROM speakup_settings WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
            """).first() else { return SpeakUpProfile(settings: .standard, keepRecordings: true) }
        let json = try row.decode(column: "settings", as: String?.self)
        // Settings written by an older version that no longer decode fall back to the defaults rather than lock the profile out.
        let settings = json.flatMap { try? JSONDecoder().decode(SpeakUpSettings.self, from: Data($0.utf8)) } ?? .standard
        return SpeakUpProfile(settings: settings, keepRecordings: try row.decode(column: "keep_recordings", as: Int.self) != 0)
    }

    public func saveSettings(_ settings: SpeakUpSettings, childId: ChildID, in scope: FamilyScope, now: Date) async throws {
        let json = String(decoding: try JSONEncoder.speakUp.encode(settings), as: UTF8.self)
        try await sql.raw("""
            INSERT INTO speakup_settings (child_id, family_id, settings, keep_recordings, updated_at)
            VALUES (\(bind: childId), \(bind: scope.familyId), \(bind: json), 1, \(bind: now.millis))
            ON CONFLICT (child_id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at
            """).run()
    }

    /// A parent's switch: keep the analyses but not the recordings. Turning it off does not delete
    /// recordings already kept (the caller does that, file by file).
    public func setKeepRecordings(_ keep: Bool, childId: ChildID, in scope: FamilyScope, now: Date) async throws {
        try await sql.raw("""
            INSERT INTO speakup_settings (child_id, family_id, settings, keep_recordings, updated_at)
            VALUES (\(bind: childId), \(bind: scope.familyId), NULL, \(bind: keep ? 1 : 0), \(bind: now.millis))
            ON CONFLICT (child_id) DO UPDATE SET keep_recordings = excluded.keep_recordings, updated_at = excluded.updated_at
            """).run()
    }
}

/// A profile's SpeakUp settings and the parent's recording switch.
public struct SpeakUpProfile: Sendable, Equatable {
    public var settings: SpeakUpSettings
    public var keepRecordings: Bool
}
