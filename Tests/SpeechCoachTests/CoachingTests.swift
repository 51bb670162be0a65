import Testing
@testable import SpeechCoach

@Suite("the coaching plan's focus")
struct CoachPlanTests {
    static func take(_ table: [Dimension: Int], fillers: [String: Int] = [:], scored: Bool = true) -> CoachPlan.Sample {
        var subscores = Subscores()
        for (dimension, value) in table { subscores[dimension] = value }
        return CoachPlan.Sample(subscores: subscores, fillerWords: fillers, scored: scored)
    }

    @Test("the largest (85 − mean)·weight wins", arguments: [
        ([.clarity: 70, .pace: 80, .fillers: 50], Dimension.fillers),   // 15·18 = 270, 5·12 = 60, 35·14 = 490
        ([.clarity: 80, .pauses: 77], .pauses),                           // 5·18 = 90 < 8·12 = 96
        ([.clarity: 60, .relevance: 0], .relevance),                      // 25·18 = 450 < 85·6 = 510
    ] as [([Dimension: Int], Dimension)])
    func largestDeficit(table: [Dimension: Int], expected: Dimension) throws {
        let history = Array(repeating: Self.take(table), count: 5)
        #expect(try #require(CoachPlan.focus(history: history)).dimension == expected)
    }

    @Test("ties go to the higher weight, then to the name")
    func ties() throws {
        // clarity 5·18 = 90, pauses 7.5·12 = 90 → clarity (weight 18)
        let weightTie = [Self.take([.clarity: 80, .pauses: 77]), Self.take([.clarity: 80, .pauses: 78])]
        #expect(try #require(CoachPlan.focus(history: weightTie)).dimension == .clarity)
        // pace and pauses both 10·12 → "pace" before "pauses"
        #expect(try #require(CoachPlan.focus(history: [Self.take([.pace: 75, .pauses: 75])])).dimension == .pace)
    }

    @Test("a dimension needs a subscore in at least half the takes")
    func needsData() throws {
        let sparse = (0..<10).map { Self.take($0 < 4 ? [.relevance: 0, .pace: 70] : [.pace: 70]) }
        #expect(try #require(CoachPlan.focus(history: sparse)).dimension == .pace, "relevance in 4 of 10")
        let half = (0..<10).map { Self.take($0 < 5 ? [.relevance: 0, .pace: 70] : [.pace: 70]) }
        #expect(try #require(CoachPlan.focus(history: half)).dimension == .relevance, "relevance in 5 of 10: 85·6 > 15·12")
    }

    @Test("only the last 20 scored takes count; zero-gated takes are not scored takes")
    func window() throws {
        let old = Array(repeating: Self.take([.fillers: 0, .pace: 80]), count: 5)
        let recent = Array(repeating: Self.take([.fillers: 90, .pace: 80]), count: 20)
        let zeroed = Array(repeating: Self.take([.fillers: 0, .pace: 0], scored: false), count: 3)
        let focus = try #require(CoachPlan.focus(history: old + recent + zeroed))
        #expect(focus.dimension == .pace && focus.takes == 20)
        #expect(CoachPlan.focus(history: zeroed) == nil && CoachPlan.focus(history: [CoachPlan.Sample]()) == nil)
    }

    @Test("trend: newer half vs older half after 4 takes, ±3 is flat, holding at 85", arguments: [
        ([50, 52, 60, 62], CoachFocus.Trend.improving, 10.0),
        ([60, 61, 62, 62], .flat, 1.5),
        ([70, 70, 60, 62], .slipping, -9.0),
        ([50, 52, 99, 60, 62], .improving, 10.0),   // odd count: the middle take sits out
        ([50, 60, 70], nil, nil),
    ] as [([Int], CoachFocus.Trend?, Double?)])
    func trend(values: [Int], trend: CoachFocus.Trend?, change: Double?) throws {
        let focus = try #require(CoachPlan.focus(history: values.map { Self.take([.fillers: $0]) }))
        #expect(focus.trend == trend && focus.change == change && !focus.graduating)
    }

    @Test("a mean of 85 or more is holding and graduating")
    func holding() throws {
        let focus = try #require(CoachPlan.focus(history: [80, 90, 88, 90].map { Self.take([.fillers: $0]) }))
        #expect(focus.trend == .holding && focus.graduating && focus.technique.practice == .fillerDrill)
    }

