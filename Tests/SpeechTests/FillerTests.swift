import Foundation
import Testing

@testable import Speech

@Suite("filled pauses from filler phones")
struct FilledPauseRuleTests {
    func tokens(_ items: [(String, Double, Double)]) -> [DecodedToken] { items.map { DecodedToken(token: $0.0, start: $0.1, end: $0.2) } }
    func fillers(_ items: [(String, Double, Double)]) -> [String] { FilledPauses.detect(tokens(items)).filter(\.isFiller).map(\.word) }

    @Test("a vowel then ++MM++ is um; ++HH++ then ++MM++ is hmm; single phones are uh, er, ah")
    func phoneChains() {
        #expect(fillers([("i", 0, 0.2), ("++UH++", 0.3, 0.6), ("++MM++", 0.6, 0.9), ("went", 1.0, 1.3)]) == ["um"])
        #expect(fillers([("++HH++", 0.1, 0.2), ("++MM++", 0.2, 0.7)]) == ["hmm"])
        #expect(fillers([("[SPEECH]", 0.1, 0.5)]) == ["uh"])
        #expect(fillers([("++ER++", 0.1, 0.5)]) == ["er"])
        #expect(fillers([("++AH++", 0.1, 0.5)]) == ["ah"])
        #expect(fillers([("++HH++", 0.1, 0.2)]).isEmpty, "a breath alone is not a filler")
        // Phones further apart than 50 ms are two events.
        #expect(fillers([("++UH++", 0.1, 0.4), ("++ER++", 0.6, 0.9)]) == ["uh", "er"])
    }

    @Test("a 'the' glued to ++MM++ is the vowel of um; a long 'the' before a pause is uh; a short one stays")
    func articles() {
        let um = FilledPauses.detect(tokens([("to", 0, 0.2), ("the", 0.2, 0.5), ("++MM++", 0.5, 0.8), ("store", 1.0, 1.4)]))
        #expect(um.map(\.word) == ["to", "um", "store"] && um[1].start == 0.2)
        #expect(fillers([("the", 0.1, 0.35), ("dog", 0.45, 0.7)]) == ["uh"])
        #expect(fillers([("the", 0.1, 0.45), ("dog", 0.45, 0.7)]) == ["uh"], "0.35 s is always a hesitation")
        #expect(fillers([("the", 0.1, 0.22), ("dog", 0.22, 0.5)]).isEmpty)
    }

    @Test("the same filled pause twice in a row is one")
    func repeats() {
        let merged = FilledPauses.detect(tokens([("[SPEECH]", 0.1, 0.4), ("[SPEECH]", 0.6, 0.9)]))
        #expect(merged.count == 1 && merged[0].end == 0.9)
    }

    @Test("words a filled pause covers are dropped from the transcript")
    func combine() {
        let words = [RecognizedWord(word: "i", start: 0, end: 0.2, confidence: 0.9), RecognizedWord(word: "them", start: 0.3, end: 0.9, confidence: 0.4),
                     RecognizedWord(word: "went", start: 1.0, end: 1.3, confidence: 0.9)]
        let (kept, found) = FilledPauses.combine(words: words, fillerDecode: tokens([("i", 0, 0.2), ("++UH++", 0.3, 0.6), ("++MM++", 0.6, 0.9), ("went", 1.0, 1.3)]))
        #expect(kept.map(\.word) == ["i", "went"])
        #expect(found == [Filler(word: "um", start: 0.3, end: 0.9, kind: .filledPause)])
    }
}

@Suite("discourse markers used as fillers")
struct DiscourseMarkerTests {
    /// Words 0.3 s long; "," is a 0.4 s pause, "~" a filled pause.
    func timeline(_ text: String) -> [(word: String, start: Double, end: Double)] {
        var time = 0.0
        var result: [(word: String, start: Double, end: Double)] = []
        for token in text.split(separator: " ") {
            if token == "," { time += 0.4; continue }
            let word = token == "~" ? "um" : String(token)
            result.append((word, time, time + 0.3))
            time += 0.3
        }
        return result
    }

    @Test("filler uses", arguments: [
        ("so , i went to the park", ["so"]),
        ("it was , like , really huge", ["like"]),
        ("we were , you know , very tired", ["you know"]),
        ("basically , the game is about running", ["basically"]),
        ("i mean , it was good", ["i mean"]),
        ("and so ~ we went home", ["so"]),
        ("i like , like , dogs", ["like"]),
        ("they were , actually , nice", ["actually"]),
    ])
    func fillerUses(text: String, expected: [String]) {
        #expect(DiscourseMarkers.detect(in: timeline(text)).map(\.word) == expected)
    }

    @Test("content uses", arguments: [
        "i like apples", "do you know the answer", "it was so big", "we were so happy", "she looks like her mother",
        "i mean the blue one", "i would like a cookie", "it is basically a big box", "i know you know the way",
    ])
    func contentUses(text: String) {
        #expect(DiscourseMarkers.detect(in: timeline(text)).isEmpty)
    }
}
