import Testing
@testable import SpeechCoach

@Suite("pauses: count, length, strategic or hesitation")
struct PauseTests {
    @Test("each gap is classified from its length, the word before it and what is next to it", arguments: [
        ("i went home _0.8 then we ate", [Pause.Kind.strategic]),
        ("i went home _0.5 then we ate", [.short]),
        ("i went home _0.4 then we ate", [.short]),
        ("i went home _0.39 then we ate", []),
        ("i went to the _0.8 store", [.hesitation]),
        ("and then i _0.5 forgot", [.hesitation]),
        ("i went home _6 then we ate", [.hesitation]),
        ("i went home _0.5 (um) _0.5 then we ate", [.hesitation, .hesitation]),
        ("i saw _0.8 saw it", [.hesitation]),
        ("we won _3.5 and then we left", [.strategic]),
    ] as [(String, [Pause.Kind])])
    func kinds(script: String, expected: [Pause.Kind]) throws {
        #expect(try Script(script).analyze().pauses.items.map(\.kind) == expected)
    }

    @Test("counts, medium and long, averages and the pause score of a hand-worked take")
    func counts() throws {
        let analysis = try Script("we went home _1.5 then we ate _3.2 and it was the _2.0 best _0.5 day").analyze()
        let pauses = analysis.pauses
        #expect(pauses.items.map(\.duration) == [1.5, 3.2, 2.0, 0.5])
        #expect(pauses.items.map(\.after) == ["home", "ate", "the", "best"])
        #expect(pauses.count == 4 && pauses.strategic == 2 && pauses.hesitation == 1)
        #expect(pauses.medium == 2 && pauses.long == 1)
        #expect(pauses.strategicMedium == 1 && pauses.strategicLong == 1 && pauses.longHesitations == 1)
        #expect(abs(pauses.averageSeconds! - 1.8) < 1e-9 && pauses.longestSeconds == 3.2)
        // 12 words of 0.3 s, 7 ordinary gaps of 0.1 s and 7.2 s of pauses: 11.5 s, 4.3 s of it speaking.
        #expect(abs(analysis.duration - 11.5) < 1e-9)
        #expect(abs(analysis.wpm.speakingSeconds - 4.3) < 1e-9)
        #expect(abs(pauses.perMinute - 4 / (11.5 / 60)) < 1e-9)
        // 72 + 4 + 6 − 8 (one long hesitation) + 8 (few fillers, > 2 pauses) − 1.5·(20.87 − 18) + 2·2 (fast: 167 > 160).
        let score = SubscoreFormulas.pauses(pauses, speakingWPM: analysis.wpm.speaking, target: 150, fillerRatio: 0)
        #expect(abs(score - (82 - 1.5 * (4 / (11.5 / 60) - 18) + 4)) < 1e-9)
        #expect(analysis.scores.subscores.pauses == 82)
    }

    @Test("a gap over 10 s counts as 10 s, but keeps its real start and end")
    func capped() throws {
        let pause = try #require(try Script("i went home _12 then").analyze().pauses.items.first)
        #expect(pause.duration == 10 && abs(pause.end - pause.start - 12) < 1e-9 && pause.kind == .hesitation)
    }

    @Test("silence before the first sound and after the last is not a pause")
    func edges() throws {
        let analysis = try Script("hello there my friend", start: 4).analyze(duration: 12)
        #expect(analysis.pauses.items.isEmpty)
    }

    @Test("the pause score's rules", arguments: [
        // count, strategic medium, strategic long, long hesitations, short hesitations, per minute, speaking wpm, filler ratio → score
        (0, 0, 0, 0, 0, 0.0, 150.0, 0.0, 65.0),
        (0, 0, 0, 0, 0, 0.0, 171.0, 0.0, 50.0),
        (1, 0, 0, 0, 0, 2.0, 150.0, 0.0, 66.0),      // 72 − 6 (under 3 a minute)
        (3, 2, 0, 0, 0, 6.0, 150.0, 0.0, 88.0),      // 72 + 8 + 8
        (3, 2, 0, 0, 0, 6.0, 150.0, 0.05, 80.0),     // no clean-speech bonus at 5 % fillers
        (6, 0, 0, 6, 0, 6.0, 150.0, 0.0, 48.0),      // 72 − 32 (four counted) + 8
        (6, 0, 0, 0, 6, 6.0, 150.0, 0.0, 70.0),      // 72 − 10 (short hesitations, at most 5) + 8
        (30, 0, 0, 0, 0, 22.0, 150.0, 0.0, 74.0),    // 72 + 8 − 1.5·4
        (4, 1, 1, 0, 0, 8.0, 161.0, 0.0, 94.0),      // 72 + 4 + 6 + 8 + 2·2 (fast speakers earn their strategic pauses)
    ] as [(Int, Int, Int, Int, Int, Double, Double, Double, Double)])
    func pauseScore(count: Int, strategicMedium: Int, strategicLong: Int, longHesitations: Int, shortHesitations: Int,
                    perMinute: Double, wpm: Double, fillerRatio: Double, expected: Double) {
        let report = PauseReport(items: [], count: count, strategic: strategicMedium + strategicLong,
                                 hesitation: longHesitations + shortHesitations, medium: 0, long: 0, strategicMedium: strategicMedium,
                                 strategicLong: strategicLong, longHesitations: longHesitations, perMinute: perMinute,
                                 averageSeconds: nil, longestSeconds: nil)
        #expect(abs(SubscoreFormulas.pauses(report, speakingWPM: wpm, target: 150, fillerRatio: fillerRatio) - expected) < 1e-9)
    }

    @Test("pause tracking off: the pauses are listed but not scored (absent, not a made-up 50)")
    func trackingOff() throws {
        var settings = CoachSettings()
        settings.trackPauses = false
        let analysis = try Script("we went home _1.5 then we ate").analyze(settings: settings)
        #expect(analysis.pauses.count == 1 && analysis.scores.subscores.pauses == nil)
    }
}
