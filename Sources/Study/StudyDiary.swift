import Foundation

/// What the parent diary reads of a student, beside the progress facts.
public struct DiaryFacts: Sendable {
    public struct Review: Sendable, Equatable {
        public let cardId: String
        public let at: Date
        public let rating: FSRSRating
        /// Where the card was before the answer.
        public let stage: Flashcard.Stage
        public init(cardId: String, at: Date, rating: FSRSRating, stage: Flashcard.Stage) {
            (self.cardId, self.at, self.rating, self.stage) = (cardId, at, rating, stage)
        }
    }
    public struct FinishedQuiz: Sendable, Equatable {
        public let at: Date
        public let subjectId: String?
        public let correct: Int
        public let total: Int
        public init(at: Date, subjectId: String?, correct: Int, total: Int) { (self.at, self.subjectId, self.correct, self.total) = (at, subjectId, correct, total) }
    }

    public var progress: StudyFacts
    public var tasks: [StudyTask]
    public var reviews: [Review]
    public var quizzes: [FinishedQuiz]
    public var mastery: [String: SubjectMastery]

    public init(progress: StudyFacts, tasks: [StudyTask] = [], reviews: [Review] = [], quizzes: [FinishedQuiz] = [], mastery: [String: SubjectMastery] = [:]) {
        (self.progress, self.tasks, self.reviews, self.quizzes, self.mastery) = (progress, tasks, reviews, quizzes, mastery)
    }
}

/// One week of a student's study as the parent diary shows it (mirrorbuddy.md §3.3): minutes a day
/// and a subject, the streak and its calendar, materials added, cards reviewed and how many were
/// remembered, quizzes and mastery by subject, tasks done on time or late. Weeks run Monday to
/// Sunday on the student's calendar.
public struct StudyWeek: Codable, Equatable, Sendable {
    public struct Day: Codable, Equatable, Sendable {
        /// "2026-11-23".
        public let date: String
        public let minutes: Double
        /// A streak day: 15 minutes studied or a task done.
        public let counted: Bool
    }
    public struct SubjectMinutes: Codable, Equatable, Sendable {
        public let subjectId: String?
        public let minutes: Double
    }
    public struct Cards: Codable, Equatable, Sendable {
        /// Cards answered at least once, and the answers (a new card is answered a few times in a sitting).
        public let reviewed: Int
        public let answers: Int
        /// Of the answers on cards already learnt (in Review), the share not forgotten ("again");
        /// nil when there were none.
        public let retention: Double?
    }
    public struct QuizSubject: Codable, Equatable, Sendable {
        public let subjectId: String?
        public let quizzes: Int
        /// 0…1.
        public let averageScore: Double
    }
    public struct Quizzes: Codable, Equatable, Sendable {
        public let finished: Int
        public let passed: Int
        public let averageScore: Double?
        public let bestScore: Double?
        public let bySubject: [QuizSubject]
    }
    public struct Tasks: Codable, Equatable, Sendable {
        public let doneOnTime: Int
        public let doneLate: Int
        /// Open tasks past their due moment now.
        public let overdue: Int
    }
    /// The original's weekly digest words for the streak: ≥ 30 days strong, ≥ 7 building, ≥ 1
    /// starting, else ready for a fresh start.
    public enum StreakStatus: String, Codable, Sendable { case strong, building, starting, freshStart }

    public let week: String
    public let days: [Day]
    public let minutes: Double
    public let sessions: Int
    public let bySubject: [SubjectMinutes]
    /// The streak as it stood at the week's end (today, for this week).
    public let streak: StudyProgress.Streak
    public let streakStatus: StreakStatus
    /// The four weeks up to the week's end, oldest first: the streak calendar.
    public let calendar: [Day]
    public let materialsAdded: Int
    public let cards: Cards
    public let quizzes: Quizzes
    public let tasks: Tasks
}

public enum StudyDiary {
    public static let calendarDays = 28

