import Testing
@testable import SpeechCoach

@Suite("pace: words a minute, over time, variation, the learned target")
struct PaceTests {
    @Test("words a minute over the whole take (at least 1 s) and over speaking time", arguments: [
        (150, 60.0, 60.0, 150.0, 150.0),
        (10, 0.5, 0.5, 600.0, 600.0),
        (0, 10.0, 0.0, 0.0, 0.0),
        (30, 20.0, 10.0, 90.0, 180.0),
    ])
    func rates(words: Int, duration: Double, speaking: Double, overall: Double, speakingWPM: Double) {
        let wpm = PaceMeter.wordsPerMinute(words: words, duration: duration, speakingSeconds: speaking, target: 150)
        #expect(abs(wpm.overall - overall) < 1e-9 && abs(wpm.speaking - speakingWPM) < 1e-9)
    }

    @Test("speaking time runs from the first word to the last, without the silence around it")
    func speakingTime() throws {
        let analysis = try Script("one two three", start: 5).analyze(duration: 20)
        #expect(abs(analysis.wpm.speakingSeconds - 1.1) < 1e-9)
        #expect(abs(analysis.wpm.overall - 9) < 1e-9)
        #expect(abs(analysis.wpm.speaking - 3 / (1.1 / 60)) < 1e-9)
    }

    @Test("an um between words is hesitation, not speaking time; a short filled gap stays in")
    func filledPausesAreNotSpeakingTime() throws {
        // we(0–0.3) went(0.4–0.7) (um 0.8–1.1) home(1.2–1.5): went→home is a 0.5 s gap held by the um.
        let filled = try Script("we went (um) home").analyze()
        #expect(abs(filled.wpm.speakingSeconds - 1.0) < 1e-9, "\(filled.wpm.speakingSeconds)")
        // Silence of the same length is taken out the same way.
        #expect(abs(try Script("we went _0.5 home").analyze().wpm.speakingSeconds - 1.0) < 1e-9)
        // A filler squeezed into a gap under the pause threshold (0.4 s) leaves the gap in.
        let short = try Script("we went (um) home", word: 0.1, gap: 0.1).analyze()
        #expect(abs(short.wpm.speakingSeconds - 0.7) < 1e-9, "\(short.wpm.speakingSeconds)")
        // A take that starts with an um starts at its first word.
        let opening = try Script("(um) we went home").analyze()
        #expect(abs(opening.wpm.speakingSeconds - 1.1) < 1e-9, "\(opening.wpm.speakingSeconds)")
    }

    @Test("defect 5: dead air at the start and end does not read as slow speech")
    func deadAir() throws {
        let text = Array(repeating: "we walked to the river and", count: 7).joined(separator: " ")
        let tight = try Script(text, word: 0.3, gap: 0.1).analyze()
        let padded = try Script(text, word: 0.3, gap: 0.1, start: 30).analyze(duration: tight.duration + 60)
        #expect(abs(padded.wpm.speaking - tight.wpm.speaking) < 1e-9)
        #expect(padded.wpm.overall < 40, "the original's WPM would call this very slow")
        #expect(try #require(padded.scores.subscores.pace) >= 70)
    }

    @Test("pace over time: 5 s buckets, 3-point moving average")
    func series() {
        let starts = [0.5, 1, 2, 3] + [5.5, 6, 7, 8, 9, 9.5] + [10.5, 12]
        let points = PaceMeter.series(starts: starts, duration: 15)
        #expect(points.map(\.start) == [0, 5, 10] && points.map(\.end) == [5, 10, 15])
        // raw 48, 72, 24 words a minute
        #expect(zip(points.map(\.wpm), [60.0, 48.0, 48.0]).allSatisfy { abs($0 - $1) < 1e-9 })
    }

    @Test("a trailing bucket shorter than 2.5 s joins the one before")
    func trailingBucket() {
        let points = PaceMeter.series(starts: [0.5, 1, 2, 3, 5.5, 6, 7, 8, 9, 9.5, 10.5, 11.5], duration: 12)
        #expect(points.map(\.end) == [5, 12])
        #expect(abs(points[1].wpm - (48 + 8 / (7.0 / 60)) / 2) < 1e-9)
    }

