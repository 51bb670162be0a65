import Foundation

/// Practice by calendar day in the speaker's time zone: the streak (consecutive days with a take,
/// alive when the last one was today or yesterday), this week's takes and history's heatmap.
public struct PracticeCalendar: Sendable {
    /// Streak milestones the original celebrates.
    public static let milestones = [3, 7, 14, 30, 60, 100, 180, 365, 500, 1000]
    /// Takes a week the rings aim for (the original's default goal).
    public static let weeklyGoal = 5
    /// The heatmap's weeks: 17 × 7 days, about four months.
    public static let heatmapWeeks = 17

    public let calendar: Calendar
    public let now: Date

    public init(timeZone: TimeZone, now: Date) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.firstWeekday = 2
        self.calendar = calendar
        self.now = now
    }

    /// "2026-11-26" in the speaker's zone.
    public func day(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    public var today: String { day(now) }

    public struct Streak: Codable, Equatable, Sendable {
        public var current: Int
        public var longest: Int
        /// True when the last take was today or yesterday.
        public var alive: Bool
        /// The next milestone above `current`, nil past the last one.
        public var nextMilestone: Int?
    }

    public func streak(_ takes: [Date]) -> Streak {
        let days = Set(takes.map { calendar.startOfDay(for: $0) }).sorted()
        var longest = 0, run = 0
        var previous: Date?
        for day in days {
            run = previous.map { isNextDay($0, day) } == true ? run + 1 : 1
            longest = max(longest, run)
            previous = day
        }
        let todayStart = calendar.startOfDay(for: now)
        let alive = days.last.map { $0 == todayStart || isNextDay($0, todayStart) } ?? false
        let current = alive ? run : 0
        return Streak(current: current, longest: longest, alive: alive, nextMilestone: Self.milestones.first { $0 > current })
    }

    /// Takes since Monday of this week.
    public func thisWeek(_ takes: [Date]) -> Int {
        guard let week = calendar.dateInterval(of: .weekOfYear, for: now) else { return 0 }
        return takes.filter { week.contains($0) }.count
    }

    public struct Cell: Codable, Equatable, Sendable {
        public var date: String
        public var sessions: Int
        /// The day's average score, nil without scored takes.
        public var score: Int?
    }

    /// 17 weeks of days ending today, oldest first.
    public func heatmap(_ takes: [(at: Date, score: Int?)]) -> [Cell] {
        var byDay: [String: (count: Int, scores: [Int])] = [:]
        for take in takes {
            let key = day(take.at)
            byDay[key, default: (0, [])].count += 1
            if let score = take.score { byDay[key, default: (0, [])].scores.append(score) }
        }
        let todayStart = calendar.startOfDay(for: now)
        return (0..<(Self.heatmapWeeks * 7)).reversed().compactMap { back in
            guard let date = calendar.date(byAdding: .day, value: -back, to: todayStart) else { return nil }
            let key = day(date), entry = byDay[key]
            let score = entry.flatMap { $0.scores.isEmpty ? nil : Int((Double($0.scores.reduce(0, +)) / Double($0.scores.count)).rounded()) }
            return Cell(date: key, sessions: entry?.count ?? 0, score: score)
        }
    }

    private func isNextDay(_ earlier: Date, _ later: Date) -> Bool {
        calendar.date(byAdding: .day, value: 1, to: earlier).map { calendar.isDate($0, inSameDayAs: later) } ?? false
    }
}
