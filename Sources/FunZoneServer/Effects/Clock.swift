import Foundation

/// The current time, injected so tests can move it (e.g. past the 15-minute parent timeout).
public struct Clock: Sendable {
    public let now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date) { self.now = now }

    public static let live = Clock { Date() }
}
