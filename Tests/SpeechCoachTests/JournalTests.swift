import Foundation
import Testing
@testable import SpeechCoach

/// The journal's period (presets, calendar days in the speaker's zone, a range that ends before it
/// starts) and its summary (averages, change first to latest, most improved, common fillers).
@Suite("journal")
struct JournalTests {
    static let rome = TimeZone(identifier: "Europe/Rome")!
    /// 15 March 2026, 10:00 in Rome.
    static let now = Date(timeIntervalSince1970: 1_773_565_200)
    static let calendar = PracticeCalendar(timeZone: rome, now: now)

    static func take(_ score: Int?, stars: Int? = nil, seconds: Double = 60, fillers: [String: Int] = [:],
                     clarity: Int? = nil, pace: Int? = nil) -> JournalTake {
        var subscores = Subscores()
        (subscores.clarity, subscores.pace) = (clarity, pace)
        let digest = TakeDigest(overall: score ?? 0, subscores: subscores, fillerWords: fillers, scored: score != nil, duration: seconds,
                                wordCount: 100, speakingWPM: 140)
        return JournalTake(title: "Take", prompt: nil, at: now, seconds: seconds, score: score, stars: stars, digest: digest, pauses: 3, words: [])
    }

    @Test("a preset runs back from now; all has no start; month is the default")
    func presets() throws {
        #expect(try JournalPeriod.resolve(range: "week", from: nil, to: nil, calendar: Self.calendar).start == Self.now.addingTimeInterval(-7 * 86_400))
        #expect(try JournalPeriod.resolve(range: "3months", from: nil, to: nil, calendar: Self.calendar).start == Self.now.addingTimeInterval(-90 * 86_400))
        #expect(try JournalPeriod.resolve(range: "all", from: nil, to: nil, calendar: Self.calendar).start == nil)
        #expect(try JournalPeriod.resolve(range: nil, from: nil, to: nil, calendar: Self.calendar).title == "The last 30 days")
        #expect(throws: JournalPeriod.Problem.unknownRange) { try JournalPeriod.resolve(range: "year", from: nil, to: nil, calendar: Self.calendar) }
    }

    @Test("days are whole days in the speaker's zone, the last one included")
    func days() throws {
        let period = try JournalPeriod.resolve(range: nil, from: "2026-03-01", to: "2026-03-10", calendar: Self.calendar)
        // Midnight in Rome is 23:00 UTC the day before.
        #expect(period.start == Date(timeIntervalSince1970: 1_772_319_600))
        #expect(period.end == Date(timeIntervalSince1970: 1_772_319_600 + 10 * 86_400))
        let single = try JournalPeriod.resolve(range: nil, from: "2026-03-10", to: "2026-03-10", calendar: Self.calendar)
        #expect(single.end.timeIntervalSince(single.start!) == 86_400)
        // A day still to come ends now.
        #expect(try JournalPeriod.resolve(range: nil, from: "2026-03-01", to: "2026-04-01", calendar: Self.calendar).end <= Self.now.addingTimeInterval(1))
        #expect(try JournalPeriod.resolve(range: nil, from: nil, to: "2026-03-01", calendar: Self.calendar).start == nil)
    }

    @Test("a range that ends before it starts, or a day that is not one, is refused")
    func badRanges() {
        #expect(throws: JournalPeriod.Problem.endsBeforeStart) {
            try JournalPeriod.resolve(range: nil, from: "2026-03-10", to: "2026-03-09", calendar: Self.calendar)
        }
        #expect(throws: JournalPeriod.Problem.startsAfterToday) {
            try JournalPeriod.resolve(range: nil, from: "2026-03-16", to: nil, calendar: Self.calendar)
        }
        #expect(throws: JournalPeriod.Problem.startsAfterToday) {
            try JournalPeriod.resolve(range: nil, from: "2026-04-01", to: "2026-04-30", calendar: Self.calendar)
        }
        // Today is a period of its own (until now).
        let today = try? JournalPeriod.resolve(range: nil, from: "2026-03-15", to: "2026-03-15", calendar: Self.calendar)
        #expect(today.map { $0.end > $0.start! } == true)
        for day in ["2026-02-30", "2026-3-1", "yesterday", "2026-03-01T00:00", ""] {
            #expect(throws: JournalPeriod.Problem.badDay(day)) { try JournalPeriod.resolve(range: nil, from: day, to: nil, calendar: Self.calendar) }
        }
    }

    @Test("summary: averages over scored takes, change and most improved from first to latest, top fillers")
    func summary() {
        let takes = [Self.take(50, fillers: ["um": 3, "like": 1], clarity: 40, pace: 70),
                     Self.take(nil, seconds: 30, fillers: ["um": 1]),
                     Self.take(71, fillers: ["like": 2, "so": 2, "uh": 1], clarity: 65, pace: 72)]
        let summary = JournalSummary(takes)
        #expect(summary.takes == 3)
        #expect(summary.minutes == 2.5)
        #expect(summary.averageScore == 61)
        #expect(summary.scoreChange == 21)
        #expect(summary.mostImproved == .init(dimension: .clarity, points: 25))
        #expect(summary.averages == [.init(dimension: .clarity, value: 53), .init(dimension: .pace, value: 71)])
        #expect(summary.commonFillers.map(\.word) == ["um", "like", "so", "uh"])
        #expect(summary.commonFillers.first?.count == 4)
        #expect(summary.averageStars == nil)
    }

    @Test("summary edge cases: nothing, one take, a fall, Show & Tell stars")
    func summaryEdges() {
        let empty = JournalSummary([])
        #expect(empty.takes == 0 && empty.averageScore == nil && empty.scoreChange == nil && empty.commonFillers.isEmpty)
        #expect(JournalSummary([Self.take(60)]).scoreChange == nil)
        let fall = JournalSummary([Self.take(80, clarity: 80), Self.take(60, clarity: 60)])
        #expect(fall.scoreChange == -20)
        #expect(fall.mostImproved == nil)
        let kids = JournalSummary([Self.take(nil, stars: 3), Self.take(nil, stars: 4)])
        #expect(kids.averageStars == 3.5)
        #expect(kids.averageScore == nil)
    }
}
