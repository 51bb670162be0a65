import Foundation

/// What goals, the daily challenge and achievements are judged on: a profile's takes as a few
/// numbers each, and the practice it did between them.
public struct TakeFacts: Sendable, Equatable {
    public var id: String
    public var at: Date
    public var seconds: Double
    public var words: Int
    public var fillers: Int
    /// The overall score of a scored take (nil for Show & Tell and takes too short to score).
    public var score: Int?
    /// Show & Tell's stars.
    public var stars: Int?
    /// Speaking pace, and the target it was scored against (the speaker's own).
    public var wpm: Double
    public var targetWPM: Int?
    /// The prompt's category, when it answered one of the app's prompts.
    public var category: String?
    /// When the speaker first listened back to it.
    public var listenedAt: Date?

    public init(id: String, at: Date, seconds: Double, words: Int, fillers: Int = 0, score: Int? = nil, stars: Int? = nil,
                wpm: Double = 0, targetWPM: Int? = nil, category: String? = nil, listenedAt: Date? = nil) {
        self.id = id
        self.at = at
        self.seconds = seconds
        self.words = words
        self.fillers = fillers
        self.score = score
        self.stars = stars
        self.wpm = wpm
        self.targetWPM = targetWPM
        self.category = category
        self.listenedAt = listenedAt
    }

    /// Fillers per word (0 without words).
    public var fillerRatio: Double { words > 0 ? Double(fillers) / Double(words) : 0 }
}

/// Everything a profile did in SpeakUp that habits are built on, oldest first.
public struct SpeakerRecord: Sendable {
    public var takes: [TakeFacts]
    /// Warm-ups and calm exercises finished, drills tried (`passed`), readings done.
    public var practice: [CurriculumEvidence.Finished]
    /// When each course week was done.
    public var weeksDone: [Date]
    /// When each goal was reached.
    public var goalsReached: [Date]

    public init(takes: [TakeFacts] = [], practice: [CurriculumEvidence.Finished] = [], weeksDone: [Date] = [], goalsReached: [Date] = []) {
        self.takes = takes.sorted { $0.at < $1.at }
        self.practice = practice.sorted { $0.at < $1.at }
        self.weeksDone = weeksDone.sorted()
        self.goalsReached = goalsReached.sorted()
    }
}
