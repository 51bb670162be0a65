import Foundation

/// A few sentences of a material that the coach can answer with: a paragraph, or up to three of its
/// sentences when it is long, with the heading it sits under.
public struct Passage: Codable, Equatable, Sendable {
    /// Its place in the material, from 0.
    public let position: Int
    public let heading: String?
    public let text: String

    public init(position: Int, heading: String?, text: String) {
        (self.position, self.heading, self.text) = (position, heading, text)
    }
}

public enum Passages {
    /// A passage holds at most this many sentences and, unless one sentence is longer, words.
    public static let sentences = 3
    public static let words = 80
    /// At most this many from one material (a 200,000-character material makes about 600).
    public static let limit = 3000

    /// The material's passages, in order: paragraphs split at blank lines and at headings (a short
    /// line that does not end as a sentence does), each cut into runs of at most `sentences`
    /// sentences and about `words` words.
    public static func split(_ text: String, language: StudyLanguage) -> [Passage] {
        var passages: [Passage] = []
        var heading: String? = nil
        var headed = 0
        /// A heading nothing followed (a one-line note, a list of short lines) is a passage of its own.
        func keepBareHeading() {
            guard let line = heading, headed == passages.count, passages.count < limit else { return }
            passages.append(Passage(position: passages.count, heading: nil, text: line))
            heading = nil
        }
        for paragraph in text.components(separatedBy: "\n\n") {
            var lines: [String] = []
            func flush() {
                let body = lines.joined(separator: " ")
                lines = []
                guard !body.isEmpty else { return }
                var run: [String] = [], count = 0
                for sentence in ReadingText.sentences(body, language: language) {
                    let length = ReadingText.words(sentence).count
                    if !run.isEmpty, run.count >= sentences || count + length > words {
                        add(run)
                        (run, count) = ([], 0)
                    }
                    run.append(sentence)
                    count += length
                }
                add(run)
            }
            func add(_ run: [String]) {
                guard !run.isEmpty, passages.count < limit else { return }
                passages.append(Passage(position: passages.count, heading: heading, text: run.joined(separator: " ")))
            }
            for line in paragraph.components(separatedBy: .newlines).map({ $0.trimmingCharacters(in: .whitespaces) }) where !line.isEmpty {
                let bare = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
                if line.hasPrefix("#") || MindMapBuilder.isHeading(line) {
                    flush()
                    keepBareHeading()
                    heading = bare.isEmpty ? nil : String(bare.prefix(120))
                    headed = passages.count
                } else {
                    lines.append(line)
                }
            }
            flush()
        }
        keepBareHeading()
        return passages
    }
}

/// A passage as the coach's index keeps it: its terms with their counts, the material's title and
/// the passage's heading counted once each among them (a question names the topic more often than
/// the sentence that answers it does).
public struct IndexedPassage: Sendable, Equatable {
    public let passage: Passage
    public let terms: [String: Int]
    public var length: Int { terms.values.reduce(0, +) }
}

extension Passages {
    /// The material's words a question may be about, for the coach's voice grammar: names, and
    /// content words of six letters or more, the most used first, at most 30, no years (the
    /// recogniser says no digits). A word said once counts ("Evaporation is when…" is the question).
    public static func topics(_ text: String, language: StudyLanguage) -> [String] {
        let scores = KeyTerms.scores(ReadingText.sentences(text, language: language), language: language)
        return Array(scores.values.filter { !$0.spelling.contains { $0.isNumber } }
            .sorted { ($1.score, $0.first) < ($0.score, $1.first) }.map(\.spelling).prefix(30))
    }

    public static func indexed(title: String, text: String, language: StudyLanguage, terms analyzer: StudyTerms) -> [IndexedPassage] {
        let titleTerms = Set(analyzer.terms(title, language: language))
        return split(text, language: language).compactMap { passage in
            var counts: [String: Int] = [:]
            for term in analyzer.terms(passage.text, language: language) { counts[term, default: 0] += 1 }
            for term in titleTerms.union(analyzer.terms(passage.heading ?? "", language: language)) { counts[term, default: 0] += 1 }
            return counts.isEmpty ? nil : IndexedPassage(passage: passage, terms: counts)
        }
    }
}
