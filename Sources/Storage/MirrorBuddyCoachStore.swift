import Foundation
import SQLKit
import Study

/// A ready material whose passages are missing or older than its text.
public struct StaleMaterial: Sendable {
    public let id: String
    public let title: String
    public let language: StudyLanguage
    public let body: String
    public let version: Int64
}

/// The coach's search index over a student's materials (`Study.Passages`, `Study.PassageRanking`)
/// and the notes to parents the coach leaves. Every query filters on the family and the student.
extension MirrorBuddyStore {
    /// Ready materials whose passages are not current, the newest first (the one being asked about), at most `limit`.
    public func staleMaterials(childId: ChildID, in scope: FamilyScope, limit: Int) async throws -> [StaleMaterial] {
        try await sql.raw("""
            SELECT id, title, language, body, text_version FROM mirrorbuddy_materials
            WHERE family_id = \(bind: scope.familyId) AND child_id = \(bind: childId) AND status = 'ready'
                AND (passages_version IS NULL OR passages_version <> text_version)
            ORDER BY created_at DESC, id DESC LIMIT \(bind: limit)
            """).all().map { row in
            StaleMaterial(id: try row.decode(column: "id", as: String.self), title: try row.decode(column: "title", as: String.self),
                          language: StudyLanguage(rawValue: try row.decode(column: "language", as: String.self)) ?? .it,
                          body: try row.decode(column: "body", as: String?.self) ?? "", version: try row.decode(column: "text_version", as: Int64.self))
        }
    }

    /// Replaces the material's passages with `passages`, unless it changed since `stale` was read
    /// (then its next question makes them again). The material's row is taken first, so two
    /// questions at once write them once.
    public func savePassages(_ passages: [IndexedPassage], keyTerms: [String], of stale: StaleMaterial, childId: ChildID,
                             in scope: FamilyScope) async throws {
        try await database.transaction { sql in
            guard try await sql.raw("""
                UPDATE mirrorbuddy_materials SET passages_version = text_version, key_terms = \(bind: keyTerms.joined(separator: "\n"))
                WHERE id = \(bind: stale.id) AND family_id = \(bind: scope.familyId) AND child_id = \(bind: childId)
                    AND text_version = \(bind: stale.version) AND status = 'ready'
                    AND (passages_version IS NULL OR passages_version <> text_version)
                RETURNING id
                """).first() != nil else { return }
            try await Self.deletePassages(materialId: stale.id, in: scope, on: sql)
            let family = scope.familyId.rawValue, child = childId.rawValue
            for batch in passages.chunked(100) {
                let insert = sql.insert(into: "mirrorbuddy_passages")
                    .columns("id", "family_id", "child_id", "material_id", "position", "heading", "body", "term_count")
                for entry in batch {
                    insert.values([Self.passageId(stale.id, entry.passage.position), family, child, stale.id, entry.passage.position,
                                   entry.passage.heading, entry.passage.text, entry.length] as [any Encodable & Sendable])
                }
                try await insert.run()
            }
            let rows = passages.flatMap { entry in entry.terms.sorted { $0.key < $1.key }.map { (Self.passageId(stale.id, entry.passage.position), $0.key, $0.value) } }
            for batch in rows.chunked(150) {
                let insert = sql.insert(into: "mirrorbuddy_passage_terms").columns("family_id", "child_id", "term", "passage_id", "material_id", "occurrences")
                for (passage, term, count) in batch {
                    insert.values([family, child, term, passage, stale.id, count] as [any Encodable & Sendable])
                }
                try await insert.run()
            }
        }
    }

    static func passageId(_ materialId: String, _ position: Int) -> String { "\(materialId)#\(position)" }

    static func deletePassages(materialId: String, in scope: FamilyScope, on sql: any SQLDatabase) async throws {
        try await sql.raw("""
            DELETE FROM mirrorbuddy_passage_terms WHERE material_id = \(bind: materialId) AND family_id = \(bind: scope.familyId)
            """).run()
        try await sql.raw("""
            DELETE FROM mirrorbuddy_passages WHERE material_id = \(bind: materialId) AND family_id = \(bind: scope.familyId)
            """).run()
    }

    /// What a search found: the best passages (at most 5, best first), how rare each of the
    /// question's terms is among the student's passages, and how many passages there are.
    public struct CoachFound: Sendable {
        public let found: [StudyCoach.Found]
        public let rarity: [String: Double]
        public let passages: Int
    }

