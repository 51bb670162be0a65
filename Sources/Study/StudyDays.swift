import Foundation

/// Calendar days in the student's time zone: a task due "today" and a day of the streak are the
/// days of the student's own wall clock, across midnight and clock changes.
public struct StudyDays: Sendable {
    public let calendar: Calendar
    public let now: Date

    public init(timeZone: TimeZone, now: Date) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.firstWeekday = 2  // weeks start on Monday (ISO, as in Italy)
        calendar.minimumDaysInFirstWeek = 4
        (self.calendar, self.now) = (calendar, now)
    }

    /// The day's number: whole days since 1 January 2001 on the student's calendar (comparable and subtractable).
    public func dayNumber(_ date: Date) -> Int {
        let start = calendar.startOfDay(for: date)
        let components = calendar.dateComponents([.year, .month, .day], from: start)
        // Counted on a fixed UTC calendar so a 23- or 25-hour day is still one day.
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let midnight = utc.date(from: components) ?? start
        return Int((midnight.timeIntervalSinceReferenceDate / 86_400).rounded(.down))
    }

    public var today: Int { dayNumber(now) }

    /// "2026-03-15" for a day on the student's calendar.
    public func key(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// The Monday that starts the week of `date`, as a day number, and the ISO week's "2026-W11".
    public func weekStart(_ date: Date) -> Int {
        let weekday = calendar.component(.weekday, from: date)  // 1 = Sunday
        return dayNumber(date) - (weekday + 5) % 7
    }

    public func weekKey(_ date: Date) -> String {
        let parts = calendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: date)
        return String(format: "%04d-W%02d", parts.yearForWeekOfYear ?? 0, parts.weekOfYear ?? 0)
    }
}
