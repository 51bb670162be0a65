import Foundation

/// One section of the App Store Review Guidelines, in our own words.
public struct Guideline: Sendable, Equatable {
    public let section: String
    public let title: String
    public let summary: String
    public let commonViolations: [String]

    public init(section: String, title: String, summary: String, commonViolations: [String]) {
        self.section = section
        self.title = title
        self.summary = summary
        self.commonViolations = commonViolations
    }

    /// "2.5.1" → "2.5"; "3.1.1(a)" → "3.1.1"; "2" → nil.
    public var parent: String? {
        if let paren = section.firstIndex(of: "(") { return String(section[..<paren]) }
        guard let dot = section.lastIndex(of: ".") else { return nil }
        return String(section[..<dot])
    }
}

/// Our guideline index: list, show and ranked search.
public enum GuidelineCatalog {
    public static func guideline(_ section: String) -> Guideline? {
        entries.first { $0.section == section.trimmedSpaces.trimmingCharacters(in: CharacterSet(charactersIn: "§")) }
    }

    public static func children(of section: String) -> [Guideline] { entries.filter { $0.parent == section } }

    public static var topLevel: [Guideline] { entries.filter { $0.parent == nil } }

    /// Ranks entries by how well they match the words of `query`: every word must occur; a match in
    /// the section number or title counts more than one in the summary; whole words more than parts.
    public static func search(_ query: String) -> [Guideline] {
        let words = query.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "." }).map(String.init)
        guard !words.isEmpty else { return [] }
        let scored = entries.compactMap { entry -> (Guideline, Int)? in
            let title = entry.title.lowercased(), summary = entry.summary.lowercased()
            let violations = entry.commonViolations.joined(separator: " ").lowercased()
            var score = 0
            for word in words {
                var wordScore = 0
                if entry.section == word { wordScore += 100 }
                if title.contains(word) { wordScore += containsWord(title, word) ? 30 : 15 }
                if summary.contains(word) { wordScore += containsWord(summary, word) ? 10 : 5 }
                if violations.contains(word) { wordScore += containsWord(violations, word) ? 6 : 3 }
                guard wordScore > 0 else { return nil }
                score += wordScore
            }
            return (entry, score)
        }
        return scored.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : order($0.0.section, $1.0.section) }.map(\.0)
    }

    static func containsWord(_ text: String, _ word: String) -> Bool {
        text.range(of: "\\b\(NSRegularExpression.escapedPattern(for: word))\\b", options: .regularExpression) != nil
    }

    /// Document order of two section numbers ("2.10" after "2.9").
    static func order(_ a: String, _ b: String) -> Bool {
        let parts = { (s: String) in s.split(whereSeparator: { $0 == "." || $0 == "(" || $0 == ")" }).map { Int($0) ?? 0 } }
        return parts(a).lexicographicallyPrecedes(parts(b))
    }
}