    @Test("a filler focus names the top filler said 4 times or more")
    func crutch() throws {
        let named = try #require(CoachPlan.focus(history: [Self.take([.fillers: 40], fillers: ["like": 3, "um": 1]),
                                                           Self.take([.fillers: 40], fillers: ["like": 2])]))
        #expect(named.crutchWord == "like")
        let unnamed = try #require(CoachPlan.focus(history: [Self.take([.fillers: 40], fillers: ["like": 3])]))
        #expect(unnamed.crutchWord == nil)
    }
}

@Suite("tips for a take")
struct CoachingTipTests {
    static let busy = "so _0.8 i went to the _1.0 store (um) and it was {you know} _0.5 kind of _0.5 fine _1.2 then we came home and had dinner together with my family"

    @Test("at most three tips, each with a dimension, a route and evidence in plain words")
    func fillerBurst() throws {
        let analysis = try Script(Self.busy, confidence: 0.8).analyze()
        let tips = analysis.coaching.tips
        #expect(tips.count == 3 && tips.allSatisfy { $0.kind == .fix })
        let fillers = try #require(tips.first)
        #expect(fillers.dimension == .fillers && fillers.practice == .fillerDrill && fillers.title == "Silent swap")
        #expect(fillers.message.hasPrefix("3 fillers in 10 seconds around 0:04 (“um”, “you know”, “kind of”)"))
        #expect(fillers.evidenceAt == analysis.fillers.items[0].start)
        let pauses = try #require(tips.first { $0.dimension == .pauses })
        #expect(pauses.message.contains("right after “the”") && pauses.message.contains("1.0 s at 0:02"))
        #expect(pauses.evidenceAt == (try #require(analysis.pauses.items.first { $0.after == "the" })).start - 1.5)
    }

    @Test("the plan's focus is pinned first when the take has something to say about it")
    func focusPinned() throws {
        let plain = try Script(Self.busy, confidence: 0.8).analyze()
        let focus = CoachFocus(dimension: .vocabulary, mean: 60, trend: .flat, change: 0, graduating: false,
                               technique: .for(.vocabulary), crutchWord: nil, takes: 6)
        #expect(plain.scores.subscores.relevance == 51 && plain.scores.subscores.vocabulary == 71)
        let tips = Coaching.tips(for: plain, focus: focus)
        #expect(tips.map(\.dimension) == [.vocabulary, .fillers, .pauses])
        #expect(plain.coaching.tips.map(\.dimension) == [.fillers, .pauses, .relevance], "by weighted deficit without a focus: coherence 51 (34·6) before vocabulary 71 (14·8)")
    }

    static func analysis(scores table: [Dimension: Int]) throws -> TakeAnalysis {
        var analysis = try Script("we walked to the river and we saw a heron standing in the water").analyze()
        analysis.scores.subscores = Subscores()
        for (dimension, value) in table { analysis.scores.subscores[dimension] = value }
        return analysis
    }

    @Test("a free slot gets a win: the strongest subscore of 85 or more")
    func win() throws {
        let tips = Coaching.tips(for: try Self.analysis(scores: [.fillers: 50, .pace: 95, .clarity: 95, .structure: 90]))
        #expect(tips.map(\.kind) == [.fix, .win])
        #expect(tips[1].dimension == .clarity && tips[1].message.contains("(95)"), "tie at 95: clarity weighs more than pace")
    }

    @Test("an improving focus is the win")
    func improvingWin() throws {
        let focus = CoachFocus(dimension: .pauses, mean: 70, trend: .improving, change: 6.4, graduating: false,
                               technique: .for(.pauses), crutchWord: nil, takes: 8)
        let tips = Coaching.tips(for: try Self.analysis(scores: [.fillers: 50, .pauses: 90]), focus: focus)
        #expect(tips.last?.kind == .win && tips.last?.dimension == .pauses)
        #expect(tips.last?.message == "Your pauses score is up 6 points over your recent takes. Keep going.")
    }

    @Test("nothing to fix: a win and a clean take")
    func clean() throws {
        let tips = Coaching.tips(for: try Self.analysis(scores: [.fillers: 90, .pace: 88, .structure: 92]))
        #expect(tips.map(\.kind) == [.win, .clean] && tips[0].dimension == .structure)
        let bare = Coaching.tips(for: try Self.analysis(scores: [:]))
        #expect(bare.map(\.kind) == [.clean])
    }

