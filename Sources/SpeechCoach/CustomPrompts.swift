import Foundation
import TextRules

/// A prompt a speaker writes (or imports) for themselves: checked here, kept by the server beside the
/// built-in ones, and picked, filtered and answered like them.
public struct PromptDraft: Equatable, Sendable {
    public var text: String
    public var category: String
    public var difficulty: SpeakingPrompt.Difficulty

    public init(text: String, category: String, difficulty: SpeakingPrompt.Difficulty) {
        self.text = text
        self.category = category
        self.difficulty = difficulty
    }
}

public enum PromptRuleError: Error, Equatable, Sendable {
    case textTooShort
    case textTooLong
    case textHasControlCharacters
    case unknownCategory(String)
    case unknownDifficulty(String)
    case notText
    case tooManyRows(limit: Int)
    case badRows([PromptCSV.Problem])
}

public enum CustomPrompts {
    public static let textLength = 5...400
    /// Custom prompts one profile may keep.
    public static let perProfile = 1_000
    public static let idPrefix = "custom-"

    /// The text as stored: spaces collapsed, ends trimmed; too short, too long or with control characters is refused.
    public static func cleanText(_ raw: String) throws(PromptRuleError) -> String {
        if raw.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && !" \t\n\r".unicodeScalars.contains($0) }) {
            throw .textHasControlCharacters
        }
        let text = raw.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard text.count >= textLength.lowerBound else { throw .textTooShort }
        guard TextRules.fits(text, characters: textLength.upperBound) else { throw .textTooLong }
        return text
    }

    /// Two texts that read the same (case, spaces and end punctuation aside) are one prompt.
    public static func key(_ text: String) -> String {
        text.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            .trimmingCharacters(in: CharacterSet.punctuationCharacters.union(.whitespaces))
    }

    /// A category by its id or its name (any case) among `categories`.
    public static func category(_ raw: String, in categories: [PromptCategory]) -> PromptCategory? {
        let wanted = raw.trimmingCharacters(in: .whitespaces).lowercased()
        return categories.first { $0.id == wanted || $0.name.lowercased() == wanted }
    }

    public static func difficulty(_ raw: String) throws(PromptRuleError) -> SpeakingPrompt.Difficulty {
        let wanted = raw.trimmingCharacters(in: .whitespaces).lowercased()
        if wanted.isEmpty { return .medium }
        guard let difficulty = SpeakingPrompt.Difficulty(rawValue: wanted) else { throw .unknownDifficulty(String(raw.prefix(30))) }
        return difficulty
    }

    /// The suggested length of a speaker's own prompt: a minute, more for a hard one.
    public static func seconds(for difficulty: SpeakingPrompt.Difficulty) -> Int {
        switch difficulty {
        case .easy: 45
        case .medium: 60
        case .hard: 90
        }
    }

    /// The most lines one batch may add (a pasted list; a file goes through `PromptCSV`).
    public static let batchLines = 50

    /// Prompts pasted one per line, all in one category and difficulty: blank lines are left out,
    /// texts already kept (`existingKeys`) or given twice are skipped (their line numbers, 1 first),
    /// and any bad line refuses the whole batch with every bad line named.
    public static func batch(_ text: String, category: String, difficulty: SpeakingPrompt.Difficulty,
                             existingKeys: Set<String>) throws(PromptRuleError) -> (drafts: [PromptDraft], skipped: [Int]) {
        // "\r\n" is one Character: every kind of line break ends a line.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        let filled = lines.enumerated().filter { !$0.element.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        guard !filled.isEmpty else { throw .textTooShort }
        guard filled.count <= batchLines else { throw .tooManyRows(limit: batchLines) }
        var keys = existingKeys, drafts: [PromptDraft] = [], skipped: [Int] = [], problems: [PromptCSV.Problem] = []
        for (index, line) in filled {
            do {
                let clean = try cleanText(line)
                guard keys.insert(key(clean)).inserted else { skipped.append(index + 1); continue }
                drafts.append(PromptDraft(text: clean, category: category, difficulty: difficulty))
            } catch {
                problems.append(PromptCSV.Problem(row: index + 1, reason: PromptCSV.reason(error)))
            }
        }
        guard problems.isEmpty else { throw .badRows(problems) }
        return (drafts, skipped)
    }

    /// The prompt a draft becomes.
    public static func prompt(id: String, draft: PromptDraft, forKids: Bool) -> SpeakingPrompt {
        SpeakingPrompt(id: id, category: draft.category, text: draft.text, difficulty: draft.difficulty,
                       seconds: seconds(for: draft.difficulty), forKids: forKids, emoji: forKids ? "⭐" : nil)
    }
}

