import Foundation

/// Text as a PDF or OCR gives it, made into text to read: lines of a paragraph joined (a word cut
/// with a hyphen at a line's end made whole), paragraphs kept, short lines without an end mark kept
/// as headings, page furniture (a lone page number) dropped, spaces tidied.
public enum ScannedText {
    public static func clean(_ raw: String) -> String {
        let text = raw.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .replacingOccurrences(of: "\u{0C}", with: "\n\n").replacingOccurrences(of: "\u{00AD}", with: "")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { tidy(String($0)) }
        let lengths = lines.map(\.count).filter { $0 > 0 }.sorted()
        let typical = lengths.isEmpty ? 0 : lengths[lengths.count * 3 / 4]
        var paragraphs: [String] = []
        var current = ""
        func close() {
            if !current.isEmpty { paragraphs.append(current) }
            current = ""
        }
        for line in lines {
            if line.isEmpty { close(); continue }
            if line.allSatisfy(\.isNumber) && line.count <= 4 { continue }  // a page number on its own
            let heading = line.count < typical / 2 && !endsSentence(line) && line.first?.isUppercase == true
                && !["-", ",", "–"].contains(line.last ?? " ")
            if heading { close(); paragraphs.append(line); continue }
            if current.isEmpty { current = line; continue }
            if current.hasSuffix("-"), current.dropLast().last?.isLetter == true, line.first?.isLowercase == true {
                current = String(current.dropLast()) + line
            } else {
                current += " " + line
            }
            // A line well short of the others that ends a sentence ends its paragraph.
            if endsSentence(line) && line.count < typical * 2 / 3 { close() }
        }
        close()
        return paragraphs.joined(separator: "\n\n")
    }

    static func endsSentence(_ line: String) -> Bool {
        guard let last = line.last else { return false }
        return ".!?:;»\"”)".contains(last)
    }

    /// Spaces collapsed, a space before punctuation dropped, ligatures OCR leaves spelled out.
    static func tidy(_ line: String) -> String {
        var out = line.replacingOccurrences(of: "\u{FB01}", with: "fi").replacingOccurrences(of: "\u{FB02}", with: "fl")
            .replacingOccurrences(of: "\t", with: " ")
        while out.contains("  ") { out = out.replacingOccurrences(of: "  ", with: " ") }
        for mark in [",", ".", ";", ":", "!", "?"] { out = out.replacingOccurrences(of: " " + mark, with: mark) }
        return out.trimmingCharacters(in: .whitespaces)
    }
}
