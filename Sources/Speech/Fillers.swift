/// A filler found in speech: a filled pause ("um", "uh", "er", "ah", "hmm") or a discourse marker
/// used as a filler ("like", "you know", "I mean", "so", "basically", "actually").
public struct Filler: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Sendable {
        case filledPause = "filled-pause"
        case discourseMarker = "discourse-marker"
    }

    public var word: String
    public var start: Double
    public var end: Double
    public var kind: Kind

    public init(word: String, start: Double, end: Double, kind: Kind) {
        self.word = word
        self.start = start
        self.end = end
        self.kind = kind
    }
}

/// A word or a filler phone as a decoder with the filled-pause dictionary reports it.
struct DecodedToken: Equatable, Sendable {
    var token: String
    var start: Double
    var end: Double
}

/// Filled pauses from a decode with one-phone filler entries (`FilledPauses.dictionary`).
/// pocketsphinx 5prealpha only ever reports one-phone fillers, so "um" arrives as a vowel filler
/// (or a short "the"/"a") followed by `++MM++`, "hmm" as `++HH++` then `++MM++`; a long "the" or
/// "a" before a pause is a hesitation "uh". Tuned on flite voices kal16 and awb (Benchmarks/speech-fillers.py).
enum FilledPauses {
    static let kinds: Set<String> = ["um", "uh", "er", "ah", "hmm"]

    /// The model's noise dictionary plus the filled-pause phones.
    static let dictionary = """
        <s> SIL
        </s> SIL
        <sil> SIL
        [NOISE] +NSN+
        [SPEECH] +SPN+
        ++UH++ AH
        ++AH++ AA
        ++ER++ ER
        ++MM++ M
        ++HH++ HH

        """

    private static let phones: [String: String] = ["++UH++": "uh", "++AH++": "ah", "++ER++": "er", "++MM++": "mm", "++HH++": "hh", "[SPEECH]": "sp"]
    private static let vowels: Set<String> = ["uh", "ah", "sp", "er"]
    private static let absorbed: Set<String> = ["the", "a", "uh", "ah", "um", "er"]
    /// Filler phones this close together (seconds) are one filled pause.
    static let joinGap = 0.05
    /// "the"/"a" at least this long and followed by this much quiet is "uh"; this long, always.
    static let hesitantArticle = (duration: 0.17, pauseAfter: 0.04, alwaysAt: 0.3)
    /// The same filled pause repeated within this many seconds is one.
    static let repeatGap = 0.3

    /// Words and filled pauses, in time order (silences, noise and pronunciation variants already removed).
    static func detect(_ tokens: [DecodedToken]) -> [(word: String, start: Double, end: Double, isFiller: Bool)] {
        var out: [(word: String, start: Double, end: Double, isFiller: Bool)] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if phones[token.token] != nil {
                var last = index
                while last + 1 < tokens.count, phones[tokens[last + 1].token] != nil, tokens[last + 1].start - tokens[last].end <= joinGap { last += 1 }
                let run = tokens[index...last].map { phones[$0.token]! }
                var start = token.start
                let end = tokens[last].end
                var label: String?
                if let nasal = run.firstIndex(of: "mm") {
                    label = run[...nasal].contains("hh") ? "hmm" : "um"
                    if label == "um", !run[..<nasal].contains(where: vowels.contains), let previous = out.last,
                       absorbed.contains(previous.word), start - previous.end <= joinGap {
                        start = previous.start
                        out.removeLast()
                    }
                } else if run.contains("er") {
                    label = "er"
                } else if run.contains("ah") {
                    label = "ah"
                } else if run != ["hh"] {
                    label = "uh"
                }
                if let label { out.append((label, start, end, true)) }
                index = last + 1
                continue
            }
            var word = token.token
            let pauseAfter = index + 1 < tokens.count ? tokens[index + 1].start - token.end : .infinity
            let duration = token.end - token.start
            if word == "the" || word == "a",
               (duration >= hesitantArticle.duration && pauseAfter >= hesitantArticle.pauseAfter) || duration >= hesitantArticle.alwaysAt {
                word = "uh"
            }
            out.append((word, token.start, token.end, kinds.contains(word)))
            index += 1
        }
        var merged: [(word: String, start: Double, end: Double, isFiller: Bool)] = []
        for item in out {
            if item.isFiller, let previous = merged.last, previous.isFiller, previous.word == item.word, item.start - previous.end <= repeatGap {
                merged[merged.count - 1].end = item.end
            } else {
                merged.append(item)
            }
        }
        return merged
    }

    /// What a steady stretch (`SteadyStretches`) may be. "hmm" is in cmudict as "hum" (HH AH M);
    /// "ah" is left out: its AA took drawn-out "uh"s away on voices the rules never saw.
    static let steadyGrammar = "#JSGF V1.0;\ngrammar fillers;\npublic <filler> = um | uh | er | hum ;\n"

    /// The filled pauses of a steady stretch decoded with `steadyGrammar` from `offset` seconds.
    static func steady(_ words: [RecognizedWord], from offset: Double) -> [Filler] {
        words.compactMap { word in
            let label = word.word == "hum" ? "hmm" : word.word
            guard kinds.contains(label) else { return nil }
            return Filler(word: label, start: offset + word.start, end: offset + word.end, kind: .filledPause)
        }
    }

    /// A filled pause shorter than this (seconds) is a clipped word or a breath, not a hesitation.
    static let shortest = 0.12

    /// Filled pauses within `repeatGap` of each other are one hesitation, whatever their labels: a drawn-out
    /// "um" decodes as "uh" then "um", a stretch's "um" next to the phones' "uh". The longer piece names it.
    static func joined(_ sorted: [Filler]) -> [Filler] {
        var out: [Filler] = []
        for filler in sorted {
            guard let last = out.last, filler.start - last.end <= repeatGap else { out.append(filler); continue }
            let word = filler.end - filler.start > last.end - last.start ? filler.word : last.word
            out[out.count - 1] = Filler(word: word, start: last.start, end: max(last.end, filler.end), kind: .filledPause)
        }
        return out
    }

    /// Filled pauses from the filler decode, joined with those of the steady stretches (which win
    /// where both found one), and the plain decode's words without those a filled pause covers
    /// (the language model turns "uh" into "the" or "a"; "um" into "them" or "and").
    static func combine(words: [RecognizedWord], fillerDecode: [DecodedToken], steady: [Filler] = []) -> (words: [RecognizedWord], fillers: [Filler]) {
        let decoded = detect(fillerDecode).filter(\.isFiller).map { Filler(word: $0.word, start: $0.start, end: $0.end, kind: .filledPause) }
        let fillers = joined((steady + decoded.filter { found in !steady.contains { min(found.end, $0.end) > max(found.start, $0.start) } })
            .sorted { $0.start < $1.start })
            .filter { $0.end - $0.start >= shortest }
        let kept = words.filter { word in
            let length = max(0.001, word.end - word.start)
            return !fillers.contains { min(word.end, $0.end) - max(word.start, $0.start) >= 0.5 * length }
        }
        return (kept, fillers)
    }
}

