import Testing
@testable import SpeechCoach

@Suite("fillers: always, in context, the person's own lists")
struct FillerTests {
    @Test("context words and phrases, with their near-misses (the coach judging every default)", arguments: [
        ("it looks like rain today", []),
        ("i like pizza a lot", []),
        ("and then i was like _0.3 wow", ["like"]),
        ("he is like a brother to me", []),
        ("we did it so that we could win", []),
        ("so _0.3 i went home", ["so"]),
        ("i think so", []),
        ("do you know why the sky is blue", []),
        ("it was fun _0.3 you know _0.3 and then we left", ["you know"]),
        ("i mean _0.3 it was fine", ["i mean"]),
        ("that is what i mean", []),
        ("it was a kind of car i never saw", []),
        ("what kind of car is that", []),
        ("it was _0.3 kind of _0.3 fine", ["kind of"]),
        ("it was kind of fine", ["kind of"]),
        ("we sort of _0.3 gave up", ["sort of"]),
        ("well _0.3 i think it works", ["well"]),
        ("she sings very well", []),
        ("you are right about that", []),
        ("turn right at the corner", []),
        ("it was good _0.3 right", ["right"]),
        ("we finished _0.3 okay _0.3 and then left", ["okay"]),
        ("it is okay to cry", []),
        ("i just want to go", []),
        ("i just _0.3 want to go", []),
        ("i _0.3 just _0.3 froze", ["just"]),
        ("yeah i agree with you", []),
        ("yeah _0.3 i agree", ["yeah"]),
        ("oh no _0.8 we lost", []),
        ("literally _0.3 the best day", ["literally"]),
        ("it was literally the best day", []),
        ("honestly _0.3 i loved it", ["honestly"]),
        ("actually _0.3 it rained", ["actually"]),
        ("it actually rained", []),
    ] as [(String, [String])])
    func context(script: String, expected: [String]) throws {
        #expect(try fillerTexts(script) == expected)
    }

    @Test("like, so, you know, I mean, actually and basically are left to the speech module when it judged them")
    func markersLeftToSpeechModule() throws {
        #expect(try fillerTexts("and then i was like _0.3 wow", markersJudged: true) == [])
        #expect(try fillerTexts("so _0.3 i went home", markersJudged: true) == [])
        #expect(try fillerTexts("it was _0.3 kind of _0.3 fine", markersJudged: true) == ["kind of"], "the coach's own words still count")
    }

    @Test("hesitation sounds spelled as words are always fillers, drawn out or not", arguments: [
        ("ummm", "um"), ("um", "um"), ("uhhh", "uh"), ("hmmmm", "hmm"), ("hmm", "hmm"), ("mmm", "mm"), ("uh-huh", "uh-huh"),
        ("err", "er"), ("erm", "erm"), ("ahh", "ah"), ("hum", nil), ("umbrella", nil), ("a", nil), ("oh", nil), ("mhmm", "mhm"),
    ] as [(String, String?)])
    func hesitationSpellings(word: String, canonical: String?) {
        #expect(FillerVocabulary.hesitation(word) == canonical)
    }

    @Test("recognised 'um' is a hesitation filler and not a word")
    func recognisedUm() throws {
        let analysis = try Script("um i think ummm it works").analyze()
        #expect(analysis.fillers.items.map(\.text) == ["um", "um"])
        #expect(analysis.fillers.items.allSatisfy { $0.kind == .hesitation && $0.source == .coach })
        #expect(analysis.wordCount == 4)
    }

    @Test("the speech module's fillers are kept, and their words are not counted as words")
    func heardFillers() throws {
        let analysis = try Script("(um) i went home (uh) today").analyze()
        #expect(analysis.fillers.items.map(\.text) == ["um", "uh"])
        #expect(analysis.fillers.items.allSatisfy { $0.source == .heard })
        #expect(analysis.wordCount == 4)
        #expect(abs(analysis.fillers.ratio - 2.0 / 6.0) < 1e-12, "fillers ÷ (words + fillers)")
    }

