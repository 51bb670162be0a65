import Foundation

public struct StudyBadge: Codable, Equatable, Sendable, Identifiable {
    public enum ID: String, Codable, CaseIterable, Sendable {
        case firstSteps, firstTask, focusFan, onFire, bookworm, taskTamer, allRounder, unstoppable
    }
    public let id: ID
    public let emoji: String
    /// How much of the thing it takes (materials, tasks, minutes, days…).
    public let target: Int
}

public struct BadgeState: Codable, Equatable, Sendable {
    public let badge: StudyBadge
    public let current: Int
    public let unlockedAt: Date?
}

/// Eight badges, each unlocked once, at the moment its condition was first met (its names are in the
/// page's catalogues, by id).
public enum StudyBadges {
    public static let all: [StudyBadge] = [
        .init(id: .firstSteps, emoji: "🌱", target: 1),       // a first material
        .init(id: .firstTask, emoji: "✅", target: 1),        // a first task done
        .init(id: .focusFan, emoji: "🍅", target: 10),        // 10 Pomodoros
        .init(id: .onFire, emoji: "🔥", target: 7),           // a 7-day streak
        .init(id: .bookworm, emoji: "🐛", target: 600),       // 10 hours studied
        .init(id: .taskTamer, emoji: "🦁", target: 25),       // 25 tasks done
        .init(id: .allRounder, emoji: "🌈", target: 5),       // materials in 5 subjects
        .init(id: .unstoppable, emoji: "🚀", target: 30),     // a 30-day streak
    ]

    public static func states(_ facts: StudyFacts, days: StudyDays) -> [BadgeState] {
        all.map { badge in
            let (current, at) = progress(badge, facts, days: days)
            return BadgeState(badge: badge, current: min(current, badge.target), unlockedAt: at)
        }
    }

    /// How far along, and when the target was first reached.
    static func progress(_ badge: StudyBadge, _ facts: StudyFacts, days: StudyDays) -> (Int, Date?) {
        switch badge.id {
        case .firstSteps: return nth(badge.target, facts.materials.map(\.at))
        case .firstTask, .taskTamer: return nth(badge.target, facts.tasksDone.map(\.at))
        case .focusFan: return nth(badge.target, facts.pomodoros)
        case .bookworm:
            var total = 0.0
            for session in facts.sessions.sorted(by: { $0.start < $1.start }) {
                total += session.minutes
                if total >= Double(badge.target) { return (badge.target, session.start.addingTimeInterval(session.minutes * 60)) }
            }
            return (Int(total), nil)
        case .allRounder:
            var subjects = Set<String>()
            for material in facts.materials.sorted(by: { $0.at < $1.at }) {
                guard let subject = material.subjectId else { continue }
                subjects.insert(subject)
                if subjects.count >= badge.target { return (badge.target, material.at) }
            }
            return (subjects.count, nil)
        case .onFire, .unstoppable:
            return runReaching(badge.target, facts, days: days)
        }
    }

    static func nth(_ n: Int, _ dates: [Date]) -> (Int, Date?) {
        let sorted = dates.sorted()
        return sorted.count >= n ? (n, sorted[n - 1]) : (sorted.count, nil)
    }

    /// The longest run of streak days so far, and the first day a run reached `target` (its start of day).
    static func runReaching(_ target: Int, _ facts: StudyFacts, days: StudyDays) -> (Int, Date?) {
        let counted = StudyProgress.streakDays(facts, days: days).sorted()
        var (run, previous, longest) = (0, Int.min, 0)
        for day in counted {
            run = day == previous + 1 ? run + 1 : 1
            previous = day
            longest = max(longest, run)
            if run >= target { return (target, StudyProgress.countedAt(day: day, facts, days: days)) }
        }
        return (longest, nil)
    }
}

