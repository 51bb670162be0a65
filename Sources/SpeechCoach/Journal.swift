import Foundation

/// The journal a parent or teacher reads (speakup.md §1.17): the takes of a period, a summary of
/// them and each take with its transcript. Pure: the server fetches the takes, `Printing` draws it.
public struct Journal: Sendable {
    public let speaker: String
    public let period: JournalPeriod
    public let summary: JournalSummary
    /// Unlocked in the period, when the journal includes achievements.
    public let achievements: [Achievement]
    /// Oldest first.
    public let takes: [JournalTake]
    /// How many takes the period has; more than `takes.count` when the journal keeps only the newest.
    public let takesInPeriod: Int
    public let generatedAt: Date
    public let timeZone: TimeZone

    public init(speaker: String, period: JournalPeriod, achievements: [Achievement], takes: [JournalTake], takesInPeriod: Int,
                generatedAt: Date, timeZone: TimeZone) {
        (self.speaker, self.period, self.achievements, self.takes) = (speaker, period, achievements, takes)
        (self.takesInPeriod, self.generatedAt, self.timeZone) = (max(takesInPeriod, takes.count), generatedAt, timeZone)
        summary = JournalSummary(takes)
    }
}

/// One take as the journal prints it.
public struct JournalTake: Sendable {
    public let title: String
    /// The prompt's text, when the take answered one.
    public let prompt: String?
    public let at: Date
    public let seconds: Double
    /// Nil for Show & Tell (stars) and for takes too short or unclear to score.
    public let score: Int?
    public let stars: Int?
    public let digest: TakeDigest
    public let pauses: Int
    /// The words as heard, fillers marked.
    public let words: [AnalyzedWord]

    public init(title: String, prompt: String?, at: Date, seconds: Double, score: Int?, stars: Int?, digest: TakeDigest, pauses: Int,
                words: [AnalyzedWord]) {
        (self.title, self.prompt, self.at, self.seconds, self.score) = (title, prompt, at, seconds, score)
        (self.stars, self.digest, self.pauses, self.words) = (stars, digest, pauses, words)
    }

    /// The five fillers used most, most first (ties by word).
    public var topFillers: [JournalSummary.Count] { JournalSummary.top(digest.fillerWords, 5) }
}

/// The period a journal covers: a preset back from now, or calendar days in the speaker's zone.
public struct JournalPeriod: Equatable, Sendable {
    public enum Preset: String, CaseIterable, Sendable {
        case week, month, threeMonths = "3months", all
        var days: Int? { switch self { case .week: 7; case .month: 30; case .threeMonths: 90; case .all: nil } }
        var title: String {
            switch self { case .week: "The last 7 days"; case .month: "The last 30 days"; case .threeMonths: "The last 3 months"; case .all: "All time" }
        }
    }
    public enum Problem: Error, Equatable {
        /// Not a preset's name.
        case unknownRange
        /// Not a YYYY-MM-DD day.
        case badDay(String)
        /// The last day comes before the first.
        case endsBeforeStart
        /// The first day is still to come.
        case startsAfterToday
    }

    /// Nil: from the first take.
    public let start: Date?
    public let end: Date
    public let title: String

    /// The preset `range`, or the days `from` … `to` (both included; either may be left out: from the first take, to today).
    public static func resolve(range: String?, from: String?, to: String?, calendar: PracticeCalendar) throws(Problem) -> JournalPeriod {
        let now = calendar.now
        if from == nil && to == nil {
            guard let preset = Preset(rawValue: range ?? "month") else { throw .unknownRange }
            let start = preset.days.map { now.addingTimeInterval(-Double($0) * 86_400) }
            // The end is exclusive: a take made this very second is in.
            return JournalPeriod(start: start, end: now.addingTimeInterval(1), title: preset.title)
        }
        let first = try from.map { day throws(Problem) in try startOf(day, calendar) }
        let lastStart = try to.map { day throws(Problem) in try startOf(day, calendar) }
        let dayAfterLast = lastStart.flatMap { calendar.calendar.date(byAdding: .day, value: 1, to: $0) }
        if let first, let dayAfterLast, first >= dayAfterLast { throw .endsBeforeStart }
        if let first, first > now { throw .startsAfterToday }
        // A last day still to come ends now; the end is exclusive, so a take made this second is in.
        let end = min(dayAfterLast ?? now.addingTimeInterval(1), now.addingTimeInterval(1))
        let title = "\(from.map { "From \($0)" } ?? "From the first take") to \(to ?? calendar.today)"
        return JournalPeriod(start: first, end: end, title: title)
    }

    private static func startOf(_ day: String, _ calendar: PracticeCalendar) throws(Problem) -> Date {
        let parts = day.split(separator: "-").compactMap { Int($0) }
        guard day.count == 10, parts.count == 3,
              let date = calendar.calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])),
              calendar.day(date) == day
        else { throw .badDay(day) }
        return date
    }
}

/// The figures at the top of the journal.
public struct JournalSummary: Equatable, Sendable {
    public struct Count: Equatable, Sendable {
        public let word: String
        public let count: Int
    }
    public struct Change: Equatable, Sendable {
        public let dimension: Dimension
        public let points: Int
    }
    public struct Average: Equatable, Sendable {
        public let dimension: Dimension
        public let value: Int
    }
    /// The four the original compares first to last.
    public static let core: [Dimension] = [.clarity, .pace, .fillers, .pauses]

    public let takes: Int
    public let minutes: Double
    /// Over scored takes; nil without any.
    public let averageScore: Int?
    /// Latest scored take's score minus the first's; nil with fewer than two.
    public let scoreChange: Int?
    /// The core subscore that rose most from the first scored take to the latest (only when it rose).
    public let mostImproved: Change?
    /// Each subscore's mean over the takes that have it, in the coach's order.
    public let averages: [Average]
    /// The five fillers used most over the period.
    public let commonFillers: [Count]
    public let averageStars: Double?

    public init(_ takes: [JournalTake]) {
        self.takes = takes.count
        minutes = takes.reduce(0) { $0 + $1.seconds } / 60
        let scored = takes.filter { $0.score != nil }
        averageScore = scored.isEmpty ? nil : Int((Double(scored.compactMap(\.score).reduce(0, +)) / Double(scored.count)).rounded())
        if scored.count >= 2, let first = scored.first, let last = scored.last {
            scoreChange = last.score! - first.score!
            mostImproved = Self.core.compactMap { dimension -> Change? in
                guard let before = first.digest.subscores[dimension], let after = last.digest.subscores[dimension] else { return nil }
                return Change(dimension: dimension, points: after - before)
            }.filter { $0.points > 0 }.max { $0.points < $1.points }
        } else {
            (scoreChange, mostImproved) = (nil, nil)
        }
        averages = Dimension.allCases.compactMap { dimension in
            let values = scored.compactMap { $0.digest.subscores[dimension] }
            return values.isEmpty ? nil : Average(dimension: dimension, value: Int((Double(values.reduce(0, +)) / Double(values.count)).rounded()))
        }
        commonFillers = Self.top(takes.reduce(into: [:]) { $0.merge($1.digest.fillerWords, uniquingKeysWith: +) }, 5)
        let stars = takes.compactMap(\.stars)
        averageStars = stars.isEmpty ? nil : Double(stars.reduce(0, +)) / Double(stars.count)
    }

    static func top(_ counts: [String: Int], _ n: Int) -> [Count] {
        counts.filter { $0.value > 0 }.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .prefix(n).map { Count(word: $0.key, count: $0.value) }
    }
}
