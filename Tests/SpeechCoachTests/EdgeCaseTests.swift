import Foundation
import Testing
@testable import SpeechCoach

/// pocketsphinx (en-us model, default language model) on espeak-ng's Italian voice it+f3 reading "La mia
/// materia preferita è la storia perché mi piace scoprire come vivevano le persone tanto tempo fa. Leggo
/// molti libri e guardo documentari con mio padre." (10.8 s): word, start, end, posterior.
let italianHeardAsEnglish: [(String, Double, Double, Double)] = [
    ("on", 0.030, 0.140, 0.052), ("the", 0.150, 0.250, 0.108), ("on", 0.260, 0.330, 0.291), ("my", 0.340, 0.420, 0.098), ("any", 0.490, 0.760, 0.450), ("ah", 0.770, 0.820, 0.119),
    ("either", 0.830, 1.500, 0.034), ("we", 1.510, 1.640, 0.030), ("are", 1.650, 1.750, 0.113), ("fully", 1.760, 2.140, 0.000), ("are", 2.150, 2.220, 0.010), ("eager", 2.230, 3.040, 0.743),
    ("to", 3.050, 3.200, 0.640), ("get", 3.210, 3.350, 0.016), ("all", 3.360, 3.460, 0.174), ("the", 3.470, 3.700, 0.513), ("legal", 3.710, 4.020, 0.164), ("really", 4.030, 4.490, 0.529),
    ("not", 4.500, 4.660, 0.219), ("all", 4.670, 4.750, 0.284), ("the", 4.760, 5.130, 0.875), ("all", 5.190, 5.320, 0.976), ("the", 5.330, 5.460, 0.989), ("all", 5.730, 5.830, 0.002),
    ("the", 5.840, 5.940, 0.049), ("illegal", 5.950, 6.220, 0.200), ("for", 6.230, 6.810, 0.762), ("any", 7.050, 7.230, 0.357), ("all", 7.240, 7.490, 0.852), ("really", 7.720, 8.090, 0.469),
    ("england", 8.100, 8.530, 0.468), ("old", 8.540, 8.660, 0.003), ("old", 8.670, 8.800, 0.009), ("lingered", 8.810, 9.460, 0.018), ("on", 9.470, 9.620, 0.735), ("real", 9.630, 9.840, 0.028),
    ("party", 9.850, 10.570, 0.011),
]

/// The same recogniser on flite's awb voice reading the English of that text (8.5 s).
let englishHeard: [(String, Double, Double, Double)] = [
    ("my", 0.220, 0.510, 1.000), ("favorite", 0.520, 1.040, 0.861), ("subject", 1.050, 1.520, 0.807), ("is", 1.530, 1.630, 0.824), ("history", 1.640, 2.100, 0.667), ("because", 2.110, 2.510, 0.794),
    ("i", 2.520, 2.620, 0.977), ("like", 2.630, 2.870, 1.000), ("to", 2.880, 2.980, 0.760), ("discover", 2.990, 3.460, 1.000), ("that", 3.470, 3.640, 0.525), ("people", 3.650, 4.010, 0.980),
    ("lived", 4.020, 4.270, 0.089), ("a", 4.280, 4.310, 0.284), ("long", 4.320, 4.700, 0.657), ("time", 4.710, 5.010, 1.000), ("ago", 5.020, 5.370, 1.000), ("i", 5.470, 5.570, 0.910),
    ("read", 5.580, 5.820, 0.772), ("many", 5.830, 6.140, 1.000), ("books", 6.150, 6.350, 0.292), ("and", 6.360, 6.520, 0.368), ("watch", 6.530, 6.770, 0.777), ("documentaries", 6.780, 7.650, 1.000),
    ("with", 7.660, 7.820, 0.550), ("my", 7.830, 8.030, 1.000), ("father", 8.040, 8.480, 0.931),
]

func timed(_ rows: [(String, Double, Double, Double)]) -> [TimedWord] {
    rows.map { TimedWord(text: $0.0, start: $0.1, end: $0.2, confidence: $0.3) }
}

