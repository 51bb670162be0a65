import Testing
@testable import SpeechCoach

/// The four drills judged on the coach's analysis of a recording (speakup.md §1.11), with the
/// original's defects fixed: silence never passes, the pace aims at the speaker's own target, and a
/// pause is quiet against the speaker's own loudness.
@Suite("drills: scores and passes")
struct DrillTests {
    /// `count` plain words, 0.4 s apart (150 words a minute of speaking), with `fillers` hesitations spread among them.
    static func talk(_ count: Int, fillers: Int = 0, word: Double = 0.3, gap: Double = 0.1) -> Script {
        var pieces = (0..<count).map { "word\($0 % 7)" }
        for index in 0..<fillers { pieces.insert(index.isMultiple(of: 2) ? "(um)" : "(uh)", at: min(pieces.count, 3 + index * 4)) }
        return Script(pieces.joined(separator: " "), word: word, gap: gap)
    }

    static func judge(_ kind: Drill.Kind, _ script: Script, duration: Double? = nil, target: Int = 150, levels: [Double]? = nil,
                      topic: String? = nil) throws -> DrillResult {
        let settings = CoachSettings(targetWPM: target, autoPace: false)
        let drill = Drills.drill(kind)
        let analysis = try script.analyze(duration: duration ?? Double(drill.seconds), settings: settings, levels: levels)
        return Drills.judge(drill, analysis: analysis, levels: levels, topic: topic)
    }

    @Test("four drills at the original's lengths; three pause markers")
    func catalogue() {
        #expect(Drills.all.map(\.id) == Drill.Kind.allCases)
        #expect(Drills.all.map(\.seconds) == [15, 60, 45, 30])
        #expect(Drills.drill(.pausePractice).markers == [10, 22, 34])
        #expect(Drills.all.map(\.minimumWords) == [11, 45, 34, 23])
        #expect(Drills.topics.count >= 18 && Set(Drills.topics).count == Drills.topics.count)
    }

