import Foundation

/// SpeakUp's achievements: each one winnable (the original's "Brave Listener" never was: its only
/// caller passed 0), each judged from what the server kept, with the moment it was won and how far
/// along it is. Show & Tell gets its own set (stars, not scores; its own categories).
public struct Achievement: Codable, Equatable, Sendable, Identifiable {
    public enum ID: String, Codable, Sendable, CaseIterable {
        case firstTake, tenTakes, fiftyTakes, hundredTakes, streak3, streak7, streak30, score80, score95, fiveStars
        case cleanSpeech, wellRounded, braveListener, drillPassed, allDrills, storyReader, warmedUp, courseWeek, graduate
        case goalGetter, challengeAccepted
    }
    public enum Audience: String, Codable, Sendable { case coach, kids, both }

    public let id: ID
    public let title: String
    public let emoji: String
    public let summary: String
    public let audience: Audience
    /// How much of the thing it takes (takes, days, drills…).
    public let target: Int
}

public struct AchievementState: Codable, Equatable, Sendable {
    public var id: Achievement.ID
    public var current: Int
    public var target: Int
    public var unlockedAt: Date?
}

public enum Achievements {
    public static let all: [Achievement] = [
        .init(id: .firstTake, title: "First Steps", emoji: "👣", summary: "Record your first take.", audience: .both, target: 1),
        .init(id: .tenTakes, title: "Dedicated Speaker", emoji: "🎙️", summary: "Record 10 takes.", audience: .both, target: 10),
        .init(id: .fiftyTakes, title: "Half Century", emoji: "🏅", summary: "Record 50 takes.", audience: .both, target: 50),
        .init(id: .hundredTakes, title: "Centurion", emoji: "💯", summary: "Record 100 takes.", audience: .both, target: 100),
        .init(id: .streak3, title: "Getting Started", emoji: "🔥", summary: "Talk three days in a row.", audience: .both, target: 3),
        .init(id: .streak7, title: "Weekly Warrior", emoji: "🗓️", summary: "Talk seven days in a row.", audience: .both, target: 7),
        .init(id: .streak30, title: "Monthly Master", emoji: "🌙", summary: "Talk thirty days in a row.", audience: .both, target: 30),
        .init(id: .score80, title: "High Achiever", emoji: "⭐", summary: "Score 80 or more.", audience: .coach, target: 80),
        .init(id: .score95, title: "Near Perfect", emoji: "🌟", summary: "Score 95 or more.", audience: .coach, target: 95),
        .init(id: .fiveStars, title: "Five Stars", emoji: "🌟", summary: "Get five stars for a talk.", audience: .kids, target: 5),
        .init(id: .cleanSpeech, title: "Clean Speech", emoji: "✨", summary: "A take of 25 words or more without a filler.", audience: .coach, target: 1),
        .init(id: .wellRounded, title: "Well Rounded", emoji: "🧭", summary: "Answer a prompt from every category.", audience: .both, target: 0),
        .init(id: .braveListener, title: "Brave Listener", emoji: "🎧", summary: "Listen back to one of your own takes.", audience: .both, target: 1),
        .init(id: .drillPassed, title: "Drill Sergeant", emoji: "🏁", summary: "Pass a drill.", audience: .coach, target: 1),
        .init(id: .allDrills, title: "Drill Master", emoji: "🥇", summary: "Pass all four drills.", audience: .coach, target: 4),
        .init(id: .storyReader, title: "Story Reader", emoji: "📚", summary: "Read three different passages aloud.", audience: .coach, target: 3),
        .init(id: .warmedUp, title: "Warmed Up", emoji: "🤸", summary: "Finish 10 warm-ups or calm exercises.", audience: .both, target: 10),
        .init(id: .courseWeek, title: "Star Student", emoji: "📘", summary: "Finish a week of the course.", audience: .coach, target: 1),
        .init(id: .graduate, title: "Graduate", emoji: "🎓", summary: "Finish all eight weeks of the course.", audience: .coach, target: 8),
        .init(id: .goalGetter, title: "Goal Getter", emoji: "🎯", summary: "Reach a goal you set.", audience: .coach, target: 1),
        .init(id: .challengeAccepted, title: "Challenge Accepted", emoji: "🏆", summary: "Complete a daily challenge.", audience: .coach, target: 1),
    ]

    /// The achievements a speaker of this kind can win; Well Rounded's target is the number of its categories.
    public static func forSpeaker(kids: Bool, categories: Int) -> [Achievement] {
        all.filter { $0.audience == .both || ($0.audience == .kids) == kids }.map { achievement in
            guard achievement.id == .wellRounded else { return achievement }
            return Achievement(id: achievement.id, title: achievement.title, emoji: achievement.emoji, summary: achievement.summary,
                               audience: achievement.audience, target: categories)
        }
    }

