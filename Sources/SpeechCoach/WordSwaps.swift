/// A crutch word the person leaned on, with a swap for each time they said it.
public struct WordSwap: Codable, Equatable, Sendable {
    /// One use of the crutch word.
    public struct Occurrence: Codable, Equatable, Sendable {
        public var at: Double
        /// The word with its neighbours, as said ("was really good").
        public var context: String
        /// What to say instead ("excellent"), or what to do ("drop it", "pause instead").
        public var suggestion: String
    }

    public var word: String
    public var count: Int
    /// The first three uses.
    public var occurrences: [Occurrence]
}

/// Deterministic, per-use swaps for crutch words said at least twice (at most 6 rows), chosen from the words
/// around each use: "like" before a number → "about", "feels like" → "as if", "really good" → "excellent",
/// "just want" → drop "just". Our own table. Uses that are ordinary words ("I like it", "so that") are skipped.
enum WordSwaps {
    static let maximumRows = 6
    static let shownUses = 3

    static let stronger: [String: String] = [
        "good": "excellent", "bad": "terrible", "big": "huge", "small": "tiny", "happy": "delighted", "sad": "heartbroken",
        "tired": "exhausted", "hard": "demanding", "important": "essential", "interesting": "fascinating", "nice": "lovely",
        "scared": "terrified", "angry": "furious", "cold": "freezing", "hot": "scorching", "fast": "rapid", "funny": "hilarious",
        "easy": "effortless", "old": "ancient", "hungry": "starving", "difficult": "challenging", "clean": "spotless",
        "smart": "brilliant", "sure": "certain", "quiet": "silent", "loud": "deafening", "like": "love", "different": "distinct",
    ]
    static let verbLike: Set<String> = ["i", "you", "we", "they", "would", "do", "does", "did", "don't", "didn't", "i'd", "we'd", "to", "not"]

    private struct Use {
        var phrase: String
        var index: Int
        var length: Int
        var suggestion: String
    }

    static func suggestions(for words: [AnalyzedWord]) -> [WordSwap] {
        var uses: [Use] = []
        var index = 0
        while index < words.count {
            if index + 1 < words.count, let use = twoWord(words, index) {
                uses.append(use)
                index += 2
                continue
            }
            if let suggestion = oneWord(words, index) { uses.append(Use(phrase: words[index].text, index: index, length: 1, suggestion: suggestion)) }
            index += 1
        }
        let rows = Dictionary(grouping: uses, by: \.phrase).filter { $0.value.count >= 2 }
        return rows.map { phrase, uses in
            WordSwap(word: phrase, count: uses.count, occurrences: uses.prefix(shownUses).map { use in
                let from = max(0, use.index - 1), to = min(words.count, use.index + use.length + 1)
                return WordSwap.Occurrence(at: words[use.index].start, context: words[from..<to].map(\.text).joined(separator: " "),
                                           suggestion: use.suggestion)
            })
        }
        .sorted { ($1.count, $0.occurrences[0].at) < ($0.count, $1.occurrences[0].at) }
        .prefix(maximumRows).map { $0 }
    }

    private static func twoWord(_ words: [AnalyzedWord], _ index: Int) -> Use? {
        let phrase = words[index].text + " " + words[index + 1].text
        let previous = index > 0 ? words[index - 1].text : "<s>"
        let next = index + 2 < words.count ? words[index + 2].text : "</s>"
        let suggestion: String? = switch phrase {
        case "kind of", "sort of": words[index].isFiller ? "drop it" : EnglishWords.determiners.contains(previous) ? nil : "somewhat"
        case "you know": words[index].isFiller ? "pause instead" : nil
        case "i mean": words[index].isFiller ? "in other words" : nil
        case "a lot": next == "of" ? "many" : "often"
        default: nil
        }
        return suggestion.map { Use(phrase: phrase, index: index, length: 2, suggestion: $0) }
    }

    private static func oneWord(_ words: [AnalyzedWord], _ index: Int) -> String? {
        let word = words[index]
        let previous = index > 0 ? words[index - 1].text : "<s>"
        let next = index + 1 < words.count ? words[index + 1].text : "</s>"
        let nextIsNumber = next.first?.isNumber == true || numbers.contains(next)
        switch word.text {
        case "like":
            if word.isFiller { return "pause instead" }
            if nextIsNumber { return "about" }
            if ["feel", "feels", "felt"].contains(previous) { return "as if" }
            if ["look", "looks", "looked", "sound", "sounds"].contains(previous) { return "resembles" }
            return verbLike.contains(previous) ? nil : "such as"
        case "just":
            if ["want", "wanted", "wanna"].contains(next) { return "I want (drop “just”)" }
            return nextIsNumber ? "only" : "drop it"
        case "really", "very":
            return stronger[next] ?? "drop it, or pick a stronger word"
        case "so":
            if word.isFiller || previous == "<s>" { return "pause instead" }
            return stronger[next]
        case "pretty":
            return next == "good" ? "solid" : EnglishWords.stopwords.contains(next) || next == "</s>" ? nil : "fairly"
        case "actually", "basically", "literally", "totally", "honestly":
            return "drop it"
        case "right", "okay":
            return word.isFiller ? "drop it" : nil
        case "thing", "things":
            return "name it (the idea, the problem, the tool)"
        case "stuff":
            return "name the items"
        default:
            return nil
        }
    }

    static let numbers: Set<String> = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "twenty", "hundred", "thousand"]
}
