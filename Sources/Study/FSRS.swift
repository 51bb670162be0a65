import Foundation

/// FSRS-6, the spaced-repetition scheduler of open-spaced-repetition, behaving exactly as its Python
/// reference py-fsrs 6 (`fsrs/scheduler.py`, checked against answers it gave: Tests/StudyTests/
/// Fixtures/fsrs-vectors.json): days since the last review are whole 24-hour periods, intervals are
/// rounded half to even, a new card goes through learning steps (1 and 10 minutes) and a forgotten
/// one through relearning steps (10 minutes), intervals are at most `maximumInterval` days, and
/// fuzzing (a random spread of long intervals, so cards added together do not stay together) can be
/// switched off. mirrorbuddy.md §4.2 has the formulas.
public struct FSRSScheduler: Sendable, Equatable {
    public static let defaultParameters: [Double] = [
        0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629, 1.6483,
        0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
    ]
    static let lowerBounds: [Double] = [
        minimumStability, minimumStability, minimumStability, minimumStability, 1, 0.001, 0.001, 0.001, 0, 0, 0.001, 0.001, 0.001,
        0.001, 0, 0, 1, 0, 0, 0, 0.1,
    ]
    static let upperBounds: [Double] = [100, 100, 100, 100, 10, 4, 4, 0.75, 4.5, 0.8, 3.5, 5, 0.25, 0.9, 4, 1, 6, 2, 2, 0.8, 0.8]
    static let minimumStability = 0.001
    static let difficultyRange = 1.0...10.0

    public let parameters: [Double]
    public let desiredRetention: Double
    /// Seconds.
    public let learningSteps: [TimeInterval]
    public let relearningSteps: [TimeInterval]
    /// Days.
    public let maximumInterval: Int
    public var fuzzing: Bool
    private let decay: Double
    private let factor: Double

    public init(parameters: [Double] = defaultParameters, desiredRetention: Double = 0.9, learningSteps: [TimeInterval] = [60, 600],
                relearningSteps: [TimeInterval] = [600], maximumInterval: Int = 36_500, fuzzing: Bool = true) throws(FSRSError) {
        guard parameters.count == Self.lowerBounds.count else { throw .parameterCount(parameters.count) }
        for (index, value) in parameters.enumerated() where !(Self.lowerBounds[index]...Self.upperBounds[index]).contains(value) {
            throw .parameterOutOfBounds(index: index, value: value)
        }
        guard desiredRetention > 0, desiredRetention < 1 else { throw .retention(desiredRetention) }
        guard maximumInterval >= 1 else { throw .maximumInterval(maximumInterval) }
        guard (learningSteps + relearningSteps).allSatisfy({ $0.isFinite && $0 > 0 }) else { throw .steps }
        (self.parameters, self.desiredRetention, self.learningSteps, self.relearningSteps) = (parameters, desiredRetention, learningSteps, relearningSteps)
        (self.maximumInterval, self.fuzzing) = (maximumInterval, fuzzing)
        decay = -parameters[20]
        factor = pow(0.9, 1 / decay) - 1
    }

    /// Whole 24-hour periods from `earlier` to `later` (Python's `timedelta.days`: rounded down).
    static func days(from earlier: Date, to later: Date) -> Int {
        Int((later.timeIntervalSince(earlier) / 86_400).rounded(.down))
    }

    /// The chance of recalling `card` at `date`: 0 before its first review.
    public func retrievability(of card: FSRSCard, at date: Date) -> Double {
        guard let last = card.lastReview, let stability = card.stability else { return 0 }
        let elapsed = Double(max(0, Self.days(from: last, to: date)))
        return pow(1 + factor * elapsed / stability, decay)
    }

