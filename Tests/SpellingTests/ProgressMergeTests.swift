import PropertyBased
import Testing

@testable import Spelling

/// Progress built by completing levels in order, as a device would.
let progressGenerator = zip(Gen.int(in: 1...7), Gen.int(in: 1...50)).array(of: 0...40).map { completions in
    var progress = SpellingProgress()
    for (grade, level) in completions { try? progress.complete(level, grade: grade) }
    return progress
}

/// Progress where a parent may also have reset grades (about one step in eight is a reset).
let progressWithResetsGenerator = zip(Gen.int(in: 1...7), Gen.int(in: 1...50), Gen.int(in: 0...7)).array(of: 0...40).map { steps in
    var progress = SpellingProgress()
    for (grade, level, roll) in steps {
        if roll == 0 { progress.reset(grade: grade) } else { try? progress.complete(level, grade: grade) }
    }
    return progress
}

@Suite("merging progress from two devices")
struct ProgressMergeTests {
    @Test("commutative")
    func commutative() async {
        await propertyCheck(input: progressWithResetsGenerator, progressWithResetsGenerator) { a, b in
            #expect(a.merged(with: b) == b.merged(with: a))
        }
    }

    @Test("associative")
    func associative() async {
        await propertyCheck(input: progressWithResetsGenerator, progressWithResetsGenerator, progressWithResetsGenerator) { a, b, c in
            #expect(a.merged(with: b).merged(with: c) == a.merged(with: b.merged(with: c)))
        }
    }

    @Test("idempotent")
    func idempotent() async {
        await propertyCheck(input: progressWithResetsGenerator, progressWithResetsGenerator) { a, b in
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

    @Test("a grade reset on one side replaces that grade's older progress, and only that grade")
    func resetWins() async {
        await propertyCheck(input: progressWithResetsGenerator, progressWithResetsGenerator) { a, b in
            let merged = a.merged(with: b)
            for grade in SpellingProgress.grades {
                let newer = a.epoch(grade: grade) >= b.epoch(grade: grade) ? a : b
                let older = a.epoch(grade: grade) >= b.epoch(grade: grade) ? b : a
                #expect(merged.epoch(grade: grade) == newer.epoch(grade: grade))
                #expect(merged.completedLevels(grade: grade).isSuperset(of: newer.completedLevels(grade: grade)))
                if newer.epoch(grade: grade) > older.epoch(grade: grade) {
                    #expect(merged.completedLevels(grade: grade) == newer.completedLevels(grade: grade))
                    #expect(merged.currentLevel(grade: grade) == newer.currentLevel(grade: grade))
                }
            }
        }
    }

    @Test("a stale tablet's sync after a reset does not bring the grade back")
    func staleTabletAfterReset() throws {
        var tablet = SpellingProgress()
        try tablet.complete(1, grade: 3); try tablet.complete(2, grade: 3); try tablet.complete(4, grade: 1)
        var server = tablet
        server.reset(grade: 3)                     // the parent resets grade 3 on the phone
        let merged = server.merged(with: tablet)   // the tablet, offline meanwhile, syncs
        #expect(merged.completedLevels(grade: 3).isEmpty && merged.currentLevel(grade: 3) == 1 && merged.epoch(grade: 3) == 1)
        #expect(merged.isCompleted(4, grade: 1))   // other grades still merge
        var after = merged
        try after.complete(1, grade: 3)            // a level played after the reset counts
        #expect(after.merged(with: tablet).completedLevels(grade: 3) == [1])
    }
}