    @Test("Filler Elimination: 100 with no filler, 25 off each, never below 0; it passes only with none", arguments: [
        (0, 100, true), (1, 75, false), (2, 50, false), (4, 0, false), (6, 0, false),
    ])
    func fillerElimination(fillers: Int, score: Int, passed: Bool) throws {
        let result = try Self.judge(.fillerElimination, Self.talk(30, fillers: fillers))
        #expect(result.fillers == fillers && result.score == score && result.passed == passed)
        #expect(result.fillerWords.count == fillers)
        if fillers == 1 { #expect(result.verdict.contains("“um”")) }
    }

    @Test("silence or a few words is no try: 0 and not passed, whatever the drill (the original passed silence)", arguments: Drill.Kind.allCases)
    func tooFewWords(kind: Drill.Kind) throws {
        let drill = Drills.drill(kind)
        let quiet = -70.0
        let result = try Self.judge(kind, Self.talk(drill.minimumWords - 1), levels: Array(repeating: quiet, count: drill.seconds * 20),
                                    topic: kind == .impromptuSprint ? Drills.topics[0] : nil)
        #expect(result.score == 0 && !result.passed && result.verdict.hasPrefix("Too few words"))
        let enough = try Self.judge(kind, Self.talk(drill.minimumWords), topic: kind == .impromptuSprint ? Drills.topics[0] : nil)
        #expect(enough.words == drill.minimumWords && enough.verdict.hasPrefix("Too few words") == false)
    }

    @Test("Pace Control's bell curve around the target (σ 35), passing from 70", arguments: [
        (150.0, 150, 100), (185.0, 150, 61), (115.0, 150, 61), (179.0, 150, 71), (121.0, 150, 71), (120.0, 150, 69), (250.0, 150, 2),
    ])
    func paceScore(wpm: Double, target: Int, score: Int) {
        #expect(Drills.paceScore(wpm: wpm, target: target) == score)
    }

    @Test("Pace Control aims at the speaker's own target: the same minute passes at 150 and fails at 120")
    func ownTarget() throws {
        let minute = Self.talk(150)  // 0.4 s a word: 150 a minute of speaking
        let onTarget = try Self.judge(.paceControl, minute, target: 150)
        #expect(onTarget.wpm == 150 && onTarget.targetWPM == 150 && onTarget.score == 100 && onTarget.passed)
        let slower = try Self.judge(.paceControl, minute, target: 110)
        #expect(slower.targetWPM == 110 && slower.score < 70 && !slower.passed && slower.verdict.contains("40 faster than your 110"))
        let slow = try Self.judge(.paceControl, Self.talk(100, word: 0.4, gap: 0.2), target: 150)
        #expect(slow.wpm == 100 && !slow.passed && slow.verdict.contains("50 slower"))
    }

    /// 45 s of speech at `speech` dB, quiet (`speech` − 40 dB) over each of `quiet` (from, to) seconds.
    static func levels(speech: Double = -20, quiet: [(Double, Double)]) -> [Double] {
        (0..<900).map { frame in
            let time = Double(frame) * 0.05 + 0.025
            return quiet.contains { time >= $0.0 && time < $0.1 } ? speech - 40 : speech
        }
    }

    @Test("Pause Practice: a marker is hit by 0.8 s of quiet inside its window (0.5 s before to 2.5 s after); two of three pass")
    func pauseMarkers() throws {
        let talk = Self.talk(100)
        let two = try Self.judge(.pausePractice, talk, levels: Self.levels(quiet: [(10.0, 11.0), (22.0, 22.5), (33.6, 34.6)]))
        #expect(two.markerHits == [true, false, true] && two.score == 67 && two.passed)
        let early = try Self.judge(.pausePractice, talk, levels: Self.levels(quiet: [(8.0, 9.4), (20.0, 21.4), (5.0, 7.0)]))
        #expect(early.markerHits == [false, false, false] && early.score == 0 && !early.passed, "quiet before the windows is not a pause at the marker")
        let edges = try Self.judge(.pausePractice, talk, levels: Self.levels(quiet: [(9.5, 10.3), (23.7, 24.5), (35.9, 36.7)]))
        #expect(edges.markerHits == [true, true, false], "the last stretch runs past the window's end (36.5 s): 0.6 s inside it")
        #expect(edges.score == 67 && edges.passed)
    }

    @Test("a quiet microphone is judged against its own speech (the original's fixed −40 dB took all of it for pauses)")
    func quietMicrophone() throws {
        let talk = Self.talk(100)
        let none = try Self.judge(.pausePractice, talk, levels: Self.levels(speech: -48, quiet: []))
        #expect(none.markerHits == [false, false, false] && !none.passed)
        let all = try Self.judge(.pausePractice, talk, levels: Self.levels(speech: -48, quiet: [(10, 11), (22, 23), (34, 35)]))
        #expect(all.markerHits == [true, true, true] && all.score == 100 && all.passed)
    }

    @Test("without a level envelope, markers are judged on the silences between words")
    func pausesFromWords() throws {
        // 25 words to 10 s, a 1.2-s silence, 29 words to about 22.8 s, a 0.5-s silence, then on.
        let words = (0..<25).map { _ in "word" } + ["_1.2"] + (0..<29).map { _ in "word" } + ["_0.5"] + (0..<40).map { _ in "word" }
        let result = try Self.judge(.pausePractice, Script(words.joined(separator: " "), word: 0.3, gap: 0.1))
        #expect(result.markerHits == [true, false, false] && !result.passed)
    }

    @Test("Impromptu Sprint: 100 − 10 a filler, never below 50; passes with at most 2; keeps its topic", arguments: [
        (0, 100, true), (2, 80, true), (3, 70, false), (8, 50, false),
    ])
    func impromptuSprint(fillers: Int, score: Int, passed: Bool) throws {
        let result = try Self.judge(.impromptuSprint, Self.talk(60, fillers: fillers), topic: Drills.topics[3])
        #expect(result.score == score && result.passed == passed && result.topic == Drills.topics[3])
    }
}
