import PropertyBased
import Testing

@testable import Spelling

/// Progress built by completing levels in order, as a device would.
let progressGenerator = zip(Gen.int(in: 1...7), Gen.int(in: 1...50)).array(of: 0...40).map { completions in
    var progress = SpellingProgress()
    for (grade, level) in completions { try? progress.complete(level, grade: grade) }
    return progress
}

@Suite("merging progress from two devices")
struct ProgressMergeTests {
    @Test("commutative")
    func commutative() async {
        await propertyCheck(input: progressGenerator, progressGenerator) { a, b in
            #expect(a.merged(with: b) == b.merged(with: a))
        }
    }

    @Test("associative")
    func associative() async {
        await propertyCheck(input: progressGenerator, progressGenerator, progressGenerator) { a, b, c in
            #expect(a.merged(with: b).merged(with: c) == a.merged(with: b.merged(with: c)))
        }
    }

    @Test("idempotent")
    func idempotent() async {
        await propertyCheck(input: progressGenerator, progressGenerator) { a, b in
            #expect(a.merged(with: a) == a)
            #expect(a.merged(with: b).merged(with: b) == a.merged(with: b))
        }
    }

    @Test("never loses a completed level or moves a current level back")
    func neverLoses() async {
        await propertyCheck(input: progressGenerator, progressGenerator) { a, b in
            let merged = a.merged(with: b)
            for grade in SpellingProgress.grades {
                #expect(merged.completedLevels(grade: grade).isSuperset(of: a.completedLevels(grade: grade).union(b.completedLevels(grade: grade))))
                #expect(merged.currentLevel(grade: grade) == max(a.currentLevel(grade: grade), b.currentLevel(grade: grade)))
                for level in SpellingProgress.levels where a.isUnlocked(level, grade: grade) || b.isUnlocked(level, grade: grade) {
                    #expect(merged.isUnlocked(level, grade: grade))
                }
            }
        }
    }

    @Test("the seed's last-writer-wins loses a level that this merge keeps")
    func seedWouldLose() throws {
        var tablet = SpellingProgress(), phone = SpellingProgress()
        try tablet.complete(1, grade: 2)          // offline on the tablet
        try phone.complete(1, grade: 2); try phone.complete(2, grade: 2) // later, on the phone
        try tablet.complete(7, grade: 5)          // the tablet syncs last
        let lastWriterWins = tablet
        #expect(!lastWriterWins.isCompleted(2, grade: 2))
        let merged = tablet.merged(with: phone)
        #expect(merged.isCompleted(2, grade: 2) && merged.isCompleted(7, grade: 5) && merged.currentLevel(grade: 2) == 3)
    }
}
