import Foundation
import SQLKit
import SpeechCoach

/// A speaker's own prompts, kept per profile and family. Adding many is one transaction: an import
/// adds every prompt or none.
extension SpeakUpStore {
    public func customPrompts(childId: ChildID, in scope: FamilyScope) async throws -> [SpeakingPrompt] {
        try await sql.raw("""
            SELECT id, text, category, difficulty, seconds, for_kids FROM speakup_prompts
            WHERE family_id = \(bind: scope.familyId) AND child_id = \(bind: childId) ORDER BY created_at, id
            """).all().map(Self.prompt(row:))
    }

    /// A prompt by id: one of the app's own, a course practice's, or one of the profile's.
    public func prompt(id: String, childId: ChildID, in scope: FamilyScope) async throws -> SpeakingPrompt? {
        if let standard = PromptLibrary.standard.prompt(id: id) ?? Course.prompt(id: id) { return standard }
        guard id.hasPrefix(CustomPrompts.idPrefix) else { return nil }
        return try await customPrompt(id: id, childId: childId, in: scope)
    }

    public func customPrompt(id: String, childId: ChildID, in scope: FamilyScope) async throws -> SpeakingPrompt? {
        try await sql.raw("""
            SELECT id, text, category, difficulty, seconds, for_kids FROM speakup_prompts
            WHERE id = \(bind: id) AND family_id = \(bind: scope.familyId) AND child_id = \(bind: childId)
            """).first().map(Self.prompt(row:))
    }

    /// Adds `prompts` (ids made by the caller) together, or none of them: a text the profile already
    /// has (`CustomPrompts.key`) throws `StorageError.duplicate`, and the count may not pass `limit`.
    public func addPrompts(_ prompts: [SpeakingPrompt], childId: ChildID, in scope: FamilyScope, now: Date, limit: Int) async throws {
        guard !prompts.isEmpty else { return }
        do {
            try await insert(prompts, childId: childId, in: scope, now: now, limit: limit)
        } catch StorageError.limitReached {
            throw StorageError.limitReached
        } catch {
            // A text added a moment ago by another request: the unique index refused the whole batch.
            let kept = Set(try await customPrompts(childId: childId, in: scope).map { CustomPrompts.key($0.text) })
            throw prompts.contains { kept.contains(CustomPrompts.key($0.text)) } ? StorageError.duplicatePrompt : error
        }
    }

    private func insert(_ prompts: [SpeakingPrompt], childId: ChildID, in scope: FamilyScope, now: Date, limit: Int) async throws {
        try await database.transaction { sql in
            // The profile's row first, changed to itself: two imports of one profile take turns
            // here (a row lock on PostgreSQL, the write lock on SQLite), so both cannot pass the count.
            try await sql.raw("UPDATE children SET name = name WHERE id = \(bind: childId) AND family_id = \(bind: scope.familyId)").run()
            let count = try await sql.raw("""
                SELECT COUNT(*) AS n FROM speakup_prompts WHERE family_id = \(bind: scope.familyId) AND child_id = \(bind: childId)
                """).first()?.decode(column: "n", as: Int.self) ?? 0
            guard count + prompts.count <= limit else { throw StorageError.limitReached }
            for (offset, prompt) in prompts.enumerated() {
                try await sql.raw("""
                    INSERT INTO speakup_prompts (id, family_id, child_id, text, text_key, category, difficulty, seconds, for_kids, created_at)
                    VALUES (\(bind: prompt.id), \(bind: scope.familyId), \(bind: childId), \(bind: prompt.text), \(bind: CustomPrompts.key(prompt.text)),
                        \(bind: prompt.category), \(bind: prompt.difficulty.rawValue), \(bind: prompt.seconds), \(bind: prompt.forKids ? 1 : 0),
                        \(bind: now.millis + Int64(offset)))
                    """).run()
            }
        }
    }

    public func deletePrompt(id: String, childId: ChildID, in scope: FamilyScope) async throws -> Bool {
        let rows = try await sql.raw("""
            DELETE FROM speakup_prompts WHERE id = \(bind: id) AND family_id = \(bind: scope.familyId) AND child_id = \(bind: childId)
            RETURNING id
            """).all()
        return !rows.isEmpty
    }

    private static func prompt(row: any SQLRow) throws -> SpeakingPrompt {
        let difficulty = try row.decode(column: "difficulty", as: String.self)
        let forKids = try row.decode(column: "for_kids", as: Int.self) != 0
        return SpeakingPrompt(id: try row.decode(column: "id", as: String.self), category: try row.decode(column: "category", as: String.self),
                              text: try row.decode(column: "text", as: String.self),
                              difficulty: SpeakingPrompt.Difficulty(rawValue: difficulty) ?? .medium,
                              seconds: try row.decode(column: "seconds", as: Int.self), forKids: forKids, emoji: forKids ? "⭐" : nil)
    }
}
