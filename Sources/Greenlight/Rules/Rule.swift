import Foundation

/// Which part of a lexed line a rule's patterns see.
public enum MatchTarget: Sendable, Hashable {
    /// Code only: string contents and comments blanked (e.g. a type name that must be used, not mentioned).
    case code
    /// The contents of string literals only (user-visible text, URLs).
    case strings
    /// Code and string contents, comments blanked.
    case text
}

/// A codescan rule as data: adding a rule is adding a record. Patterns are regular expressions,
/// `keywords` a cheap prefilter (one must occur, case-insensitively, in the file).
public struct CodeRule: Sendable {
    public enum Scope: Sendable { case perLine, oncePerProject }

    public let id: String
    public let severity: Severity
    public let guideline: String
    public let title: String
    public let detail: String
    public let fix: String
    public let kinds: Set<FileKind>
    public let target: MatchTarget
    public let patterns: [String]
    public let keywords: [String]
    public let caseInsensitive: Bool
    /// A line matching any of these (on its text) is not reported.
    public let lineExclusions: [String]
    /// If any of these occurs in code or strings anywhere in the project (never in a comment), the rule is satisfied.
    public let safeguards: [String]
    public let scope: Scope
    /// Test targets and SwiftUI previews are not shipped UI: rules about user-visible text skip them.
    public let skipsTestsAndPreviews: Bool
    /// Reported only when a file has more than this many hits (console-log: 5).
    public let minimumHitsPerFile: Int

    public init(id: String, severity: Severity, guideline: String, title: String, detail: String, fix: String,
                kinds: Set<FileKind>, target: MatchTarget, patterns: [String], keywords: [String], caseInsensitive: Bool = true,
                lineExclusions: [String] = [], safeguards: [String] = [], scope: Scope = .perLine,
                skipsTestsAndPreviews: Bool = false, minimumHitsPerFile: Int = 0) {
        self.id = id
        self.severity = severity
        self.guideline = guideline
        self.title = title
        self.detail = detail
        self.fix = fix
        self.kinds = kinds
        self.target = target
        self.patterns = patterns
        self.keywords = keywords
        self.caseInsensitive = caseInsensitive
        self.lineExclusions = lineExclusions
        self.safeguards = safeguards
        self.scope = scope
        self.skipsTestsAndPreviews = skipsTestsAndPreviews
        self.minimumHitsPerFile = minimumHitsPerFile
    }
}

/// A rule whose logic is not a line pattern (plist values, Expo config, counts): same metadata,
/// its own check.
public struct FileRule: Sendable {
    public let id: String
    public let severity: Severity
    public let guideline: String
    public let fix: String
    public let kinds: Set<FileKind>
    /// Returns (title, detail, line) for each problem in one file, given its text and, for a
    /// property list, its parsed dictionary (nil when it does not parse).
    public let check: @Sendable (ProjectFile, String, [String: Any]?) -> [(title: String, detail: String, line: Int)]
}

/// The description of a rule every output format reads (SARIF's `rules[]`, `greenlight rules`).
public struct RuleInfo: Sendable, Equatable {
    public let id: String
    public let severity: Severity
    public let guideline: String
    public let title: String
    public let fix: String

    /// A finding of this rule; `title` defaults to the rule's own.
    func finding(source: FindingSource, title: String? = nil, detail: String, file: String, line: Int = 0, code: String? = nil) -> Finding {
        Finding(ruleId: id, source: source, severity: severity, guideline: guideline, title: title ?? self.title, detail: detail,
                fix: fix, file: file, line: line, code: code)
    }
}
