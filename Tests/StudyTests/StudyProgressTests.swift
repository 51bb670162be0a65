import Foundation
import Testing
@testable import Study

/// The one progress system: XP, levels, the streak on calendar days, badges that unlock exactly when
/// their condition is first met, and the week's quests.
@Suite("study progress")
struct StudyProgressTests {
    static let rome = TimeZone(identifier: "Europe/Rome")!
    /// Monday 2026-03-16, 10:00 in Rome.
    static let monday = Date(timeIntervalSince1970: 1_773_651_600)
    static func day(_ n: Double, hour: Double = 10) -> Date { monday.addingTimeInterval(n * 86_400 + (hour - 10) * 3_600) }
    static func days(now: Date = day(0)) -> StudyDays { StudyDays(timeZone: rome, now: now) }
    static func session(_ n: Double, minutes: Double, subject: String? = "matematica", hour: Double = 10) -> StudyFacts.Session {
        .init(start: day(n, hour: hour), minutes: minutes, subjectId: subject)
    }

    @Test("level L costs round(100·L^1.5) to leave", arguments: [(0, 1, 0, 100), (99, 1, 99, 100), (100, 2, 0, 283), (382, 2, 282, 283),
                                                                (383, 3, 0, 520), (903, 4, 0, 800)])
    func levels(xp: Int, level: Int, into: Int, next: Int) {
        #expect(StudyProgress.level(forXP: xp) == .init(level: level, xpIntoLevel: into, xpForNext: next))
    }

    @Test("a streak day is 15 minutes studied or a task done; alive through yesterday; broken by a day off")
    func streak() {
        var facts = StudyFacts(sessions: [Self.session(-3, minutes: 10), Self.session(-3, minutes: 6, hour: 18),  // 16 minutes in two
                                          Self.session(-2, minutes: 14)],                                        // not enough
                               tasksDone: [.init(at: Self.day(-2, hour: 20), xp: 30)])                             // but a task is
        #expect(StudyProgress.streak(facts, days: Self.days(now: Self.day(-1))) == .init(current: 2, longest: 2, alive: true))
        #expect(StudyProgress.streak(facts, days: Self.days(now: Self.day(0))) == .init(current: 0, longest: 2, alive: false))
        facts.sessions.append(Self.session(-1, minutes: 15))
        #expect(StudyProgress.streak(facts, days: Self.days(now: Self.day(0))) == .init(current: 3, longest: 3, alive: true))
        // Late at night in Rome is still that day, though it is the next day in UTC.
        facts.sessions.append(Self.session(0, minutes: 20, hour: 23.9))
        #expect(StudyProgress.streak(facts, days: Self.days(now: Self.day(1, hour: 9))).current == 4)
    }

    @Test("XP: minutes, Pomodoros with the day's first and every fourth, tasks, materials")
    func activityXP() {
        let facts = StudyFacts(sessions: [Self.session(0, minutes: 25.9), Self.session(0, minutes: 10)],
                               pomodoros: (0..<4).map { Self.day(0, hour: 10 + Double($0)) } + [Self.day(1)],
                               tasksDone: [.init(at: Self.day(0), xp: 30)], materials: [.init(at: Self.day(0), subjectId: nil)])
        // 25 + 10 minutes; Pomodoros 4×15 +10 +15, next day 15 +10; a task 30; a material 10.
        #expect(StudyProgress.activityXP(facts) == 35 + 85 + 25 + 30 + 10)
    }

    @Test("the daily caps count UTC days: a page asking from another time zone cannot split a day in two")
    func capsGoByUTCDays() {
        // 11 tasks from 22:00 to 00:30 in Rome: two days there, one (21:00–23:30) in UTC.
        let tasks = (0..<11).map { StudyFacts.Done(at: Self.day(0, hour: 22 + Double($0) * 0.25), xp: 20) }
        #expect(StudyProgress.activityXP(StudyFacts(tasksDone: tasks)) == 20 * StudyProgress.tasksWithXPPerDay)
        let nextUTCDay = tasks + [.init(at: Self.day(0, hour: 25.5), xp: 20)]
        #expect(StudyProgress.activityXP(StudyFacts(tasksDone: nextUTCDay)) == 20 * (StudyProgress.tasksWithXPPerDay + 1))
    }

