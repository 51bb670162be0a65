import Foundation

/// A goal the speaker sets: one of five templates (speakup.md §1.7), judged on the takes made from
/// the day it was set until its deadline.
public struct GoalTemplate: Codable, Equatable, Sendable, Identifiable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case weeklyPractice, practiceStreak, scoreImprovement, reduceFillers, practiceTime
    }

    public let id: Kind
    public let title: String
    public let emoji: String
    public let target: Double
    /// What `target` counts ("takes", "days", "points", "%", "minutes").
    public let unit: String
    public let days: Int
    public let summary: String
}

/// A goal as kept: its template, when it was set and until when it runs.
public struct Goal: Codable, Equatable, Sendable {
    public let id: String
    public let kind: GoalTemplate.Kind
    public let startedAt: Date
    public let endsAt: Date

    public init(id: String, kind: GoalTemplate.Kind, startedAt: Date, endsAt: Date) {
        self.id = id
        self.kind = kind
        self.startedAt = startedAt
        self.endsAt = endsAt
    }
}

public struct GoalProgress: Codable, Equatable, Sendable {
    public enum Status: String, Codable, Sendable { case active, reached, missed }
    public var current: Double
    public var target: Double
    public var status: Status
    /// When the take that reached it was made.
    public var reachedAt: Date?
}

public enum Goals {
    public static let templates: [GoalTemplate] = [
        GoalTemplate(id: .weeklyPractice, title: "Weekly Practice", emoji: "📅", target: 5, unit: "takes", days: 7,
                     summary: "Five takes in the next seven days."),
        GoalTemplate(id: .practiceStreak, title: "7-Day Streak", emoji: "🔥", target: 7, unit: "days", days: 7,
                     summary: "A take every day for a week."),
        GoalTemplate(id: .scoreImprovement, title: "Score Improvement", emoji: "📈", target: 10, unit: "points", days: 14,
                     summary: "Your last three scores 10 points above your first three, within two weeks."),
        GoalTemplate(id: .reduceFillers, title: "Reduce Fillers", emoji: "🧹", target: 20, unit: "%", days: 14,
                     summary: "A fifth fewer fillers a word in your later takes than in your earlier ones, within two weeks."),
        GoalTemplate(id: .practiceTime, title: "Practice Time", emoji: "⏱️", target: 30, unit: "minutes", days: 7,
                     summary: "Thirty minutes of talking in a week."),
    ]

    public static func template(_ kind: GoalTemplate.Kind) -> GoalTemplate { templates.first { $0.id == kind }! }

    /// The goal's measure over `takes` (those inside its window, oldest first).
    public static func measure(_ kind: GoalTemplate.Kind, _ takes: [TakeFacts], calendar: PracticeCalendar) -> Double {
        switch kind {
        case .weeklyPractice:
            return Double(takes.count)
        case .practiceStreak:
            return Double(calendar.streak(takes.map(\.at)).longest)
        case .scoreImprovement:
            // Three scores against three others: fewer than six scored takes is not yet a trend.
            let scores = takes.compactMap(\.score).map(Double.init)
            guard scores.count >= 6 else { return 0 }
            let first = scores.prefix(3).reduce(0, +) / 3
            let last = scores.suffix(3).reduce(0, +) / 3
            return max(0, last - first)
        case .reduceFillers:
            // Two takes a half at least, so one lucky take is not a change.
            let spoken = takes.filter { $0.words >= 10 }
            guard spoken.count >= 4 else { return 0 }
            let half = spoken.count / 2
            let mean = { (part: ArraySlice<TakeFacts>) in part.map(\.fillerRatio).reduce(0, +) / Double(part.count) }
            let before = mean(spoken.prefix(half)), after = mean(spoken.suffix(spoken.count - half))
            // Fillers that were already gone and stayed gone count as done.
            if before == 0 { return after == 0 ? template(.reduceFillers).target : 0 }
            return max(0, (before - after) / before * 100)
        case .practiceTime:
            return takes.map(\.seconds).reduce(0, +) / 60
        }
    }

    /// How far the goal has come by `now`: reached at the first take that brings the measure to
    /// the target; missed once its window ended short of it.
    public static func progress(of goal: Goal, takes: [TakeFacts], calendar: PracticeCalendar) -> GoalProgress {
        let target = template(goal.kind).target
        let inside = takes.filter { $0.at >= goal.startedAt && $0.at <= min(goal.endsAt, calendar.now) }.sorted { $0.at < $1.at }
        var reachedAt: Date?
        if goal.kind == .practiceStreak {
            // The take that made the run long enough, in one pass (as the streak badges find it).
            reachedAt = Achievements.streak(Int(target), takes: inside, calendar: calendar).1
        } else {
            for count in inside.indices.map({ $0 + 1 }) where measure(goal.kind, Array(inside.prefix(count)), calendar: calendar) >= target {
                reachedAt = inside[count - 1].at
                break
            }
        }
        let current = (measure(goal.kind, inside, calendar: calendar) * 10).rounded() / 10
        let status: GoalProgress.Status = reachedAt != nil ? .reached : calendar.now > goal.endsAt ? .missed : .active
        return GoalProgress(current: current, target: target, status: status, reachedAt: reachedAt)
    }
}
