/// A wall-clock time of day, "HH:mm" in 24-hour form, as the quiet-hours inputs give it.
public struct ClockTime: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Minutes since midnight, 0 ..< 1440.
    public let minutes: Int

    public init(hour: Int, minute: Int) throws(SpotCheckError) {
        guard (0..<24).contains(hour), (0..<60).contains(minute) else {
            throw .invalidField(field: "time", reason: "A time is hours 00–23 and minutes 00–59.")
        }
        minutes = hour * 60 + minute
    }

    /// Parses "HH:mm" (also "H:mm"); `field` names the input in the error.
    public init(parsing text: String, field: String = "time") throws(SpotCheckError) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        let isDigit = { (character: Character) in character.isASCII && character.isNumber }
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts[0].allSatisfy(isDigit), parts[1].allSatisfy(isDigit), let hour = Int(parts[0]), let minute = Int(parts[1])
        else { throw .invalidField(field: field, reason: "\"\(text.prefix(20))\" is not a time: use HH:mm, e.g. 22:00.") }
        do { try self.init(hour: hour, minute: minute) } catch {
            throw .invalidField(field: field, reason: "\"\(text.prefix(20))\" is not a time: hours are 00–23 and minutes 00–59.")
        }
    }

    public var hour: Int { minutes / 60 }
    public var minute: Int { minutes % 60 }

    /// "HH:mm" with leading zeros.
    public var description: String {
        (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }
}
