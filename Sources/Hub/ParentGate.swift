import Foundation

/// The grown-up check in front of the parent area, purchases and links that leave the app
/// (Spellflare seed): a multiplication of 6–12 by 4–9; three wrong answers lock it for a minute.
public enum ParentGate {
    public static let firstFactors = 6...12
    public static let secondFactors = 4...9
    public static let maximumAttempts = 3
    public static let lockDuration: TimeInterval = 60
    public static let challengeLifetime: TimeInterval = 5 * 60

    /// One question the gate asks.
    public struct Challenge: Codable, Equatable, Sendable {
        public let left: Int
        public let right: Int
        public let issuedAt: Date

        public init(left: Int, right: Int, issuedAt: Date) {
            self.left = left
            self.right = right
            self.issuedAt = issuedAt
        }

        public var question: String { "What is \(left) × \(right)?" }
        public var answer: Int { left * right }
        public func isExpired(at now: Date) -> Bool { now.timeIntervalSince(issuedAt) > ParentGate.challengeLifetime }
    }

    /// What one device has done at the gate so far.
    public struct State: Codable, Equatable, Sendable {
        public var failures: Int
        public var lockedUntil: Date?

        public init(failures: Int = 0, lockedUntil: Date? = nil) {
            self.failures = failures
            self.lockedUntil = lockedUntil
        }

        public func isLocked(at now: Date) -> Bool { lockedUntil.map { now < $0 } ?? false }
    }

    public enum Outcome: Equatable, Sendable {
        case passed
        case wrong(attemptsLeft: Int)
        case locked(until: Date)
    }

    /// A new question, unless the gate is locked.
    public static func challenge(
        state: State, now: Date, using generator: inout some RandomNumberGenerator
    ) throws(HubError) -> Challenge {
        if let until = state.lockedUntil, now < until { throw .gateLocked(until: until) }
        return Challenge(
            left: Int.random(in: firstFactors, using: &generator),
            right: Int.random(in: secondFactors, using: &generator),
            issuedAt: now)
    }

    /// Checks an answer and returns the outcome with the gate's next state.
    /// Every challenge is answered once: the caller discards it whatever the outcome.
    public static func answer(
        _ answer: Int, to challenge: Challenge, state: State, now: Date
    ) throws(HubError) -> (Outcome, State) {
        if let until = state.lockedUntil, now < until { throw .gateLocked(until: until) }
        guard !challenge.isExpired(at: now) else { throw .gateChallengeExpired }
        if answer == challenge.answer { return (.passed, State()) }
        let failures = state.failures + 1
        if failures >= maximumAttempts {
            let until = now.addingTimeInterval(lockDuration)
            return (.locked(until: until), State(failures: 0, lockedUntil: until))
        }
        return (.wrong(attemptsLeft: maximumAttempts - failures), State(failures: failures))
    }
}
