import Foundation
import Study
import Testing

/// The diary's week from fixed facts: minutes by day and subject, tasks on time or late, the share of
/// learnt cards remembered, quizzes by subject, the streak's words.
@Suite struct StudyDiaryTests {
    @Test func aWeekFromItsFacts() throws {
        let zone = try #require(TimeZone(identifier: "Europe/Rome"))
        let friday = Date(timeIntervalSince1970: 1_800_000_000)  // Friday 15 January 2027, 09:00 in Rome
        let days = StudyDays(timeZone: zone, now: friday)
        let monday = friday.addingTimeInterval(-4 * 86_400)
        var progress = StudyFacts()
        progress.sessions = [.init(start: monday, minutes: 20, subjectId: "storia"), .init(start: monday.addingTimeInterval(3_600), minutes: 5, subjectId: nil),
                             .init(start: monday.addingTimeInterval(86_400), minutes: 10, subjectId: "fisica"),
                             .init(start: monday.addingTimeInterval(-86_400), minutes: 30, subjectId: "storia")]  // Sunday: the week before
        progress.materials = [.init(at: monday, subjectId: nil)]
        progress.tasksDone = [.init(at: monday, xp: 20), .init(at: monday.addingTimeInterval(3_600), xp: 30), .init(at: friday, xp: 30)]
        let tasks = [
            StudyTask(id: "on-time", title: "a", due: monday.addingTimeInterval(86_400), createdAt: monday, completedAt: monday.addingTimeInterval(3_600)),
            StudyTask(id: "late", title: "b", due: monday.addingTimeInterval(-86_400 * 2), createdAt: monday, completedAt: monday),
            StudyTask(id: "open", title: "c", due: friday.addingTimeInterval(-3_600), createdAt: monday),
            StudyTask(id: "no-due", title: "d", createdAt: monday, completedAt: friday),
        ]
        let reviews: [DiaryFacts.Review] = [.init(cardId: "c1", at: monday, rating: .good, stage: .review),
                                            .init(cardId: "c2", at: monday, rating: .again, stage: .review),
                                            .init(cardId: "c2", at: monday, rating: .easy, stage: .review),
                                            .init(cardId: "c3", at: monday, rating: .good, stage: .review),
                                            .init(cardId: "c4", at: monday, rating: .again, stage: .new)]
        let quizzes: [DiaryFacts.FinishedQuiz] = [.init(at: monday, subjectId: "storia", correct: 8, total: 10),
                                                  .init(at: friday, subjectId: "fisica", correct: 5, total: 10),
                                                  .init(at: monday.addingTimeInterval(-86_400 * 3), subjectId: "fisica", correct: 10, total: 10)]
        let week = StudyDiary.week(DiaryFacts(progress: progress, tasks: tasks, reviews: reviews, quizzes: quizzes), days: days)
        #expect(week.week == "2027-W02" && week.days.map(\.minutes) == [25, 10, 0, 0, 0, 0, 0] && week.minutes == 35 && week.sessions == 3)
        #expect(week.days.map(\.counted) == [true, false, false, false, true, false, false], "Monday's 25 minutes, Friday's task")
        #expect(week.bySubject.map(\.subjectId) == ["storia", "fisica", nil] && week.bySubject.map(\.minutes) == [20, 10, 5])
        #expect(week.tasks.doneOnTime == 2 && week.tasks.doneLate == 1 && week.tasks.overdue == 1)
        #expect(week.cards.reviewed == 4 && week.cards.answers == 5 && week.cards.retention == 0.75, "3 of the 4 answers on learnt cards; the new card's 'again' is not forgetting")
        #expect(week.quizzes.finished == 2 && week.quizzes.passed == 1 && week.quizzes.averageScore == 0.65 && week.quizzes.bestScore == 0.8)
        #expect(week.quizzes.bySubject.map(\.subjectId) == ["fisica", "storia"], "the weakest first")
        #expect(week.materialsAdded == 1 && week.calendar.count == 28 && week.calendar.last?.date == "2027-01-17")
        #expect(week.calendar.filter(\.counted).map(\.date) == ["2027-01-10", "2027-01-11", "2027-01-15"])
        #expect(week.streak.current == 1 && week.streak.longest == 2 && week.streakStatus == .starting, "Sunday and Monday, then Friday alone")
        #expect([0, 1, 6, 7, 29, 30].map(StudyDiary.status) == [.freshStart, .starting, .starting, .building, .building, .strong])

        // The week before: its streak as it stood on its Sunday (the 10th, a streak day), not today's.
        let before = StudyDiary.week(of: monday.addingTimeInterval(-86_400 * 3), DiaryFacts(progress: progress, tasks: tasks), days: days)
        #expect(before.week == "2027-W01" && before.streak.current == 1 && before.streak.longest == 1 && before.days.last?.minutes == 30)

        let empty = StudyDiary.week(of: monday.addingTimeInterval(-86_400 * 14), DiaryFacts(progress: StudyFacts()), days: days)
        #expect(empty.minutes == 0 && empty.cards.retention == nil && empty.quizzes.averageScore == nil && empty.week == "2026-W53")
    }
}
