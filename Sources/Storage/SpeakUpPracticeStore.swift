import Foundation
import SQLKit
import SpeechCoach

/// One piece of practice done: a warm-up, a calm exercise or a drill, when and for how long; a
/// drill with its result.
public struct SpeakUpPractice: Sendable, Equatable {
    public let id: String
    public let kind: PracticeKind
    public let itemId: String
    public let createdAt: Date
    public let seconds: Double
    public let drill: DrillResult?

    public init(id: String, kind: PracticeKind, itemId: String, createdAt: Date, seconds: Double, drill: DrillResult? = nil) {
        self.id = id
        self.kind = kind
        self.itemId = itemId
        self.createdAt = createdAt
        self.seconds = seconds
        self.drill = drill
    }
}

/// The practice a profile did between talks, newest first.
extension SpeakUpStore {
    public func addPractice(_ practice: SpeakUpPractice, childId: ChildID, in scope: FamilyScope) async throws {
        let result = try practice.drill.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        try await sql.raw("""
            INSERT INTO speakup_practice (id, family_id, child_id, kind, item_id, created_at, seconds, score, passed, result)
            VALUES (\(bind: practice.id), \(bind: scope.familyId), \(bind: childId), \(bind: practice.kind.rawValue), \(bind: practice.itemId),
                \(bind: practice.createdAt.millis), \(bind: practice.seconds), \(bind: practice.drill?.score),
                \(bind: practice.drill.map { $0.passed ? 1 : 0 }), \(bind: result))
            """).run()
    }

    public func practice(childId: ChildID, in scope: FamilyScope, limit: Int = 200) async throws -> [SpeakUpPractice] {
        try await sql.raw("""
            SELECT id, kind, item_id, created_at, seconds, result FROM speakup_practice
            WHERE family_id = \(bind: scope.familyId) AND child_id = \(bind: childId)
            ORDER BY created_at DESC, id DESC LIMIT \(bind: limit)
            """).all().compactMap { row in
                guard let kind = PracticeKind(rawValue: try row.decode(column: "kind", as: String.self)) else { return nil }
                return SpeakUpPractice(id: try row.decode(column: "id", as: String.self), kind: kind, itemId: try row.decode(column: "item_id", as: String.self),
                                       createdAt: Date(millis: try row.decode(column: "created_at", as: Int64.self)),
                                       seconds: try row.decode(column: "seconds", as: Double.self),
                                       drill: try row.decode(column: "result", as: String?.self).flatMap { try? JSONDecoder().decode(DrillResult.self, from: Data($0.utf8)) })
            }
    }
}
