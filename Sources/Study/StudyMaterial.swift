import Foundation
import TextRules

/// Something to study: text typed or pasted, a PDF or photos of pages, turned into text the student
/// reads (with the reading settings) or listens to. A PDF or photos are read in the background:
/// the material waits, is read, and is ready or failed with the reason.
public struct StudyMaterial: Codable, Equatable, Sendable, Identifiable {
    public enum Source: String, Codable, CaseIterable, Sendable { case text, pdf, photos }
    public enum Status: String, Codable, CaseIterable, Sendable { case pending, processing, ready, failed }

    public let id: String
    public var title: String
    public var subjectId: String?
    public let source: Source
    public var status: Status
    /// Why reading it failed, in words a person acts on.
    public var failure: String?
    /// The same as a code, for the page to say in the student's language (DocumentError.code).
    public var failureCode: String?
    public var language: StudyLanguage
    /// The text of each page, in order (one page for typed text).
    public var pages: [String]
    public let createdAt: Date

    public init(id: String, title: String, subjectId: String?, source: Source, status: Status, failure: String? = nil,
                failureCode: String? = nil, language: StudyLanguage, pages: [String], createdAt: Date) {
        self.failureCode = failureCode
        (self.id, self.title, self.subjectId, self.source, self.status) = (id, title, subjectId, source, status)
        (self.failure, self.language, self.pages, self.createdAt) = (failure, language, pages, createdAt)
    }

    /// The pages as one text, a blank line between pages.
    public var text: String { pages.joined(separator: "\n\n") }
}

public enum MaterialRuleError: Error, Equatable, Sendable {
    case titleEmpty, titleTooLong
    case textEmpty
    case textTooLong(limit: Int)
}

public enum StudyMaterials {
    public static let titleLength = 1...120
    /// Characters of text one material may hold (about 60 book pages).
    public static let textLimit = 200_000
    /// Materials one student may have.
    public static let limit = 2_000

    public static func cleanTitle(_ raw: String) throws(MaterialRuleError) -> String {
        let title = raw.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !title.isEmpty else { throw .titleEmpty }
        guard TextRules.fits(title, characters: titleLength.upperBound) else { throw .titleTooLong }
        return title
    }

    /// Text as kept: line ends made "\n", control characters other than tabs and line ends dropped,
    /// spaces at line ends trimmed, at most two blank lines in a row, nothing around it.
    public static func cleanText(_ raw: String) throws(MaterialRuleError) -> String {
        let unified = raw.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        let visible = TextRules.replacingControls(in: unified) { $0 == "\n" || $0 == "\t" }
        var lines: [Substring] = []
        var blanks = 0
        for line in visible.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed()
            if trimmed.isEmpty { blanks += 1; if blanks > 2 { continue } } else { blanks = 0 }
            lines.append(Substring(String(trimmed)))
        }
        let text = lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw .textEmpty }
        guard TextRules.fits(text, characters: textLimit) else { throw .textTooLong(limit: textLimit) }
        return text
    }

    /// A title from the text when none was given: its first sentence when that fits in 60 characters
    /// (without its full stop), else its first line cut at a word within 60 characters.
    public static func title(from text: String) -> String {
        let first = (text.split(separator: "\n").first.map(String.init) ?? "").trimmingCharacters(in: .whitespaces)
        if let sentence = ReadingText.sentences(first, language: ReadingText.language(of: first)).first, sentence.count <= 60 {
            let bare = sentence.hasSuffix(".") && !sentence.hasSuffix("..") ? String(sentence.dropLast()) : sentence
            if !bare.isEmpty { return bare }
        }
        var title = ""
        for word in first.split(whereSeparator: \.isWhitespace) {
            let next = title.isEmpty ? String(word) : title + " " + word
            if next.count > 60 { break }
            title = next
        }
        return title.isEmpty ? String(first.prefix(60)) : title
    }

    /// Words in the text (for the list's counts).
    public static func wordCount(_ text: String) -> Int {
        text.split { $0.isWhitespace || $0.isNewline }.filter { $0.contains { $0.isLetter || $0.isNumber } }.count
    }
}
