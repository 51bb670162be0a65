import Foundation
import TextRules

/// A parent's own list of words (pasted, or a CSV file), validated before it is saved.
public struct WordList: Codable, Equatable, Sendable {
    public static let maximumWords = 300
    public static let maximumLetters = 30
    public static let maximumNameLength = 60
    /// Bytes of pasted text or CSV read at most (a 10,000-line file is refused, not trimmed).
    public static let maximumTextBytes = 16 * 1024

    public var name: String
    public var words: [String]

    /// Parses one word per line, or comma/semicolon/tab-separated values (a CSV's cells); blank
    /// cells are skipped, a header cell "word" or "words" is ignored, repeats are kept once.
    /// Anything that is not a word of letters a–z is an error naming the line.
    public static func parse(name: String, text: String) throws(SpellingError) -> WordList {
        let trimmedName = name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !trimmedName.isEmpty else { throw .invalidWordList("Give the list a name.") }
        guard TextRules.fits(trimmedName, characters: maximumNameLength) else {
            throw .invalidWordList("The list's name is longer than \(maximumNameLength) characters.")
        }
        guard text.utf8.count <= maximumTextBytes else {
            throw .invalidWordList("The list is too long: at most \(maximumWords) words (\(maximumTextBytes / 1024) KB of text).")
        }
        var words: [String] = []
        var seen = Set<String>()
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            for cell in line.split(whereSeparator: { $0 == "," || $0 == ";" || $0 == "\t" }) {
                let word = cell.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"")).lowercased()
                if word.isEmpty || (index == 0 && (word == "word" || word == "words")) { continue }
                guard word.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) }) else {
                    throw .invalidWordList("Line \(index + 1): \"\(word.prefix(40))\" is not a word of letters a–z.")
                }
                guard word.count <= maximumLetters else {
                    throw .invalidWordList("Line \(index + 1): \"\(word.prefix(40))…\" is longer than \(maximumLetters) letters.")
                }
                if seen.insert(word).inserted { words.append(word) }
            }
        }
        guard !words.isEmpty else { throw .invalidWordList("The list has no words.") }
        guard words.count <= maximumWords else { throw .invalidWordList("The list has \(words.count) words: at most \(maximumWords).") }
        return WordList(name: trimmedName, words: words)
    }
}
