import Foundation
import PropertyBased
import Testing

@testable import Spelling

@Suite("the seed's rules")
struct SpellingRuleTests {
    @Test("difficulty = min(grade + (level − 1) / 10, 12)", arguments: [
        (1, 1, 1), (1, 10, 1), (1, 11, 2), (1, 50, 5), (3, 21, 5), (7, 1, 7), (7, 41, 11), (7, 50, 11), (6, 50, 10),
    ])
    func difficulty(grade: Int, level: Int, expected: Int) {
        #expect(WordBank.difficulty(grade: grade, level: level) == expected)
    }

    @Test("words come from difficulty ±1, each once, clamped to tiers 1…12")
    func candidates() {
        let first = WordBank.candidates(grade: 1, level: 1)
        #expect(Set(first) == Set(WordBank.tiers[1]! + WordBank.tiers[2]!))
        let grade7 = WordBank.candidates(grade: 7, level: 50) // difficulty 11 → tiers 10…12
        #expect(Set(grade7) == Set(WordBank.tiers[10]! + WordBank.tiers[11]! + WordBank.tiers[12]!))
        #expect(grade7.count == Set(grade7).count, "no repeats even though tiers share words")
        #expect(WordBank.tiers.keys.sorted() == Array(1...12) && WordBank.tiers.values.allSatisfy { $0.count == 20 })
    }

    @Test("answers: case, spaces and hyphens are ignored", arguments: [
        ("cat", "cat", true), ("CAT", "cat", true), (" c a t ", "cat", true), ("c-a-t", "cat", true), ("c a-t\n", "cat", true),
        ("kat", "cat", false), ("ca", "cat", false), ("catt", "cat", false), ("", "cat", false), ("c.a.t", "cat", false),
        ("Beautiful", "beautiful", true), ("beatiful", "beautiful", false),
    ])
    func answers(answer: String, word: String, matches: Bool) {
        #expect(SpellingCheck.matches(answer, word: word) == matches)
    }

    @Test("levels: the current one and completed ones are open; completing unlocks the next, up to 50")
    func unlocking() throws {
        var progress = SpellingProgress()
        #expect(progress.isUnlocked(1, grade: 3) && !progress.isUnlocked(2, grade: 3))
        try progress.complete(1, grade: 3)
        #expect(progress.isCompleted(1, grade: 3) && progress.isUnlocked(2, grade: 3) && progress.currentLevel(grade: 3) == 2)
        #expect(progress.currentLevel(grade: 4) == 1, "each grade has its own levels")
        try progress.complete(1, grade: 3) // replaying an old level does not move the current one back
        #expect(progress.currentLevel(grade: 3) == 2)
        try progress.complete(50, grade: 3)
        #expect(progress.currentLevel(grade: 3) == 2, "level 50 is the last: nothing after it")
        #expect(progress.isUnlocked(50, grade: 3), "a completed level stays open")
        for level in 2...49 { try progress.complete(level, grade: 3) }
        #expect(progress.currentLevel(grade: 3) == 50)
        progress.reset(grade: 3)
        #expect(progress.currentLevel(grade: 3) == 1 && progress.completedLevels(grade: 3).isEmpty)
    }

    @Test("unknown grades and levels are errors", arguments: [(0, 1), (8, 1), (1, 0), (1, 51), (-1, -1)])
    func invalid(grade: Int, level: Int) {
        var progress = SpellingProgress()
        #expect(throws: SpellingError.self) { try progress.complete(level, grade: grade) }
        #expect(throws: SpellingError.self) { try SpellingProgress(completed: [grade: [level]]).validated() }
    }
}

@Suite("a game of one level")
struct SpellingSessionTests {
    func session(_ count: Int = 15) -> SpellingSession {
        SpellingSession(grade: 1, level: 1, words: (0..<count).map { "word\($0)" })
    }

