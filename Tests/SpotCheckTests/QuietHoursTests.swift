import Foundation
import PropertyBased
import SpotCheck
import Testing

/// An instant given as UTC wall-clock parts.
func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
}

@Suite struct QuietHoursTests {
    let rome = TimeZone(identifier: "Europe/Rome")!

    @Test("an overnight window holds from its start to just before its end, on the local clock",
          arguments: [
            // Rome is UTC+1 in January: 22:00 local is 21:00 UTC.
            (utc(2026, 1, 10, 21, 0), true), (utc(2026, 1, 10, 22, 30), true), (utc(2026, 1, 11, 5, 59), true),
            (utc(2026, 1, 11, 6, 0), false), (utc(2026, 1, 10, 20, 59), false), (utc(2026, 1, 10, 12, 0), false),
          ])
    func overnight(_ instant: Date, _ inside: Bool) throws {
        let quiet = try QuietHours(start: "22:00", end: "07:00", timeZone: "Europe/Rome")
        #expect(quiet.crossesMidnight)
        #expect(quiet.contains(instant) == inside)
    }

    @Test func aDaytimeWindowDoesNotWrap() throws {
        let school = try QuietHours(start: "08:30", end: "13:15", timeZone: "UTC")
        #expect(!school.crossesMidnight)
        #expect(school.contains(utc(2026, 5, 4, 8, 30)))
        #expect(school.contains(utc(2026, 5, 4, 13, 14)))
        #expect(!school.contains(utc(2026, 5, 4, 13, 15)))
        #expect(!school.contains(utc(2026, 5, 4, 8, 29)))
        #expect(!school.contains(utc(2026, 5, 4, 23, 0)))
    }

    @Test func equalStartAndEndIsRefused() {
        #expect(throws: SpotCheckError.invalidField(field: "quietHours", reason: "Quiet time must end at a different time than it starts.")) {
            try QuietHours(start: "21:00", end: "21:00", timeZone: "Europe/Rome")
        }
    }

    @Test func theSameInstantIsQuietInOneZoneAndNotInAnother() throws {
        let instant = utc(2026, 6, 1, 21, 30)  // 23:30 in Rome (summer time), 17:30 in New York, 03:00 in Kolkata
        #expect(try QuietHours(start: "22:00", end: "07:00", timeZone: "Europe/Rome").contains(instant))
        #expect(try !QuietHours(start: "22:00", end: "07:00", timeZone: "America/New_York").contains(instant))
        #expect(try QuietHours(start: "22:00", end: "07:00", timeZone: "Asia/Kolkata").contains(instant))
        #expect(try !QuietHours(start: "22:00", end: "02:59", timeZone: "Asia/Kolkata").contains(instant))
    }

    @Test func theNightTheClocksGoForwardIsAnHourShorter() throws {
        // Rome, 29 March 2026: 02:00 CET becomes 03:00 CEST.
        let quiet = try QuietHours(start: "22:00", end: "07:00", timeZone: "Europe/Rome")
        let start = quiet.nextChange(after: utc(2026, 3, 28, 12))
        let end = quiet.nextChange(after: start)
        #expect(start == utc(2026, 3, 28, 21))
        #expect(end == utc(2026, 3, 29, 5))
        #expect(end.timeIntervalSince(start) == 8 * 3600)
        #expect(quiet.contains(utc(2026, 3, 29, 1, 30)))  // 03:30 CEST, just after the jump
    }

    @Test func theNightTheClocksGoBackIsAnHourLonger() throws {
        // Rome, 25 October 2026: 03:00 CEST becomes 02:00 CET.
        let quiet = try QuietHours(start: "22:00", end: "07:00", timeZone: "Europe/Rome")
        let start = quiet.nextChange(after: utc(2026, 10, 24, 12))
        let end = quiet.nextChange(after: start)
        #expect(start == utc(2026, 10, 24, 20))
        #expect(end == utc(2026, 10, 25, 6))
        #expect(end.timeIntervalSince(start) == 10 * 3600)
        #expect(quiet.contains(utc(2026, 10, 25, 0, 30)))  // the first 02:30 (CEST)
        #expect(quiet.contains(utc(2026, 10, 25, 1, 30)))  // the second 02:30 (CET)
    }

    @Test func aStartSkippedByTheClockChangeHappensAtTheFirstTimeAfterIt() throws {
        // 02:30 does not exist in Rome on 29 March 2026: the window opens at 03:00 CEST (01:00 UTC).
        let quiet = try QuietHours(start: "02:30", end: "05:00", timeZone: "Europe/Rome")
        #expect(quiet.nextChange(after: utc(2026, 3, 28, 23, 0)) == utc(2026, 3, 29, 1, 0))
        #expect(!quiet.contains(utc(2026, 3, 29, 0, 59)))  // 01:59 CET
        #expect(quiet.contains(utc(2026, 3, 29, 1, 0)))    // 03:00 CEST
    }

    @Test func aWindowAndItsOppositeCoverEveryInstantExactlyOnce() async {
        let times = zip(Gen.int(in: 0...1439), Gen.int(in: 0...1439), Gen.int(in: 0...(366 * 24 * 60)))
        await propertyCheck(input: times) { start, end, minuteOfYear in
            guard start != end else { return }
            let a = try QuietHours(start: try ClockTime(hour: start / 60, minute: start % 60), end: try ClockTime(hour: end / 60, minute: end % 60), timeZone: rome)
            let b = try QuietHours(start: a.end, end: a.start, timeZone: rome)
            let instant = utc(2026, 1, 1, 0).addingTimeInterval(Double(minuteOfYear) * 60)
            #expect(a.contains(instant) != b.contains(instant))
        }
    }

    @Test("times are HH:mm on a 24-hour clock",
          arguments: ["24:00", "12:60", "ab:cd", "", "12:5", "1230", "12:30:00", "-1:30", "١٢:٣٠", "+1:30"])
    func badTimesAreRefused(_ text: String) {
        #expect(throws: SpotCheckError.self) { try ClockTime(parsing: text) }
    }

    @Test func goodTimesRoundTrip() throws {
        #expect(try ClockTime(parsing: "7:05").description == "07:05")
        #expect(try ClockTime(parsing: "00:00").minutes == 0)
        #expect(try ClockTime(parsing: "23:59").minutes == 1439)
    }

    @Test func anUnknownTimeZoneNamesTheField() {
        #expect(throws: SpotCheckError.invalidField(field: "quietHours.timeZone", reason: "\"Mars/Olympus\" is not a time zone (for example Europe/Rome).")) {
            try QuietHours(start: "22:00", end: "07:00", timeZone: "Mars/Olympus")
        }
    }
}
