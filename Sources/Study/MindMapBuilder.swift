import Foundation

/// A mind map from a material's own text, with no model (mirrorbuddy.md §6: "headings → map"): the
/// root is the title; the branches are the material's headings, or else its paragraphs gathered into
/// 3–6 sections named by their key term; each branch has 2–4 details, the key phrases of its section
/// (at most 7 words, the material's own words in its own order).
public enum MindMapBuilder {
    public static let branches = 3...6
    public static let details = 2...4
    public static let phraseWords = 7

    struct Section {
        var heading: String?
        var sentences: [String]
    }

    public static func build(title: String, text: String, language: StudyLanguage) -> MindMap {
        let rootLabel = label(title, words: phraseWords)
        var nodes = [MindMap.Node(id: "n0", parentId: nil, label: rootLabel.isEmpty ? "?" : rootLabel)]
        var used = Set([rootLabel.lowercased()])
        let sections = sections(of: text, title: title, language: language)
        let whole = KeyTerms.scores(sections.flatMap(\.sentences), language: language)
        var clauses = Set<String>()
        for section in sections {
            let terms = KeyTerms.ranked(section.sentences, by: whole, language: language)
            // A section without a heading is named by its best new term: a common noun (a subject, not
            // a person named once), else any word but a year.
            let fresh = terms.filter { !used.contains($0.lowercased()) && $0.contains(where: \.isLetter) }
            guard let branch = section.heading.map({ label($0, words: phraseWords) })
                    ?? (fresh.first { $0.first?.isLowercase == true } ?? fresh.first).map({ label(capitalised($0), words: phraseWords) }), !branch.isEmpty,
                  used.insert(branch.lowercased()).inserted else { continue }
            let branchId = "n\(nodes.count)"
            nodes.append(MindMap.Node(id: branchId, parentId: "n0", label: branch))
            var count = 0
            for term in terms where count < details.upperBound {
                guard !branch.localizedCaseInsensitiveContains(term),
                      let (clause, phrase) = phrase(for: term, in: section.sentences, language: language, skipping: clauses),
                      used.insert(phrase.lowercased()).inserted else { continue }
                clauses.insert(clause)
                nodes.append(MindMap.Node(id: "n\(nodes.count)", parentId: branchId, label: phrase))
                count += 1
            }
        }
        return MindMap(title: rootLabel.isEmpty ? "?" : String(title.prefix(MindMaps.titleLimit)), nodes: nodes)
    }

    /// The material's headings and what follows each, or its paragraphs gathered into at most six sections.
    static func sections(of text: String, title: String, language: StudyLanguage) -> [Section] {
        var headed: [Section] = []
        var loose: [String] = []
        for line in text.components(separatedBy: .newlines).map({ $0.trimmingCharacters(in: .whitespaces) }) where !line.isEmpty {
            if isHeading(line), line.caseInsensitiveCompare(title) != .orderedSame {
                headed.append(Section(heading: line, sentences: []))
            } else if headed.isEmpty {
                loose.append(line)
            } else {
                headed[headed.count - 1].sentences += ReadingText.sentences(line, language: language)
            }
        }
        headed = headed.filter { !$0.sentences.isEmpty }
        if headed.count >= branches.lowerBound {
            // More than six headings: the six with the most to say, in the material's order.
            let kept = Set(headed.indices.sorted { words(headed[$0]) > words(headed[$1]) }.prefix(branches.upperBound))
            return headed.indices.filter(kept.contains).map { headed[$0] }
        }
        // No headings: paragraphs (or sentences) gathered evenly into 3-6 sections.
        let paragraphs = text.components(separatedBy: "\n\n").map { ReadingText.sentences($0, language: language) }.filter { !$0.isEmpty }
        var pieces = paragraphs.count >= branches.lowerBound ? paragraphs : paragraphs.flatMap { $0 }.map { [$0] }
        if pieces.isEmpty { return [] }
        let count = min(max(pieces.count, 1), branches.upperBound)
        let size = Int((Double(pieces.count) / Double(count)).rounded(.up))
        var sections: [Section] = []
        while !pieces.isEmpty {
            sections.append(Section(heading: nil, sentences: pieces.prefix(size).flatMap { $0 }))
            pieces.removeFirst(min(size, pieces.count))
        }
        return sections
    }

    static func words(_ section: Section) -> Int { section.sentences.reduce(0) { $0 + ReadingText.words($1).count } }

    /// A heading: one short line (at most 8 words) that starts with a capital or a number and does
    /// not end as a sentence does.
    static func isHeading(_ line: String) -> Bool {
        let count = ReadingText.words(line).count
        guard (1...8).contains(count), line.count <= 70, let first = line.first, first.isUppercase || first.isNumber else { return false }
        return !(line.last.map { ".,;:!?".contains($0) } ?? true) || line.hasSuffix(":")
    }

    /// The clause of the first sentence that holds `term`: whole when it is short, else the words from
    /// the term on, at most `phraseWords`, never ending on a function word.
    /// Each clause gives one phrase at most (`skipping` those used): two details never say the same thing.
    static func phrase(for term: String, in sentences: [String], language: StudyLanguage, skipping used: Set<String>) -> (String, String)? {
        let stop = StopWords.all[language] ?? []
        for sentence in sentences {
            for clause in sentence.split(whereSeparator: { ",;:()".contains($0) }).map(String.init) where !used.contains(clause) {
                var words = ReadingText.words(clause).map(\.text)
                guard let at = words.firstIndex(where: { $0.caseInsensitiveCompare(term) == .orderedSame || $0.lowercased().hasSuffix("'" + term.lowercased()) })
                else { continue }
                if words.count > phraseWords { words = Array(words[at...].prefix(phraseWords)) }
                while let first = words.first, words.count > 1, stop.contains(first.lowercased()) || StopWords.openers[language]?.contains(first.lowercased()) == true {
                    words.removeFirst()
                }
                while let last = words.last, words.count > 1, stop.contains(last.lowercased()) { words.removeLast() }
                guard words.count >= 2 || words.first?.count ?? 0 >= 4 else { continue }
                // At most 80 characters too (seven long words can be more), cut at a word.
                let phrase = label(capitalised(words.joined(separator: " ")), words: phraseWords)
                guard !phrase.isEmpty else { continue }
                return (clause, phrase)
            }
        }
        return nil
    }

    /// `text` on one line, cut at a word to at most `words` words.
    static func label(_ text: String, words: Int) -> String {
        let line = MindMaps.oneLine(text)
        let all = line.split(separator: " ")
        var cut = all.count > words ? all.prefix(words).joined(separator: " ") : line
        // Over the label limit: whole words that fit, or the first word's letters that do.
        while cut.count > MindMaps.labelLimit, let space = cut.lastIndex(of: " ") { cut = String(cut[..<space]) }
        return String(cut.prefix(MindMaps.labelLimit)).trimmingCharacters(in: CharacterSet(charactersIn: " :;,."))
    }

    static func capitalised(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
}