    @Test("15 words drawn without repeats; the level must be unlocked")
    func start() throws {
        var generator = Xoshiro(seed: (7, 11, 13, 17))
        let game = try SpellingSession.start(grade: 2, level: 12, progress: SpellingProgress(current: [2: 12]), using: &generator)
        #expect(game.words.count == 15 && Set(game.words).count == 15)
        let pool = Set(WordBank.candidates(grade: 2, level: 12))
        #expect(game.words.allSatisfy(pool.contains))
        #expect(throws: SpellingError.levelLocked(13)) {
            try SpellingSession.start(grade: 2, level: 13, progress: SpellingProgress(current: [2: 12]), using: &generator)
        }
        #expect(throws: SpellingError.invalidGrade(8)) { try SpellingSession.start(grade: 8, level: 1, progress: SpellingProgress(), using: &generator) }
    }

    @Test("review words and the parent's list come first, then the bank, never twice")
    func reviewAndAssigned() throws {
        var generator = Xoshiro(seed: (1, 2, 3, 4))
        let due = ["because", "said", "friend", "again", "people"]
        let game = try SpellingSession.start(grade: 1, level: 1, progress: SpellingProgress(), assigned: ["Rocket", "planet", "friend"],
                                             due: due, using: &generator)
        #expect(game.words.count == 15 && Set(game.words).count == 15)
        #expect(Set(due.prefix(4)).isSubset(of: game.words) && !game.words.contains("people"), "at most four reviews")
        #expect(Set(["rocket", "planet"]).isSubset(of: game.words))
    }

    @Test("ten right answers pass; a retry is not a first try; nothing is accepted after the end")
    func passing() throws {
        var game = session()
        #expect(try game.answer("nope") == .incorrect)
        #expect(game.triesOnWord == 1 && game.position == 0)
        #expect(try game.answer("WORD0") == .correct(firstTry: false))
        for index in 1..<10 { #expect(try game.answer("word\(index)") == .correct(firstTry: true)) }
        #expect(game.isPassed && game.isOver && game.progress == 1)
        #expect(throws: SpellingError.sessionOver) { try game.answer("word10") }
        #expect(throws: SpellingError.sessionOver) { try game.giveUp() }
    }

    @Test("a given-up word comes back three words later, once; running out of words ends the game unpassed")
    func givingUp() throws {
        var game = session(6)
        #expect(try game.giveUp() == "word0")
        #expect(game.words == ["word1", "word2", "word3", "word0", "word4", "word5"].reduce(into: ["word0"]) { $0.append($1) })
        #expect(game.incorrectCount == 1 && game.currentWord == "word1")
        _ = try game.answer("word1"); _ = try game.answer("word2"); _ = try game.answer("word3")
        #expect(game.currentWord == "word0")
        #expect(try game.giveUp() == "word0")
        #expect(game.words.count == 7, "it comes back only once")
        _ = try game.answer("word4"); _ = try game.answer("word5")
        #expect(game.isOver && !game.isPassed && game.correctCount == 5 && game.incorrectCount == 2)
    }

    @Test("near the end a given-up word goes last")
    func givingUpNearTheEnd() throws {
        var game = session(2)
        _ = try game.answer("word0")
        _ = try game.giveUp()
        #expect(game.words == ["word0", "word1", "word1"] && game.currentWord == "word1")
    }
}

@Suite("spaced repetition")
struct WordHistoryTests {
    let day: TimeInterval = 86_400
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("a miss is due at once; first-try successes double the wait, up to 16 days")
    func leitner() {
        var history = WordHistory(word: "Because")
        #expect(history.word == "because" && !history.isDue(at: start))
        history.record(firstTry: false, at: start)
        #expect(history.isDue(at: start) && history.misses == 1 && history.attempts == 1)
        var now = start
        for expectedDays in [1, 2, 4, 8, 16, 16] {
            history.record(firstTry: true, at: now)
            #expect(!history.isDue(at: now.addingTimeInterval(Double(expectedDays) * day - 1)))
            now = now.addingTimeInterval(Double(expectedDays) * day)
            #expect(history.isDue(at: now), "due after \(expectedDays) days")
        }
        history.record(firstTry: false, at: now)
        #expect(history.box == 0 && history.isDue(at: now) && history.misses == 2)
    }

    @Test("words never missed are not reviewed; the most missed come first")
    func dueOrder() {
        var easy = WordHistory(word: "cat"); easy.record(firstTry: true, at: start)
        var once = WordHistory(word: "said"); once.record(firstTry: false, at: start)
        var twice = WordHistory(word: "because")
        twice.record(firstTry: false, at: start); twice.record(firstTry: false, at: start.addingTimeInterval(60))
        var later = WordHistory(word: "friend"); later.record(firstTry: false, at: start); later.record(firstTry: true, at: start)
        #expect(WordHistory.dueWords([easy, once, twice, later], at: start.addingTimeInterval(120)) == ["because", "said"])
        #expect(WordHistory.dueWords([easy, once, twice, later], at: start.addingTimeInterval(2 * day)) == ["because", "said", "friend"])
    }
}

@Suite("parents' word lists")
struct WordListTests {
    @Test("one word a line, or CSV cells; a header, blanks and repeats skipped; lower-cased")
    func parsing() throws {
        #expect(try WordList.parse(name: "  Week  3 ", text: "Rocket\nplanet\n\n  moon \nrocket").words == ["rocket", "planet", "moon"])
        #expect(try WordList.parse(name: "Week 3", text: "word\n\"rocket\";planet").words == ["rocket", "planet"])
        #expect(throws: SpellingError.self) { try WordList.parse(name: "x", text: "word,grade\n\"rocket\",2") }
        #expect(try WordList.parse(name: "CSV", text: "words\r\nrocket\r\nplanet\r\n").words == ["rocket", "planet"])
    }