    /// The week holding `date` (`days.now` by default) as the diary shows it.
    public static func week(of date: Date? = nil, _ facts: DiaryFacts, days: StudyDays) -> StudyWeek {
        let calendar = days.calendar
        let start = calendar.dateInterval(of: .weekOfYear, for: date ?? days.now)?.start ?? calendar.startOfDay(for: date ?? days.now)
        let firstDay = days.dayNumber(start)
        let inWeek = { (moment: Date) in (firstDay...(firstDay + 6)).contains(days.dayNumber(moment)) }
        let counted = StudyProgress.streakDays(facts.progress, days: days)
        var minutesByDay: [Int: Double] = [:]
        for session in facts.progress.sessions { minutesByDay[days.dayNumber(session.start), default: 0] += max(0, session.minutes) }
        func line(_ offset: Int, from first: Date) -> StudyWeek.Day {
            let moment = calendar.date(byAdding: .day, value: offset, to: first) ?? first
            let number = days.dayNumber(moment)
            return .init(date: days.key(moment), minutes: minutesByDay[number] ?? 0, counted: counted.contains(number))
        }
        let weekDays = (0..<7).map { line($0, from: start) }
        let calendarStart = calendar.date(byAdding: .day, value: 7 - calendarDays, to: start) ?? start
        let sessions = facts.progress.sessions.filter { inWeek($0.start) }
        var bySubject: [String?: Double] = [:]
        for session in sessions { bySubject[session.subjectId, default: 0] += max(0, session.minutes) }

        let reviews = facts.reviews.filter { inWeek($0.at) }
        let learnt = reviews.filter { $0.stage == .review }
        let retention = learnt.isEmpty ? nil : Double(learnt.filter { $0.rating != .again }.count) / Double(learnt.count)

        let quizzes = facts.quizzes.filter { inWeek($0.at) && $0.total > 0 }
        let scores = quizzes.map { Double($0.correct) / Double($0.total) }
        var quizSubjects: [StudyWeek.QuizSubject] = []
        for (subject, done) in Dictionary(grouping: quizzes, by: \.subjectId) {
            let total: Double = done.reduce(0.0) { $0 + Double($1.correct) / Double($1.total) }
            quizSubjects.append(StudyWeek.QuizSubject(subjectId: subject, quizzes: done.count, averageScore: total / Double(done.count)))
        }
        quizSubjects.sort { ($0.averageScore, $0.subjectId ?? "") < ($1.averageScore, $1.subjectId ?? "") }

        let done = facts.tasks.compactMap { task in task.completedAt.map { (task, $0) } }.filter { inWeek($0.1) }
        let onTime = done.filter { task, at in task.due.map { days.dayNumber(at) <= days.dayNumber($0) } ?? true }.count
        // The streak as it stood when the week ended (or now, for this week).
        let weekEnd = calendar.date(byAdding: .day, value: 7, to: start) ?? start
        var untilEnd = facts.progress
        untilEnd.sessions = untilEnd.sessions.filter { $0.start < weekEnd }
        untilEnd.tasksDone = untilEnd.tasksDone.filter { $0.at < weekEnd }
        let streak = StudyProgress.streak(untilEnd, days: StudyDays(timeZone: calendar.timeZone, now: min(days.now, weekEnd.addingTimeInterval(-1))))
        let subjects: [StudyWeek.SubjectMinutes] = bySubject.map { StudyWeek.SubjectMinutes(subjectId: $0.key, minutes: $0.value) }
            .sorted { ($1.minutes, $0.subjectId ?? "") < ($0.minutes, $1.subjectId ?? "") }
        let quizStats = StudyWeek.Quizzes(
            finished: quizzes.count, passed: quizzes.filter { Quizzes.passed(correct: $0.correct, total: $0.total) }.count,
            averageScore: scores.isEmpty ? nil : scores.reduce(0, +) / Double(scores.count), bestScore: scores.max(), bySubject: quizSubjects)
        let overdue = facts.tasks.filter { StudyTasks.urgency(of: $0, now: days.now) == .overdue }.count
        let minutes = weekDays.reduce(0.0) { $0 + $1.minutes }
        return StudyWeek(
            week: days.weekKey(start), days: weekDays, minutes: minutes, sessions: sessions.count, bySubject: subjects,
            streak: streak, streakStatus: status(streak.current), calendar: (0..<calendarDays).map { line($0, from: calendarStart) },
            materialsAdded: facts.progress.materials.filter { inWeek($0.at) }.count, cards: .init(reviewed: Set(reviews.map(\.cardId)).count, answers: reviews.count, retention: retention),
            quizzes: quizStats, tasks: .init(doneOnTime: onTime, doneLate: done.count - onTime, overdue: overdue))
    }

    public static func status(_ streak: Int) -> StudyWeek.StreakStatus {
        streak >= 30 ? .strong : streak >= 7 ? .building : streak >= 1 ? .starting : .freshStart
    }
}
