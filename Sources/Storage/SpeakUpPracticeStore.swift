import Foundation
import SQLKit
import SpeechCoach

/// One piece of practice done: a warm-up, a calm exercise, a drill or a reading, when and for how
/// long; a drill or a reading with its result.
public struct SpeakUpPractice: Sendable, Equatable {
    public let id: String
    public let kind: PracticeKind
    public let itemId: String
    public let createdAt: Date
    public let seconds: Double
    public let drill: DrillResult?
    public let reading: ReadAloudResult?

    public init(id: String, kind: PracticeKind, itemId: String, createdAt: Date, seconds: Double, drill: DrillResult? = nil,
                reading: ReadAloudResult? = nil) {
        self.id = id
        self.kind = kind
        self.itemId = itemId
        self.createdAt = createdAt
        self.seconds = seconds
        self.drill = drill
        self.reading = reading
    }

    /// The result's score and whether it passed (nil for a warm-up or a calm exercise).
    var outcome: (score: Int, passed: Bool)? {
        if let drill { return (drill.score, drill.passed) }
        if let reading { return (reading.score, reading.passed) }
        return nil
    }
}

/// The practice a profile did between talks, newest first.
extension SpeakUpStore {
    public func addPractice(_ practice: SpeakUpPractice, childId: ChildID, in scope: FamilyScope) async throws {
        let encoded = try practice.drill.map { try JSONEncoder().encode($0) } ?? practice.reading.map { try JSONEncoder().encode($0) }
        let result = encoded.map { String(decoding: $0, as: UTF8.self) }
        try await sql.raw("""
            INSERT INTO speakup_practice (id, family_id, child_id, kind, item_id, created_at, seconds, score, passed, result)
            VALUES (\(bind: practice.id), \(bind: scope.familyId), \(bind: childId), \(bind: practice.kind.rawValue), \(bind: practice.itemId),
                \(bind: practice.createdAt.millis), \(bind: practice.seconds), \(bind: practice.outcome?.score),
                \(bind: practice.outcome.map { $0.passed ? 1 : 0 }), \(bind: result))
            """).run()
    }

    public func practice(childId: ChildID, in scope: FamilyScope, limit: Int = 200) async throws -> [SpeakUpPractice] {
        try await sql.raw("""
            SELECT id, kind, item_id, created_at, seconds, result FROM speakup_practice
            WHERE family_id = \(bind: scope.familyId) AND child_id = \(bind: childId)
            ORDER BY created_at DESC, id DESC LIMIT \(bind: limit)
            """).all().compactMap { row in
                guard let kind = PracticeKind(rawValue: try row.decode(column: "kind", as: String.self)) else { return nil }
                let result = try row.decode(column: "result", as: String?.self).map { Data($0.utf8) }
                return SpeakUpPractice(id: try row.decode(column: "id", as: String.self), kind: kind, itemId: try row.decode(column: "item_id", as: String.self),
                                       createdAt: Date(millis: try row.decode(column: "created_at", as: Int64.self)),
                                       seconds: try row.decode(column: "seconds", as: Double.self),
                                       drill: kind == .drill ? result.flatMap { try? JSONDecoder().decode(DrillResult.self, from: $0) } : nil,
                                       reading: kind == .readAloud ? result.flatMap { try? JSONDecoder().decode(ReadAloudResult.self, from: $0) } : nil)
            }
    }
}
