import Foundation
import SQLKit
import SpeechCoach

/// One piece of practice done: a warm-up or a calm exercise, when and for how long.
public struct SpeakUpPractice: Sendable, Equatable {
    public let id: String
    public let kind: PracticeKind
    public let itemId: String
    public let createdAt: Date
    public let seconds: Double

    public init(id: String, kind: PracticeKind, itemId: String, createdAt: Date, seconds: Double) {
        self.id = id
        self.kind = kind
        self.itemId = itemId
        self.createdAt = createdAt
        self.seconds = seconds
    }
}

/// The practice a profile did between talks, newest first.
extension SpeakUpStore {
    public func addPractice(_ practice: SpeakUpPractice, childId: ChildID, in scope: FamilyScope) async throws {
        try await sql.raw("""
            INSERT INTO speakup_practice (id, family_id, child_id, kind, item_id, created_at, seconds)
            VALUES (\(bind: practice.id), \(bind: scope.familyId), \(bind: childId), \(bind: practice.kind.rawValue), \(bind: practice.itemId),
                \(bind: practice.createdAt.millis), \(bind: practice.seconds))
            """).run()
    }

    public func practice(childId: ChildID, in scope: FamilyScope, limit: Int = 200) async throws -> [SpeakUpPractice] {
        try await sql.raw("""
            SELECT id, kind, item_id, created_at, seconds FROM speakup_practice
            WHERE family_id = \(bind: scope.familyId) AND child_id = \(bind: childId)
            ORDER BY created_at DESC, id DESC LIMIT \(bind: limit)
            """).all().compactMap { row in
                guard let kind = PracticeKind(rawValue: try row.decode(column: "kind", as: String.self)) else { return nil }
                return SpeakUpPractice(id: try row.decode(column: "id", as: String.self), kind: kind, itemId: try row.decode(column: "item_id", as: String.self),
                                       createdAt: Date(millis: try row.decode(column: "created_at", as: Int64.self)),
                                       seconds: try row.decode(column: "seconds", as: Double.self))
            }
    }
}
