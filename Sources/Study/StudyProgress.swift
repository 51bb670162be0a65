import Foundation

/// What a student did, as the progress rules read it.
public struct StudyFacts: Sendable, Equatable {
    public struct Session: Sendable, Equatable {
        public let start: Date
        public let minutes: Double
        public let subjectId: String?
        public init(start: Date, minutes: Double, subjectId: String?) { (self.start, self.minutes, self.subjectId) = (start, minutes, subjectId) }
    }
    public struct Done: Sendable, Equatable {
        public let at: Date
        public let xp: Int
        public init(at: Date, xp: Int) { (self.at, self.xp) = (at, xp) }
    }
    public struct Added: Sendable, Equatable {
        public let at: Date
        public let subjectId: String?
        public init(at: Date, subjectId: String?) { (self.at, self.subjectId) = (at, subjectId) }
    }

    /// Study time (the focus timer, a Pomodoro's work part), each finished stretch.
    public var sessions: [Session] = []
    /// Pomodoros finished (the end of each work part).
    public var pomodoros: [Date] = []
    public var tasksDone: [Done] = []
    public var materials: [Added] = []
    /// Flashcard answers that earn: the card was due, and it is that card's first such answer of
    /// the (UTC) day, so a card sent back again and again earns once.
    public var cardsReviewed: [Date] = []
    /// Quizzes finished, each with its XP (`Quizzes.xp`).
    public var quizzes: [Done] = []

    public init(sessions: [Session] = [], pomodoros: [Date] = [], tasksDone: [Done] = [], materials: [Added] = [], cardsReviewed: [Date] = [],
                quizzes: [Done] = []) {
        (self.sessions, self.pomodoros, self.tasksDone, self.materials) = (sessions, pomodoros, tasksDone, materials)
        (self.cardsReviewed, self.quizzes) = (cardsReviewed, quizzes)
    }
}

/// MirrorBuddy's one progress system. The original had three that disagreed (mirrorbuddy.md §1.11);
/// this one keeps the Swift era's rules, which a student can follow:
/// - XP: 1 a whole minute studied; a Pomodoro 15, +10 for the day's first, +15 for each fourth of a
///   day; a task 20, +5 a priority step above 3, +10 on time (`StudyTasks.xp`), the day's first 10
///   tasks only; a material 10, the day's first 5 only; a flashcard answered when due 2, whatever the
///   answer (an honest "again" earns as much as "easy"; each card once a day), the day's first 100 only; a quiz 50 × its
///   share right × (1 − 0.1 a hint) (`Quizzes.xp`), the day's first 5 quizzes only; a badge 50; a weekly quest its base XP times
///   its level's multiplier. A task or material deleted within a day of being added takes its XP back.
/// - Level: level L costs round(100·L^1.5) XP to leave (100, 283, 520, 800, …), no ceiling.
/// - Streak: calendar days in a row on which the student studied 15 minutes or finished a task;
///   alive while the last such day is today or yesterday.
/// - Badges: eight, each unlocked once, at the moment its condition was first met.
/// - Weekly quests: three a week (Monday to Sunday), chosen by the week, at least one easy.
public enum StudyProgress {
    public static let minutesForStreakDay = 15.0
    public static let badgeXP = 50

    public struct Level: Codable, Equatable, Sendable {
        public let level: Int
        public let xpIntoLevel: Int
        public let xpForNext: Int
    }

    public static func cost(ofLeaving level: Int) -> Int { Int((100 * pow(Double(level), 1.5)).rounded()) }

    public static func level(forXP xp: Int) -> Level {
        var (level, left) = (1, max(0, xp))
        while left >= cost(ofLeaving: level) {
            left -= cost(ofLeaving: level)
            level += 1
        }
        return Level(level: level, xpIntoLevel: left, xpForNext: cost(ofLeaving: level))
    }

    // MARK: - Streak

    public struct Streak: Codable, Equatable, Sendable {
        public let current: Int
        public let longest: Int
        public let alive: Bool
    }

    /// The days (numbers) that count for the streak.
    public static func streakDays(_ facts: StudyFacts, days: StudyDays) -> Set<Int> {
        var minutes: [Int: Double] = [:]
        for session in facts.sessions { minutes[days.dayNumber(session.start), default: 0] += session.minutes }
        return Set(minutes.filter { $0.value >= minutesForStreakDay }.keys).union(facts.tasksDone.map { days.dayNumber($0.at) })
    }

    /// The moment a day began to count: its first task done, or the end of the session that brought its
    /// study to 15 minutes, whichever came first.
    public static func countedAt(day: Int, _ facts: StudyFacts, days: StudyDays) -> Date? {
        let task = facts.tasksDone.filter { days.dayNumber($0.at) == day }.map(\.at).min()
        var total = 0.0, reached: Date? = nil
        for session in facts.sessions.filter({ days.dayNumber($0.start) == day }).sorted(by: { $0.start < $1.start }) {
            total += session.minutes
            if total >= minutesForStreakDay { reached = session.start.addingTimeInterval(session.minutes * 60); break }
        }
        return [task, reached].compactMap { $0 }.min()
    }

