import Foundation
import SQLKit

/// Fixed-window counters shared by every instance through the database.
public struct RateLimitStore: Sendable {
    let database: Database
    public init(database: Database) { self.database = database }

    /// Counts one attempt for `key` and returns the count in the current window and when it started.
    /// One statement, so concurrent attempts from several instances are all counted.
    public func hit(key: String, window: TimeInterval, now: Date) async throws -> (count: Int, windowStart: Date) {
        let stale = now.addingTimeInterval(-window).millis
        let row = try await database.sql.raw("""
            INSERT INTO rate_limits (key, window_start, count) VALUES (\(bind: key), \(bind: now.millis), 1)
            ON CONFLICT (key) DO UPDATE SET
                count = CASE WHEN rate_limits.window_start <= \(bind: stale) THEN 1 ELSE rate_limits.count + 1 END,
                window_start = CASE WHEN rate_limits.window_start <= \(bind: stale) THEN \(bind: now.millis)
                                    ELSE rate_limits.window_start END
            RETURNING count, window_start
            """).first()
        guard let row else { throw StorageError.notFound }
        return (try row.decode(column: "count", as: Int.self), Date(millis: try row.decode(column: "window_start", as: Int64.self)))
    }

    /// The count in `key`'s current window without counting an attempt (0 once the window is over).
    public func count(key: String, window: TimeInterval, now: Date) async throws -> (count: Int, windowStart: Date) {
        guard let row = try await database.sql.raw("SELECT count, window_start FROM rate_limits WHERE key = \(bind: key)").first() else {
            return (0, now)
        }
        let start = Date(millis: try row.decode(column: "window_start", as: Int64.self))
        guard now.timeIntervalSince(start) < window else { return (0, now) }
        return (try row.decode(column: "count", as: Int.self), start)
    }

    public func clear(key: String) async throws {
        try await database.sql.raw("DELETE FROM rate_limits WHERE key = \(bind: key)").run()
    }

    /// Removes counters whose window started before `date` (all limits' windows are shorter than a day).
    public func deleteWindows(startedBefore date: Date) async throws {
        try await database.sql.raw("DELETE FROM rate_limits WHERE window_start < \(bind: date.millis)").run()
    }
}
