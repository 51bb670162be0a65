import Foundation

/// One game of a level: 15 words, 10 right answers pass. A wrong answer can be retried; giving up
/// shows the word and it comes back a few words later (once).
public struct SpellingSession: Codable, Equatable, Sendable {
    public static let wordCount = 15
    public static let requiredCorrect = 10
    /// A word the child gave up on comes back after this many other words.
    public static let comeBackAfter = 3

    public let grade: Int
    public let level: Int
    /// The words in the order they are asked, including words that come back.
    public private(set) var words: [String]
    public private(set) var position = 0
    public private(set) var correctCount = 0
    public private(set) var incorrectCount = 0
    /// Wrong tries on the word being asked.
    public private(set) var triesOnWord = 0
    private var cameBack: Set<String> = []

    public enum Outcome: Equatable, Sendable {
        /// Right; `firstTry` is false after a retry.
        case correct(firstTry: Bool)
        /// Wrong; the child may retry or give up.
        case incorrect
    }

    public init(grade: Int, level: Int, words: [String]) {
        self.grade = grade
        self.level = level
        self.words = words
    }

    public var currentWord: String? { position < words.count ? words[position] : nil }
    public var isPassed: Bool { correctCount >= Self.requiredCorrect }
    public var isOver: Bool { isPassed || currentWord == nil }
    /// 0…1 toward the 10 right answers.
    public var progress: Double { min(1, Double(correctCount) / Double(Self.requiredCorrect)) }

    /// Checks an answer against the current word; a right one moves on.
    public mutating func answer(_ text: String) throws(SpellingError) -> Outcome {
        guard let word = currentWord, !isPassed else { throw .sessionOver }
        guard SpellingCheck.matches(text, word: word) else {
            triesOnWord += 1
            return .incorrect
        }
        let firstTry = triesOnWord == 0
        correctCount += 1
        advance()
        return .correct(firstTry: firstTry)
    }

    /// The child gives up: the word counts as missed, is returned for spelling out, and is asked
    /// again `comeBackAfter` words later (once per session).
    public mutating func giveUp() throws(SpellingError) -> String {
        guard let word = currentWord, !isPassed else { throw .sessionOver }
        incorrectCount += 1
        if cameBack.insert(word).inserted {
            words.insert(word, at: min(words.count, position + 1 + Self.comeBackAfter))
        }
        advance()
        return word
    }

    private mutating func advance() {
        position += 1
        triesOnWord = 0
    }

    /// Picks the words for a level: up to `reviewLimit` words due for review first (spaced
    /// repetition), then the parent's assigned list, then the word bank around the level's
    /// difficulty; no word twice.
    public static func start<Generator: RandomNumberGenerator>(
        grade: Int, level: Int, progress: SpellingProgress, assigned: [String] = [], due: [String] = [],
        reviewLimit: Int = 4, using generator: inout Generator
    ) throws(SpellingError) -> SpellingSession {
        try SpellingProgress.validate(grade: grade, level: level)
        guard progress.isUnlocked(level, grade: grade) else { throw .levelLocked(level) }
        var chosen: [String] = []
        var seen = Set<String>()
        func take(_ pool: [String], limit: Int) {
            for word in pool where chosen.count < limit && seen.insert(word.lowercased()).inserted {
                chosen.append(word.lowercased())
            }
        }
        take(due, limit: min(reviewLimit, wordCount))
        take(assigned.shuffled(using: &generator), limit: wordCount)
        take(WordBank.candidates(grade: grade, level: level).shuffled(using: &generator), limit: wordCount)
        guard !chosen.isEmpty else { throw .noWords }
        // Review words are spread through the game, not all at the start.
        return SpellingSession(grade: grade, level: level, words: chosen.shuffled(using: &generator))
    }
}
