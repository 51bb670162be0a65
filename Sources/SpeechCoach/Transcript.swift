/// One recognised word after clean-up, and whether it was used as a filler.
struct Token: Equatable, Sendable {
    var text: String
    var start: Double
    var end: Double
    var confidence: Double
    var isFiller = false

    var duration: Double { max(0, end - start) }
}

/// Gap rules shared by the filler context rules, pauses and sentences. Pocketsphinx gives no punctuation, so
/// "a sentence ends" is read from silence plus the word before it.
enum Gaps {
    /// A comma-sized break around a filler candidate. Below the 0.25 s research threshold for silent pauses
    /// because the recogniser's word ends tend to run into the silence after them; the original used 0.3 s.
    static let aroundFiller = 0.2
    /// A silence this long after a word that can end a clause ends an idea (a sentence, for our purposes).
    /// Between the 0.5–1 s that separates sentences in read speech and the original's 1.0 s (with punctuation).
    static let ideaBreak = 0.7

    /// Seconds of silence from one time to the next, to the millisecond: recogniser times are 10 ms frames,
    /// and rounding keeps 0.4 s from reading as 0.39999 after sums of floating-point times.
    static func silence(from end: Double, to start: Double) -> Double {
        ((start - end) * 1000).rounded() / 1000
    }

    /// True when a clause may end on this word ("…the" cannot; "…home" can).
    static func canEndClause(_ word: String) -> Bool { !EnglishWords.cannotEndClause.contains(word) }
}

/// Cleans the recogniser's words: lowercase, curly apostrophes straightened, punctuation and pronunciation
/// variants ("read(2)") dropped, noise tokens ("<sil>", "[NOISE]") and empty words removed, sorted by start.
enum TranscriptCleaner {
    static func tokens(_ words: [TimedWord]) -> [Token] {
        var tokens: [Token] = []
        tokens.reserveCapacity(words.count)
        for word in words {
            guard let text = clean(word.text) else { continue }
            tokens.append(Token(text: text, start: word.start, end: max(word.start, word.end),
                                confidence: Statistics.clamp(word.confidence, 0...1)))
        }
        // Stable: equal starts keep the recogniser's order.
        return tokens.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
    }

    /// Unicode scalars, not Foundation: this runs for every word of a ten-minute take.
    static func clean(_ raw: String) -> String? {
        if let first = raw.unicodeScalars.first, first == "<" || first == "[" || first == "+" { return nil }
        var kept = String.UnicodeScalarView()
        var hasAlphanumeric = false
        for scalar in raw.unicodeScalars {
            if scalar == "(" { break }  // "read(2)": a pronunciation variant
            if scalar.isASCII {
                switch scalar.value {
                case 0x61...0x7A, 0x30...0x39: kept.append(scalar); hasAlphanumeric = true
                case 0x41...0x5A: kept.append(Unicode.Scalar(scalar.value + 0x20)!); hasAlphanumeric = true
                case 0x27, 0x2D: kept.append(scalar)
                default: break
                }
                continue
            }
            let lower = scalar.properties.lowercaseMapping.unicodeScalars
            for character in lower {
                if character.properties.isAlphabetic || character.properties.numericType != nil {
                    kept.append(character)
                    hasAlphanumeric = true
                } else if character == "'" || character == "\u{2019}" || character == "-" {
                    kept.append(character == "-" ? "-" : "'")
                }
            }
        }
        guard hasAlphanumeric else { return nil }
        var text = String(kept)
        while let last = text.last, last == "'" || last == "-" { text.removeLast() }
        while let first = text.first, first == "'" || first == "-" { text.removeFirst() }
        return text
    }

}
