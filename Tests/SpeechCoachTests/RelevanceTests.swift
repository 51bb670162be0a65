import Testing
@testable import SpeechCoach

@Suite("relevance to the prompt, and coherence")
struct RelevanceTests {
    @Test("Snowball English through libstemmer", arguments: [
        ("running", "run"), ("runs", "run"), ("holidays", "holiday"), ("stories", "stori"), ("happily", "happili"),
        ("generously", "generous"), ("people", "peopl"), ("dog", "dog"), ("caf\u{e9}s", "caf\u{e9}"),
    ])
    func stems(word: String, stem: String) {
        #expect(Stemmer().stem(word) == stem)
    }

    @Test("British spellings fold into the recogniser's American ones before stemming", arguments: [
        ("favourite", "favorite"), ("colours", "colors"), ("behaviour", "behavior"), ("organise", "organize"),
        ("organisation", "organization"), ("centre", "center"), ("four", "four"), ("your", "your"), ("journey", "journey"), ("rise", "rise"),
    ])
    func american(british: String, american: String) {
        #expect(Stemmer.american(british) == american)
        #expect(Stemmer().stem(british) == Stemmer().stem(american))
    }

    @Test("prompt coverage weighs less common words double")
    func weighting() throws {
        // "beach" (less common, 2) said, "family" (common, 1) and "trip" (less common, 2) not: 2/5.
        let analysis = try Script("we went to the beach and swam in the sea all day long").analyze(prompt: "A beach trip with family")
        #expect(analysis.relevance.promptWordsFound == ["beach"] && analysis.relevance.promptWordsMissing == ["trip", "family"])
        #expect(abs(try #require(analysis.relevance.coverage) - 2.0 / 5.0) < 1e-12)
    }

    static let prompt = "Describe your favourite holiday"

    @Test("an on-topic answer: coverage, topic share and an early answer")
    func onTopic() throws {
        let analysis = try Script("my favourite holidays were at the beach with my family every summer and we swam").analyze(prompt: Self.prompt)
        let relevance = analysis.relevance
        #expect(relevance.mode == .prompt)
        #expect(relevance.promptWordsFound == ["favourite", "holiday"] && relevance.promptWordsMissing.isEmpty, "“describe” is an instruction")
        #expect(relevance.coverage == 1)
        #expect(abs(try #require(relevance.topicShare) - 2.0 / 6.0) < 1e-12)
        #expect(relevance.answeredEarly == true && relevance.coherence == nil, "15 words: too short for coherence")
        // 0.50·min(1, 1/0.6) + 0.25·min(1, 0.333/0.15) + 0.10
        #expect(relevance.score == 85 && analysis.scores.subscores.relevance == 85)
    }

    @Test("an answer about something else scores 0")
    func offTopic() throws {
        let analysis = try Script("i think computers are useful because they help people write programs quickly").analyze(prompt: Self.prompt)
        #expect(analysis.relevance.mode == .prompt && analysis.relevance.score == 0)
        #expect(analysis.relevance.answeredEarly == false)
    }

    @Test("without a prompt, or one without two content words, relevance is the take's coherence")
    func coherenceOnly() throws {
        let short = try Script("i went to the park with my dog and we played all day").analyze()
        #expect(short.relevance.mode == .coherence && short.relevance.score == nil, "coherence needs 20 words")
        #expect(short.scores.subscores.relevance == nil)
        let vague = try Script("i went to the park with my dog and we played all day").analyze(prompt: "Go!")
        #expect(vague.relevance.mode == .coherence)
        let few = try Script("we went home").analyze(prompt: Self.prompt)
        #expect(few.relevance.mode == .coherence, "under 10 words")
    }

    static let dogs = "dogs are great pets because dogs love people _0.8 my dog plays in the park every morning with me _0.8 dogs make every family happy"

    @Test("coherence of a hand-worked take")
    func coherence() throws {
        let analysis = try Script(Self.dogs).analyze()
        let coherence = try #require(analysis.relevance.coherence)
        // Content stems: dog ×4, great, pet, love, peopl, play, park, morn, famili, happi → 4 of 13 recur.
        #expect(abs(coherence.continuity - (4.0 / 13 - 0.1) / 0.4) < 1e-12)
        #expect(coherence.flow == 1, "each sentence shares “dog” with the one before")
        // "because" mid-sentence: 3·0.3 = 0.9 per 23 words → 3.91 per 100, ÷ 4.
        #expect(abs(coherence.markers - 0.9 / 23 * 100 / 4) < 1e-12)
        #expect(coherence.progression == 0.6, "opening 8 and closing 5 words; length CV 0.27 is under 0.3")
        #expect(coherence.closure == 1)
        let expected = 100 * (0.35 * coherence.continuity + 0.2 + 0.15 * coherence.markers + 0.15 * 0.6 + 0.15)
        #expect(abs(coherence.score - expected) < 1e-9 && abs(coherence.score - 76.85) < 0.01)
        #expect(analysis.relevance.mode == .coherence && analysis.relevance.score == coherence.score)
    }

    @Test("coherence is capped at 30 when sentences average under 4 words")
    func choppy() throws {
        let analysis = try Script("dogs bark _0.8 dogs run _0.8 dogs eat _0.8 dogs sleep _0.8 dogs play _0.8 dogs jump _0.8 dogs sit _0.8 dogs dig _0.8 dogs swim _0.8 dogs beg _0.8 dogs win").analyze()
        #expect(try #require(analysis.relevance.coherence).score <= 30)
    }

    @Test("a coherent answer gets the coherence bonus on top of keyword overlap")
    func bonus() throws {
        let analysis = try Script(Self.dogs).analyze(prompt: "Why are dogs great pets?")
        let relevance = analysis.relevance
        #expect(relevance.mode == .prompt && relevance.coverage == 1)
        // coverage full (0.5) + topic share 7/13 (full, 0.25) + early (0.10) + coherence 76.85 > 70 (0.20), clamped to 100
        #expect(relevance.score == 100)
    }
}
