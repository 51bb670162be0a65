import Foundation

/// Read-aloud: a passage read to the microphone, followed word by word as it is read and judged at
/// the end: each word of the passage read, misread (heard as another word) or skipped, words said
/// that are not in the passage (repeats, additions) counted apart, never as mistakes.
///
/// Better than the original (speakup.md §1.13), which matched greedily with a 3-word look-ahead:
/// the whole reading is aligned with the passage at the least cost (Levenshtein over words), so a
/// repeated word or a line read twice does not throw the rest out of step.
public struct ReadAloudPassage: Codable, Equatable, Sendable, Identifiable {
    public enum Level: String, Codable, Sendable, CaseIterable { case easy, medium, hard }
    public enum Category: String, Codable, Sendable, CaseIterable { case story, news, science, tongueTwister }

    public let id: String
    public let title: String
    public let emoji: String
    public let level: Level
    public let category: Category
    public let text: String

    /// The passage's words as written (punctuation kept), in order.
    public var words: [String] { text.split(whereSeparator: \.isWhitespace).map(String.init) }
}

/// How a reading went.
public struct ReadAloudResult: Codable, Equatable, Sendable {
    public enum Mark: String, Codable, Sendable { case read, misread, skipped }

    /// One word of the passage.
    public struct Word: Codable, Equatable, Sendable {
        public var text: String
        public var mark: Mark
        /// What was heard instead (misread).
        public var heardAs: String?
        /// When it was said (read or misread).
        public var start: Double?
    }

    public var passage: String
    /// Words read ÷ words of the passage, 0–100.
    public var score: Int
    /// 90 and over: a fluent reading.
    public var passed: Bool
    public var words: [Word]
    public var read: Int
    public var misread: Int
    public var skipped: Int
    /// Words said that are not in the passage (a repeat, an added word).
    public var extra: Int
    /// Passage words read a minute, from the first word said to the last.
    public var wpm: Int?
    public var seconds: Double
}

public enum ReadAloud {
    /// A reading passes from this score.
    public static let passScore = 90

    public static func passage(id: String) -> ReadAloudPassage? { passages.first { $0.id == id } }