    @Test("flashcard answers: 2 XP each, the day's first 100 (UTC days)")
    func cardAnswersEarnUpToTheDailyCap() {
        let answers = (0..<150).map { Self.day(0, hour: 9 + Double($0) / 100) }
        #expect(StudyProgress.activityXP(StudyFacts(cardsReviewed: answers)) == StudyProgress.xpPerCard * StudyProgress.cardsWithXPPerDay)
        #expect(StudyProgress.activityXP(StudyFacts(cardsReviewed: answers + [Self.day(1)])) == 2 * 101)
        #expect(StudyProgress.activityXP(StudyFacts(cardsReviewed: [])) == 0)
    }

    @Test("each badge unlocks at the moment its condition is first met, and not before")
    func badges() {
        func state(_ id: StudyBadge.ID, _ facts: StudyFacts, now: Date = Self.day(60)) -> BadgeState {
            StudyBadges.states(facts, days: Self.days(now: now)).first { $0.badge.id == id }!
        }
        let materials = (0..<5).map { StudyFacts.Added(at: Self.day(Double($0)), subjectId: ["a", "b", "a", "c", "d"][$0]) }
        #expect(state(.firstSteps, StudyFacts(materials: materials)).unlockedAt == Self.day(0))
        #expect(state(.allRounder, StudyFacts(materials: materials)).unlockedAt == nil)
        #expect(state(.allRounder, StudyFacts(materials: materials)).current == 4)
        let fifth = materials + [.init(at: Self.day(9), subjectId: "e")]
        #expect(state(.allRounder, StudyFacts(materials: fifth)).unlockedAt == Self.day(9))

        let tasks = (0..<25).map { StudyFacts.Done(at: Self.day(Double($0)), xp: 20) }
        #expect(state(.firstTask, StudyFacts(tasksDone: tasks)).unlockedAt == Self.day(0))
        #expect(state(.taskTamer, StudyFacts(tasksDone: Array(tasks.prefix(24)))).unlockedAt == nil)
        #expect(state(.taskTamer, StudyFacts(tasksDone: tasks)).unlockedAt == Self.day(24))

        #expect(state(.focusFan, StudyFacts(pomodoros: (0..<10).map { Self.day(Double($0)) })).unlockedAt == Self.day(9))
        // Ten hours: 599 minutes is not, the minute after is (its end).
        let long = [Self.session(0, minutes: 599), Self.session(1, minutes: 2)]
        #expect(state(.bookworm, StudyFacts(sessions: [Self.session(0, minutes: 599)])).unlockedAt == nil)
        #expect(state(.bookworm, StudyFacts(sessions: long)).unlockedAt == Self.day(1).addingTimeInterval(120))

        let week = (0..<7).map { Self.session(Double($0), minutes: 15) }
        #expect(state(.onFire, StudyFacts(sessions: Array(week.prefix(6)))).unlockedAt == nil)
        // The seventh day counted when its 15 minutes were done.
        #expect(state(.onFire, StudyFacts(sessions: week)).unlockedAt == Self.day(6).addingTimeInterval(15 * 60))
        // A short session in the morning does not count; the task in the evening does, and unlocks it then.
        let evening = Array(week.prefix(6)) + [Self.session(6, minutes: 5, hour: 8)]
        #expect(state(.onFire, StudyFacts(sessions: evening, tasksDone: [.init(at: Self.day(6, hour: 20), xp: 20)])).unlockedAt == Self.day(6, hour: 20))
        // A broken run starts again.
        var gap = week
        gap.remove(at: 3)
        #expect(state(.onFire, StudyFacts(sessions: gap)).unlockedAt == nil && state(.onFire, StudyFacts(sessions: gap)).current == 3)
        let month = (0..<30).map { Self.session(Double($0), minutes: 20) }
        #expect(state(.unstoppable, StudyFacts(sessions: month)).unlockedAt == Self.day(29).addingTimeInterval(20 * 60))
    }