/// Three quests a week (Monday to Sunday on the student's calendar), chosen by the week, at least one easy.
public struct WeeklyQuest: Codable, Equatable, Sendable, Identifiable {
    public enum ID: String, Codable, CaseIterable, Sendable {
        case studyDays, knowledgeBuilder, taskFinisher, focusFan, topicExplorer, studyHours, legendaryScholar
    }
    public enum Level: String, Codable, Sendable {
        case easy, medium, hard, legendary
        public var multiplier: Double { switch self { case .easy: 1; case .medium: 1.5; case .hard: 2; case .legendary: 3 } }
    }
    public let id: ID
    public let emoji: String
    public let target: Int
    public let baseXP: Int
    public let level: Level
    public var xp: Int { Int((Double(baseXP) * level.multiplier).rounded()) }
}

public struct QuestState: Codable, Equatable, Sendable {
    public let quest: WeeklyQuest
    public let current: Int
    public var done: Bool { current >= quest.target }
}

public enum WeeklyQuests {
    public static let all: [WeeklyQuest] = [
        .init(id: .studyDays, emoji: "📅", target: 3, baseXP: 50, level: .easy),          // study on 3 days
        .init(id: .knowledgeBuilder, emoji: "📚", target: 3, baseXP: 60, level: .easy),   // add 3 materials
        .init(id: .taskFinisher, emoji: "✅", target: 5, baseXP: 50, level: .easy),       // finish 5 tasks
        .init(id: .focusFan, emoji: "🍅", target: 4, baseXP: 50, level: .medium),         // 4 Pomodoros
        .init(id: .topicExplorer, emoji: "🧭", target: 3, baseXP: 70, level: .medium),    // study 3 subjects
        .init(id: .studyHours, emoji: "⏳", target: 300, baseXP: 120, level: .hard),      // 5 hours (minutes)
        .init(id: .legendaryScholar, emoji: "🏆", target: 7, baseXP: 200, level: .legendary),  // study every day of the week
    ]

    /// The week's three: one easy quest and two others, picked by the week's key (the same all week, on every device).
    public static func of(week key: String) -> [WeeklyQuest] {
        var seed = key.utf8.reduce(UInt64(1_469_598_103_934_665_603)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let easy = all.filter { $0.level == .easy }
        let first = easy[next(easy.count)]
        var others = all.filter { $0.id != first.id }
        let second = others.remove(at: next(others.count))
        let third = others.remove(at: next(others.count))
        return [first, second, third]
    }

    /// The week's quests with what was done in that week.
    public static func states(_ facts: StudyFacts, weekOf date: Date, days: StudyDays) -> [QuestState] {
        let start = days.weekStart(date)
        let week = start...(start + 6)
        let inWeek = { (at: Date) in week.contains(days.dayNumber(at)) }
        let sessions = facts.sessions.filter { inWeek($0.start) }
        var minutesByDay: [Int: Double] = [:]
        for session in sessions { minutesByDay[days.dayNumber(session.start), default: 0] += session.minutes }
        let studyDays = minutesByDay.filter { $0.value >= StudyProgress.minutesForStreakDay }.count
        return of(week: days.weekKey(date)).map { quest in
            let current: Int = switch quest.id {
            case .studyDays, .legendaryScholar: studyDays
            case .knowledgeBuilder: facts.materials.filter { inWeek($0.at) }.count
            case .taskFinisher: facts.tasksDone.filter { inWeek($0.at) }.count
            case .focusFan: facts.pomodoros.filter(inWeek).count
            case .topicExplorer: Set(sessions.compactMap(\.subjectId)).count
            case .studyHours: Int(sessions.reduce(0) { $0 + $1.minutes })
            }
            return QuestState(quest: quest, current: min(current, quest.target))
        }
    }

    /// One date in each week that has anything in it (for the XP of quests done in past weeks).
    public static func weeksWithActivity(_ facts: StudyFacts, days: StudyDays) -> [Date] {
        let moments = facts.sessions.map(\.start) + facts.pomodoros + facts.tasksDone.map(\.at) + facts.materials.map(\.at) + facts.cardsReviewed
        var seen = Set<Int>(), weeks: [Date] = []
        for moment in moments.sorted() where seen.insert(days.weekStart(moment)).inserted { weeks.append(moment) }
        return weeks
    }
}
