import Testing
@testable import SpeechCoach

@Suite("subscores, weights, overall, verdict, gate")
struct ScoreTests {
    @Test("filler score 100·max(0, 1 − log2(1 + 8r)), hedges and weak phrases adding up to 2 % each", arguments: [
        (0.0, 0.0, 0.0, 100.0), (0.01, 0.0, 0.0, 88.897), (0.03, 0.0, 0.0, 68.966), (0.05, 0.0, 0.0, 51.457),
        (0.125, 0.0, 0.0, 0.0), (0.3, 0.0, 0.0, 0.0), (0.0, 0.1, 0.0, 78.587), (0.0, 0.01, 0.0, 96.016), (0.0, 0.0, 0.1, 78.587),
    ])
    func fillerScore(ratio: Double, hedges: Double, weak: Double, expected: Double) {
        #expect(abs(SubscoreFormulas.fillers(ratio: ratio, hedgeRatio: hedges, weakRatio: weak) - expected) < 0.001)
    }

    @Test("clarity: voiced frames, recogniser confidence, steadiness, authority, hedges, pace bonus", arguments: [
        (0.5, 0.9, 0.0, 150.0, 90.0),      // 30 + 24.5 + 15 + 10.5 + 5 + 5
        (nil, nil, 0.0, 150.0, 74.0),      // 38.5 + 15 + 10.5 + 5 + 5
        (nil, 0.5, 0.0, 200.0, 60.5),      // 27.5 + 15 + 10.5 + 5 + 2.5
        (0.1, nil, 1.0, 150.0, 68.2),      // 0.55·69 + 9.75 + 10.5 + 5 + 5
    ] as [(Double?, Double?, Double, Double, Double)])
    func clarity(voiced: Double?, confidence: Double?, durationCV: Double, wpm: Double, expected: Double) {
        let score = SubscoreFormulas.clarity(voicedRatio: voiced, meanConfidence: confidence, durationCV: durationCV, authority: 70,
                                             hedgeRatio: 0, speakingWPM: wpm, target: 150)
        #expect(abs(score - expected) < 1e-9)
    }

    @Test("vocal variety: weighted mean of the parts present", arguments: [
        (80.0, nil, nil, nil, 80.0), (80.0, 40.0, nil, nil, 42.0 / 0.65), (100.0, 50.0, 0.0, 50.0, 62.5), (nil, nil, 30.0, nil, 30.0),
    ] as [(Double?, Double?, Double?, Double?, Double)])
    func vocalVariety(pitch: Double?, monotone: Double?, rate: Double?, pitchEnergy: Double?, expected: Double) throws {
        let score = try #require(SubscoreFormulas.vocalVariety(pitchVariation: pitch, monotone: monotone, rateVariation: rate, pitchEnergy: pitchEnergy))
        #expect(abs(score - expected) < 1e-9)
        #expect(SubscoreFormulas.vocalVariety(pitchVariation: nil, monotone: nil, rateVariation: nil, pitchEnergy: nil) == nil)
    }

    @Test("delivery: energy, monotone, content density, emphasis, arc (50 when missing), engagement")
    func delivery() {
        let volume = VolumeReport(averageDB: -20, peakDB: -10, dynamicRangeDB: 20, energyScore: 50, amplitudeVariation: 0.35,
                                  monotoneScore: 70, arc: nil)
        let score = SubscoreFormulas.delivery(volume: volume, contentDensity: 80, emphasisPerMinute: 2.5, engagement: 35)
        #expect(abs(score - (12.5 + 17.5 + 8 + 7.5 + 10 + 1.75)) < 1e-9)
    }

    @Test("substance multiplier, piecewise", arguments: [
        (0.0, 0.10), (5.0, 0.175), (10.0, 0.25), (20.0, 0.45), (40.0, 0.765), (62.5, 0.925), (100.0, 1.0),
    ])
    func multiplier(substance: Double, expected: Double) {
        #expect(abs(OverallScore.substanceMultiplier(substance) - expected) < 1e-12)
    }