    /// The student's passages that best answer `query` (BM25 in `Study.PassageRanking`); one from
    /// `preferring`, the material the conversation is on, wins a near tie.
    public func search(_ query: StudyCoach.Query, preferring: String?, childId: ChildID, in scope: FamilyScope) async throws -> CoachFound {
        let weights = query.weights
        let statistics = try await passageStatistics(childId: childId, in: scope)
        let postings = try await postings(terms: Array(weights.keys), childId: childId, in: scope)
        var ranked = PassageRanking.rank(weights, postings: postings, passages: statistics.count, averageLength: statistics.averageLength, limit: 10)
        if let preferring {
            ranked = ranked.map { ($0.passageId, $0.passageId.hasPrefix(preferring + "#") ? $0.score * 1.2 : $0.score) }
                .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
        }
        return CoachFound(found: try await passages(Array(ranked.prefix(5)), childId: childId, in: scope),
                          rarity: PassageRanking.rarity(postings: postings, passages: statistics.count), passages: statistics.count)
    }

    /// How many passages the student has and their average length in terms (BM25's N and avgdl).
    public func passageStatistics(childId: ChildID, in scope: FamilyScope) async throws -> (count: Int, averageLength: Double) {
        guard let row = try await sql.raw("""
            SELECT COUNT(*) AS n, CAST(COALESCE(SUM(term_count), 0) AS BIGINT) AS total FROM mirrorbuddy_passages
            WHERE family_id = \(bind: scope.familyId) AND child_id = \(bind: childId)
            """).first() else { return (0, 0) }
        let count = try row.decode(column: "n", as: Int.self)
        let total = try row.decode(column: "total", as: Int.self)
        return (count, count > 0 ? Double(total) / Double(count) : 0)
    }

    /// Every passage of the student holding one of `terms`, with the count and the passage's length.
    public func postings(terms: [String], childId: ChildID, in scope: FamilyScope) async throws -> [PassagePosting] {
        guard !terms.isEmpty else { return [] }
        return try await sql.raw("""
            SELECT t.passage_id, t.term, t.occurrences, p.term_count FROM mirrorbuddy_passage_terms t
            JOIN mirrorbuddy_passages p ON p.id = t.passage_id
            WHERE t.family_id = \(bind: scope.familyId) AND t.child_id = \(bind: childId) AND t.term IN \(SQLBind.group(terms))
            """).all().map { row in
            PassagePosting(passageId: try row.decode(column: "passage_id", as: String.self), term: try row.decode(column: "term", as: String.self),
                           count: try row.decode(column: "occurrences", as: Int.self), length: try row.decode(column: "term_count", as: Int.self))
        }
    }

    /// The passages `ranked` names, in that order, with their material's title and subject.
    public func passages(_ ranked: [(passageId: String, score: Double)], childId: ChildID, in scope: FamilyScope) async throws -> [StudyCoach.Found] {
        guard !ranked.isEmpty else { return [] }
        let rows = try await sql.raw("""
            SELECT p.id, p.material_id, p.position, p.heading, p.body, m.title, m.subject_id FROM mirrorbuddy_passages p
            JOIN mirrorbuddy_materials m ON m.id = p.material_id AND m.family_id = p.family_id
            WHERE p.family_id = \(bind: scope.familyId) AND p.child_id = \(bind: childId) AND p.id IN \(SQLBind.group(ranked.map(\.passageId)))
            """).all()
        var found: [String: StudyCoach.Found] = [:]
        let scores = Dictionary(ranked.map { ($0.passageId, $0.score) }, uniquingKeysWith: { first, _ in first })
        for row in rows {
            let id = try row.decode(column: "id", as: String.self)
            found[id] = try Self.found(row, score: scores[id] ?? 0)
        }
        return ranked.compactMap { found[$0.passageId] }
    }

    /// The material's passage at `position`, if it has one.
    public func passage(materialId: String, position: Int, childId: ChildID, in scope: FamilyScope) async throws -> StudyCoach.Found? {
        try await sql.raw("""
            SELECT p.id, p.material_id, p.position, p.heading, p.body, m.title, m.subject_id FROM mirrorbuddy_passages p
            JOIN mirrorbuddy_materials m ON m.id = p.material_id AND m.family_id = p.family_id
            WHERE p.family_id = \(bind: scope.familyId) AND p.child_id = \(bind: childId) AND p.material_id = \(bind: materialId)
                AND p.position = \(bind: position)
            """).first().map { try Self.found($0, score: 0) }
    }

