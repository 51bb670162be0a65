import Foundation

/// One term's count in one passage, as the index stores it, with the passage's length in terms.
public struct PassagePosting: Sendable, Equatable {
    public let passageId: String
    public let term: String
    public let count: Int
    public let length: Int
    public init(passageId: String, term: String, count: Int, length: Int) {
        (self.passageId, self.term, self.count, self.length) = (passageId, term, count, length)
    }
}

/// Okapi BM25 over a student's passages (k1 1.2, b 0.75, Lucene's idf that is never negative), with
/// a weight per query term: a follow-up's earlier question counts half. The same arithmetic on
/// SQLite and PostgreSQL, since the database only hands over the postings.
public enum PassageRanking {
    public static let k1 = 1.2, b = 0.75

    public static func idf(passages: Int, containing: Int) -> Double {
        log(1 + (Double(passages - containing) + 0.5) / (Double(containing) + 0.5))
    }

    /// The passages with a query term, best first (ties by id, so the order is the same everywhere),
    /// at most `limit`. `passages` and `averageLength` describe all the student's passages.
    public static func rank(_ query: [String: Double], postings: [PassagePosting], passages: Int, averageLength: Double,
                            limit: Int = 10) -> [(passageId: String, score: Double)] {
        guard passages > 0, averageLength > 0 else { return [] }
        var containing: [String: Int] = [:]
        for posting in postings { containing[posting.term, default: 0] += 1 }
        var scores: [String: Double] = [:]
        for posting in postings {
            guard let weight = query[posting.term], weight > 0 else { continue }
            let tf = Double(posting.count)
            let norm = tf + k1 * (1 - b + b * Double(posting.length) / averageLength)
            scores[posting.passageId, default: 0] += weight * idf(passages: passages, containing: containing[posting.term] ?? 1) * tf * (k1 + 1) / norm
        }
        return scores.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(limit).map { ($0.key, $0.value) }
    }

    /// The idf of each term some passage holds: how much a question's word says, for telling
    /// whether a passage answers it. A term in no passage is left out (`StudyCoach.answer` weighs it).
    public static func rarity(postings: [PassagePosting], passages: Int) -> [String: Double] {
        var containing: [String: Int] = [:]
        for posting in postings { containing[posting.term, default: 0] += 1 }
        return containing.mapValues { idf(passages: max(passages, 1), containing: $0) }
    }
}