    @Test("verdicts", arguments: [
        (0, Verdict.needsWork), (39, .needsWork), (40, .developing), (59, .developing), (60, .solid), (79, .solid), (80, .strong), (100, .strong),
    ])
    func verdicts(score: Int, verdict: Verdict) {
        #expect(Verdict(score: score) == verdict)
    }

    static func subscores(_ table: [Dimension: Int]) -> Subscores {
        var subscores = Subscores()
        for (dimension, value) in table { subscores[dimension] = value }
        return subscores
    }

    @Test("the weighted mean renormalises over the subscores present")
    func weightedMean() {
        #expect(OverallScore.weightedMean(Self.subscores([.clarity: 100, .pace: 50]), weights: .default) == 80)
        var all = [Dimension: Int]()
        for dimension in Dimension.allCases { all[dimension] = 80 }
        all[.relevance] = nil
        #expect(OverallScore.weightedMean(Self.subscores(all), weights: .default) == 80)
        let zeroWeights = ScoreWeights([.clarity: 30, .pace: 30, .fillers: 30, .pauses: 10])
        #expect(OverallScore.weightedMean(Self.subscores([.vocabulary: 40, .structure: 60]), weights: zeroWeights) == 50,
                "present subscores that all weigh 0: a plain mean")
        #expect(OverallScore.weightedMean(Subscores(), weights: .default) == 0)
    }

    @Test("overall = weighted mean × substance multiplier, truncated, then the gibberish cap")
    func overall() {
        var all = [Dimension: Int]()
        for dimension in Dimension.allCases { all[dimension] = 80 }
        let subscores = Self.subscores(all)
        #expect(OverallScore.report(subscores: subscores, weights: .default, substance: 100, cap: nil).overall == 80)
        let half = OverallScore.report(subscores: subscores, weights: .default, substance: 50, cap: nil)
        #expect(half.overall == 70 && half.verdict == .solid, "80 × 0.88 = 70.4")
        #expect(OverallScore.report(subscores: subscores, weights: .default, substance: 100, cap: 15).overall == 15)
    }

    @Test("the person's weights change the overall")
    func customWeights() throws {
        var table = [Dimension: Int]()
        for dimension in Dimension.allCases { table[dimension] = 50 }
        table[.fillers] = 100
        let subscores = Self.subscores(table)
        let fillersHeavy = try ScoreWeights([.clarity: 10, .pace: 10, .fillers: 30, .pauses: 10, .vocalVariety: 10, .delivery: 10,
                                             .vocabulary: 10, .structure: 5, .relevance: 5]).validated()
        let base = OverallScore.report(subscores: subscores, weights: .default, substance: 100, cap: nil).overall
        let heavy = OverallScore.report(subscores: subscores, weights: fillersHeavy, substance: 100, cap: nil).overall
        #expect(base == 57 && heavy == 65, "50 + 50·0.14 = 57, 50 + 50·0.30 = 65")
    }

    @Test("weights are whole percents of 0–30 totalling exactly 100", arguments: [
        (ScoreWeights.default, nil),
        (ScoreWeights([.clarity: 30, .pace: 10, .fillers: 10, .pauses: 10, .vocalVariety: 10, .delivery: 10, .vocabulary: 10, .structure: 5, .relevance: 5]), nil),
        (ScoreWeights([.clarity: 31, .pace: 11, .fillers: 14, .pauses: 12, .vocalVariety: 12, .delivery: 0, .vocabulary: 8, .structure: 6, .relevance: 6]),
         CoachError.weightOutOfRange(.clarity, 31)),
        (ScoreWeights([.clarity: 18, .pace: -1, .fillers: 15, .pauses: 12, .vocalVariety: 12, .delivery: 10, .vocabulary: 8, .structure: 8, .relevance: 18]),
         .weightOutOfRange(.pace, -1)),
        (ScoreWeights([.clarity: 18, .pace: 12, .fillers: 14, .pauses: 12, .vocalVariety: 12, .delivery: 10, .vocabulary: 8, .structure: 8, .relevance: 5]),
         .weightsDoNotTotal100(99)),
        (ScoreWeights([.clarity: 30, .pace: 30, .fillers: 30, .pauses: 11]), .weightsDoNotTotal100(101)),
    ] as [(ScoreWeights, CoachError?)])
    func weights(weights: ScoreWeights, error: CoachError?) {
        if let error {
            #expect(throws: error) { try weights.validated() }
            var settings = CoachSettings()
            settings.weights = weights
            #expect(throws: error) { try Coach.analyze(TakeInput(words: [], duration: 1, settings: settings)) }
        } else {
            #expect(throws: Never.self) { try weights.validated() }
        }
    }

    @Test("the default weights are the original's")
    func defaults() {
        let w = ScoreWeights.default
        #expect([w.clarity, w.pace, w.fillers, w.pauses, w.vocalVariety, w.delivery, w.vocabulary, w.structure, w.relevance]
            == [18, 12, 14, 12, 12, 10, 8, 8, 6])
        #expect(w.total == 100)
    }
}

