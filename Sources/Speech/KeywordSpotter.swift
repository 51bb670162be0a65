import Foundation
import TextRules

/// Finds keyword phrases in a timed transcript: each occurrence of a phrase's words, in order
/// and next to each other, becomes one entry spanning them (confidence: its weakest word).
public enum KeywordSpotter {
    public static func spot(_ phrases: [String], in words: [RecognizedWord]) -> [RecognizedWord] {
        let wanted = phrases.map { $0.lowercased().split(separator: " ").map(String.init) }.filter { !$0.isEmpty }
        var found: [RecognizedWord] = []
        for start in words.indices {
            for phrase in wanted where start + phrase.count <= words.count {
                let slice = words[start..<start + phrase.count]
                guard zip(slice, phrase).allSatisfy({ $0.word.lowercased() == $1 }) else { continue }
                found.append(RecognizedWord(word: phrase.joined(separator: " "), start: slice.first!.start, end: slice.last!.end,
                                            confidence: slice.map(\.confidence).min() ?? 0))
            }
        }
        return found
    }

    /// Checks a keyword list: 1–50 phrases of letters, apostrophes and spaces.
    public static func validated(_ phrases: [String]) throws(SpeechError) -> [String] {
        let cleaned = phrases.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
        guard !cleaned.isEmpty, cleaned.count <= 50 else { throw .invalidKeywords("give 1 to 50 keywords") }
        for phrase in cleaned where !TextRules.fits(phrase, characters: 60) || !phrase.allSatisfy({ $0.isLetter || $0 == "'" || $0 == " " }) {
            throw .invalidKeywords("\"\(phrase)\" may hold only letters, apostrophes and spaces (at most 60 characters)")
        }
        return cleaned
    }
}
