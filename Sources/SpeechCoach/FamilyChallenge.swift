import Foundation

/// A family challenge: one speaker's take on a prompt is the bar, another member of the family
/// answers it with takes on the same prompt, and each of those takes says whether it beat the bar.
/// The bar is in the challenger's own measure: a coach's score (0–100), or a Show & Tell child's stars
/// (1–5), so a seven-year-old can challenge a parent and the parent's take is judged in stars.
public struct FamilyChallenge: Codable, Equatable, Sendable {
    public enum Measure: String, Codable, Sendable { case score, stars }
    public enum Status: String, Codable, Sendable { case open, beaten, expired }

    public let id: String
    public let fromChildId: String
    public let toChildId: String
    public let promptId: String
    public let fromTakeId: String
    public let measure: Measure
    /// The score or stars to beat.
    public let target: Int
    public let createdAt: Date
    public let expiresAt: Date
    /// When a take first beat it: it closes then.
    public var beatenAt: Date?
    /// The best answer so far, and how many takes answered it.
    public var best: Int?
    public var tries: Int

    public init(id: String, fromChildId: String, toChildId: String, promptId: String, fromTakeId: String, measure: Measure, target: Int,
                createdAt: Date, expiresAt: Date, beatenAt: Date? = nil, best: Int? = nil, tries: Int = 0) {
        (self.id, self.fromChildId, self.toChildId, self.promptId, self.fromTakeId) = (id, fromChildId, toChildId, promptId, fromTakeId)
        (self.measure, self.target, self.createdAt, self.expiresAt) = (measure, target, createdAt, expiresAt)
        (self.beatenAt, self.best, self.tries) = (beatenAt, best, tries)
    }

    public func status(at now: Date) -> Status {
        beatenAt != nil ? .beaten : now >= expiresAt ? .expired : .open
    }
}

/// What one answering take did against the bar.
public enum ChallengeOutcome: String, Codable, Sendable {
    case beaten, tied, notYet
}

public enum FamilyChallenges {
    /// A challenge stays open two weeks.
    public static let lifetime: TimeInterval = 14 * 86_400
    /// Open challenges one speaker may have sent at a time.
    public static let openPerChallenger = 20

    /// Why a take cannot be a challenge.
    public enum Refusal: Error, Equatable {
        case noPrompt
        /// Too short or unclear to score: there is nothing to beat.
        case notScored
    }

    /// The bar a take sets: its stars for Show & Tell, else its score.
    public static func bar(promptId: String?, analysis: TakeAnalysis, stars: Int?) throws(Refusal) -> (measure: FamilyChallenge.Measure, target: Int) {
        guard promptId != nil else { throw .noPrompt }
        if let stars { return (.stars, stars) }
        guard !analysis.scores.zeroGated else { throw .notScored }
        return (.score, analysis.scores.overall)
    }

    /// A take in the challenge's measure: its score (0 when it could not be scored), or its stars (a
    /// coach's take gets the stars Show & Tell would give it).
    public static func value(of analysis: TakeAnalysis, stars: Int?, in measure: FamilyChallenge.Measure) -> Int {
        switch measure {
        case .score: return analysis.scores.zeroGated ? 0 : analysis.scores.overall
        case .stars: return stars ?? (try? ShowAndTell.result(for: analysis, grade: ShowAndTell.grades.upperBound).stars) ?? 1
        }
    }

    public static func outcome(_ value: Int, against target: Int) -> ChallengeOutcome {
        value > target ? .beaten : value == target ? .tied : .notYet
    }

    /// Whether a take by `childId` at `promptId`, made at `at`, answers the challenge: it is the
    /// challenged speaker's, on the same prompt, made while the challenge was open.
    public static func answers(_ challenge: FamilyChallenge, childId: String, promptId: String?, at: Date) -> Bool {
        challenge.toChildId == childId && challenge.promptId == promptId && at >= challenge.createdAt
            && challenge.status(at: at) == .open
    }
}
