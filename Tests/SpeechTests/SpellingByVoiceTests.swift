import Foundation
import PropertyBased
import Testing
@testable import Speech

/// Letters spoken one by one with pauses, as a child is asked to spell: flite per letter, 0.25–0.5 s
/// gaps, over a low noise floor (a real microphone is never digitally silent).
func spelledAloud(_ letters: String, voice: String = "rms") throws -> [Int16] {
    var generator = Xoshiro(seed: (UInt64(letters.count), 7919, 13, 17))
    var samples = [Int16](repeating: 0, count: 4800)
    for (index, letter) in letters.enumerated() {
        if index > 0 { samples += [Int16](repeating: 0, count: 4000 + index * 1200 % 4000) }
        let clip = try fliteSamples("\(letter.uppercased()).", voice: voice)
        // Trim flite's own leading and trailing quiet so the pauses are the ones set here.
        let loud = clip.indices.filter { abs(Int($0 < clip.count ? clip[$0] : 0)) > 300 }
        samples += loud.isEmpty ? clip : Array(clip[loud.first!...loud.last!])
    }
    samples += [Int16](repeating: 0, count: 4800)
    return samples.map { $0 &+ Int16(Int(generator.next() % 131) - 65) }
}

@Suite("spelling by voice: the judge")
struct SpellingJudgeTests {
    /// Costs where `heard` is the clear winner of each slot and every other letter is `gap` behind.
    func costs(_ heard: String, gap: Double = 30) -> [[Double]] {
        heard.map { letter in SpellingJudge.alphabet.map { $0 == letter ? 0 : gap } }
    }

    @Test func aClearSpellingOfTheWordIsAccepted() {
        #expect(SpellingJudge.decide(costs: costs("cat"), expected: "cat") == (true, "cat"))
    }

    @Test("a letter too few or too many is never accepted, whatever the scores")
    func segmentCountMustMatch() {
        let dropped = SpellingJudge.decide(costs: costs("ct"), expected: "cat")
        #expect(dropped.accepted == false && dropped.letters == "ct")
        let doubled = SpellingJudge.decide(costs: costs("catt"), expected: "cat")
        #expect(doubled.accepted == false && doubled.letters == "catt")
    }

    @Test("a confusable letter that scores better is a mistake (E-set, vowels, m/n)", arguments: [
        ("dog", "bog"), ("cat", "cet"), ("mom", "mon"), ("bed", "bet"),
    ])
    func confusableLetters(expected: String, heard: String) {
        let result = SpellingJudge.decide(costs: costs(heard, gap: 8), expected: expected)
        #expect(result.accepted == false)
        #expect(result.letters == heard)
    }

    @Test("a transposition is caught by the neighbouring letters")
    func transposition() {
        let result = SpellingJudge.decide(costs: costs("dgo", gap: 12), expected: "dog")
        #expect(result.accepted == false && result.letters == "dgo")
    }

    @Test("the templates settle what the grammar scores leave close (b against d)")
    func templatesSettleCloseCalls() {
        var close = costs("bed")
        close[0][SpellingJudge.index("b")] = 1.5  // the grammar puts b 1.5 per frame behind d
        close[0][SpellingJudge.index("d")] = 0
        var distances = [[Double]](repeating: [Double](repeating: 1, count: 26), count: 3)
        // Alone, 1.5 behind is past the E-set margin of 1.
        #expect(!SpellingJudge.decide(costs: close, expected: "bed").accepted)
        // The templates find b clearly nearer than d: accepted.
        distances[0][SpellingJudge.index("b")] = 0.2
        distances[0][SpellingJudge.index("d")] = 0.6
        #expect(SpellingJudge.decide(costs: close, distances: distances, expected: "bed") == (true, "bed"))
        // Level on the grammar, but the templates hear d: refused, and d is what was heard.
        close[0][SpellingJudge.index("b")] = 0
        distances[0][SpellingJudge.index("b")] = 1.2
        #expect(SpellingJudge.decide(costs: close, distances: distances, expected: "bed") == (false, "ded"))
    }

    @Test("a letter far behind the best of all 26 is refused even with no rival near")
    func farFromEveryLetter() {
        var far = costs("how")
        far[1][SpellingJudge.index("o")] = 21
        #expect(!SpellingJudge.decide(costs: far, expected: "how").accepted)
        far[1][SpellingJudge.index("o")] = 19
        #expect(SpellingJudge.decide(costs: far, expected: "how").accepted)
    }

    @Test func comparedLettersAreTheSlotsRivals() {
        let letters = (0..<3).map { position in
            String(SpellingJudge.compared(expected: "cat", position: position).sorted().map { SpellingJudge.alphabet[$0] })
        }
        #expect(letters == ["acks", "aceiotu", "adt"])
    }