    @Test("three quests a week, the same all week, at least one easy; progress counts that week only")
    func quests() {
        var seen = Set<[WeeklyQuest.ID]>()
        for week in 1...52 {
            let key = String(format: "2026-W%02d", week)
            let quests = WeeklyQuests.of(week: key)
            #expect(quests.count == 3 && Set(quests.map(\.id)).count == 3 && quests.contains { $0.level == .easy })
            #expect(WeeklyQuests.of(week: key) == quests)
            seen.insert(quests.map(\.id))
        }
        #expect(seen.count > 10, "the weeks differ")
        let days = Self.days(now: Self.day(2))
        // Everything happened last week (every kind, so whichever quests this week has would see it if it leaked).
        let before = (0..<7).map { Self.day(-1 - Double($0)) }
        let lastWeek = StudyFacts(sessions: before.map { .init(start: $0, minutes: 60, subjectId: "s\($0.timeIntervalSince1970)") },
                                  pomodoros: before, tasksDone: before.map { .init(at: $0, xp: 20) }, materials: before.map { .init(at: $0, subjectId: nil) })
        let states = WeeklyQuests.states(lastWeek, weekOf: Self.day(2), days: days)
        #expect(states.allSatisfy { $0.current == 0 }, "last week's materials do not count this week")
        #expect(WeeklyQuest(id: .studyHours, emoji: "", target: 1, baseXP: 120, level: .hard).xp == 240)
    }

    @Test("a minute that is not a number counts nothing")
    func badMinutes() {
        let facts = StudyFacts(sessions: [Self.session(0, minutes: .nan), Self.session(0, minutes: .infinity), Self.session(0, minutes: -5),
                                          Self.session(0, minutes: 3)])
        #expect(StudyProgress.activityXP(facts) == 3)
    }

    @Test("days far from UTC and the ISO week 53")
    func calendars() {
        // 2026-12-31 (a Thursday) is in 2026-W53; 2027-01-03 (Sunday) too; 2027-01-04 starts W01.
        let rome = StudyDays(timeZone: Self.rome, now: Self.monday)
        let noonUTC = { (day: String) in ISO8601DateFormatter().date(from: "\(day)T11:00:00Z")! }
        #expect(rome.weekKey(noonUTC("2026-12-31")) == "2026-W53" && rome.weekKey(noonUTC("2027-01-03")) == "2026-W53")
        #expect(rome.weekKey(noonUTC("2027-01-04")) == "2027-W01")
        #expect(rome.weekStart(noonUTC("2027-01-03")) == rome.dayNumber(noonUTC("2026-12-28")))
        // Auckland is 12 hours ahead in June (11:00 UTC is 23:00 there); Los Angeles 7 behind.
        let auckland = StudyDays(timeZone: TimeZone(identifier: "Pacific/Auckland")!, now: noonUTC("2026-06-15"))
        #expect(auckland.key(noonUTC("2026-06-15")) == "2026-06-15" && auckland.key(noonUTC("2026-06-15").addingTimeInterval(13 * 3_600)) == "2026-06-16")
        let losAngeles = StudyDays(timeZone: TimeZone(identifier: "America/Los_Angeles")!, now: noonUTC("2026-06-15"))
        #expect(losAngeles.key(noonUTC("2026-06-15").addingTimeInterval(-5 * 3_600)) == "2026-06-14")
    }

    @Test("the summary adds badge and quest XP and counts today's and this week's minutes")
    func summary() {
        let facts = StudyFacts(sessions: [Self.session(0, minutes: 30), Self.session(-1, minutes: 20)],
                               materials: [.init(at: Self.day(0), subjectId: "fisica")])
        let summary = StudyProgress.summary(facts, days: Self.days())
        let questXP = WeeklyQuests.states(facts, weekOf: Self.day(0), days: Self.days()).filter(\.done).reduce(0) { $0 + $1.quest.xp }
            + WeeklyQuests.states(facts, weekOf: Self.day(-1), days: Self.days()).filter(\.done).reduce(0) { $0 + $1.quest.xp }
        #expect(summary.xp == 50 + 10 + StudyProgress.badgeXP + questXP)  // minutes, a material, First Steps
        #expect(summary.minutesToday == 30 && summary.minutesThisWeek == 30, "Sunday was last week")
        #expect(summary.streak == .init(current: 2, longest: 2, alive: true))
        #expect(summary.level == StudyProgress.level(forXP: summary.xp))
    }
}
