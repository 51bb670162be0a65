import Foundation

/// Text split the way read-aloud and the reading aids need it: sentences (not cut at "Sig." or
/// "3.14" or inside quotes), words with where they are (to light up the one being spoken).
public enum ReadingText {
    public struct Word: Equatable, Sendable {
        public let text: String
        /// Offsets in the text's UTF-16 units (what the page's strings count).
        public let start: Int
        public let end: Int
    }

    /// Abbreviations a sentence never ends at.
    static let abbreviations: [StudyLanguage: Set<String>] = [
        .it: ["sig", "sigg", "sig.ra", "dott", "dott.ssa", "prof", "prof.ssa", "ing", "avv", "es", "cfr", "ca", "a.c", "d.c", "c.a"],
        .en: ["mr", "mrs", "ms", "dr", "prof", "st", "vs", "e.g", "i.e", "a.m", "p.m", "u.s", "u.k"],
    ]
    /// Abbreviations that only stand before a number ("pag. 4", "no. 7", "gen. 2026"): anywhere else
    /// the word is a word ("un ago.", "the answer was no.") and the sentence may end there.
    static let beforeNumbers: [StudyLanguage: Set<String>] = [
        .it: ["pag", "pagg", "cap", "n", "nr", "vol", "p", "pp", "sec", "fig", "tab", "gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago",
              "set", "sett", "ott", "nov", "dic"],
        .en: ["no", "nos", "vol", "fig", "p", "pp", "ch", "sec", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec"],
    ]
    /// Quotes: no sentence ends inside one (straight quotes toggle).
    static let opening: Set<Character> = ["«", "“", "„"], closing: Set<Character> = ["»", "”"]

    /// Sentences, trimmed. A sentence ends at . ! ? … (or several) followed by a space and a capital,
    /// a digit, a quote or a dash, at a blank line between paragraphs, or at a line break before a
    /// numbered or bulleted line; not inside quotes, not after a known abbreviation, a single capital
    /// letter (initials, but "I", "A", "E", "O" are words), a list's number ("1.") or inside a number.
    public static func sentences(_ text: String, language: StudyLanguage) -> [String] {
        let characters = Array(text)
        var sentences: [String] = [], current = ""
        var index = 0
        var quoted = 0, straight = false
        func flush() {
            let sentence = current.trimmingCharacters(in: .whitespacesAndNewlines)
            if !sentence.isEmpty { sentences.append(sentence) }
            current = ""
        }
        while index < characters.count {
            let character = characters[index]
            // "\r\n" is one Character in Swift: every line break is `isNewline`.
            if character.isNewline, index + 1 < characters.count, characters[index + 1].isNewline || startsListItem(characters, at: index + 1) {
                flush()
                (quoted, straight) = (0, false)
                index += 1
                continue
            }
            if opening.contains(character) { quoted += 1 }
            if closing.contains(character) { quoted = max(0, quoted - 1) }
            if character == "\"" { straight.toggle() }
            current.append(character)
            if ".!?…".contains(character) {
                // Take the whole run of end marks and closing quotes or brackets.
                while index + 1 < characters.count, ".!?…\"”»’')]".contains(characters[index + 1]) {
                    index += 1
                    let mark = characters[index]
                    if closing.contains(mark) { quoted = max(0, quoted - 1) }
                    if mark == "\"" { straight.toggle() }
                    current.append(mark)
                }
                if quoted == 0, !straight, endsSentence(current, characters: characters, after: index, language: language) { flush() }
            }
            index += 1
        }
        flush()
        return sentences
    }

    static func endsSentence(_ current: String, characters: [Character], after index: Int, language: StudyLanguage) -> Bool {
        var next = index + 1
        guard next < characters.count else { return true }
        guard characters[next].isWhitespace else { return false }  // "3.14", "e.g.x", "www.site"
        while next < characters.count, characters[next].isWhitespace { next += 1 }
        guard next < characters.count else { return true }
        let following = characters[next]
        let opens = following.isUppercase || following.isNumber || "\"“«‘'(-–—¿¡".contains(following)
        guard opens else { return false }
        guard current.last == "." || current.hasSuffix(".\"") || current.hasSuffix(".”") || current.hasSuffix(".»") else { return true }
        // The word before the full stop, found from the end (a text of many abbreviations must not
        // make every full stop look at the whole sentence so far).
        let (word, onlyWord) = wordBeforeFullStop(current)
        // A list's own number ("1. Primo"): the item goes on.
        if onlyWord, !word.isEmpty, word.allSatisfy(\.isNumber) { return false }
        // Initials ("J. K. Rowling"), but not the one-letter words.
        if word.count == 1, word.first?.isUppercase == true, !"IAEOÈ".contains(word) { return false }
        let lower = word.lowercased()
        if (beforeNumbers[language] ?? []).contains(lower) { return !following.isNumber }
        return !(abbreviations[language] ?? []).contains(lower)
    }

    /// The word before a sentence's last full stop (closing quotes and brackets after it skipped) and
    /// whether it is the sentence's only word. Reads back from the end only.
    static func wordBeforeFullStop(_ current: String) -> (word: String, onlyWord: Bool) {
        let closers: Set<Character> = ["\"", "”", "»", "’", "'", ")", "]"], separators: Set<Character> = ["(", "\"", "“", "«"]
        var end = current.endIndex
        while end > current.startIndex, closers.contains(current[current.index(before: end)]) { end = current.index(before: end) }
        guard end > current.startIndex else { return ("", true) }
        end = current.index(before: end)  // the full stop
        var start = end
        while start > current.startIndex {
            let previous = current[current.index(before: start)]
            if previous.isWhitespace || separators.contains(previous) { break }
            start = current.index(before: start)
        }
        var before = start
        while before > current.startIndex {
            let previous = current[current.index(before: before)]
            guard previous.isWhitespace || separators.contains(previous) || closers.contains(previous) else { break }
            before = current.index(before: before)
        }
        return (String(current[start..<end]), before == current.startIndex)
    }

    /// Whether a line starts with a list's marker: "1.", "2)", "-", "•".
    static func startsListItem(_ characters: [Character], at index: Int) -> Bool {
        var position = index
        while position < characters.count, characters[position] == " " || characters[position] == "\t" { position += 1 }
        guard position < characters.count else { return false }
        if "-•*–".contains(characters[position]) { return position + 1 < characters.count && characters[position + 1] == " " }
        var digits = position
        while digits < characters.count, characters[digits].isNumber { digits += 1 }
        return digits > position && digits < characters.count && ".)".contains(characters[digits])
    }

    /// The words, each with its place in the text: letters and digits with the apostrophes and
    /// hyphens inside a word ("l'albero" and "twenty-one" are one word each); punctuation left out.
    public static func words(_ text: String) -> [Word] {
        var words: [Word] = []
        var start: String.Index? = nil
        var index = text.startIndex
        func close(at end: String.Index) {
            guard let begin = start else { return }
            var last = end
            // A word does not end with an apostrophe or hyphen ("dell'" at a line end keeps it: it joins the next word).
            while last > begin, "-–".contains(text[text.index(before: last)]) { last = text.index(before: last) }
            if last > begin {
                words.append(Word(text: String(text[begin..<last]), start: begin.utf16Offset(in: text), end: last.utf16Offset(in: text)))
            }
            start = nil
        }
        while index < text.endIndex {
            let character = text[index]
            let inWord = character.isLetter || character.isNumber
                || (start != nil && "'’-".contains(character) && text.index(after: index) < text.endIndex
                    && (text[text.index(after: index)].isLetter || character != "-"))
            if inWord {
                if start == nil { start = index }
            } else {
                close(at: index)
            }
            index = text.index(after: index)
        }
        close(at: text.endIndex)
        return words
    }

    /// The language a text is most likely in, from its commonest short words (it/en only).
    public static func language(of text: String) -> StudyLanguage {
        // Function words only, and none the two languages share ("in", "a", "come"…).
        let italian: Set<String> = ["il", "lo", "la", "i", "gli", "le", "di", "che", "e", "è", "un", "una", "per", "non", "con", "del", "della",
                                    "sono", "si", "da", "al", "alla", "nel", "nella", "dei", "delle", "ma", "anche", "più", "questo", "questa",
                                    "sul", "era", "ha", "hanno", "dal", "dalla", "perché", "quando", "suo", "sua", "loro", "tra", "fra"]
        let english: Set<String> = ["the", "of", "and", "to", "is", "that", "it", "for", "was", "on", "are", "with", "as", "this", "be",
                                    "into", "from", "at", "by", "or", "but", "have", "has", "had", "were", "which", "they", "their", "he",
                                    "she", "his", "her", "its", "an", "we", "you", "will", "can", "out", "about", "there", "what", "when",
                                    "who", "would", "these", "them", "than"]
        var (it, en) = (0, 0)
        for word in words(text).prefix(400).map({ $0.text.lowercased() }) {
            if italian.contains(word) { it += 1 }
            if english.contains(word) { en += 1 }
        }
        return en > it ? .en : .it
    }
}