    /// A word as compared: lower case, letters and digits only ("Don't," → "dont").
    public static func key(_ word: String) -> String {
        String(word.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
    }

    /// The least-cost alignment of `heard` with `reference` (both keys): pairs of (reference index,
    /// heard index), nil on one side for a skipped or an extra word. A word heard for another, a
    /// skipped word and an extra word each cost one edit; among alignments with as few edits, the
    /// one with the most words matched wins ("big red ball" read "red big ball" has two words read,
    /// not one). `openEnd`: the reference may stop anywhere at no cost (a reading still under way).
    static func align(_ reference: [String], _ heard: [String], openEnd: Bool = false) -> [(Int?, Int?)] {
        let (n, m) = (reference.count, heard.count)
        // Edits first, then matches: a cell is edits × `edit` − matches (fewer than `edit` matches fit).
        let edit = max(n, m) + 1
        let step = { (i: Int, j: Int) in reference[i - 1] == heard[j - 1] ? -1 : edit }
        var cost = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in 0...n { cost[i][0] = i * edit }
        for j in 0...m { cost[0][j] = j * edit }
        if n > 0 && m > 0 {
            for i in 1...n {
                for j in 1...m {
                    cost[i][j] = min(cost[i - 1][j - 1] + step(i, j), cost[i - 1][j] + edit, cost[i][j - 1] + edit)
                }
            }
        }
        // Where the reading ends in the passage: its end, or (open) the furthest point as cheap as any.
        var i = n
        if openEnd {
            i = (0...n).reversed().min { cost[$0][m] < cost[$1][m] } ?? n
        }
        var j = m
        var pairs: [(Int?, Int?)] = []
        // Back from the end, skips first when they cost the same: a reading that stopped early leaves
        // the passage's end skipped, and a word heard wrong stays where the reader was.
        while i > 0 || j > 0 {
            if i > 0, cost[i][j] == cost[i - 1][j] + edit || j == 0 {
                pairs.append((i - 1, nil)); i -= 1
            } else if i > 0, j > 0, cost[i][j] == cost[i - 1][j - 1] + step(i, j) {
                pairs.append((i - 1, j - 1)); i -= 1; j -= 1
            } else {
                pairs.append((nil, j - 1)); j -= 1
            }
        }
        return pairs.reversed()
    }

    /// A grammar for hearing a reading a second time: any run of the passage's words, the words
    /// the first (open) hearing heard, and hesitations. The open hearing's language model hears a
    /// child's "Sam" as "some"; with the passage's own words on an equal footing with what was
    /// heard, each stretch of sound goes to the word it sounds most like, so a word read right is
    /// heard right and a word read wrong is still heard as what was said (the open hearing offers it).
    /// Equal footing, not a bias toward the passage: weighting the passage's words twice raised right
    /// readings a little more but let "cat" read for "dog" pass as read.
    public static func grammar(_ passage: ReadAloudPassage, heard: [String]) -> String {
        var seen = Set<String>()
        let token = { (word: String) in
            String(word.lowercased().filter { ($0.isLetter && $0.isASCII) || $0 == "'" }).trimmingCharacters(in: CharacterSet(charactersIn: "'"))
        }
        let words = (passage.words + heard + ["um", "uh"]).compactMap { word -> String? in
            let token = token(word)
            return !token.isEmpty && seen.insert(token).inserted ? token : nil
        }
        return "#JSGF V1.0;\ngrammar reading;\npublic <reading> = <word>+ ;\n<word> = \(words.joined(separator: " | ")) ;\n"
    }

    /// How far the reader has come: the passage words up to the last one matched by what was heard so far.
    public static func reached(_ passage: ReadAloudPassage, heard: [String]) -> Int {
        let reference = passage.words.map(key)
        let said = heard.map(key).filter { !$0.isEmpty }
        guard !said.isEmpty else { return 0 }
        let matched = align(reference, said, openEnd: true).compactMap { pair -> Int? in
            guard let r = pair.0, let h = pair.1, reference[r] == said[h] else { return nil }
            return r
        }
        return (matched.last ?? -1) + 1
    }

    /// The reading of `passage` judged from the words heard (with their times).
    public static func judge(_ passage: ReadAloudPassage, heard: [TimedWord], duration: Double) -> ReadAloudResult {
        let written = passage.words
        let reference = written.map(key)
        let said = heard.filter { !key($0.text).isEmpty }
        var words = written.map { ReadAloudResult.Word(text: $0, mark: .skipped, heardAs: nil, start: nil) }
        var extra = 0
        for (r, h) in align(reference, said.map { key($0.text) }) {
            switch (r, h) {
            case let (r?, h?):
                let same = reference[r] == key(said[h].text)
                words[r] = .init(text: written[r], mark: same ? .read : .misread, heardAs: same ? nil : said[h].text, start: said[h].start)
            case (nil, _?): extra += 1
            default: break
            }
        }
        let read = words.count { $0.mark == .read }
        let score = written.isEmpty ? 0 : Int((Double(read) / Double(written.count) * 100).rounded())
        // From the first word said to the last (a recogniser's times are in order; max keeps it safe).
        let minutes = max(0, (said.last?.end ?? 0) - (said.first?.start ?? 0)) / 60
        return ReadAloudResult(passage: passage.id, score: score, passed: score >= passScore, words: words, read: read,
                               misread: words.count { $0.mark == .misread }, skipped: words.count { $0.mark == .skipped }, extra: extra,
                               wpm: minutes > 0.05 && read > 0 ? Int((Double(read) / minutes).rounded()) : nil, seconds: duration)
    }
}