    public static func streak(_ facts: StudyFacts, days: StudyDays) -> Streak {
        let counted = streakDays(facts, days: days).sorted()
        var (longest, run, previous) = (0, 0, Int.min)
        var runs: [(end: Int, length: Int)] = []
        for day in counted {
            run = day == previous + 1 ? run + 1 : 1
            previous = day
            longest = max(longest, run)
            runs.append((day, run))
        }
        guard let last = runs.last, last.end >= days.today - 1 else { return Streak(current: 0, longest: longest, alive: false) }
        return Streak(current: last.length, longest: longest, alive: true)
    }

    // MARK: - XP

    /// XP before badges and quests: minutes, Pomodoros, tasks and materials. The day's first
    /// Pomodoro and the daily caps go by UTC days (`xpDay`), not the device's, so a page asking
    /// from another time zone cannot split a day in two (quests still go by the student's weeks).
    public static func activityXP(_ facts: StudyFacts) -> Int {
        // A stretch the server could not measure (not a finite, positive number) counts nothing.
        let minutes = facts.sessions.reduce(0) { $0 + ($1.minutes.isFinite && $1.minutes > 0 ? Int(min($1.minutes, 1_440).rounded(.down)) : 0) }
        var pomodoroXP = 0
        for (_, ends) in Dictionary(grouping: facts.pomodoros, by: xpDay) {
            for index in ends.indices {
                pomodoroXP += 15 + (index == 0 ? 10 : 0) + ((index + 1) % 4 == 0 ? 15 : 0)
            }
        }
        var taskXP = 0
        for (_, done) in Dictionary(grouping: facts.tasksDone, by: { xpDay($0.at) }) {
            taskXP += done.sorted { $0.at < $1.at }.prefix(tasksWithXPPerDay).reduce(0) { $0 + $1.xp }
        }
        let materialXP = Dictionary(grouping: facts.materials, by: { xpDay($0.at) }).values
            .reduce(0) { $0 + 10 * min($1.count, materialsWithXPPerDay) }
        let cardXP = Dictionary(grouping: facts.cardsReviewed, by: xpDay).values
            .reduce(0) { $0 + xpPerCard * min($1.count, cardsWithXPPerDay) }
        var quizXP = 0
        for (_, done) in Dictionary(grouping: facts.quizzes, by: { xpDay($0.at) }) {
            quizXP += done.sorted { $0.at < $1.at }.prefix(Quizzes.quizzesWithXPPerDay).reduce(0) { $0 + $1.xp }
        }
        return minutes + pomodoroXP + taskXP + materialXP + cardXP + quizXP
    }

    /// A flashcard answer's XP, and the answers that earn it in one day.
    public static let xpPerCard = 2
    public static let cardsWithXPPerDay = 100

    /// Tasks and materials that earn XP in one day: the rest still count for badges and quests, but
    /// adding and ticking off tasks (or pasting texts) all day cannot buy levels.
    public static let tasksWithXPPerDay = 10
    /// The day an XP cap counts in: the UTC day.
    static func xpDay(_ date: Date) -> Int { Int((date.timeIntervalSince1970 / 86_400).rounded(.down)) }
    public static let materialsWithXPPerDay = 5

    public struct Summary: Codable, Equatable, Sendable {
        public let xp: Int
        public let level: Level
        public let streak: Streak
        public let badges: [BadgeState]
        /// This week's quests.
        public let quests: [QuestState]
        public let minutesToday: Double
        public let minutesThisWeek: Double
    }

    /// Everything the progress screen shows, from what the student did.
    public static func summary(_ facts: StudyFacts, days: StudyDays) -> Summary {
        let badges = StudyBadges.states(facts, days: days)
        let questXP = WeeklyQuests.weeksWithActivity(facts, days: days).reduce(0) { total, week in
            total + WeeklyQuests.states(facts, weekOf: week, days: days).filter(\.done).reduce(0) { $0 + $1.quest.xp }
        }
        let xp = activityXP(facts) + badgeXP * badges.filter { $0.unlockedAt != nil }.count + questXP
        let weekStart = days.weekStart(days.now)
        let minutes = { (range: ClosedRange<Int>) in
            facts.sessions.filter { range.contains(days.dayNumber($0.start)) }.reduce(0) { $0 + $1.minutes }
        }
        return Summary(xp: xp, level: level(forXP: xp), streak: streak(facts, days: days), badges: badges,
                       quests: WeeklyQuests.states(facts, weekOf: days.now, days: days),
                       minutesToday: minutes(days.today...days.today), minutesThisWeek: minutes(weekStart...weekStart + 6))
    }
}