/// Prompts as CSV (`text,category,difficulty`, RFC 4180 quoting), in and out. Import is all or
/// nothing: every bad row is named and nothing is added until the file is right. Unknown categories
/// go to `fallbackCategory` (as the original put them under Personal Growth) and are named too;
/// prompts already in the library, or twice in the file, are skipped.
public enum PromptCSV {
    public static let maximumRows = 500
    public static let maximumBytes = 256 * 1024
    public static let header = ["text", "category", "difficulty"]

    public struct Problem: Codable, Equatable, Sendable {
        public let row: Int
        public let reason: String
    }

    public struct Import: Equatable, Sendable {
        public var drafts: [PromptDraft] = []
        public var skipped: [Int] = []
        /// Rows whose category was not known, filed under the fallback.
        public var refiled: [Int] = []
    }

    /// The drafts a file adds to a library that already holds prompts with `existingKeys` (`CustomPrompts.key`).
    public static func parse(_ data: Data, categories: [PromptCategory], fallbackCategory: String,
                             existingKeys: Set<String>) throws(PromptRuleError) -> Import {
        guard !data.contains(0), let text = String(data: data, encoding: .utf8) else { throw .notText }
        var rows = records(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)
        var first = 1
        if let head = rows.first, head.map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }).starts(with: ["text"]) {
            rows.removeFirst()
            first = 2
        }
        let numbered = rows.enumerated().map { (row: $0.offset + first, cells: $0.element) }
            .filter { !$0.cells.allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty } }
        guard numbered.count <= maximumRows else { throw .tooManyRows(limit: maximumRows) }

        var result = Import()
        var problems: [Problem] = []
        var keys = existingKeys
        for (row, cells) in numbered {
            do {
                if cells.dropFirst(3).contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) {
                    problems.append(Problem(row: row, reason: "has more than 3 columns (put text that holds commas in double quotes)"))
                    continue
                }
                let text = try CustomPrompts.cleanText(cells[0])
                let difficulty = try CustomPrompts.difficulty(cells.count > 2 ? cells[2] : "")
                let named = cells.count > 1 ? cells[1] : ""
                var category = fallbackCategory
                if let known = CustomPrompts.category(named, in: categories) {
                    category = known.id
                } else if !named.trimmingCharacters(in: .whitespaces).isEmpty {
                    result.refiled.append(row)
                }
                guard keys.insert(CustomPrompts.key(text)).inserted else { result.skipped.append(row); continue }
                result.drafts.append(PromptDraft(text: text, category: category, difficulty: difficulty))
            } catch {
                problems.append(Problem(row: row, reason: reason(error)))
            }
        }
        guard problems.isEmpty else { throw .badRows(problems) }
        return result
    }

    /// What a row's problem is, in words.
    public static func reason(_ error: PromptRuleError) -> String {
        switch error {
        case .textTooShort: "the prompt is shorter than \(CustomPrompts.textLength.lowerBound) characters"
        case .textTooLong: "the prompt is longer than \(CustomPrompts.textLength.upperBound) characters"
        case .textHasControlCharacters: "the prompt holds control characters"
        case .unknownCategory(let name): "there is no category \"\(name)\""
        case .unknownDifficulty(let name): "the difficulty \"\(name)\" is not easy, medium or hard"
        case .notText: "this is not a text file"
        case .tooManyRows(let limit): "there are more than \(limit) rows"
        case .badRows(let rows): "\(rows.count) rows are wrong"
        }
    }

    /// The file for `prompts`, header first, lines ending CRLF. A cell that a spreadsheet would run as
    /// a formula (=, +, -, @ first) is written with a leading apostrophe.
    public static func export(_ prompts: [SpeakingPrompt]) -> String {
        ([header] + prompts.map { [$0.text, $0.category, $0.difficulty.rawValue] })
            .map { $0.map(cell).joined(separator: ",") + "\r\n" }.joined()
    }

    static func cell(_ value: String) -> String {
        var value = value
        if let first = value.first, "=+-@\t\r".contains(first) { value = "'" + value }
        guard value.contains(where: { ",\"\r\n".contains($0) }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// RFC 4180 records: fields split at commas, quoted fields may hold commas, doubled quotes and
    /// line breaks; CRLF, LF or CR end a record.
    static func records(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var iterator = Array(text).makeIterator()
        var pending: Character? = nil
        while let char = pending ?? iterator.next() {
            pending = nil
            if quoted {
                if char == "\"" {
                    if let next = iterator.next() {
                        if next == "\"" { field.append("\"") } else { quoted = false; pending = next }
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(char)
                }
                continue
            }
            switch char {
            case "\"" where field.isEmpty: quoted = true
            case ",": record.append(field); field = ""
            case "\r\n", "\n", "\r": record.append(field); records.append(record); record = []; field = ""
            default: field.append(char)
            }
        }
        if !field.isEmpty || !record.isEmpty { record.append(field); records.append(record) }
        return records
    }
}