    static func found(_ row: any SQLRow, score: Double) throws -> StudyCoach.Found {
        StudyCoach.Found(materialId: try row.decode(column: "material_id", as: String.self), materialTitle: try row.decode(column: "title", as: String.self),
                         subjectId: try row.decode(column: "subject_id", as: String?.self), position: try row.decode(column: "position", as: Int.self),
                         heading: try row.decode(column: "heading", as: String?.self), text: try row.decode(column: "body", as: String.self), score: score)
    }

    /// Topics to ask about, best first: the headings of the student's newest materials, their
    /// titles, then (with `keyTerms`) their key terms; and how many ready materials there are.
    public func coachTopics(childId: ChildID, in scope: FamilyScope, limit: Int, keyTerms: Bool = false) async throws
        -> (topics: [String], materials: Int) {
        let materials = try await sql.raw("""
            SELECT id, title, key_terms FROM mirrorbuddy_materials
            WHERE family_id = \(bind: scope.familyId) AND child_id = \(bind: childId) AND status = 'ready'
            ORDER BY created_at DESC, id DESC
            """).all()
        let headings = try await sql.raw("""
            SELECT p.heading FROM mirrorbuddy_passages p JOIN mirrorbuddy_materials m ON m.id = p.material_id AND m.family_id = p.family_id
            WHERE p.family_id = \(bind: scope.familyId) AND p.child_id = \(bind: childId) AND p.heading IS NOT NULL
            ORDER BY m.created_at DESC, p.position LIMIT 200
            """).all()
        var candidates = try headings.map { try $0.decode(column: "heading", as: String.self) }
            + materials.map { try $0.decode(column: "title", as: String.self) }
        if keyTerms {
            candidates += try materials.flatMap { (try $0.decode(column: "key_terms", as: String?.self) ?? "").split(separator: "\n").map(String.init) }
        }
        var seen = Set<String>(), topics: [String] = []
        for text in candidates where topics.count < limit && seen.insert(text.lowercased()).inserted { topics.append(text) }
        return (topics, materials.count)
    }

    // MARK: - Notes to the parents

    /// Records that the coach heard something worrying (`kind` only), unless it did already within
    /// `quiet` seconds: a child who says it three times makes one note. True when it recorded.
    public func addCoachAlert(id: String, kind: String, childId: ChildID, in scope: FamilyScope, now: Date, quiet: TimeInterval) async throws -> Bool {
        try await database.transaction { sql in
            try await sql.raw("UPDATE children SET name = name WHERE id = \(bind: childId) AND family_id = \(bind: scope.familyId)").run()
            let recent = try await sql.raw("""
                SELECT COUNT(*) AS n FROM mirrorbuddy_coach_alerts
                WHERE family_id = \(bind: scope.familyId) AND child_id = \(bind: childId) AND kind = \(bind: kind)
                    AND at > \(bind: now.addingTimeInterval(-quiet).millis)
                """).first()?.decode(column: "n", as: Int.self) ?? 0
            guard recent == 0 else { return false }
            return try await sql.raw("""
                INSERT INTO mirrorbuddy_coach_alerts (id, family_id, child_id, kind, at)
                SELECT \(bind: id), family_id, id, \(bind: kind), \(bind: now.millis) FROM children
                WHERE id = \(bind: childId) AND family_id = \(bind: scope.familyId) RETURNING id
                """).first() != nil
        }
    }

    /// The notes between `since` and `until`, oldest first.
    public func coachAlerts(childId: ChildID, in scope: FamilyScope, since: Date, until: Date) async throws -> [(kind: String, at: Date)] {
        try await sql.raw("""
            SELECT kind, at FROM mirrorbuddy_coach_alerts
            WHERE family_id = \(bind: scope.familyId) AND child_id = \(bind: childId) AND at >= \(bind: since.millis) AND at < \(bind: until.millis)
            ORDER BY at, id
            """).all().map { (try $0.decode(column: "kind", as: String.self), Date(millis: try $0.decode(column: "at", as: Int64.self))) }
    }
}

extension Array {
    func chunked(_ size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
