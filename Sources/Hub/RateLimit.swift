import Foundation

/// A fixed-window limit on guessable things (sign-in, gate, invite codes).
public struct RateLimit: Sendable, Equatable {
    public let limit: Int
    public let window: TimeInterval

    public init(limit: Int, window: TimeInterval) {
        self.limit = limit
        self.window = window
    }

    /// Tries at one account from one address (or on one device, for the parent password).
    public static let signInPerAccount = RateLimit(limit: 5, window: 15 * 60)
    public static let signInPerAddress = RateLimit(limit: 20, window: 15 * 60)
    /// Tries at one account from new devices everywhere (a right password clears them), past which
    /// only its known devices may try.
    public static let accountUnderAttack = RateLimit(limit: 50, window: 15 * 60)
    public static let invitePerAddress = RateLimit(limit: 10, window: 15 * 60)

    /// The window a counter that started at `windowStart` falls in: it is reset once the window ends.
    public func isCurrent(windowStart: Date, now: Date) -> Bool {
        now.timeIntervalSince(windowStart) < window && now >= windowStart
    }

    /// Seconds until the counter resets, when `count` failures already reached the limit.
    public func retryAfter(count: Int, windowStart: Date, now: Date) -> TimeInterval? {
        guard count >= limit, isCurrent(windowStart: windowStart, now: now) else { return nil }
        return max(1, (windowStart.addingTimeInterval(window).timeIntervalSince(now)).rounded(.up))
    }
}