/// "like", "you know", "I mean", "so", "basically", "actually" where they work as fillers: rules
/// over the timed words (a pause or a filled pause next to the marker, and neighbours that make a
/// content use: "I like", "do you know", "so big"). Measured on flite speech in
/// Benchmarks/speech-fillers.py: no content use flagged.
enum DiscourseMarkers {
    /// Seconds of quiet that count as a pause around a marker (flite's commas are 0.3–0.9 s).
    static let pause = 0.03
    /// Seconds of quiet between "so" and "that" that make the "so" a filler ("so, that was fun").
    static let soThatPause = 0.15
    private static let beforeLikeContent: Set<String> = [
        "i", "you", "we", "they", "would", "i'd", "to", "do", "don't", "did", "didn't", "looks", "look", "looked", "feel", "feels",
        "sounds", "really", "also", "not", "things", "something", "just", "he", "she", "kids", "people", "dogs", "cats",
    ]
    private static let beforeKnowContent: Set<String> = ["do", "did", "don't", "if", "what", "i", "we", "they", "know", "how", "would", "to", "does"]
    private static let beforeSoContent: Set<String> = [
        "is", "was", "were", "am", "are", "be", "not", "isn't", "wasn't", "feel", "felt", "look", "looked", "or", "it", "thanks", "very",
    ]
    private static let afterSoFiller: Set<String> = [
        "i", "we", "he", "she", "they", "it", "then", "the", "my", "you", "yeah", "anyway", "what", "when", "now", "basically", "like",
        "um", "uh", "er", "ah", "hmm", "there", "this", "after", "first", "next", "our", "his", "her", "a", "me",
    ]
    /// "was basically sound", "is actually true": straight after a form of "be", the word is an adverb.
    private static let beforeAdverbContent: Set<String> = ["is", "was", "are", "were", "am", "be", "been", "it's", "that's", "isn't", "wasn't"]

    /// `timeline`: words and filled pauses in time order (a filled pause next to a marker counts as a pause).
    static func detect(in timeline: [(word: String, start: Double, end: Double)]) -> [Filler] {
        let count = timeline.count
        let words = timeline.map(\.word)
        func isPause(_ index: Int) -> Bool { FilledPauses.kinds.contains(words[index]) }
        func pauseBefore(_ index: Int) -> Double {
            index == 0 || isPause(index - 1) ? .infinity : timeline[index].start - timeline[index - 1].end
        }
        func pauseAfter(_ index: Int) -> Double {
            index == count - 1 || isPause(index + 1) ? .infinity : timeline[index + 1].start - timeline[index].end
        }
        func previous(_ index: Int) -> String { index > 0 ? words[index - 1] : "<s>" }
        func next(_ index: Int) -> String { index + 1 < count ? words[index + 1] : "</s>" }
        func marker(_ range: ClosedRange<Int>) -> Filler {
            Filler(word: words[range].joined(separator: " "), start: timeline[range.lowerBound].start, end: timeline[range.upperBound].end,
                   kind: .discourseMarker)
        }

        var found: [Filler] = []
        var index = 0
        while index < count {
            switch words[index] {
            case "like":
                if (pauseBefore(index) >= pause || pauseAfter(index) >= pause) && !beforeLikeContent.contains(previous(index)) {
                    found.append(marker(index...index))
                } else if previous(index) == "like" && pauseBefore(index) >= pause {
                    found.append(marker(index...index))
                }
            case "you" where next(index) == "know", "i" where next(index) == "mean":
                if pauseAfter(index + 1) >= pause && !beforeKnowContent.contains(previous(index)) {
                    found.append(marker(index...index + 1))
                    index += 1
                }
            case "so":
                let opens = pauseBefore(index) >= pause || previous(index) == "and" || previous(index) == "<s>"
                // "so that" joins a purpose ("we left early so that we could…"): a filler only with a clear pause between.
                let purpose = next(index) == "that" && pauseAfter(index) < soThatPause
                if opens && !purpose && !beforeSoContent.contains(previous(index)) && (pauseAfter(index) >= pause || afterSoFiller.contains(next(index))) {
                    found.append(marker(index...index))
                }
            case "basically", "actually":
                let adverb = beforeAdverbContent.contains(previous(index)) && pauseBefore(index) < pause
                if !adverb && (pauseBefore(index) >= pause || pauseAfter(index) >= pause) { found.append(marker(index...index)) }
            default:
                break
            }
            index += 1
        }
        return found
    }
}
