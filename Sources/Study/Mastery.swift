import Foundation

/// How well a student knows a subject, from their quiz answers (mirrorbuddy.md §1.8).
public struct SubjectMastery: Codable, Equatable, Sendable {
    public enum Status: String, Codable, Sendable {
        case notStarted
        /// Fewer than `Mastery.attemptsForStatus` answers: too few to say.
        case attempted
        /// Below familiar: the subject needs practice.
        case struggling
        case familiar, proficient, mastered
    }

    public var attempts: Int
    public var correct: Int
    /// 0…1.
    public var level: Double
    /// How hard the next quiz should be, 0.5…2.0 (1 to begin with).
    public var difficulty: Double
    public var status: Status
    /// The last answers, newest last, right or wrong (at most `Mastery.window`).
    public var recent: [Bool]

    public static let start = SubjectMastery(attempts: 0, correct: 0, level: 0, difficulty: 1, status: .notStarted, recent: [])
}

/// The original's mastery model, with one defect fixed. As the original: mastered from 0.80,
/// proficient from 0.60, familiar from 0.40, a level only after 5 answers; the estimate is a blend
/// of the recent ratio and the previous estimate weighted by answers/5 (capped at 1); the next
/// quiz's difficulty ×1.15 on a right answer, ×0.85 on a wrong one, held to 0.5–2.0. The fix: the
/// original's ratio is over every answer ever given, so a student who has learnt a subject since
/// is held down by last month's mistakes; here it is over the last 20 answers.
public enum Mastery {
    public static let masteredFrom = 0.80, proficientFrom = 0.60, familiarFrom = 0.40
    public static let attemptsForStatus = 5
    public static let window = 20
    public static let difficultyRange = 0.5...2.0

    public static func record(_ state: SubjectMastery, correct: Bool) -> SubjectMastery {
        var next = state
        next.attempts += 1
        next.correct += correct ? 1 : 0
        next.recent = Array((state.recent + [correct]).suffix(window))
        let ratio = Double(next.recent.filter { $0 }.count) / Double(next.recent.count)
        let weight = min(1, Double(next.attempts) / Double(attemptsForStatus))
        next.level = weight * ratio + (1 - weight) * state.level
        next.difficulty = min(max(state.difficulty * (correct ? 1.15 : 0.85), difficultyRange.lowerBound), difficultyRange.upperBound)
        next.status = status(level: next.level, attempts: next.attempts)
        return next
    }

    public static func status(level: Double, attempts: Int) -> SubjectMastery.Status {
        guard attempts > 0 else { return .notStarted }
        guard attempts >= attemptsForStatus else { return .attempted }
        if level >= masteredFrom { return .mastered }
        if level >= proficientFrom { return .proficient }
        if level >= familiarFrom { return .familiar }
        return .struggling
    }

    /// Each subject's mastery from every quiz answer in the order given (oldest first); answers
    /// with no subject are kept under "".
    public static func bySubject(_ answers: [(subjectId: String?, correct: Bool)]) -> [String: SubjectMastery] {
        var states: [String: SubjectMastery] = [:]
        for answer in answers {
            let key = answer.subjectId ?? ""
            states[key] = record(states[key] ?? .start, correct: answer.correct)
        }
        return states
    }
}