    /// `card` after the student answered `rating` at `date`. `random` gives numbers in 0..<1 for the
    /// fuzz (only drawn when fuzzing is on and a review interval is 3 days or more).
    public func review(_ card: FSRSCard, _ rating: FSRSRating, at date: Date,
                       random: () -> Double = { Double.random(in: 0..<1) }) -> FSRSCard {
        var next = card
        let sameDay = card.lastReview.map { Self.days(from: $0, to: date) < 1 } ?? false
        var interval: TimeInterval
        switch card.state {
        case .learning, .relearning:
            let steps = card.state == .learning ? learningSteps : relearningSteps
            let step = card.step ?? 0
            if let stability = card.stability, let difficulty = card.difficulty {
                next.stability = sameDay ? shortTermStability(stability, rating)
                    : nextStability(difficulty: difficulty, stability: stability, retrievability: retrievability(of: card, at: date), rating)
                next.difficulty = nextDifficulty(difficulty, rating)
            } else {
                next.stability = initialStability(rating)
                next.difficulty = clampDifficulty(initialDifficulty(rating))
            }
            if steps.isEmpty || (step >= steps.count && rating != .again) {
                interval = graduate(&next)
            } else {
                switch rating {
                case .again:
                    next.step = 0
                    interval = steps[0]
                case .hard:
                    next.step = step
                    interval = step == 0 ? (steps.count == 1 ? steps[0] * 1.5 : (steps[0] + steps[1]) / 2) : steps[step]
                case .good:
                    if step + 1 == steps.count {
                        interval = graduate(&next)
                    } else {
                        next.step = step + 1
                        interval = steps[step + 1]
                    }
                case .easy:
                    interval = graduate(&next)
                }
            }
        case .review:
            let stability = card.stability ?? Self.minimumStability, difficulty = card.difficulty ?? Self.difficultyRange.lowerBound
            next.stability = sameDay ? shortTermStability(stability, rating)
                : nextStability(difficulty: difficulty, stability: stability, retrievability: retrievability(of: card, at: date), rating)
            next.difficulty = nextDifficulty(difficulty, rating)
            if rating == .again && !relearningSteps.isEmpty {
                (next.state, next.step) = (.relearning, 0)
                interval = relearningSteps[0]
            } else {
                interval = Double(nextInterval(next.stability ?? Self.minimumStability)) * 86_400
            }
        }
        if fuzzing && next.state == .review { interval = fuzzed(interval, random: random) }
        next.due = date.addingTimeInterval(interval)
        next.lastReview = date
        return next
    }

    /// What each answer would give `card` at `date` (fuzz off): when it comes back, for the buttons.
    public func previews(_ card: FSRSCard, at date: Date) -> [FSRSRating: TimeInterval] {
        var plain = self
        plain.fuzzing = false
        return Dictionary(uniqueKeysWithValues: FSRSRating.allCases.map { ($0, plain.review(card, $0, at: date).due.timeIntervalSince(date)) })
    }

    /// The card moves to Review; its interval in seconds.
    private func graduate(_ card: inout FSRSCard) -> TimeInterval {
        (card.state, card.step) = (.review, nil)
        return Double(nextInterval(card.stability ?? Self.minimumStability)) * 86_400
    }

    // MARK: - The model

    /// e to the power `x` as py-fsrs computes it (`math.e ** x`, the C library's pow; `exp` can differ in the last bit).
    func e(_ x: Double) -> Double { pow(M_E, x) }

    func initialStability(_ rating: FSRSRating) -> Double { max(parameters[rating.rawValue - 1], Self.minimumStability) }

    func initialDifficulty(_ rating: FSRSRating) -> Double { parameters[4] - e(parameters[5] * Double(rating.rawValue - 1)) + 1 }

    func clampDifficulty(_ difficulty: Double) -> Double { min(max(difficulty, Self.difficultyRange.lowerBound), Self.difficultyRange.upperBound) }

    /// Days until recall falls to the desired retention: rounded half to even, 1…maximumInterval.
    func nextInterval(_ stability: Double) -> Int {
        let days = (stability / factor) * (pow(desiredRetention, 1 / decay) - 1)
        // Capped before it becomes an integer: a tiny retention or a run of same-day Easy reviews can give more days than Int holds.
        guard days < Double(maximumInterval) else { return maximumInterval }
        return max(Int(days.rounded(.toNearestOrEven)), 1)
    }