@Suite("edge cases: empty, only fillers, one word, ten minutes, another language")
struct EdgeCaseTests {
    @Test("an empty take: zero everywhere, a tip saying no words were heard")
    func empty() throws {
        let analysis = try Coach.analyze(TakeInput(words: [], duration: 0))
        #expect(analysis.wordCount == 0 && analysis.wpm.overall == 0 && analysis.wpm.speaking == 0)
        #expect(analysis.scores.overall == 0 && analysis.scores.zeroGated && analysis.verdict == .needsWork)
        #expect(Dimension.allCases.allSatisfy { analysis.scores.subscores[$0] == 0 })
        #expect(analysis.pauses.items.isEmpty && analysis.fillers.items.isEmpty && analysis.volume == nil && analysis.pitch == nil)
        #expect(analysis.coaching.tips.map(\.title) == ["No words heard"])
        let silent = try Coach.analyze(TakeInput(words: [], duration: 5, levels: Array(repeating: -120, count: 100), pitch: Array(repeating: 0, count: 500)))
        #expect(silent.scores.overall == 0 && silent.volume == nil && silent.pitch == nil)
    }

    @Test("only fillers: every score 0, and a tip naming the filler")
    func onlyFillers() throws {
        let heard = try Script("(um) _1.0 (uh) _1.0 (um)").analyze()
        #expect(heard.wordCount == 0 && heard.fillers.count == 3 && heard.fillers.ratio == 1)
        #expect(heard.scores.overall == 0 && heard.scores.zeroGated)
        #expect(heard.coaching.tips.count == 1 && heard.coaching.tips[0].title == "Only fillers came through" && heard.coaching.tips[0].evidenceAt == 0)
        let spelled = try Script("um uhhh hmm").analyze()
        #expect(spelled.wordCount == 0 && spelled.fillers.count == 3 && spelled.scores.overall == 0)
    }

    @Test("one word: rates, no pauses, substance at most 10 and an overall in the low teens")
    func oneWord() throws {
        let analysis = try Coach.analyze(TakeInput(words: [TimedWord(text: "hello", start: 0.5, end: 0.8, confidence: 0.9)], duration: 2))
        #expect(analysis.wordCount == 1 && abs(analysis.wpm.overall - 30) < 1e-9 && abs(analysis.wpm.speaking - 60) < 1e-9)
        #expect(analysis.pauses.items.isEmpty && analysis.structure?.incomplete == 1)
        #expect(analysis.fluency.substance == 10 && analysis.scores.substanceMultiplier == 0.25)
        #expect((1...25).contains(analysis.scores.overall) && analysis.verdict == .needsWork)
        #expect(analysis.coaching.tips.count <= 3 && !analysis.coaching.tips.isEmpty)
    }

    @Test("Italian heard by the English recogniser is gated low and says why; the same text in English is not")
    func anotherLanguage() throws {
        let italian = try Coach.analyze(TakeInput(words: timed(italianHeardAsEnglish), duration: 10.77, prompt: "Talk about your favourite subject"))
        #expect(italian.gate.checks.map(\.name).contains("confidence") && italian.gate.checks.map(\.name).contains("guesses"))
        #expect(try #require(italian.gate.cap) <= 15 && italian.scores.overall <= 15)
        #expect(try #require(italian.gate.reason).contains("English"))
        #expect(italian.coaching.tips.count == 1 && italian.coaching.tips[0].kind == .caveat)
        let english = try Coach.analyze(TakeInput(words: timed(englishHeard), duration: 8.545, prompt: "Talk about your favourite subject"))
        #expect(english.gate.cap == nil && english.gate.reason == nil)
        #expect(english.scores.overall > 40)
        #expect(english.relevance.promptWordsFound == ["favourite", "subject"], "pocketsphinx's “favorite” meets the prompt's “favourite”")
    }