@Suite("the gibberish gate")
struct GateTests {
    static func sentence(_ text: String) -> [Sentence] {
        [Sentence(words: text.split(separator: " ").map { Token(text: String($0), start: 0, end: 0, confidence: 1) })]
    }

    @Test("English speech passes; its one weak check (few content words) does not gate")
    func english() {
        let text = "we went to the park and played football with my friends"
        let words = text.split(separator: " ").map(String.init)
        let report = GibberishGate.report(confidences: Array(repeating: 0.9, count: words.count), words: words, sentences: Self.sentence(text))
        #expect(report.checks.map(\.name) == ["contentWords"] && report.cap == nil && report.reason == nil)
    }

    @Test("confidence (recalibrated for pocketsphinx): mean < 0.45 → 2, < 0.55 → 1, +1 for SD > 0.3 with mean < 0.5, at most 2",
          arguments: [
        ([0.2, 0.2, 0.2], 2), ([0.5, 0.5, 0.5], 1), ([0.6, 0.6], 0),
        ([0.1, 0.9, 0.1, 0.9], 1),          // mean 0.5, SD 0.4: the SD rule needs a mean under 0.5
        ([0.0, 0.9, 0.0, 0.9], 2),          // mean 0.45 → 1, SD 0.45 → 1 more
        ([0.6, 0.6, 0.6, 0.1], 1),          // mean 0.475, SD 0.22
        ([0.0, 0.0, 0.0, 0.9], 2),          // mean 0.225 → 2, SD 0.39 → 3, capped at 2
    ] as [([Double], Int)])
    func confidence(confidences: [Double], points: Int) {
        let words = Array(repeating: "house", count: confidences.count)
        let check = GibberishGate.report(confidences: confidences, words: words, sentences: []).checks.first { $0.name == "confidence" }
        #expect((check?.points ?? 0) == points)
    }

    @Test("guesses: share of words under 0.1 confidence > 0.30 → 2, > 0.18 → 1", arguments: [(1, 0), (2, 1), (3, 1), (4, 2)])
    func guesses(guessed: Int, points: Int) {
        let confidences = Array(repeating: 0.05, count: guessed) + Array(repeating: 0.95, count: 10 - guessed)
        let words = Array(repeating: "house", count: 10)
        let check = GibberishGate.report(confidences: confidences, words: words, sentences: []).checks.first { $0.name == "guesses" }
        #expect((check?.points ?? 0) == points)
    }

    @Test("one word repeated, and no content: top-word share and content words fail")
    func repetition() {
        let words = Array(repeating: "the", count: 10)
        let report = GibberishGate.report(confidences: Array(repeating: 0.9, count: 10), words: words, sentences: Self.sentence(words.joined(separator: " ")))
        #expect(report.checks.map(\.name) == ["topWord", "contentWords"])
        #expect(report.checks.map(\.points) == [2, 2])
        #expect(report.confidence == 4.0 / 6.0 && report.cap == 15 && report.reason != nil)
    }
}
