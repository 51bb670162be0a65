import Foundation

public enum StretchRuleError: Error, Equatable, Sendable {
    case notPositive
    case tooLong(limit: Double)
    /// A Pomodoro's work part is shorter than the timer's.
    case pomodoroTooShort(minimum: Double)
}

/// A stretch of study the page reports when the focus timer stops or a Pomodoro's work part ends.
/// The server places it as ending when it arrives (the page's own clock is not trusted: a stretch
/// cannot be put in the past), and counts it only if it could have happened: at most 240 minutes,
/// and not longer than the time since the last stretch ended (the ledger checks that).
public enum StudyStretches {
    public static let longest = 240.0
    /// The Pomodoro's work part: 25 minutes, 15 with the ADHD timer (mirrorbuddy.md §1.10).
    public static func pomodoroMinutes(adhd: Bool) -> Double { adhd ? 15 : 25 }

    /// A Pomodoro's work part is at least the ADHD timer's 15 minutes (the profile may change while one runs).
    public static func check(minutes: Double, pomodoro: Bool) throws(StretchRuleError) {
        guard minutes.isFinite, minutes > 0 else { throw .notPositive }
        guard minutes <= longest else { throw .tooLong(limit: longest) }
        let work = pomodoroMinutes(adhd: true)
        // Half a minute of slack: a page's timer and its request take a moment.
        if pomodoro && minutes + 0.5 < work { throw .pomodoroTooShort(minimum: work) }
    }

    /// Where a stretch of `minutes` that arrives at `now` is placed.
    public static func start(minutes: Double, now: Date) -> Date { now.addingTimeInterval(-minutes * 60) }
}
