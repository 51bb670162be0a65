import Testing
@testable import SpeechCoach

@Suite("vocabulary")
struct VocabularyTests {
    @Test("MATTR: 50-word windows, plain TTR when shorter", arguments: [
        ([], 0.0),
        (["the", "cat", "the"], 2.0 / 3.0),
        ((0..<60).map { "w\($0)" }, 1.0),
        ((0..<100).map { $0 % 2 == 0 ? "cat" : "dog" }, 2.0 / 50.0),
        ((0..<50).map { "w\($0)" } + ["w1"], (50.0 + 49.0) / 2 / 50),
    ] as [([String], Double)])
    func mattr(words: [String], expected: Double) {
        #expect(abs(VocabularyMeter.movingTypeTokenRatio(words) - expected) < 1e-12)
    }

    @Test("repeated 2–3-word phrases (3+ times, holding a content word); a pair inside a triple said as often is one repetition")
    func repeatedPhrases() {
        let words = "i love my dog i love my dog i love my dog".split(separator: " ").map(String.init)
        #expect(VocabularyMeter.repeatedPhrases(words).map(\.phrase) == ["i love my", "love my dog"])
        let stopwords = "of the of the of the in the in the in the".split(separator: " ").map(String.init)
        #expect(VocabularyMeter.repeatedPhrases(stopwords).isEmpty)
    }

    @Test("rarity: share of less common words among distinct 3+ letter words, (share − 0.25)/0.5", arguments: [
        (["the", "and", "people", "time"], 0.0),
        (["the", "barked", "loudly", "meadow"], 1.0),
        (["the", "time", "barked", "meadow"], 0.5),
        (["an", "it"], 0.0),
    ])
    func rarity(words: [String], expected: Double) {
        #expect(abs(VocabularyMeter.rarityScore(words) - expected) < 1e-12)
    }

    @Test("complexity and sophistication of a hand-worked sentence")
    func complexity() {
        let report = VocabularyMeter.report(words: ["the", "dog", "barked", "loudly", "outside"], bank: [], stem: { $0 })
        #expect(report.mattr == 1 && report.uniqueRatio == 1 && report.lengthVariety == 3 && report.averageWordLength == 5)
        #expect(abs(report.rarity - 0.7) < 1e-12, "3 of 5 words are less common")
        // 35 + 0.7·20 + 20 + 3/7·25
        #expect(abs(report.complexity - (35 + 14 + 20 + 25.0 * 3 / 7)) < 1e-9)
        // min(50, 62.5) + 12 (average length 5) + 25·0.7
        #expect(abs(report.sophistication - 79.5) < 1e-9)
        #expect(report.longWords.isEmpty)
        // 0.6·(complexity + 3 (one practice word) + min(5, 150·0.01)) + 0.4·79.5
        var banked = report
        banked.bankWordUses = 1
        #expect(abs(SubscoreFormulas.vocabulary(banked, powerRatio: 0.01) - (0.6 * (report.complexity + 3 + 1.5) + 0.4 * 79.5)) < 1e-9)
    }

    @Test("practice words count by stem")
    func bankWords() throws {
        var settings = CoachSettings()
        settings.wordBank = ["Discover"]
        let analysis = try Script("we discovered a cave and we love discovering").analyze(settings: settings)
        #expect(analysis.vocabulary.bankWordUses == 2)
        #expect(analysis.vocabulary.longWords == ["discovered", "discovering"])
    }
}

@Suite("text quality and sentence structure")
struct TextQualityTests {
    static func words(_ text: String) -> [String] { text.split(separator: " ").map(String.init) }

    @Test("hedges, power words, transitions and authority")
    func counts() {
        let report = TextQualityMeter.report(words: Self.words("i think maybe we should build it because for example it is strong"), sentences: [])
        #expect(report.hedges == 2 && report.hedgeExamples == ["i think", "maybe"])
        #expect(report.powerWords == 2 && report.transitions == 2 && report.transitionVariety == 2)
        #expect(report.authority == 74, "70 − 3·2 + 5·2")
        #expect(report.engagement == 39, "35 + 2·2")
        #expect(report.craft == 45, "35 + 5·2")
    }

    @Test("devices: enumerations, not … but, contrasts, anaphora", arguments: [
        ("first we eat then we play finally we sleep", 1),
        ("not the red one but the blue one", 1),
        ("we walked rather than ran", 1),
        ("we ate and then we slept", 0),
        ("not that one", 0),
    ])
    func devices(text: String, expected: Int) {
        #expect(TextQualityMeter.report(words: Self.words(text), sentences: []).devices == expected)
    }

    @Test("weak phrases and long sentences lower conciseness")
    func conciseness() {
        let report = TextQualityMeter.report(words: Self.words("in order to win at the end of the day we train"), sentences: [])
        #expect(report.weakPhrases == 2 && report.conciseness == 77)
    }

    @Test("sentences end at a silence of 0.7 s after a word a clause can end on")
    func sentences() throws {
        let split = SentenceSplitter.sentences(TranscriptCleaner.tokens(Script("i like dogs _0.8 they are fun _0.5 to play with _0.9 and _1.0 cats").words))
        #expect(split.map(\.texts) == [["i", "like", "dogs"], ["they", "are", "fun", "to", "play", "with", "and", "cats"]])
    }

    @Test("the sentence score of a hand-worked take")
    func sentenceScore() throws {
        let script = Script("i like dogs _0.8 they are fun to play with every day _0.8 my dog is called rex and he is very big")
        let report = try #require(try script.analyze().structure)
        #expect(report.sentences == 3 && report.meanLength == 7 && report.incomplete == 0 && report.restarts == 0)
        #expect(abs(report.lengthSD - (26.0 / 3).squareRoot()) < 1e-12)
        #expect(report.sentenceScore == 65, "60 + 5 (mean 5–30); SD 2.9 is under 3; the first sentence is under 5 words")
    }

    @Test("restarts, incomplete and overlong sentences", arguments: [
        // lengths 10 and 6: one restart of two sentences −10, mean 8 +10, SD 2 nothing
        ("we went to the the park and it was fun _0.8 then we went home to eat", 1, 0, 60.0 - 10 + 10),
        // lengths 5 and 5: restart −10, mean 5 +5
        ("sorry let me start again _0.8 we went to the park", 1, 0, 60.0 - 10 + 5),
        // lengths 1, 1, 6: two incomplete of three, mean 2.7 and SD 2.4 earn nothing
        ("yes _0.8 no _0.8 we went to the park today", 0, 2, 60.0 - 20.0 * 2 / 3),
    ] as [(String, Int, Int, Double)])
    func sentenceFaults(script: String, restarts: Int, incomplete: Int, expected: Double) throws {
        let report = try #require(try Script(script).analyze().structure)
        #expect(report.restarts == restarts && report.incomplete == incomplete)
        #expect(abs(report.sentenceScore - expected) < 1e-9)
    }

    @Test("structure subscore = sentence score + devices + transition variety + conciseness and engagement around 50")
    func structureScore() {
        let structure = StructureReport(sentences: 3, meanLength: 7, lengthSD: 3, incomplete: 0, restarts: 0, overlong: 0, sentenceScore: 65)
        var text = TextQualityMeter.report(words: [], sentences: [])
        text.devices = 1
        text.transitionVariety = 2
        text.conciseness = 85
        text.engagement = 39
        #expect(abs(SubscoreFormulas.structure(structure, text: text) - (65 + 4 + 1.6 + 7 - 1.65)) < 1e-9)
    }
}