    @Test("rate variation: CV of 10 s windows every 5 s")
    func rateVariation() throws {
        let even = (0..<50).map { Double($0) * 0.4 }
        #expect(PaceMeter.rateVariation(starts: even, speechEnd: 20) == 0)
        // 30 words in the first 10 s, 10 in the next: windows of 30 and 20 words → 180 and 120 a minute → CV 0.2.
        let uneven = (0..<30).map { Double($0) / 3 } + (10..<20).map(Double.init)
        #expect(abs(try #require(PaceMeter.rateVariation(starts: uneven, speechEnd: 19.3)) - 0.2) < 1e-9)
        #expect(PaceMeter.rateVariation(starts: Array(even.prefix(9)), speechEnd: 20) == nil, "under 10 words")
        #expect(PaceMeter.rateVariation(starts: (0..<12).map { Double($0) * 0.4 }, speechEnd: 4.7) == nil, "5 s or less")
        #expect(PaceMeter.rateVariation(starts: (0..<12).map { Double($0) * 0.7 }, speechEnd: 8) == nil, "one window only")
    }

    @Test("rate variation score 15 + 85·exp(−(CV − 0.15)²/(2·0.08²))", arguments: [
        (0.15, 100.0), (0.07, 66.555), (0.23, 66.555), (0.31, 26.503), (0.2, 84.919), (0.0, 29.656), (0.55, 15.0003),
    ])
    func rateVariationScore(cv: Double, expected: Double) {
        #expect(abs(PaceMeter.rateVariationScore(cv) - expected) < 0.001)
    }

    @Test("the pace score: a Gaussian (σ 55) around the target; rate variation 18 % and fluency 14 % when present", arguments: [
        (150.0, 150, nil, nil, 100.0),
        (205.0, 150, nil, nil, 60.653),
        (95.0, 150, nil, nil, 60.653),
        (170.0, 170, nil, nil, 100.0),
        (150.0, 150, 50.0, 80.0, 88.2),
        (150.0, 150, 50.0, nil, 91.0),
        (150.0, 150, nil, 0.0, 86.0),
    ] as [(Double, Int, Double?, Double?, Double)])
    func paceScore(wpm: Double, target: Int, rate: Double?, fluency: Double?, expected: Double) {
        #expect(abs(SubscoreFormulas.pace(speakingWPM: wpm, target: target, rateVariationScore: rate, fluency: fluency) - expected) < 0.001)
    }

    @Test("the learned target: EMA (α 0.3) of qualifying takes, clamped 110–190", arguments: [
        ([], nil),
        ([(60.0, 100, 140.0)], 140),
        ([(60, 100, 140), (60, 100, 160)], 146),
        ([(60, 100, 140), (60, 100, 160), (60, 100, 200)], 162),
        ([(20, 100, 100), (60, 30, 100), (60, 100, 270), (60, 100, 50), (60, 100, 150)], 150),
        ([(60, 100, 250)], 190),
        ([(60, 100, 70)], 110),
        ([(29.9, 100, 150)], nil),
    ] as [([(Double, Int, Double)], Int?)])
    func learnedTarget(takes: [(Double, Int, Double)], expected: Int?) {
        let samples = takes.map { PaceTarget.Sample(duration: $0.0, wordCount: $0.1, speakingWPM: $0.2) }
        #expect(PaceTarget.learned(from: samples) == expected)
    }

    @Test("the target the scores use: learned when auto pace is on and one exists, else the manual one")
    func effectiveTarget() throws {
        #expect(CoachSettings(targetWPM: 130).effectiveTargetWPM == 130)
        #expect(CoachSettings(targetWPM: 130, learnedWPM: 170).effectiveTargetWPM == 170)
        #expect(CoachSettings(targetWPM: 130, autoPace: false, learnedWPM: 170).effectiveTargetWPM == 130)
        let analysis = try Script("one two three four").analyze(settings: CoachSettings(targetWPM: 120))
        #expect(analysis.wpm.target == 120)
    }

    @Test("manual targets outside 100–200 are refused", arguments: [99, 201, -5])
    func targetRange(target: Int) {
        #expect(throws: CoachError.targetOutOfRange(target)) { try CoachSettings(targetWPM: target).validated() }
    }
}
