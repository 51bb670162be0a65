import Testing
@testable import SpeechCoach

/// Read-aloud: the passages, following the reader as they read, and judging a reading word by word
/// (read, misread, skipped; repeats and additions apart) as tables.
@Suite("read-aloud: passages, following and judging")
struct ReadAloudTests {
    static let passage = ReadAloudPassage(id: "t", title: "T", emoji: "📖", level: .easy, category: .story,
                                          text: "The cat sat on the mat. It was warm, and the cat slept.")

    /// Words 0.4 s apart.
    static func heard(_ text: String) -> [TimedWord] {
        text.split(separator: " ").enumerated().map { TimedWord(text: String($1), start: Double($0) * 0.4, end: Double($0) * 0.4 + 0.3) }
    }

    static func marks(_ result: ReadAloudResult) -> String {
        result.words.map { switch $0.mark { case .read: "r"; case .misread: "m"; case .skipped: "s" } }.joined()
    }

    @Test("twelve passages of our own, four at each level, four kinds, each a real length")
    func passages() {
        #expect(ReadAloud.passages.count >= 12)
        for level in ReadAloudPassage.Level.allCases { #expect(ReadAloud.passages.count { $0.level == level } >= 4) }
        #expect(Set(ReadAloud.passages.map(\.category)) == Set(ReadAloudPassage.Category.allCases))
        #expect(Set(ReadAloud.passages.map(\.id)).count == ReadAloud.passages.count)
        #expect(ReadAloud.passages.allSatisfy { (25...90).contains($0.words.count) && !$0.text.contains("  ") })
        // Harder passages have longer words, on average.
        let letters = { (level: ReadAloudPassage.Level) -> Double in
            let words = ReadAloud.passages.filter { $0.level == level }.flatMap(\.words).map(ReadAloud.key)
            return Double(words.map(\.count).reduce(0, +)) / Double(max(1, words.count))
        }
        #expect(letters(.easy) < letters(.medium) && letters(.medium) < letters(.hard))
    }

    @Test("words compare without case or punctuation")
    func keys() {
        #expect(ReadAloud.key("Don't,") == "dont" && ReadAloud.key("MAT.") == "mat" && ReadAloud.key("—") == "")
    }

    @Test("a reading judged word by word", arguments: [
        // said, marks per passage word (r read, m misread, s skipped), extra words, score
        ("the cat sat on the mat it was warm and the cat slept", "rrrrrrrrrrrrr", 0, 100),
        ("the cat sat on the mat it was warm and the cat", "rrrrrrrrrrrrs", 0, 92),
        ("the cat on the mat it was warm and the cat slept", "rrsrrrrrrrrrr", 0, 92),
        ("the cat sat on the hat it was warm and the cat slept", "rrrrrmrrrrrrr", 0, 92),
        ("the the cat sat on the mat it was warm and the cat slept", "rrrrrrrrrrrrr", 1, 100),
        ("the cat sat on the mat the cat sat on the mat it was warm and the cat slept", "rrrrrrrrrrrrr", 6, 100),
        ("the cat sat um on the mat it was very warm and the cat slept", "rrrrrrrrrrrrr", 2, 100),
        ("", "sssssssssssss", 0, 0),
        ("dogs bark loudly", "mmmssssssssss", 0, 0),
    ])
    func judged(said: String, marks: String, extra: Int, score: Int) {
        let result = ReadAloud.judge(Self.passage, heard: Self.heard(said), duration: 10)
        #expect(Self.marks(result) == marks)
        #expect(result.extra == extra && result.score == score)
        #expect(result.read + result.misread + result.skipped == Self.passage.words.count)
        #expect(result.passed == (score >= 90))
    }

    @Test("among alignments with as few edits, the one with the most words read wins")
    func mostWordsRead() {
        let ball = ReadAloudPassage(id: "b", title: "B", emoji: "⚽", level: .easy, category: .story, text: "big red ball")
        let result = ReadAloud.judge(ball, heard: Self.heard("red big ball"), duration: 2)
        #expect(result.read == 2 && result.misread == 0 && result.skipped == 1 && result.extra == 1)
        #expect(ReadAloud.judge(ball, heard: [TimedWord(text: "big", start: 2, end: 2.3), TimedWord(text: "ball", start: 1, end: 1.2)],
                                duration: 3).wpm == nil, "times out of order do not trap")
    }

    @Test("a misread word is the one where the reader was, not one further on")
    func misread() throws {
        let result = ReadAloud.judge(Self.passage, heard: Self.heard("the cat sat on the hat"), duration: 3)
        let hat = result.words[5]
        #expect(hat.text == "mat." && hat.mark == .misread && hat.heardAs == "hat" && hat.start == 2.0)
        #expect(result.words[0].start == 0 && result.words[6].start == nil)
    }

    @Test("reading pace: passage words read a minute from the first word said to the last")
    func pace() {
        let result = ReadAloud.judge(Self.passage, heard: Self.heard("the cat sat on the mat it was warm and the cat slept"), duration: 10)
        // 13 words read between 0 and 5.1 s (the last word 4.8–5.1 s).
        #expect(result.wpm == 153)
        #expect(ReadAloud.judge(Self.passage, heard: [], duration: 3).wpm == nil)
    }

    @Test("following the reader: how far into the passage the words heard so far reach", arguments: [
        ("", 0), ("the", 1), ("the cat sat", 3), ("the cat sat on the", 5), ("the cat on the mat", 6), ("the cat sat on the mat the cat sat", 6),
        ("the cat sat on the mat it was warm", 9), ("the cat sat on the mat it was warm and the cat slept", 13), ("elephants", 0),
    ])
    func reached(heard: String, reached: Int) {
        #expect(ReadAloud.reached(Self.passage, heard: heard.split(separator: " ").map(String.init)) == reached)
    }
}

@Suite("read-aloud: the second hearing's grammar")
struct ReadAloudGrammarTests {
    @Test("the passage's words, what the first hearing heard instead and hesitations, each once, as dictionary words")
    func grammar() throws {
        let passage = try #require(ReadAloud.passage(id: "the-lost-kite"))
        let grammar = ReadAloud.grammar(passage, heard: ["some", "had", "A", "blue", "'tis", "naïve", ""])
        #expect(grammar.hasPrefix("#JSGF V1.0;\ngrammar reading;\npublic <reading> = <word>+ ;\n<word> = sam | had | a | red | kite |"))
        let words = grammar.split(separator: "=").last!.dropLast(3).split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(Set(words).count == words.count)
        #expect(words.contains("some") && words.contains("blue") && words.contains("tis") && words.contains("nave"))
        #expect(words.suffix(2) == ["um", "uh"] && !words.contains(""))
        #expect(words.allSatisfy { $0.allSatisfy { ($0.isLetter && $0.isASCII) || $0 == "'" } })
    }
}