    /// Each achievement's state over the record. `categories` are the speaker's prompt categories.
    public static func states(_ achievements: [Achievement], record: SpeakerRecord, categories: Set<String>,
                              calendar: PracticeCalendar) -> [AchievementState] {
        achievements.map { state($0, record: record, categories: categories, calendar: calendar) }
    }

    /// The moment the `n`-th of `dates` happened (sorted), and how many there are (at most `n`).
    static func nth(_ n: Int, of dates: [Date]) -> (Int, Date?) {
        (min(n, dates.count), dates.count >= n && n > 0 ? dates.sorted()[n - 1] : nil)
    }

    static func state(_ achievement: Achievement, record: SpeakerRecord, categories: Set<String>, calendar: PracticeCalendar) -> AchievementState {
        let takes = record.takes
        let n = achievement.target
        let passed = { (kind: PracticeKind) in record.practice.filter { $0.kind == kind && $0.passed } }
        let (current, at): (Int, Date?) = switch achievement.id {
        case .firstTake, .tenTakes, .fiftyTakes, .hundredTakes: nth(n, of: takes.map(\.at))
        case .streak3, .streak7, .streak30: streak(n, takes: takes, calendar: calendar)
        case .score80, .score95: best(takes, n) { $0.score }
        case .fiveStars: best(takes, n) { $0.stars }
        case .cleanSpeech: nth(1, of: takes.filter { $0.words >= 25 && $0.fillers == 0 }.map(\.at))
        case .wellRounded: firstCovering(categories, takes: takes)
        case .braveListener: nth(1, of: takes.compactMap(\.listenedAt))
        case .drillPassed: nth(1, of: passed(.drill).map(\.at))
        case .allDrills: distinct(n, passed(.drill))
        case .storyReader: distinct(n, record.practice.filter { $0.kind == .readAloud })
        case .warmedUp: nth(n, of: record.practice.filter { $0.kind == .warmUp || $0.kind == .calm }.map(\.at))
        case .courseWeek, .graduate: nth(n, of: record.weeksDone)
        case .goalGetter: nth(1, of: record.goalsReached)
        case .challengeAccepted: challenge(takes: takes, calendar: calendar)
        }
        return AchievementState(id: achievement.id, current: current, target: n, unlockedAt: at)
    }

    /// The best of `value` so far, and the first take that reached `target`.
    static func best(_ takes: [TakeFacts], _ target: Int, _ value: (TakeFacts) -> Int?) -> (Int, Date?) {
        (takes.compactMap(value).max() ?? 0, takes.first { (value($0) ?? 0) >= target }?.at)
    }

    /// The longest run of days so far (at most `days`), and the take that made the run `days` long.
    static func streak(_ days: Int, takes: [TakeFacts], calendar: PracticeCalendar) -> (Int, Date?) {
        var run = 0, longest = 0
        var lastDay: Date?
        for take in takes {
            let day = calendar.calendar.startOfDay(for: take.at)
            if day == lastDay { continue }
            let next = lastDay.flatMap { calendar.calendar.date(byAdding: .day, value: 1, to: $0) }
            run = next.map { calendar.calendar.isDate($0, inSameDayAs: day) } == true ? run + 1 : 1
            lastDay = day
            longest = max(longest, run)
            if run >= days { return (days, take.at) }
        }
        return (longest, nil)
    }

    /// How many distinct items were done, and when the `n`-th new one was.
    static func distinct(_ n: Int, _ done: [CurriculumEvidence.Finished]) -> (Int, Date?) {
        var seen = Set<String>()
        for record in done where seen.insert(record.itemId).inserted && seen.count == n { return (n, record.at) }
        return (seen.count, nil)
    }

    /// How many of the categories were answered, and the take that answered the last of them.
    static func firstCovering(_ categories: Set<String>, takes: [TakeFacts]) -> (Int, Date?) {
        var seen = Set<String>()
        for take in takes {
            guard let category = take.category, categories.contains(category) else { continue }
            seen.insert(category)
            if !categories.isEmpty && seen.count == categories.count { return (seen.count, take.at) }
        }
        return (seen.count, nil)
    }

    /// The first take that met its own day's challenge.
    static func challenge(takes: [TakeFacts], calendar: PracticeCalendar) -> (Int, Date?) {
        let met = takes.first { DailyChallenge.of(day: calendar.day($0.at)).isMet(by: $0) }
        return (met == nil ? 0 : 1, met?.at)
    }
}