    @Test("a discourse marker the speech module heard is counted once, even when the coach judges markers too")
    func markerCountedOnce() throws {
        let analysis = try Script("it was fun _0.3 {you know} _0.3 and then we left").analyze(markersJudged: false)
        #expect(analysis.fillers.items.map(\.text) == ["you know"])
        #expect(analysis.fillers.items[0].source == .heard)
        #expect(analysis.wordCount == 7)
    }

    @Test("a coach filler overlapping a heard filler in time is dropped: the speech module's judgement wins")
    func overlapDeduplicated() throws {
        let words = [TimedWord(text: "i", start: 0, end: 0.3), TimedWord(text: "just", start: 0.8, end: 1.1),
                     TimedWord(text: "froze", start: 1.6, end: 1.9)]
        let heard = [HeardFiller(text: "uh", start: 1.0, end: 1.3, kind: .hesitation)]
        let analysis = try Coach.analyze(TakeInput(words: words, fillers: heard, duration: 2))
        #expect(analysis.fillers.items.map(\.text) == ["uh"])
        #expect(analysis.wordCount == 3)
    }

    @Test("the person's own lists: always-fillers, context fillers (pauses both sides), removed defaults never match")
    func ownLists() throws {
        #expect(try fillerTexts("anyway i went home", lists: FillerLists(alwaysFillers: ["Anyway"])) == ["anyway"])
        #expect(try fillerTexts("it was _0.3 you see _0.3 fun", lists: FillerLists(contextFillers: ["you see"])) == ["you see"])
        #expect(try fillerTexts("do you see it", lists: FillerLists(contextFillers: ["you see"])) == [])
        let removed = FillerLists(removedDefaults: ["um", "like"])
        var settings = CoachSettings()
        settings.fillers = removed
        let analysis = try Script("(um) i was like _0.3 wow um").analyze(settings: settings, markersJudged: false)
        #expect(analysis.fillers.items.isEmpty)
        #expect(analysis.wordCount == 5, "\"um\" the recogniser spelled is an ordinary word once removed")
    }

    @Test("filler lists are validated with typed errors", arguments: [
        (FillerLists(alwaysFillers: [""]), CoachError.invalidFillerEntry("")),
        (FillerLists(alwaysFillers: ["um1"]), .invalidFillerEntry("um1")),
        (FillerLists(contextFillers: ["a b c d"]), .invalidFillerEntry("a b c d")),
        (FillerLists(removedDefaults: ["banana"]), .notADefaultFiller("banana")),
        (FillerLists(alwaysFillers: ["anyway"], contextFillers: ["Anyway"]), .conflictingFillerEntry("anyway")),
        (FillerLists(alwaysFillers: (0..<51).map { "x" + String(Array("abcdefghijklmnopqrstuvwxyz")[$0 / 26]) + String(Array("abcdefghijklmnopqrstuvwxyz")[$0 % 26]) }),
         .tooManyFillers(51)),
    ])
    func listValidation(lists: FillerLists, error: CoachError) {
        #expect(throws: error) { try lists.validated() }
    }

    @Test("valid lists come back normalised")
    func normalised() throws {
        let lists = try FillerLists(alwaysFillers: ["  You   SEE "], removedDefaults: ["Kind of"]).validated()
        #expect(lists.alwaysFillers == ["you see"] && lists.removedDefaults == ["kind of"])
    }

    @Test("filler tracking off: fillers are found but not scored")
    func trackingOff() throws {
        var settings = CoachSettings()
        settings.trackFillers = false
        let analysis = try Script("(um) i went home (uh) today and it was fun").analyze(settings: settings)
        #expect(analysis.fillers.count == 2 && !analysis.fillers.tracked)
        #expect(analysis.scores.subscores.fillers == nil)
        #expect(!analysis.coaching.tips.contains { $0.dimension == .fillers })
    }
}
