import Foundation
import TextRules

/// A school subject a student files materials and tasks under. The defaults are the original's
/// (MirrorBuddy's Swift era: "Mario's 10 + Altro"); a student adds, renames, recolours, reorders
/// and hides subjects, and may delete only one of their own that holds nothing.
public struct Subject: Codable, Equatable, Sendable, Identifiable {
    public let id: String
    /// The name in Italian and in English (the profile's language picks one); a student's own
    /// subject has the one name they gave it in both.
    public var names: Names
    /// #RRGGBB.
    public var colour: String
    public var emoji: String
    public var order: Int
    public var hidden: Bool
    public let isDefault: Bool

    public struct Names: Codable, Equatable, Sendable {
        public var it: String
        public var en: String
        public init(it: String, en: String) { (self.it, self.en) = (it, en) }
        public func named(_ language: StudyLanguage) -> String { language == .it ? it : en }
    }

    public init(id: String, names: Names, colour: String, emoji: String, order: Int, hidden: Bool = false, isDefault: Bool = false) {
        (self.id, self.names, self.colour, self.emoji, self.order, self.hidden, self.isDefault) = (id, names, colour, emoji, order, hidden, isDefault)
    }
}

/// The two languages MirrorBuddy speaks.
public enum StudyLanguage: String, Codable, CaseIterable, Sendable { case it, en }

public enum SubjectRuleError: Error, Equatable, Sendable {
    case nameEmpty, nameTooLong
    case badColour(String)
    case isDefault
    case hasContent(materials: Int, tasks: Int)
    case tooMany(limit: Int)
}

public enum Subjects {
    public static let nameLength = 1...40
    /// Subjects one student may have (defaults included).
    public static let limit = 40

    /// Seeded once per student, in this order (mirrorbuddy.md §1.3).
    public static let defaults: [Subject] = [
        ("educazione-civica", "Educazione Civica", "Civics", "#8E44AD", "🏛️"),
        ("fisica", "Fisica", "Physics", "#2E86DE", "🧲"),
        ("inglese", "Inglese", "English", "#E74C3C", "🇬🇧"),
        ("italiano", "Italiano", "Italian", "#27AE60", "📖"),
        ("matematica", "Matematica", "Maths", "#E67E22", "🔢"),
        ("religione", "Religione", "Religion", "#F1C40F", "🕊️"),
        ("scienze-motorie", "Scienze Motorie", "PE", "#00BCD4", "⚽"),
        ("scienze-naturali", "Scienze Naturali", "Natural Science", "#1ABC9C", "🌿"),
        ("sostegno", "Sostegno", "Learning Support", "#E91E8C", "🤝"),
        ("storia-geografia", "Storia e Geografia", "History and Geography", "#8D6E63", "🗺️"),
        ("altro", "Altro", "Other", "#95A5A6", "📦"),
    ].enumerated().map { index, item in
        Subject(id: item.0, names: .init(it: item.1, en: item.2), colour: item.3, emoji: item.4, order: index, isDefault: true)
    }

    /// A name as kept: spaces collapsed, 1–40 characters.
    public static func cleanName(_ raw: String) throws(SubjectRuleError) -> String {
        let name = raw.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !name.isEmpty else { throw .nameEmpty }
        guard TextRules.fits(name, characters: nameLength.upperBound) else { throw .nameTooLong }
        return name
    }

    /// A colour as kept: #RRGGBB, upper case.
    public static func cleanColour(_ raw: String) throws(SubjectRuleError) -> String {
        let hex = raw.trimmingCharacters(in: .whitespaces).uppercased()
        guard hex.count == 7, hex.first == "#", hex.dropFirst().allSatisfy(\.isHexDigit) else { throw .badColour(String(raw.prefix(20))) }
        return hex
    }

    /// A subject may go only when it is the student's own and holds no material and no task.
    public static func checkDeletable(_ subject: Subject, materials: Int, tasks: Int) throws(SubjectRuleError) {
        guard !subject.isDefault else { throw .isDefault }
        guard materials == 0 && tasks == 0 else { throw .hasContent(materials: materials, tasks: tasks) }
    }

    /// The subjects in `ids` order first (a reorder), any left out after them in their old order; orders renumbered from 0.
    public static func reordered(_ subjects: [Subject], ids: [String]) -> [Subject] {
        let byId = Dictionary(subjects.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var seen = Set<String>()
        let named = ids.compactMap { id in seen.insert(id).inserted ? byId[id] : nil }
        let rest = subjects.sorted { $0.order < $1.order }.filter { !seen.contains($0.id) }
        return (named + rest).enumerated().map { index, subject in
            var copy = subject
            copy.order = index
            return copy
        }
    }
}
