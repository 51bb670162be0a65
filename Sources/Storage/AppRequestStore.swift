import Foundation
import Hub
import SQLKit

/// Children's requests for apps, as the parents' inbox shows them.
public struct AppRequestStore: Sendable {
    let database: Database
    public init(database: Database) { self.database = database }

    private var sql: any SQLDatabase { database.sql }
    private static let decoding = SQLRowDecoder.KeyDecodingStrategy.convertFromSnakeCase

    public func insert(_ request: AppRequestRecord, in scope: FamilyScope) async throws {
        try scope.check(request)
        try await sql.raw("""
            INSERT INTO app_requests (id, family_id, child_id, app_id, text, audio_key, audio_bytes, status, created_at)
            VALUES (\(bind: request.id), \(bind: scope.familyId), \(bind: request.childId), \(bind: request.appId),
                    \(bind: request.text), \(bind: request.audioKey), \(bind: request.audioBytes), \(bind: request.status.rawValue),
                    \(bind: request.createdAt.millis))
            """).run()
    }

    /// The family's requests, newest first.
    public func list(in scope: FamilyScope, limit: Int = 100) async throws -> [AppRequestRecord] {
        try await sql.raw("""
            SELECT * FROM app_requests WHERE family_id = \(bind: scope.familyId)
            ORDER BY created_at DESC, id DESC LIMIT \(bind: limit)
            """).all(decoding: AppRequestRow.self, keyDecodingStrategy: Self.decoding).map(\.value)
    }

    public func unreadCount(in scope: FamilyScope) async throws -> Int {
        try await sql.raw("""
            SELECT COUNT(*) AS n FROM app_requests WHERE family_id = \(bind: scope.familyId) AND read_at IS NULL
            """).first()?.decode(column: "n", as: Int.self) ?? 0
    }

    public func request(id: AppRequestID, in scope: FamilyScope) async throws -> AppRequestRecord? {
        try await sql.raw("SELECT * FROM app_requests WHERE id = \(bind: id) AND family_id = \(bind: scope.familyId)")
            .first(decoding: AppRequestRow.self, keyDecodingStrategy: Self.decoding)?.value
    }

    public func markRead(id: AppRequestID, in scope: FamilyScope, now: Date) async throws {
        try await sql.raw("""
            UPDATE app_requests SET read_at = \(bind: now.millis)
            WHERE id = \(bind: id) AND family_id = \(bind: scope.familyId) AND read_at IS NULL
            """).run()
    }

    /// Records a parent's answer (which also marks it read); false when the request is not this family's.
    public func decide(id: AppRequestID, in scope: FamilyScope, status: AppRequest.Status, note: String? = nil, now: Date) async throws -> Bool {
        try await sql.raw("""
            UPDATE app_requests SET status = \(bind: status.rawValue), note = \(bind: note), decided_at = \(bind: now.millis),
                read_at = COALESCE(read_at, \(bind: now.millis))
            WHERE id = \(bind: id) AND family_id = \(bind: scope.familyId)
            RETURNING id
            """).first() != nil
    }
}
