import Foundation
import SQLKit
import SpeechCoach

/// Family challenges and the takes that answered them. Every query filters on the family; a
/// profile sees the challenges it sent or was sent.
extension SpeakUpStore {
    public enum AddedChallenge: Sendable, Equatable { case added, alreadyOpen, tooMany }

    /// Adds the challenge unless the same challenger already has one open for the same person on the
    /// same prompt, or `openLimit` open ones. The challenger's row is locked first (changed to itself:
    /// a row lock on PostgreSQL, the write lock on SQLite), so two quick taps take turns and make one.
    public func addChallenge(_ challenge: FamilyChallenge, openLimit: Int, in scope: FamilyScope) async throws -> AddedChallenge {
        try await database.transaction { sql in
            try await sql.raw("""
                UPDATE children SET name = name WHERE id = \(bind: challenge.fromChildId) AND family_id = \(bind: scope.familyId)
                """).run()
            let open = try await sql.raw("""
                SELECT COUNT(*) AS n FROM speakup_challenges
                WHERE family_id = \(bind: scope.familyId) AND from_child_id = \(bind: challenge.fromChildId)
                    AND beaten_at IS NULL AND expires_at > \(bind: challenge.createdAt.millis)
                """).first()?.decode(column: "n", as: Int.self) ?? 0
            guard open < openLimit else { return .tooMany }
            let added = try await sql.raw("""
                INSERT INTO speakup_challenges (id, family_id, from_child_id, to_child_id, prompt_id, from_take_id, measure, target,
                    created_at, expires_at, beaten_at)
                SELECT \(bind: challenge.id), \(bind: scope.familyId), \(bind: challenge.fromChildId), \(bind: challenge.toChildId),
                    \(bind: challenge.promptId), \(bind: challenge.fromTakeId), \(bind: challenge.measure.rawValue), \(bind: challenge.target),
                    \(bind: challenge.createdAt.millis), \(bind: challenge.expiresAt.millis), NULL
                WHERE NOT EXISTS (
                    SELECT 1 FROM speakup_challenges WHERE family_id = \(bind: scope.familyId) AND from_child_id = \(bind: challenge.fromChildId)
                        AND to_child_id = \(bind: challenge.toChildId) AND prompt_id = \(bind: challenge.promptId)
                        AND beaten_at IS NULL AND expires_at > \(bind: challenge.createdAt.millis))
                RETURNING id
                """).all()
            return added.isEmpty ? .alreadyOpen : .added
        }
    }

    /// The challenges the profile sent or was sent since `since`, newest first, with their best answer and tries.
    public func challenges(childId: ChildID, in scope: FamilyScope, since: Date, limit: Int = 200) async throws -> [FamilyChallenge] {
        try await sql.raw("""
            SELECT \(SQLQueryString(Self.challengeColumns)) FROM speakup_challenges c
            WHERE c.family_id = \(bind: scope.familyId) AND (c.from_child_id = \(bind: childId) OR c.to_child_id = \(bind: childId))
                AND c.created_at >= \(bind: since.millis)
            ORDER BY c.created_at DESC, c.id DESC LIMIT \(bind: limit)
            """).all().compactMap(Self.challenge(row:))
    }

    /// The challenges sent to the profile on this prompt, oldest first (a take answers those still open).
    public func challenges(to childId: ChildID, promptId: String, in scope: FamilyScope) async throws -> [FamilyChallenge] {
        try await sql.raw("""
            SELECT \(SQLQueryString(Self.challengeColumns)) FROM speakup_challenges c
            WHERE c.family_id = \(bind: scope.familyId) AND c.to_child_id = \(bind: childId) AND c.prompt_id = \(bind: promptId)
                AND c.beaten_at IS NULL
            ORDER BY c.created_at, c.id
            """).all().compactMap(Self.challenge(row:))
    }

    /// Keeps a take's answer to a challenge; the first answer that beats it closes it.
    public func answerChallenge(id: String, takeId: SpeakUpTakeID, value: Int, beaten: Bool, at date: Date, in scope: FamilyScope) async throws {
        try await sql.raw("""
            INSERT INTO speakup_challenge_answers (id, take_id, challenge_id, family_id, value, created_at)
            VALUES (\(bind: "\(id):\(takeId.rawValue)"), \(bind: takeId), \(bind: id), \(bind: scope.familyId), \(bind: value), \(bind: date.millis))
            """).run()
        if beaten {
            try await sql.raw("""
                UPDATE speakup_challenges SET beaten_at = \(bind: date.millis)
                WHERE id = \(bind: id) AND family_id = \(bind: scope.familyId) AND beaten_at IS NULL
                """).run()
        }
    }

    /// The challenges a take answered, oldest first, each with what the take made in its measure.
    public func challengeAnswers(takeId: SpeakUpTakeID, in scope: FamilyScope) async throws -> [(challenge: FamilyChallenge, value: Int)] {
        try await sql.raw("""
            SELECT \(SQLQueryString(Self.challengeColumns)), a.value AS answer_value FROM speakup_challenge_answers a
            JOIN speakup_challenges c ON c.id = a.challenge_id AND c.family_id = a.family_id
            WHERE a.take_id = \(bind: takeId) AND a.family_id = \(bind: scope.familyId)
            ORDER BY c.created_at, c.id
            """).all().compactMap { row in
                guard let challenge = try Self.challenge(row: row) else { return nil }
                return (challenge, try row.decode(column: "answer_value", as: Int.self))
            }
    }

    /// Deletes a challenge the profile sent or was sent; false when it has none with that id.
    public func deleteChallenge(id: String, childId: ChildID, in scope: FamilyScope) async throws -> Bool {
        try await sql.raw("""
            DELETE FROM speakup_challenges WHERE id = \(bind: id) AND family_id = \(bind: scope.familyId)
                AND (from_child_id = \(bind: childId) OR to_child_id = \(bind: childId))
            RETURNING id
            """).all().isEmpty == false
    }

    static let challengeColumns = """
        c.id, c.from_child_id, c.to_child_id, c.prompt_id, c.from_take_id, c.measure, c.target, c.created_at, c.expires_at, c.beaten_at,
        (SELECT MAX(value) FROM speakup_challenge_answers x WHERE x.challenge_id = c.id) AS best,
        (SELECT COUNT(*) FROM speakup_challenge_answers x WHERE x.challenge_id = c.id) AS tries
        """

    /// A row as a challenge (nil for a measure this version does not know).
    static func challenge(row: any SQLRow) throws -> FamilyChallenge? {
        guard let measure = FamilyChallenge.Measure(rawValue: try row.decode(column: "measure", as: String.self)) else { return nil }
        return FamilyChallenge(
            id: try row.decode(column: "id", as: String.self), fromChildId: try row.decode(column: "from_child_id", as: String.self),
            toChildId: try row.decode(column: "to_child_id", as: String.self), promptId: try row.decode(column: "prompt_id", as: String.self),
            fromTakeId: try row.decode(column: "from_take_id", as: String.self), measure: measure,
            target: try row.decode(column: "target", as: Int.self),
            createdAt: Date(millis: try row.decode(column: "created_at", as: Int64.self)),
            expiresAt: Date(millis: try row.decode(column: "expires_at", as: Int64.self)),
            beatenAt: try row.decode(column: "beaten_at", as: Int64?.self).map { Date(millis: $0) },
            best: try row.decode(column: "best", as: Int?.self), tries: try row.decode(column: "tries", as: Int.self))
    }
}
