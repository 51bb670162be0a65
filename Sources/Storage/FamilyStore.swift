import Foundation
import SQLKit

/// Families, their parents and the invite codes that let a second parent join.
public struct FamilyStore: Sendable {
    let database: Database
    public init(database: Database) { self.database = database }

    private var sql: any SQLDatabase { database.sql }

    public func familyCount() async throws -> Int {
        try await sql.raw("SELECT COUNT(*) AS n FROM families").first()?.decode(column: "n", as: Int.self) ?? 0
    }

    /// Creates a family and its first parent together, or neither. An e-mail address that already
    /// has an account (even one added a moment ago by a concurrent request) is `duplicateEmail`.
    public func createFamily(id: FamilyID, name: String, parent: ParentAccount) async throws {
        do {
            try await database.transaction { sql in
                try await sql.raw("""
                    INSERT INTO families (id, name, created_at, phone_event_days, answered_request_days)
                    VALUES (\(bind: id), \(bind: name), \(bind: parent.createdAt.millis), \(bind: Retention.standard.phoneEventDays),
                            \(bind: Retention.standard.answeredRequestDays))
                    """).run()
                try await Self.insert(parent, on: sql)
            }
        } catch {
            throw try await duplicateOr(error, email: parent.email)
        }
    }

    /// The parents' UNIQUE e-mail refused an insert when the address now has an account: checking
    /// first and inserting after would let two sign-ups at once both pass the check.
    private func duplicateOr(_ error: any Error, email: String) async throws -> any Error {
        try await self.parent(email: email) != nil ? StorageError.duplicateEmail : error
    }

    private static func insert(_ parent: ParentAccount, on sql: any SQLDatabase) async throws {
        try await sql.raw("""
            INSERT INTO parents (id, family_id, email, name, password_hash, created_at)
            VALUES (\(bind: parent.id), \(bind: parent.familyId), \(bind: parent.email), \(bind: parent.name),
                    \(bind: parent.passwordHash), \(bind: parent.createdAt.millis))
            """).run()
    }

    public func family(id: FamilyID) async throws -> Family? {
        try await sql.raw("SELECT * FROM families WHERE id = \(bind: id)")
            .first(decoding: FamilyRow.self, keyDecodingStrategy: .convertFromSnakeCase)?.value
    }

    public func parent(email: String) async throws -> ParentAccount? {
        try await sql.raw("SELECT * FROM parents WHERE email = \(bind: email)")
            .first(decoding: ParentRow.self, keyDecodingStrategy: .convertFromSnakeCase)?.value
    }

    public func parent(id: ParentID, in scope: FamilyScope) async throws -> ParentAccount? {
        try await sql.raw("SELECT * FROM parents WHERE id = \(bind: id) AND family_id = \(bind: scope.familyId)")
            .first(decoding: ParentRow.self, keyDecodingStrategy: .convertFromSnakeCase)?.value
    }

    public func parents(in scope: FamilyScope) async throws -> [ParentAccount] {
        try await sql.raw("SELECT * FROM parents WHERE family_id = \(bind: scope.familyId) ORDER BY created_at")
            .all(decoding: ParentRow.self, keyDecodingStrategy: .convertFromSnakeCase).map(\.value)
    }

    /// Sets a new password hash and signs the parent out everywhere.
    public func setPassword(parentId: ParentID, hash: String) async throws {
        try await database.transaction { sql in
            try await sql.raw("UPDATE parents SET password_hash = \(bind: hash) WHERE id = \(bind: parentId)").run()
            try await sql.raw("DELETE FROM sessions WHERE parent_id = \(bind: parentId)").run()
        }
    }

    /// A new password from the parent's own device (whose session stays): the parent's other
    /// sessions are signed out (`signOutOthers`), or keep kid mode with their parent area and gate
    /// pass closed, so the new password is asked there.
    public func setPassword(parentId: ParentID, hash: String, keepingSession tokenHash: String, signOutOthers: Bool) async throws {
        try await database.transaction { sql in
            try await sql.raw("UPDATE parents SET password_hash = \(bind: hash) WHERE id = \(bind: parentId)").run()
            if signOutOthers {
                try await sql.raw("DELETE FROM sessions WHERE parent_id = \(bind: parentId) AND token_hash <> \(bind: tokenHash)").run()
            } else {
                try await sql.raw("""
                    UPDATE sessions SET parent_active_at = NULL, gate_passed_at = NULL
                    WHERE parent_id = \(bind: parentId) AND token_hash <> \(bind: tokenHash)
                    """).run()
            }
        }
    }

