import Foundation

public enum StretchRuleError: Error, Equatable, Sendable {
    case notPositive
    case tooLong(limit: Double)
    /// More minutes than have passed since it began (or it begins in the future).
    case longerThanElapsed
    /// Began more than a day ago: too late to count.
    case tooOld
    /// A Pomodoro's work part is shorter than the timer's.
    case pomodoroTooShort(minimum: Double)
}

/// A stretch of study the page reports when the focus timer stops or a Pomodoro's work part ends;
/// the server counts it only if it could have happened.
public enum StudyStretches {
    public static let longest = 240.0
    /// The Pomodoro's work part: 25 minutes, 15 with the ADHD timer (mirrorbuddy.md §1.10).
    public static func pomodoroMinutes(adhd: Bool) -> Double { adhd ? 15 : 25 }

    public static func check(start: Date, minutes: Double, pomodoro: Bool, adhd: Bool, now: Date) throws(StretchRuleError) {
        guard minutes.isFinite, minutes > 0 else { throw .notPositive }
        guard minutes <= longest else { throw .tooLong(limit: longest) }
        let elapsed = now.timeIntervalSince(start) / 60
        // Half a minute of slack: the page's clock and ours differ a little.
        guard elapsed + 0.5 >= minutes else { throw .longerThanElapsed }
        guard elapsed <= 24 * 60 else { throw .tooOld }
        let work = pomodoroMinutes(adhd: adhd)
        if pomodoro && minutes + 0.5 < work { throw .pomodoroTooShort(minimum: work) }
    }
}