    func shortTermStability(_ stability: Double, _ rating: FSRSRating) -> Double {
        var increase = e(parameters[17] * (Double(rating.rawValue) - 3 + parameters[18])) * pow(stability, -parameters[19])
        if rating != .again { increase = max(increase, 1) }
        return max(stability * increase, Self.minimumStability)
    }

    func nextDifficulty(_ difficulty: Double, _ rating: FSRSRating) -> Double {
        let delta = -(parameters[6] * (Double(rating.rawValue) - 3))
        let damped = difficulty + (10 - difficulty) * delta / 9
        return clampDifficulty(parameters[7] * initialDifficulty(.easy) + (1 - parameters[7]) * damped)
    }

    func nextStability(difficulty: Double, stability: Double, retrievability: Double, _ rating: FSRSRating) -> Double {
        let next: Double
        if rating == .again {
            let longTerm = parameters[11] * pow(difficulty, -parameters[12]) * (pow(stability + 1, parameters[13]) - 1)
                * e((1 - retrievability) * parameters[14])
            next = min(longTerm, stability / e(parameters[17] * parameters[18]))
        } else {
            let hardPenalty = rating == .hard ? parameters[15] : 1
            let easyBonus = rating == .easy ? parameters[16] : 1
            next = stability * (1 + e(parameters[8]) * (11 - difficulty) * pow(stability, -parameters[9])
                * (e((1 - retrievability) * parameters[10]) - 1) * hardPenalty * easyBonus)
        }
        return max(next, Self.minimumStability)
    }

    /// py-fsrs's fuzz: an interval of whole days (3 or more) moved to a day drawn between bounds that
    /// widen with its length.
    func fuzzed(_ interval: TimeInterval, random: () -> Double) -> TimeInterval {
        let days = Int((interval / 86_400).rounded(.down))
        guard Double(days) >= 2.5 else { return interval }
        var delta = 1.0
        for (start, end, share) in [(2.5, 7.0, 0.15), (7.0, 20.0, 0.1), (20.0, Double.infinity, 0.05)] {
            delta += share * max(min(Double(days), end) - start, 0)
        }
        let most = min(Int((Double(days) + delta).rounded(.toNearestOrEven)), maximumInterval)
        let least = min(max(2, Int((Double(days) - delta).rounded(.toNearestOrEven))), most)
        let drawn = random() * Double(most - least + 1) + Double(least)
        return Double(min(Int(drawn.rounded(.toNearestOrEven)), maximumInterval)) * 86_400
    }
}

/// How well the student knew a card.
public enum FSRSRating: Int, Codable, CaseIterable, Sendable { case again = 1, hard, good, easy }

/// Where a card is in its schedule.
public enum FSRSState: Int, Codable, Sendable { case learning = 1, review, relearning }

/// A card's memory: new cards are Learning at step 0, with no stability or difficulty yet.
public struct FSRSCard: Codable, Equatable, Sendable {
    public var state: FSRSState
    public var step: Int?
    /// Days for recall to fall to 90 %.
    public var stability: Double?
    /// 1 (easy) … 10 (hard).
    public var difficulty: Double?
    public var due: Date
    public var lastReview: Date?

    public init(due: Date, state: FSRSState = .learning, step: Int? = 0, stability: Double? = nil, difficulty: Double? = nil, lastReview: Date? = nil) {
        (self.due, self.state, self.step, self.stability, self.difficulty, self.lastReview) = (due, state, step, stability, difficulty, lastReview)
    }
}

public enum FSRSError: Error, Equatable, Sendable {
    case parameterCount(Int)
    case parameterOutOfBounds(index: Int, value: Double)
    case retention(Double)
    case maximumInterval(Int)
    case steps
}
