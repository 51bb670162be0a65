import Foundation
import SQLKit

/// Signed-in family devices. Only a hash of each session token is kept.
public struct SessionStore: Sendable {
    let database: Database
    public init(database: Database) { self.database = database }

    private var sql: any SQLDatabase { database.sql }
    private static let decoding = SQLRowDecoder.KeyDecodingStrategy.convertFromSnakeCase

    public func create(tokenHash: String, familyId: FamilyID, parentId: ParentID, csrfToken: String,
                       now: Date, expires: Date, parentActiveAt: Date?) async throws {
        try await sql.raw("""
            INSERT INTO sessions (token_hash, family_id, parent_id, csrf_token, created_at, last_seen_at,
                                  expires_at, parent_active_at, gate_failures)
            VALUES (\(bind: tokenHash), \(bind: familyId), \(bind: parentId), \(bind: csrfToken), \(bind: now.millis),
                    \(bind: now.millis), \(bind: expires.millis), \(bind: parentActiveAt?.millis), 0)
            """).run()
    }

    /// The live session for a token hash; expired ones are treated as absent.
    public func find(tokenHash: String, now: Date) async throws -> Session? {
        try await sql.raw("""
            SELECT * FROM sessions WHERE token_hash = \(bind: tokenHash) AND expires_at > \(bind: now.millis)
            """).first(decoding: SessionRow.self, keyDecodingStrategy: Self.decoding)?.value
    }

    /// Slides the expiry forward (called at most once a minute per session).
    public func touch(tokenHash: String, now: Date, expires: Date) async throws {
        try await sql.raw("""
            UPDATE sessions SET last_seen_at = \(bind: now.millis), expires_at = \(bind: expires.millis)
            WHERE token_hash = \(bind: tokenHash)
            """).run()
    }

    public func delete(tokenHash: String) async throws {
        try await sql.raw("DELETE FROM sessions WHERE token_hash = \(bind: tokenHash)").run()
    }

    public func deleteExpired(now: Date) async throws {
        try await sql.raw("DELETE FROM sessions WHERE expires_at <= \(bind: now.millis)").run()
    }

    /// Who is playing on this device (nil: the avatar picker).
    public func setChild(_ childId: ChildID?, tokenHash: String) async throws {
        try await sql.raw("UPDATE sessions SET child_id = \(bind: childId) WHERE token_hash = \(bind: tokenHash)").run()
    }

    /// Opens (a date) or closes (nil) the parent area on this device; closing also spends any gate pass.
    public func setParentActive(_ at: Date?, tokenHash: String) async throws {
        if let at {
            try await sql.raw("UPDATE sessions SET parent_active_at = \(bind: at.millis) WHERE token_hash = \(bind: tokenHash)").run()
        } else {
            try await sql.raw("""
                UPDATE sessions SET parent_active_at = NULL, gate_passed_at = NULL WHERE token_hash = \(bind: tokenHash)
                """).run()
        }
    }

    /// Stores a new gate question for this device.
    public func setGateChallenge(left: Int, right: Int, issuedAt: Date, tokenHash: String) async throws {
        try await sql.raw("""
            UPDATE sessions SET gate_left = \(bind: left), gate_right = \(bind: right), gate_issued_at = \(bind: issuedAt.millis)
            WHERE token_hash = \(bind: tokenHash)
            """).run()
    }

    /// Records a gate answer's result and discards the question, but only if the question is still
    /// the one that was answered: two racing answers to one question count once.
    public func recordGateAnswer(tokenHash: String, answeredIssuedAt: Date, failures: Int,
                                 lockedUntil: Date?, passedAt: Date?) async throws -> Bool {
        try await sql.raw("""
            UPDATE sessions SET gate_left = NULL, gate_right = NULL, gate_issued_at = NULL,
                gate_failures = \(bind: failures), gate_locked_until = \(bind: lockedUntil?.millis),
                gate_passed_at = \(bind: passedAt?.millis)
            WHERE token_hash = \(bind: tokenHash) AND gate_issued_at = \(bind: answeredIssuedAt.millis)
            RETURNING token_hash
            """).first() != nil
    }

    /// Spends a gate pass (one purchase, one link out).
    public func consumeGatePass(tokenHash: String) async throws {
        try await sql.raw("UPDATE sessions SET gate_passed_at = NULL WHERE token_hash = \(bind: tokenHash)").run()
    }
}
