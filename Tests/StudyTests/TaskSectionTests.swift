import Foundation
import Testing
@testable import Study

/// Task sections on the student's calendar days: across midnight, in two time zones and across a
/// clock change; their order, urgency and XP.
@Suite("task sections")
struct TaskSectionTests {
    static let rome = TimeZone(identifier: "Europe/Rome")!
    /// 2026-03-15 23:30 in Rome (22:30 UTC).
    static let lateSunday = Date(timeIntervalSince1970: 1_773_613_800)

    static func task(_ id: String, due: Date?, priority: Int = 3, done: Date? = nil) -> StudyTask {
        StudyTask(id: id, title: id, due: due, priority: priority, createdAt: Date(timeIntervalSince1970: 1_773_000_000), completedAt: done)
    }

    @Test("overdue, today, this week (tomorrow to 7 days on), later, no date, completed")
    func sections() {
        let days = StudyDays(timeZone: Self.rome, now: Self.lateSunday)
        let hour = 3_600.0
        let cases: [(Date?, TaskSection)] = [
            (Self.lateSunday.addingTimeInterval(-24 * hour), .overdue),
            (Self.lateSunday.addingTimeInterval(-23 * hour), .today),       // 00:30 the same day
            (Self.lateSunday.addingTimeInterval(0.4 * hour), .today),       // 23:54
            (Self.lateSunday.addingTimeInterval(0.6 * hour), .thisWeek),    // 00:06 Monday: tomorrow
            (Self.lateSunday.addingTimeInterval(7 * 24 * hour), .thisWeek), // 7 days on
            (Self.lateSunday.addingTimeInterval(8 * 24 * hour), .later),
            (nil, .later),
        ]
        for (due, section) in cases {
            #expect(StudyTasks.section(of: Self.task("t", due: due), days: days) == section, "\(String(describing: due))")
        }
        #expect(StudyTasks.section(of: Self.task("t", due: Self.lateSunday.addingTimeInterval(-99 * hour), done: Self.lateSunday), days: days) == .completed)
    }

    @Test("the same due time is tomorrow in Rome and today in New York")
    func timeZones() {
        let due = Date(timeIntervalSince1970: 1_773_621_000)  // 2026-03-16 00:30 UTC: Monday 01:30 in Rome, Sunday 20:30 in New York
        let now = Self.lateSunday  // 22:30 UTC: Sunday 23:30 in Rome, Sunday 18:30 in New York
        #expect(StudyTasks.section(of: Self.task("t", due: due), days: StudyDays(timeZone: Self.rome, now: now)) == .thisWeek)
        #expect(StudyTasks.section(of: Self.task("t", due: due), days: StudyDays(timeZone: TimeZone(identifier: "America/New_York")!, now: now)) == .today)
    }

    @Test("a 23-hour day (clocks forward) is still one day")
    func clockChange() {
        // 2026-03-29 is the day Rome's clocks go forward. Saturday 12:00 → Monday 00:30 is two days.
        let saturday = Date(timeIntervalSince1970: 1_774_695_600)  // 2026-03-28 12:00 +01:00
        let days = StudyDays(timeZone: Self.rome, now: saturday)
        let mondayEarly = Date(timeIntervalSince1970: 1_774_823_400)  // 2026-03-30 00:30 +02:00
        #expect(days.dayNumber(mondayEarly) - days.today == 2)
        #expect(days.key(mondayEarly) == "2026-03-30")
    }

    @Test("open tasks soonest first, higher priority first on the same day, undated last; completed newest first")
    func order() {
        let days = StudyDays(timeZone: Self.rome, now: Self.lateSunday)
        let soon = Self.lateSunday.addingTimeInterval(2 * 86_400)
        let tasks = [Self.task("low", due: soon, priority: 2), Self.task("high", due: soon, priority: 5),
                     Self.task("earlier", due: soon.addingTimeInterval(-3_600)), Self.task("undated", due: nil),
                     Self.task("far", due: soon.addingTimeInterval(30 * 86_400)),
                     Self.task("old", due: nil, done: Self.lateSunday.addingTimeInterval(-86_400)), Self.task("new", due: nil, done: Self.lateSunday)]
        let sections = Dictionary(uniqueKeysWithValues: StudyTasks.sections(tasks, days: days).map { ($0.section, $0.tasks.map(\.id)) })
        #expect(sections[.thisWeek] == ["earlier", "high", "low"])
        #expect(sections[.later] == ["far", "undated"])
        #expect(sections[.completed] == ["new", "old"])
        #expect(sections[.overdue] == [] && sections[.today] == [])
    }

    @Test("urgency: overdue, within 24 hours, or neither; done tasks are never urgent")
    func urgency() {
        let now = Self.lateSunday
        #expect(StudyTasks.urgency(of: Self.task("t", due: now.addingTimeInterval(-1)), now: now) == .overdue)
        #expect(StudyTasks.urgency(of: Self.task("t", due: now.addingTimeInterval(86_400)), now: now) == .soon)
        #expect(StudyTasks.urgency(of: Self.task("t", due: now.addingTimeInterval(86_401)), now: now) == .none)
        #expect(StudyTasks.urgency(of: Self.task("t", due: now.addingTimeInterval(-1), done: now), now: now) == .none)
    }

    @Test("XP for a task: 20, +5 a priority step above 3, +10 on time (by the end of its day)")
    func xp() {
        let days = StudyDays(timeZone: Self.rome, now: Self.lateSunday)
        let due = Self.lateSunday  // Sunday
        #expect(StudyTasks.xp(for: Self.task("t", due: due), completedAt: due.addingTimeInterval(1_200), days: days) == 30)  // 23:50, on time
        #expect(StudyTasks.xp(for: Self.task("t", due: due), completedAt: due.addingTimeInterval(2_400), days: days) == 20)  // 00:10 Monday, late
        #expect(StudyTasks.xp(for: Self.task("t", due: due, priority: 5), completedAt: due, days: days) == 40)
        #expect(StudyTasks.xp(for: Self.task("t", due: nil, priority: 1), completedAt: due, days: days) == 30)
    }

    @Test("titles, notes and priorities are checked")
    func rules() throws {
        #expect(try StudyTasks.cleanTitle("  Esercizi   pag. 42 ") == "Esercizi pag. 42")
        #expect(throws: TaskRuleError.titleEmpty) { try StudyTasks.cleanTitle(" \n ") }
        #expect(throws: TaskRuleError.titleTooLong) { try StudyTasks.cleanTitle(String(repeating: "a", count: 121)) }
        #expect(throws: TaskRuleError.notesTooLong) { try StudyTasks.cleanNotes(String(repeating: "a", count: 2_001)) }
        #expect(throws: TaskRuleError.badPriority(6)) { try StudyTasks.checkPriority(6) }
        #expect(throws: Never.self) { try StudyTasks.checkPriority(1) }
    }
}
