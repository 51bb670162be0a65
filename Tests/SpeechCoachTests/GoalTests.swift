import Foundation
import Testing
@testable import SpeechCoach

/// Goals (speakup.md §1.7: five templates, judged on the takes inside their window) and the daily
/// challenge (ten kinds chosen by date, done by a take of that day that meets it).
@Suite("goals and the daily challenge")
struct GoalTests {
    static let utc = TimeZone(identifier: "UTC")!
    /// Noon UTC on 2 March 2026 (a Monday), plus `days`.
    static func day(_ days: Double, hour: Double = 12) -> Date {
        Date(timeIntervalSince1970: 1_772_409_600 + days * 86_400 + (hour - 12) * 3_600 + 12 * 3_600)
    }
    static func calendar(now days: Double) -> PracticeCalendar { PracticeCalendar(timeZone: utc, now: day(days)) }

    static func take(_ days: Double, seconds: Double = 60, words: Int = 120, fillers: Int = 0, score: Int? = 70, wpm: Double = 150,
                     category: String? = nil) -> TakeFacts {
        TakeFacts(id: "t\(days)", at: day(days), seconds: seconds, words: words, fillers: fillers, score: score, wpm: wpm, category: category)
    }

    /// A take at `wpm` scored against the speaker's own `target`.
    static func paced(_ wpm: Double, target: Int) -> TakeFacts {
        TakeFacts(id: "p", at: day(0), seconds: 60, words: 150, wpm: wpm, targetWPM: target)
    }

    static func goal(_ kind: GoalTemplate.Kind, from days: Double = 0) -> Goal {
        Goal(id: "g", kind: kind, startedAt: day(days, hour: 0), endsAt: day(days + Double(Goals.template(kind).days), hour: 0))
    }

    @Test("five templates with the original's targets and windows")
    func templates() {
        #expect(Goals.templates.map(\.id) == GoalTemplate.Kind.allCases)
        #expect(Goals.templates.map(\.target) == [5, 7, 10, 20, 30] && Goals.templates.map(\.days) == [7, 7, 14, 14, 7])
    }

    @Test("weekly practice: reached at the fifth take inside the week; takes before it started do not count")
    func weeklyPractice() {
        let takes = [Self.take(-1)] + (0..<5).map { Self.take(Double($0)) }
        let progress = Goals.progress(of: Self.goal(.weeklyPractice), takes: takes, calendar: Self.calendar(now: 5))
        #expect(progress.status == .reached && progress.current == 5 && progress.reachedAt == Self.day(4))
        let four = Goals.progress(of: Self.goal(.weeklyPractice), takes: Array(takes.prefix(5)), calendar: Self.calendar(now: 5))
        #expect(four.status == .active && four.current == 4)
        #expect(Goals.progress(of: Self.goal(.weeklyPractice), takes: Array(takes.prefix(5)), calendar: Self.calendar(now: 8)).status == .missed)
    }

    @Test("a week-long streak: seven days in a row, two takes on one day count once, a gap starts again")
    func streak() {
        let days = [0.0, 1, 2, 2.1, 3, 4, 5, 6]
        let progress = Goals.progress(of: Self.goal(.practiceStreak), takes: days.map { Self.take($0) }, calendar: Self.calendar(now: 6.5))
        #expect(progress.status == .reached && progress.reachedAt == Self.day(6))
        let gap = [0.0, 1, 2, 4, 5, 6].map { Self.take($0) }
        #expect(Goals.progress(of: Self.goal(.practiceStreak), takes: gap, calendar: Self.calendar(now: 6.5)).current == 3)
    }

    @Test("score improvement: the last three against the first three, never below zero; fewer than six scores is not a trend", arguments: [
        ([60, 62, 58, 70, 71, 72], 11.0), ([60, 60, 60, 50, 70, 70, 70], 10.0), ([80, 80, 80, 70, 70, 70], 0.0), ([50], 0.0),
        ([60, 60, 60, 90, 90], 0.0),
    ])
    func scoreImprovement(scores: [Int], expected: Double) {
        let takes = scores.enumerated().map { Self.take(Double($0.offset), score: $0.element) }
        #expect(Goals.measure(.scoreImprovement, takes, calendar: Self.calendar(now: 10)) == expected)
    }

    @Test("reduce fillers: the drop in fillers a word from the first half to the second; clean from the start counts; four takes at least", arguments: [
        ([10, 10, 5, 5], 50.0), ([4, 4, 4, 4], 0.0), ([2, 2, 4, 4], 0.0), ([0, 0, 0, 0], 20.0), ([0, 0, 1, 0], 0.0), ([10, 10, 0], 0.0),
    ])
    func reduceFillers(fillers: [Int], expected: Double) {
        let takes = fillers.enumerated().map { Self.take(Double($0.offset), words: 100, fillers: $0.element) }
        #expect(Goals.measure(.reduceFillers, takes, calendar: Self.calendar(now: 10)) == expected)
        #expect(Goals.measure(.reduceFillers, [Self.take(0, words: 100, fillers: 9)], calendar: Self.calendar(now: 1)) == 0)
    }

