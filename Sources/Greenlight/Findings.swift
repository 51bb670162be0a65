import Foundation

/// How bad a finding is, in the anchor's words (CRITICAL, HIGH, WARN, INFO).
public enum Severity: Int, Comparable, Sendable, CaseIterable, Codable {
    case info = 0, warn, high, critical

    public static func < (a: Severity, b: Severity) -> Bool { a.rawValue < b.rawValue }

    public var name: String {
        switch self {
        case .critical: "CRITICAL"
        case .high: "HIGH"
        case .warn: "WARN"
        case .info: "INFO"
        }
    }

    /// Accepts the anchor's config words (info, warn, high, critical), any case.
    public init?(word: String) {
        switch word.lowercased() {
        case "critical": self = .critical
        case "high": self = .high
        case "warn", "warning": self = .warn
        case "info": self = .info
        default: return nil
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }

    public init(from decoder: any Decoder) throws {
        let word = try decoder.singleValueContainer().decode(String.self)
        guard let severity = Severity(word: word) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown severity \(word)"))
        }
        self = severity
    }
}

/// Which scanner produced a finding (the anchor's `source` field).
public enum FindingSource: String, Codable, Sendable {
    case codescan, privacy, metadata, ipa, preflight
}

/// One App Store rejection risk at a place in the project.
public struct Finding: Codable, Equatable, Sendable {
    public var ruleId: String
    public var source: FindingSource
    public var severity: Severity
    public var guideline: String
    public var title: String
    public var detail: String
    public var fix: String?
    /// Path relative to the scanned root; empty for project-wide findings.
    public var file: String
    /// 1-based; 0 when the finding is about a whole file or the project.
    public var line: Int
    public var code: String?

    public init(ruleId: String, source: FindingSource, severity: Severity, guideline: String, title: String, detail: String,
                fix: String?, file: String, line: Int, code: String?) {
        self.ruleId = ruleId
        self.source = source
        self.severity = severity
        self.guideline = guideline
        self.title = title
        self.detail = detail
        self.fix = fix
        self.file = file
        self.line = line
        self.code = code
    }

    enum CodingKeys: String, CodingKey {
        case ruleId = "rule_id", source, severity, guideline, title, detail, fix, file, line, code
    }
}

/// The three-state verdict of the anchor.
public enum Verdict: String, Sendable {
    case greenlit = "GREENLIT — no critical issues found"
    case needsReview = "NEEDS REVIEW"
    case notReady = "NOT READY"

    /// NOT READY with any CRITICAL, NEEDS REVIEW with any HIGH, else GREENLIT (WARN and INFO allowed).
    public init(_ findings: [Finding]) {
        if findings.contains(where: { $0.severity == .critical }) { self = .notReady }
        else if findings.contains(where: { $0.severity == .high }) { self = .needsReview }
        else { self = .greenlit }
    }
}

/// Counts by severity, as the anchor's JSON `summary`, plus the real number of files scanned.
public struct ScanSummary: Codable, Equatable, Sendable {
    public let total: Int
    public let critical: Int
    public let high: Int
    public let warns: Int
    public let infos: Int
    public let filesScanned: Int
    /// Backward compatible with the anchor: true when there is no CRITICAL (NEEDS REVIEW may still pass).
    public let passed: Bool

    public init(findings: [Finding], filesScanned: Int) {
        total = findings.count
        critical = findings.filter { $0.severity == .critical }.count
        high = findings.filter { $0.severity == .high }.count
        warns = findings.filter { $0.severity == .warn }.count
        infos = findings.filter { $0.severity == .info }.count
        self.filesScanned = filesScanned
        passed = critical == 0
    }

    enum CodingKeys: String, CodingKey {
        case total, critical, high, warns, infos, filesScanned = "files_scanned", passed
    }
}
