import Foundation

/// What a child has done with one word: attempts, misses, when it was last seen, and when it is
/// due again (a Leitner box: a miss goes back to box 0 and is due at once; each right answer on the
/// first try moves it up a box and doubles the wait).
public struct WordHistory: Codable, Equatable, Sendable {
    public var word: String
    public private(set) var attempts = 0
    public private(set) var misses = 0
    public private(set) var lastSeen: Date?
    public private(set) var box = 0
    public private(set) var due: Date?

    /// Days to wait after a first-try success, by box (1 → 1 day, 2 → 2 days … 5 → 16 days).
    public static let intervals: [Int] = [0, 1, 2, 4, 8, 16]

    public init(word: String) { self.word = word.lowercased() }

    /// A history as it was stored.
    public init(word: String, attempts: Int, misses: Int, lastSeen: Date?, box: Int, due: Date?) {
        self.word = word.lowercased()
        self.attempts = max(0, attempts)
        self.misses = max(0, misses)
        self.lastSeen = lastSeen
        self.box = min(max(0, box), Self.intervals.count - 1)
        self.due = due
    }

    /// Records an answered word: right on the first try, or missed (wrong at least once, or given up).
    public mutating func record(firstTry: Bool, at now: Date) {
        attempts += 1
        lastSeen = now
        if firstTry {
            box = min(box + 1, Self.intervals.count - 1)
            due = now.addingTimeInterval(Double(Self.intervals[box]) * 86_400)
        } else {
            misses += 1
            box = 0
            due = now
        }
    }

    /// Missed at least once and due again.
    public func isDue(at now: Date) -> Bool {
        guard misses > 0, let due else { return false }
        return due <= now
    }

    /// The words to review in the next game, most troublesome and longest waiting first.
    public static func dueWords(_ histories: [WordHistory], at now: Date) -> [String] {
        histories.filter { $0.isDue(at: now) }
            .sorted { ($0.misses, $1.due ?? now) > ($1.misses, $0.due ?? now) }
            .map(\.word)
    }
}
