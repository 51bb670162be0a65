import Foundation

/// A daily window in one time zone during which the phone's hotspot must stay off, e.g. 22:00–07:00.
/// Evaluated on the wall clock of `timeZone`, so it follows daylight-saving changes: on the night the
/// clocks go forward 22:00–07:00 lasts 8 hours, on the night they go back 10.
public struct QuietHours: Equatable, Sendable {
    public let start: ClockTime
    public let end: ClockTime
    public let timeZone: TimeZone
    /// The wall clock of `timeZone`, made once: every policy fetch asks it.
    private let calendar: Calendar

    /// Refuses a window that starts when it ends: it would mean neither "never" nor "always" to a parent.
    public init(start: ClockTime, end: ClockTime, timeZone: TimeZone) throws(SpotCheckError) {
        guard start != end else {
            throw .invalidField(field: "quietHours", reason: "Quiet time must end at a different time than it starts.")
        }
        self.start = start
        self.end = end
        self.timeZone = timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// From the texts a parent's form sends ("22:00", "07:00", "Europe/Rome").
    public init(start: String, end: String, timeZone identifier: String) throws(SpotCheckError) {
        guard let zone = TimeZone(identifier: identifier) else {
            throw .invalidField(field: "quietHours.timeZone", reason: "\"\(identifier.prefix(40))\" is not a time zone (for example Europe/Rome).")
        }
        try self.init(start: try ClockTime(parsing: start, field: "quietHours.start"),
                      end: try ClockTime(parsing: end, field: "quietHours.end"), timeZone: zone)
    }

    /// Whether the window spans midnight (start later than end, e.g. 22:00–07:00).
    public var crossesMidnight: Bool { start.minutes > end.minutes }

    /// Whether `date` falls inside the window: from start (included) to end (excluded), on the wall clock.
    public func contains(_ date: Date) -> Bool {
        let now = wallClock(of: date).minutes
        return crossesMidnight ? (now >= start.minutes || now < end.minutes) : (now >= start.minutes && now < end.minutes)
    }

    /// The first instant after `date` at which the window opens or closes. A start or end that does
    /// not exist that day (skipped by a clock change) happens at the first wall-clock time after it.
    public func nextChange(after date: Date) -> Date {
        let boundary = contains(date) ? end : start
        let components = DateComponents(hour: boundary.hour, minute: boundary.minute, second: 0)
        return calendar.nextDate(after: date, matching: components, matchingPolicy: .nextTime) ?? date.addingTimeInterval(86_400)
    }

    /// The wall-clock time of `date` in the window's zone, to the minute.
    func wallClock(of date: Date) -> ClockTime {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return (try? ClockTime(hour: parts.hour ?? 0, minute: parts.minute ?? 0)) ?? start
    }
}