    @Test("bad lists are refused with the line", arguments: [
        ("", "cat", "Give the list a name."),
        ("x", "", "The list has no words."),
        ("x", "cat\nice-cream", "Line 2: \"ice-cream\" is not a word of letters a–z."),
        ("x", "cat\n<script>", "Line 2: \"<script>\" is not a word of letters a–z."),
        ("x", "naïve", "Line 1: \"naïve\" is not a word of letters a–z."),
        ("x", String(repeating: "a", count: 31), "Line 1: \"\(String(repeating: "a", count: 31))…\" is longer than 30 letters."),
    ])
    func refused(name: String, text: String, message: String) {
        #expect(throws: SpellingError.invalidWordList(message)) { try WordList.parse(name: name, text: text) }
    }

    @Test("10,000 lines or more than 300 words are refused")
    func size() {
        let tenThousand = (0..<10_000).map { _ in "cat" }.joined(separator: "\n")
        #expect(throws: SpellingError.self) { try WordList.parse(name: "big", text: tenThousand) }
        let words = (0..<301).map { index in String(index.description.map { Character(UnicodeScalar(UInt8(97 + Int(String($0))!))) }) + "x" }
        #expect(throws: SpellingError.invalidWordList("The list has 301 words: at most 300.")) {
            try WordList.parse(name: "many", text: words.joined(separator: "\n"))
        }
    }
}

@Suite("the parent's report")
struct SpellingReportTests {
    let rome = TimeZone(identifier: "Europe/Rome")!
    // 2027-03-10 12:00 UTC
    let now = Date(timeIntervalSince1970: 1_804_680_000)

    func result(_ word: String, _ firstTry: Bool, daysAgo: Double = 0, grade: Int = 2, level: Int = 1, seconds: Double = 10) -> WordResult {
        WordResult(word: word, grade: grade, level: level, firstTry: firstTry, at: now.addingTimeInterval(-daysAgo * 86_400), seconds: seconds)
    }

    @Test("accuracy by grade and level, trouble words by miss rate, time capped per word")
    func tallies() {
        let report = SpellingReport(results: [
            result("cat", true), result("said", false), result("said", false), result("said", true),
            result("because", false), result("because", true), result("tree", true, level: 2, seconds: 3_600),
            result("friend", true, grade: 3, level: 4),
        ], now: now, timeZone: rome)
        #expect(report.overall.answered == 8 && report.overall.firstTry == 5)
        #expect(report.byGrade[2]?.answered == 7 && report.byGrade[3]?.accuracy == 1)
        #expect(report.byLevel.map { "\($0.grade)-\($0.level)" } == ["2-1", "2-2", "3-4"])
        #expect(report.byLevel[0].tally.answered == 6 && report.byLevel[0].tally.firstTry == 3)
        #expect(report.troubleWords.map(\.word) == ["said", "because"])
        #expect(report.troubleWords[0].misses == 2 && report.troubleWords[0].attempts == 3)
        #expect(report.secondsPractised == 7 * 10 + 120)
        #expect(report.lastPractised == now)
    }

    @Test("the streak counts days in a row in the family's time zone, ending today or yesterday")
    func streak() {
        #expect(SpellingReport(results: [], now: now, timeZone: rome).streakDays == 0)
        let threeDays = [result("a", true), result("b", true, daysAgo: 1), result("c", true, daysAgo: 2), result("d", true, daysAgo: 4)]
        #expect(SpellingReport(results: threeDays, now: now, timeZone: rome).streakDays == 3)
        let endedYesterday = [result("b", true, daysAgo: 1), result("c", true, daysAgo: 2)]
        #expect(SpellingReport(results: endedYesterday, now: now, timeZone: rome).streakDays == 2)
        let broken = [result("c", true, daysAgo: 2)]
        #expect(SpellingReport(results: broken, now: now, timeZone: rome).streakDays == 0)
        // 23:30 UTC on the 9th is already the 10th in Rome: today there, yesterday in UTC.
        let lateEvening = WordResult(word: "x", grade: 1, level: 1, firstTry: true, at: Date(timeIntervalSince1970: 1_804_635_000), seconds: 5)
        #expect(SpellingReport.streak(days: [lateEvening.at], now: now, timeZone: rome) == 1)
        #expect(SpellingReport.streak(days: [lateEvening.at, now.addingTimeInterval(-86_400 * 2)], now: now,
                                      timeZone: TimeZone(identifier: "UTC")!) == 2)
    }
}
