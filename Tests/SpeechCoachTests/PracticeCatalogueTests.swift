import Testing
@testable import SpeechCoach

@Suite("practice between talks: warm-ups and calm exercises")
struct PracticeCatalogueTests {
    @Test("eleven timed warm-ups in four categories, at the original's lengths")
    func warmUps() {
        let warmUps = PracticeCatalogue.warmUps
        #expect(warmUps.count >= 11 && Set(warmUps.map(\.category)) == Set(WarmUp.Category.allCases))
        #expect(Set(warmUps.map(\.id)).count == warmUps.count)
        // Breathing says its rounds (the page lets the speaker choose 1-10): its steps are that many copies of one pattern.
        for warmUp in warmUps {
            #expect((warmUp.rounds != nil) == (warmUp.category == .breathing), "\(warmUp.id)")
            if let rounds = warmUp.rounds {
                let pattern = warmUp.steps.count / rounds
                #expect(warmUp.steps.count % rounds == 0 && rounds == 3)
                #expect(warmUp.steps.enumerated().allSatisfy { $0.element.seconds == warmUp.steps[$0.offset % pattern].seconds })
            }
        }
        let seconds = Dictionary(uniqueKeysWithValues: warmUps.map { ($0.id, $0.seconds) })
        #expect(seconds == ["box-breathing": 48, "four-seven-eight": 57, "belly-breathing": 30, "sea-shells": 30, "peter-piper": 30,
                            "humming-ladder": 30, "lip-trills": 30, "siren": 32, "vowel-stretches": 25, "consonant-drills": 30,
                            "jaw-loosener": 25])
        #expect(warmUps.allSatisfy { $0.steps.allSatisfy { $0.seconds > 0 && !$0.label.isEmpty && !$0.detail.isEmpty } })
    }

    @Test("breathing steps grow the circle in, hold it, shrink it out, each with its cue")
    func breathing() throws {
        let box = try #require(PracticeCatalogue.warmUp(id: "box-breathing"))
        #expect(box.steps.count == 12)
        #expect(box.steps.prefix(4).map(\.motion) == [.expand, .hold, .contract, .hold])
        #expect(box.steps.prefix(4).map(\.cue) == [.inhale, .hold, .exhale, .hold])
        #expect(box.steps[4].detail.hasPrefix("Round 2 of 3"))
        let twister = try #require(PracticeCatalogue.warmUp(id: "peter-piper"))
        #expect(twister.steps.map(\.label) == ["Slowly", "Rest", "Faster", "Rest", "Fastest"])
        #expect(twister.steps.filter { $0.cue == .rest }.count == 2)
    }

    @Test("six calm exercises in four kinds, stepped through; ids are checked by kind")
    func calm() {
        let calm = PracticeCatalogue.calm
        #expect(calm.count >= 6 && Set(calm.map(\.category)) == Set(CalmExercise.Category.allCases))
        #expect(calm.map(\.steps.count) == [5, 6, 6, 5, 4, 10])
        #expect(PracticeCatalogue.contains(.calm, id: "safe-place") && !PracticeCatalogue.contains(.warmUp, id: "safe-place"))
        #expect(PracticeCatalogue.contains(.warmUp, id: "siren") && !PracticeCatalogue.contains(.warmUp, id: "nope"))
    }
}
