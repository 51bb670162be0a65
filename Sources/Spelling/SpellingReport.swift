import Foundation

/// One answered word, as the game records it.
public struct WordResult: Codable, Equatable, Sendable {
    public var word: String
    public var grade: Int
    public var level: Int
    /// Right on the first try (a retry or giving up is a miss).
    public var firstTry: Bool
    public var at: Date
    /// Seconds from the word being spoken to the answer.
    public var seconds: Double

    public init(word: String, grade: Int, level: Int, firstTry: Bool, at: Date, seconds: Double) {
        self.word = word
        self.grade = grade
        self.level = level
        self.firstTry = firstTry
        self.at = at
        self.seconds = seconds
    }
}

/// What a parent sees about one child: accuracy by grade and level, trouble words, time practised
/// and the streak of days in a row.
public struct SpellingReport: Codable, Equatable, Sendable {
    public struct Tally: Codable, Equatable, Sendable {
        public var answered = 0
        public var firstTry = 0
        public var accuracy: Double { answered == 0 ? 0 : Double(firstTry) / Double(answered) }

        mutating func add(_ result: WordResult) {
            answered += 1
            if result.firstTry { firstTry += 1 }
        }
    }

    public struct LevelTally: Codable, Equatable, Sendable {
        public var grade: Int
        public var level: Int
        public var tally: Tally
    }

    public struct TroubleWord: Codable, Equatable, Sendable {
        public var word: String
        public var attempts: Int
        public var misses: Int
    }

    public var overall = Tally()
    public var byGrade: [Int: Tally] = [:]
    public var byLevel: [LevelTally] = []
    public var troubleWords: [TroubleWord] = []
    public var secondsPractised: Double = 0
    /// Days in a row with practice, ending today or yesterday (0 when the last practice is older).
    public var streakDays = 0
    public var lastPractised: Date?

    /// A word counts at most this long toward time practised (a tablet left on the table is not practice).
    public static let longestWordSeconds: Double = 120

    public init(results: [WordResult], now: Date, timeZone: TimeZone, troubleLimit: Int = 10) {
        var levels: [String: LevelTally] = [:]
        var words: [String: TroubleWord] = [:]
        for result in results {
            overall.add(result)
            byGrade[result.grade, default: Tally()].add(result)
            levels["\(result.grade)-\(result.level)", default: LevelTally(grade: result.grade, level: result.level, tally: Tally())].tally.add(result)
            var word = words[result.word, default: TroubleWord(word: result.word, attempts: 0, misses: 0)]
            word.attempts += 1
            if !result.firstTry { word.misses += 1 }
            words[result.word] = word
            secondsPractised += min(max(0, result.seconds), Self.longestWordSeconds)
            lastPractised = max(lastPractised ?? result.at, result.at)
        }
        byLevel = levels.values.sorted { ($0.grade, $0.level) < ($1.grade, $1.level) }
        troubleWords = Array(words.values.filter { $0.misses > 0 }
            .sorted { (Double($0.misses) / Double($0.attempts), $0.misses, $1.word) > (Double($1.misses) / Double($1.attempts), $1.misses, $0.word) }
            .prefix(troubleLimit))
        streakDays = Self.streak(days: results.map(\.at), now: now, timeZone: timeZone)
    }

    /// Consecutive calendar days (in the family's time zone) with practice, ending today or yesterday.
    static func streak(days: [Date], now: Date, timeZone: TimeZone) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let practised = Set(days.map { calendar.startOfDay(for: $0) })
        var day = calendar.startOfDay(for: now)
        if !practised.contains(day) {
            guard let yesterday = calendar.date(byAdding: .day, value: -1, to: day), practised.contains(yesterday) else { return 0 }
            day = yesterday
        }
        var count = 0
        while practised.contains(day) {
            count += 1
            guard let previous = calendar.date(byAdding: .day, value: -1, to: day) else { break }
            day = previous
        }
        return count
    }
}