    @Test("practice time: minutes talked, reached at the take that makes thirty")
    func practiceTime() {
        let takes = (0..<6).map { Self.take(Double($0) * 0.5, seconds: 300) }
        let progress = Goals.progress(of: Self.goal(.practiceTime), takes: takes, calendar: Self.calendar(now: 4))
        #expect(progress.current == 30 && progress.reachedAt == Self.day(2.5))
    }

    @Test("the daily challenge is the same for a date, and every kind comes up")
    func challengeByDate() {
        #expect(DailyChallenge.of(day: "2026-11-26").kind == DailyChallenge.Kind.allCases[(2026 * 366 + 11 * 31 + 26) % 10])
        let kinds = Set((1...31).map { DailyChallenge.of(day: String(format: "2026-01-%02d", $0)).kind })
        #expect(kinds == Set(DailyChallenge.Kind.allCases))
        #expect(DailyChallenge.of(day: "nonsense").kind == .zeroFillers)
        // Every category challenge names a category the prompt library has.
        let library = Set(PromptLibrary.standard.categories(forKids: false).map(\.id))
        #expect(DailyChallenge.Kind.allCases.compactMap { DailyChallenge.challenge($0).category }.allSatisfy(library.contains))
    }

    @Test("each kind is met exactly by what it asks (Steady Pace: within 20 of the speaker's own target, 150 without one), never by a take without words", arguments: [
        (DailyChallenge.Kind.zeroFillers, take(0, seconds: 30, fillers: 0), true), (.zeroFillers, take(0, fillers: 1), false),
        (.zeroFillers, take(0, seconds: 29, fillers: 0), false), (.zeroFillers, take(0, words: 24), false),
        (.steadyPace, take(0, wpm: 130), true), (.steadyPace, take(0, wpm: 129), false), (.steadyPace, take(0, wpm: 170), true),
        (.steadyPace, take(0, wpm: 171), false), (.steadyPace, paced(185, target: 170), true), (.steadyPace, paced(149, target: 170), false),
        (.twoMinutes, take(0, seconds: 120, words: 200), true), (.twoMinutes, take(0, seconds: 119), false),
        (.score80, take(0, score: 80), true), (.score80, take(0, score: 79), false), (.score80, take(0, score: nil), false),
        (.score90, take(0, score: 90), true), (.score90, take(0, score: 89), false),
        (.storytelling, take(0, category: "storytelling"), true), (.storytelling, take(0, category: "persuade"), false),
        (.quickFire, take(0, category: "quick-fire"), true),
    ])
    func met(kind: DailyChallenge.Kind, take: TakeFacts, expected: Bool) {
        #expect(DailyChallenge.challenge(kind).isMet(by: take) == expected)
    }

    @Test("done by the first take of that day in the speaker's zone that meets it")
    func completion() {
        let calendar = Self.calendar(now: 0)
        let today = calendar.today
        let challenge = DailyChallenge.of(day: today)
        let meets = Self.meeting(challenge, at: 0)
        #expect(DailyChallenge.completion(on: today, takes: [Self.take(-1), meets], calendar: calendar)?.id == meets.id)
        #expect(DailyChallenge.completion(on: today, takes: [Self.meeting(challenge, at: -1)], calendar: calendar) == nil)
    }

    /// A take that meets `challenge`, made `days` from the start.
    static func meeting(_ challenge: DailyChallenge, at days: Double) -> TakeFacts {
        var take = Self.take(days, seconds: 130, words: 300, fillers: 0, score: 95, wpm: 150, category: challenge.category)
        take.id = "meets\(days)"
        return take
    }

    @Test("a goal counts the takes inside its window only: one just after its end does not reach it")
    func windowEnd() {
        let goal = Self.goal(.weeklyPractice)
        let inside = (0..<4).map { Self.take(Double($0)) }
        let late = TakeFacts(id: "late", at: goal.endsAt.addingTimeInterval(1), seconds: 60, words: 120)
        let atEnd = TakeFacts(id: "end", at: goal.endsAt, seconds: 60, words: 120)
        let calendar = Self.calendar(now: 9)
        #expect(Goals.progress(of: goal, takes: inside + [late], calendar: calendar).status == .missed)
        #expect(Goals.progress(of: goal, takes: inside + [atEnd], calendar: calendar).reachedAt == goal.endsAt)
    }

    @Test("the challenge's day is the speaker's: 23:30 in Rome on the 2nd is already the 3rd's challenge in Tokyo")
    func challengeDayByZone() {
        let at = Date(timeIntervalSince1970: 1_772_490_600)  // 2026-03-02 22:30 UTC
        let rome = PracticeCalendar(timeZone: TimeZone(identifier: "Europe/Rome")!, now: at)
        let tokyo = PracticeCalendar(timeZone: TimeZone(identifier: "Asia/Tokyo")!, now: at)
        #expect(rome.today == "2026-03-02" && tokyo.today == "2026-03-03")
        let take = Self.meeting(DailyChallenge.of(day: "2026-03-03"), at: 0)
        let late = TakeFacts(id: "late", at: at, seconds: take.seconds, words: take.words, fillers: take.fillers, score: take.score, wpm: take.wpm,
                             category: take.category)
        #expect(DailyChallenge.completion(on: "2026-03-03", takes: [late], calendar: tokyo)?.id == "late")
        #expect(DailyChallenge.completion(on: "2026-03-03", takes: [late], calendar: rome) == nil)
    }
}