    @Test("pace evidence names the rate, the target and the fastest stretch")
    func fastPace() throws {
        let text = Array(repeating: "we walked to the river and", count: 7).joined(separator: " ") + " home"
        let analysis = try Script(text, word: 0.2, gap: 0.1).analyze()
        let evidence = try #require(CoachingEvidence.pace(analysis))
        // 43 words in 43·0.2 + 42·0.1 = 12.8 s → 201.6 words a minute
        #expect(evidence.message.hasPrefix("You spoke at 202 words a minute against your target of 150; fastest around 0:"))
        #expect(evidence.at != nil)
    }

    @Test("word swaps: crutch words said twice or more, a suggestion for each use from its neighbours", arguments: [
        ("it was really good and really big", "really", ["excellent", "huge"]),
        ("like five people and like ten more", "like", ["about", "about"]),
        ("it feels like rain and looks like snow", "like", ["as if", "resembles"]),
        ("i just want to go and just stop", "just", ["I want (drop “just”)", "drop it"]),
        ("there is a lot of noise and we talk a lot", "a lot", ["many", "often"]),
    ])
    func swaps(text: String, word: String, suggestions: [String]) throws {
        let swaps = try Script(text).analyze().coaching.swaps
        let row = try #require(swaps.first { $0.word == word })
        #expect(row.count == suggestions.count && row.occurrences.map(\.suggestion) == suggestions)
    }

    @Test("no swap for ordinary uses or single uses")
    func noSwaps() throws {
        #expect(try Script("i like it and we like them").analyze().coaching.swaps.isEmpty, "“like” as a verb")
        #expect(try Script("it was really good").analyze().coaching.swaps.isEmpty, "once is not a habit")
        let many = try Script("really big really big just go just go actually yes actually no basically a basically b literally c literally d totally e totally f").analyze()
        #expect(many.coaching.swaps.count == 6)
        #expect(many.coaching.swaps[0].occurrences[0].context == "really big")
    }
}

@Suite("Show and Tell (grades 1–4)")
struct ShowAndTellTests {
    static func analysis(_ table: [Dimension: Int], duration: Double = 45) throws -> TakeAnalysis {
        var analysis = try Script("this is my teddy bear and he is very soft").analyze(duration: duration)
        analysis.scores.subscores = Subscores()
        for (dimension, value) in table { analysis.scores.subscores[dimension] = value }
        return analysis
    }

    @Test("stars from the delivery subscores' mean", arguments: [(80, 5), (79, 4), (65, 4), (64, 3), (50, 3), (49, 2), (30, 2), (29, 1), (0, 1)])
    func stars(mean: Int, stars: Int) throws {
        let result = try ShowAndTell.result(for: try Self.analysis([.fillers: mean, .pace: mean, .relevance: 0]), grade: 2)
        #expect(result.stars == stars)
        #expect(result.cheer.hasPrefix("Great job"), "praise always comes first")
    }

    @Test("a take under 30 s earns at most 3 stars")
    func short() throws {
        #expect(try ShowAndTell.result(for: try Self.analysis([.fillers: 95, .pace: 95], duration: 20), grade: 1).stars == 3)
        #expect(ShowAndTell.seconds == 30...60)
    }

    @Test("one kind tip for the weakest part, in a child's words")
    func tips() throws {
        let fillers = try ShowAndTell.result(for: try Self.analysis([.fillers: 40, .pace: 90]), grade: 3)
        #expect(fillers.tip == "Try a big breath instead of “um”!")
        #expect(fillers.cheer == "Great job! You talked at a super speed, easy to follow!")
        let quiet = try ShowAndTell.result(for: try Self.analysis([.delivery: 30, .pace: 60]), grade: 4)
        #expect(quiet.tip == "Use your big, proud voice so everyone can hear you!")
    }

    @Test("no words still earns a star and a kind word")
    func noWords() throws {
        let result = try ShowAndTell.result(for: try Coach.analyze(TakeInput(words: [], duration: 40)), grade: 1)
        #expect(result.stars == 1 && result.cheer.contains("brave"))
    }

    @Test("grades outside 1–4 are refused", arguments: [0, 5])
    func grades(grade: Int) throws {
        let analysis = try Self.analysis([:])
        #expect(throws: CoachError.gradeOutOfRange(grade)) { try ShowAndTell.result(for: analysis, grade: grade) }
    }
}