    /// A new sign-in address; `duplicateEmail` when another account has it.
    public func setEmail(parentId: ParentID, in scope: FamilyScope, email: String) async throws {
        do {
            try await sql.raw("UPDATE parents SET email = \(bind: email) WHERE id = \(bind: parentId) AND family_id = \(bind: scope.familyId)").run()
        } catch {
            throw try await duplicateOr(error, email: email)
        }
    }

    public func setName(parentId: ParentID, in scope: FamilyScope, name: String) async throws {
        try await sql.raw("UPDATE parents SET name = \(bind: name) WHERE id = \(bind: parentId) AND family_id = \(bind: scope.familyId)").run()
    }

    /// Removes a parent of the family with their sessions, unless they are its last one (false then, or when not found).
    public func removeParent(id: ParentID, in scope: FamilyScope) async throws -> Bool {
        try await database.transaction { sql in
            let count = try await sql.raw("SELECT COUNT(*) AS n FROM parents WHERE family_id = \(bind: scope.familyId)").first()?
                .decode(column: "n", as: Int.self) ?? 0
            guard count > 1 else { return false }
            try await sql.raw("DELETE FROM sessions WHERE parent_id = \(bind: id) AND family_id = \(bind: scope.familyId)").run()
            try await sql.raw("DELETE FROM password_resets WHERE parent_id = \(bind: id)").run()
            return try await sql.raw("DELETE FROM parents WHERE id = \(bind: id) AND family_id = \(bind: scope.familyId) RETURNING id").first() != nil
        }
    }

    /// Keeps a hashed, short-lived password reset for a parent (an earlier one stops working).
    public func createPasswordReset(tokenHash: String, parentId: ParentID, now: Date, expires: Date) async throws {
        try await database.transaction { sql in
            try await sql.raw("DELETE FROM password_resets WHERE parent_id = \(bind: parentId) OR expires_at < \(bind: now.millis)").run()
            try await sql.raw("""
                INSERT INTO password_resets (token_hash, parent_id, created_at, expires_at)
                VALUES (\(bind: tokenHash), \(bind: parentId), \(bind: now.millis), \(bind: expires.millis))
                """).run()
        }
    }

    /// Spends a reset and sets the new password, signing the parent out everywhere; the parent, or nil
    /// when the reset is unknown, used or expired.
    public func redeemPasswordReset(tokenHash: String, newHash: String, now: Date) async throws -> ParentAccount? {
        try await database.transaction { sql in
            guard let parentId = try await sql.raw("""
                DELETE FROM password_resets WHERE token_hash = \(bind: tokenHash) AND expires_at > \(bind: now.millis)
                RETURNING parent_id
                """).first()?.decode(column: "parent_id", as: String.self) else { return nil }
            try await sql.raw("UPDATE parents SET password_hash = \(bind: newHash) WHERE id = \(bind: parentId)").run()
            try await sql.raw("DELETE FROM sessions WHERE parent_id = \(bind: parentId)").run()
            return try await sql.raw("SELECT * FROM parents WHERE id = \(bind: parentId)")
                .first(decoding: ParentRow.self, keyDecodingStrategy: .convertFromSnakeCase)?.value
        }
    }

    public func createInvite(codeHash: String, in scope: FamilyScope, parentId: ParentID, now: Date, expires: Date) async throws {
        try await sql.raw("""
            INSERT INTO invites (code_hash, family_id, created_by, created_at, expires_at)
            VALUES (\(bind: codeHash), \(bind: scope.familyId), \(bind: parentId), \(bind: now.millis), \(bind: expires.millis))
            """).run()
    }

    /// Uses an invite once to add a parent to its family: returns the parent as added (in the
    /// invite's family), or nil when the code is unknown, used or expired. The code is spent only
    /// if the parent is added: when the address got an account after the caller checked it, this
    /// throws `duplicateEmail` and the code still works.
    public func join(inviteCodeHash codeHash: String, parent draft: ParentAccount, now: Date) async throws -> ParentAccount? {
        do {
            return try await database.transaction { sql in
                guard let familyId = try await sql.raw("""
                    UPDATE invites SET used_at = \(bind: now.millis)
                    WHERE code_hash = \(bind: codeHash) AND used_at IS NULL AND expires_at > \(bind: now.millis)
                    RETURNING family_id
                    """).first()?.decode(column: "family_id", as: FamilyID.self) else { return nil }
                let parent = ParentAccount(id: draft.id, familyId: familyId, email: draft.email, name: draft.name,
                                           passwordHash: draft.passwordHash, createdAt: draft.createdAt)
                try await Self.insert(parent, on: sql)
                return parent
            }
        } catch {
            throw try await duplicateOr(error, email: draft.email)
        }
    }
}