    @Test("ten minutes: 1,500 words, 12,000 level frames, 60,000 pitch frames")
    func tenMinutes() throws {
        let input = TenMinuteTake.input()
        let clock = ContinuousClock()
        var analysis: TakeAnalysis?
        let elapsed = try clock.measure { analysis = try Coach.analyze(input) }
        let result = try #require(analysis)
        #expect(result.wordCount == 1500 && abs(result.duration - 600) < 1e-9)
        #expect(abs(result.wpm.overall - 150) < 1e-9)
        #expect(result.pace.series.count == 120 && result.pace.rateVariation != nil)
        #expect(result.fillers.count == 50 && result.pauses.count == 149)
        #expect(result.pauses.strategic == 100 && result.pauses.hesitation == 49)
        #expect(result.volume != nil && result.pitch != nil && result.emphasis.method == .pitchAndLevel)
        #expect(result.scores.overall > 40, "a steady, clean ten minutes is not a poor take")
        print("ten-minute take analysed in \(elapsed)")
        #expect(elapsed < .seconds(3), "debug build; release is far faster (see the report)")
    }

    @Test("times and signal values must be numbers; words may not end before they start", arguments: [
        TakeInput(words: [], duration: .nan),
        TakeInput(words: [TimedWord(text: "a", start: 1, end: 0.5)], duration: 2),
        TakeInput(words: [TimedWord(text: "a", start: .infinity, end: .infinity)], duration: 2),
        TakeInput(words: [], duration: 2, levels: [-20, .nan]),
        TakeInput(words: [], duration: 2, pitch: [-1]),
        TakeInput(words: [], duration: 2, voicedRatio: 1.5),
        TakeInput(words: [], fillers: [HeardFiller(text: "um", start: 2, end: 1, kind: .hesitation)], duration: 2),
    ])
    func invalid(input: TakeInput) {
        #expect(throws: CoachError.self) { try Coach.analyze(input) }
    }

    @Test("the recogniser's noise tokens and pronunciation variants are cleaned")
    func cleaning() throws {
        let words = [TimedWord(text: "<sil>", start: 0, end: 0.2), TimedWord(text: "Read(2)", start: 0.3, end: 0.6),
                     TimedWord(text: "[NOISE]", start: 0.7, end: 0.8), TimedWord(text: "it’s", start: 0.9, end: 1.1),
                     TimedWord(text: "fine,", start: 1.2, end: 1.4)]
        let analysis = try Coach.analyze(TakeInput(words: words, duration: 2))
        #expect(analysis.words.map(\.text) == ["read", "it's", "fine"])
    }
}

/// A synthetic ten-minute take: 150 sentences of 10 words (0.28 s each, 0.05 s apart, from 0.3 s into each
/// 4 s slot), so 0.75 s of silence separates sentences; every third slot opens with a heard "um" at 0.05–0.25 s,
/// which turns the silence before it into a hesitation.
enum TenMinuteTake {
    static let sentences = [
        "we walked along the river until the sun went down", "my sister likes to paint pictures of old stone houses",
        "the market opens early on saturday mornings in the spring", "our teacher explained how green plants turn light into food",
        "last summer we built a small boat from old wood", "the library keeps many books about distant places and people",
    ]

    static func input() -> TakeInput {
        var words: [TimedWord] = []
        var fillers: [HeardFiller] = []
        for slot in 0..<150 {
            let base = Double(slot) * 4
            if slot % 3 == 0 { fillers.append(HeardFiller(text: "um", start: base + 0.05, end: base + 0.25, kind: .hesitation)) }
            let text = sentences[slot % sentences.count].split(separator: " ")
            for (index, word) in text.enumerated() {
                let start = base + 0.3 + Double(index) * 0.33
                words.append(TimedWord(text: String(word), start: start, end: start + 0.28, confidence: 0.8 + Double(index % 3) * 0.05))
            }
        }
        let levels: [Double] = (0..<12_000).map { frame in
            let t = Double(frame)
            return -25 + 6 * sin(t * 0.37) + 2 * sin(t * 0.011)
        }
        let pitch: [Double] = (0..<60_000).map { frame in
            let t = Double(frame)
            return frame % 4 == 3 ? 0 : 140 + 25 * sin(t * 0.013) + 10 * sin(t * 0.0007)
        }
        return TakeInput(words: words, fillers: fillers, duration: 600, levels: levels, pitch: pitch, voicedRatio: 0.7,
                         prompt: "Describe a place you like to visit")
    }
}
