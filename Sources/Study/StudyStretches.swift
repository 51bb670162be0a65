import Foundation

public enum StretchRuleError: Error, Equatable, Sendable {
    case notPositive
    case tooLong(limit: Double)
}

/// A stretch of study the page reports when the focus timer stops or a Pomodoro's work part ends.
/// The server places it as ending when it arrives (the page's own clock is not trusted: a stretch
/// cannot be put in the past), and counts it only if it could have happened: at most 240 minutes,
/// and only the part after the last stretch ended (the ledger cuts it).
public enum StudyStretches {
    public static let longest = 240.0
    /// The Pomodoro's work part: 25 minutes, 15 with the ADHD timer (mirrorbuddy.md §1.10).
    public static func pomodoroMinutes(adhd: Bool) -> Double { adhd ? 15 : 25 }

    public static func check(minutes: Double) throws(StretchRuleError) {
        guard minutes.isFinite, minutes > 0 else { throw .notPositive }
        guard minutes <= longest else { throw .tooLong(limit: longest) }
    }

    /// Whether a stretch the page calls a Pomodoro is a whole work part (half a minute of slack: a
    /// page's timer and its request take a moment); a shorter one counts as plain study time.
    public static func isWholePomodoro(minutes: Double, adhd: Bool) -> Bool { minutes + 0.5 >= pomodoroMinutes(adhd: adhd) }

    /// Where a stretch of `minutes` that arrives at `now` is placed.
    public static func start(minutes: Double, now: Date) -> Date { now.addingTimeInterval(-minutes * 60) }
}
