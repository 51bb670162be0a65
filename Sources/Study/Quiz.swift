import Foundation
import TextRules

/// One question of a quiz, with its answer: what the server keeps. The page gets the question
/// without its answer, hint or explanation until it asks for them (`QuizQuestion.Asked`).
public struct QuizQuestion: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, CaseIterable, Sendable {
        /// Three or four options, one right.
        case multipleChoice
        /// A statement, true or false.
        case trueFalse
        /// A sentence with a blank: the missing word is written (or said).
        case cloze
    }

    public let kind: Kind
    /// The question, the statement or the sentence with its blank (`CardSuggestions.blank`).
    public let prompt: String
    /// The options in the order shown (multiple choice and true/false); empty for a cloze.
    public let options: [String]
    /// The right option, or the missing word.
    public let answer: String
    public let hint: String
    /// What the page shows after the answer: the source's own sentence.
    public let explanation: String
    /// Where it came from: the student's card, or a material.
    public let cardId: String?
    public let materialId: String?
    /// The subject of what it asks about (the card's or the material's): what mastery counts it under.
    public let subjectId: String?

    public init(kind: Kind, prompt: String, options: [String], answer: String, hint: String, explanation: String,
                cardId: String? = nil, materialId: String? = nil, subjectId: String? = nil) {
        (self.kind, self.prompt, self.options, self.answer, self.hint, self.explanation) = (kind, prompt, options, answer, hint, explanation)
        (self.cardId, self.materialId, self.subjectId) = (cardId, materialId, subjectId)
    }
}

/// One answer of a quiz.
public struct QuizAnswer: Codable, Equatable, Sendable {
    public let position: Int
    public let given: String
    public let correct: Bool
    public let at: Date
    public init(position: Int, given: String, correct: Bool, at: Date) { (self.position, self.given, self.correct, self.at) = (position, given, correct, at) }
}

public enum QuizRuleError: Error, Equatable, Sendable {
    case noSuchQuestion(Int)
    case emptyAnswer
    case answerTooLong
    case notAnOption
}

/// The rules of a quiz: its size, what counts as right, the pass mark and the XP
/// (mirrorbuddy.md §1.8: pass at 70 %, XP = 50 × score × (1 − 0.1 × hints used)).
public enum Quizzes {
    public static let maxQuestions = 10
    /// A quiz of fewer questions is not worth taking: the material is too short.
    public static let minQuestions = 3
    public static let passMark = 0.7
    public static let reward = 50
    /// Quizzes that earn XP in one (UTC) day: retaking one quiz all day cannot buy levels.
    public static let quizzesWithXPPerDay = 5
    /// Quizzes one student may keep.
    public static let limit = 2_000
    /// A written answer's length; an option is as long as it is (at most `optionLimit`).
    public static let answerLimit = 200
    /// Facts and options longer than this are left out of quizzes: long to read, and hard for a dyslexic reader.
    public static let optionLimit = 150

    /// The XP of a finished quiz: the reward times the share right, less a tenth a hint, never below 0.
    public static func xp(correct: Int, total: Int, hints: Int) -> Int {
        guard total > 0 else { return 0 }
        let score = Double(max(0, min(correct, total))) / Double(total)
        return max(0, Int((Double(reward) * score * max(0, 1 - 0.1 * Double(hints))).rounded()))
    }

    public static func passed(correct: Int, total: Int) -> Bool {
        total > 0 && Double(correct) / Double(total) >= passMark
    }

    /// The answer as kept: trimmed, at most `answerLimit` characters; for an option question, one
    /// of its options.
    public static func checkAnswer(_ raw: String, for question: QuizQuestion) throws(QuizRuleError) -> String {
        let given = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !given.isEmpty else { throw .emptyAnswer }
        if question.kind != .cloze {
            guard question.options.contains(given) else { throw .notAnOption }
            return given
        }
        guard TextRules.fits(given, characters: answerLimit) else { throw .answerTooLong }
        return given
    }

    /// Whether `given` answers `question`. An option must be the right one; a cloze's word is right
    /// in any case and accent, with or without its article, and with a slip of spelling (a quiz asks
    /// what the student knows, not how they spell it: the students are dyslexic). Anything with a
    /// digit is exact ("3,15" is not "3,14"); a slip keeps the first letter ("Russia" is not
    /// "Prussia"); two slips only from 10 letters ("Austria" is not "Australia").
    public static func isCorrect(_ given: String, for question: QuizQuestion) -> Bool {
        guard question.kind == .cloze else { return given == question.answer }
        let (said, wanted) = (stripArticle(folded(given)), stripArticle(folded(question.answer)))
        guard !said.isEmpty else { return false }
        if said == wanted { return true }
        guard wanted.count >= 4, !wanted.contains(where: \.isNumber), said.first == wanted.first else { return false }
        return editDistance(Array(said), Array(wanted)) <= (wanted.count >= 10 ? 2 : 1)
    }

    /// Two spellings a slip apart, or sharing their first five letters ("pianta", "piante"): not
    /// both options of one question.
    static func tooClose(_ a: String, _ b: String) -> Bool {
        let (x, y) = (stripArticle(folded(a)), stripArticle(folded(b)))
        if x == y { return true }
        if x.count >= 5, y.count >= 5, x.prefix(5) == y.prefix(5) { return true }
        return min(x.count, y.count) >= 4 && editDistance(Array(x), Array(y)) <= 1
    }

    /// Lower case, no accents, no punctuation at the ends, single spaces.
    static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .replacingOccurrences(of: "’", with: "'")
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
            .trimmingCharacters(in: .punctuationCharacters.subtracting(CharacterSet(charactersIn: "'")))
    }

    /// "la fotosintesi" → "fotosintesi", "l'acqua" → "acqua", "the Nile" → "nile".
    static func stripArticle(_ folded: String) -> String {
        for article in ["il ", "lo ", "la ", "i ", "gli ", "le ", "un ", "uno ", "una ", "the ", "a ", "an ", "l'", "un'"] where folded.hasPrefix(article) {
            return String(folded.dropFirst(article.count))
        }
        return folded
    }

    /// Edits (insert, delete, change, swap two neighbours) from one word to the other.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1) }
            }
        }
        return rows[a.count][b.count]
    }
}