    @Test func neededLettersCoverTheWordsRivals() {
        let needed = SpellingJudge.needed(expected: "cat", segments: 3)
        let letters = needed.map { slot in String(SpellingJudge.alphabet.enumerated().filter { slot[$0.offset] }.map(\.element)) }
        #expect(letters == ["acks", "aceiotu", "adt"])
        // With a different number of segments every slot scores every letter of the word and its rivals.
        #expect(Set(SpellingJudge.needed(expected: "cat", segments: 2).map { $0 }).count == 1)
    }

    @Test func onlyLettersCanBeSpelled() {
        #expect(SpellingJudge.isSpellable("cat"))
        #expect(!SpellingJudge.isSpellable(""))
        #expect(!SpellingJudge.isSpellable("Cat"))
        #expect(!SpellingJudge.isSpellable("r0cket"))
        #expect(!SpellingJudge.isSpellable(String(repeating: "a", count: 41)))
    }
}

@Suite("spelling by voice: letters between pauses")
struct LetterSegmenterTests {
    @Test func onePerLetterWithPadding() throws {
        let samples = try spelledAloud("dog")
        let segments = LetterSegmenter.segments(samples)
        #expect(segments.count == 3)
        for (a, b) in zip(segments, segments.dropFirst()) { #expect(a.upperBound <= b.lowerBound) }
    }

    @Test func silenceAndShortClicksAreNoLetters() {
        #expect(LetterSegmenter.segments([Int16](repeating: 0, count: 16_000)).isEmpty)
        #expect(LetterSegmenter.segments([]).isEmpty)
        var click = [Int16](repeating: 0, count: 16_000)
        for index in 8000..<8160 { click[index] = 20_000 }  // 10 ms
        #expect(LetterSegmenter.segments(click).isEmpty)
    }

    @Test func aQuietStretchBeforeTheLettersIsNoLetter() throws {
        let letters = try spelledAloud("dog")
        let loudest = letters.map { abs(Int($0)) }.max()!
        var generator = Xoshiro(seed: (7, 11, 13, 17))
        func noise(_ count: Int, _ amplitude: Int) -> [Int16] {
            (0..<count).map { _ in Int16(Int.random(in: -amplitude...amplitude, using: &generator)) }
        }
        // 300 ms of breath about 30 dB under the letters, then a 400 ms pause at the room's noise floor.
        let breath = noise(4800, max(66, loudest / 32)) + noise(6400, 65)
        #expect(LetterSegmenter.segments(breath + letters).count == 3)
        // The same stretch at a speaking level counts as one more letter.
        let sound = noise(4800, loudest / 4) + noise(6400, 65)
        #expect(LetterSegmenter.segments(sound + letters).count == 4)
    }
}

@Suite("spelling by voice (real engine)", .serialized)
struct SpellingByVoiceEngineTests {
    @Test("a word spelled right is accepted")
    func rightSpelling() async throws {
        let heard = try await sharedRecognizer.spelling(try spelledAloud("cat"), expected: "cat")
        #expect(heard.accepted && heard.letters == "cat" && heard.segments == 3, "\(heard)")
    }

    @Test("a dropped letter is rejected, and the letters heard come back")
    func droppedLetter() async throws {
        let heard = try await sharedRecognizer.spelling(try spelledAloud("ct"), expected: "cat")
        #expect(!heard.accepted && heard.segments == 2, "\(heard)")
        #expect(heard.letters.count == 2)
    }

    @Test("the same spelling gets the same scores whatever the decoder heard before")
    func noHistory() throws {
        let decoder = try PocketSphinxDecoder(model: .debian, extraArguments: [
            "-featparams", try LetterSpelling.featureParametersFile(), "-cmn", "none", "-compallsen", "yes"])
        let samples = try spelledAloud("dog", voice: "slt")
        let spans = LetterSegmenter.letters(samples)
        let needed = SpellingJudge.needed(expected: "dog", segments: spans.count)
        let costs = try decoder.letterCosts(samples, segments: spans.map(\.scored), needed: needed)
        let cepstra = try decoder.cepstra(samples)
        // A loud hiss in between moves the front end's noise estimate.
        var generator = Xoshiro(seed: (5, 6, 7, 8))
        let hiss = (0..<32_000).map { _ in Int16.random(in: -3_000...3_000, using: &generator) }
        _ = try decoder.letterCosts(hiss, segments: [10...190], needed: [[Bool](repeating: true, count: 26)])
        #expect(try decoder.letterCosts(samples, segments: spans.map(\.scored), needed: needed) == costs)
        _ = try decoder.cepstra(hiss)
        #expect(try decoder.cepstra(samples) == cepstra)
    }

    @Test("silence hears no letters; a word that cannot be spelled is refused")
    func silenceAndBadWords() async throws {
        let silent = try await sharedRecognizer.spelling([Int16](repeating: 0, count: 16_000), expected: "cat")
        #expect(silent == SpelledWord(letters: "", expected: "cat", accepted: false, segments: 0))
        await #expect(throws: SpeechError.self) { try await sharedRecognizer.spelling(try spelledAloud("cat"), expected: "r0cket") }
    }
}
