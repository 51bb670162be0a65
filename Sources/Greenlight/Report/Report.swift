import Foundation

/// What a scanning command hands to a reporter.
public struct ScanReport: Sendable {
    public var command: String
    public var projectPath: String
    public var findings: [Finding]
    public var filesScanned: Int
    public var elapsed: Duration
    public var rules: [RuleInfo]
    /// Set when an .ipa was inspected (`ipa`, `preflight --ipa`).
    public var app: AppSummary?
    /// Where a project-wide finding (no file of its own) is shown, relative to `projectPath`: the
    /// app's Xcode project or another file that stands for the project (SARIF needs a location
    /// for every result).
    public var projectFile: String?
    /// Folders left out because their code does not ship (`--verbose` lists them).
    public var leftOut: [(path: String, reason: String)] = []

    /// What the .ipa says about itself, for the report header (the anchor's `ipa_path`, `app_name`, `bundle_id`).
    public struct AppSummary: Sendable, Equatable {
        public var ipaPath: String
        public var name: String?
        public var bundleId: String?
        public var version: String?

        public init(ipaPath: String, name: String?, bundleId: String?, version: String?) {
            self.ipaPath = ipaPath
            self.name = name
            self.bundleId = bundleId
            self.version = version
        }
    }

    public init(command: String, projectPath: String, findings: [Finding], filesScanned: Int, elapsed: Duration, rules: [RuleInfo],
                app: AppSummary? = nil, projectFile: String? = nil) {
        self.command = command
        self.projectPath = projectPath
        self.findings = findings
        self.filesScanned = filesScanned
        self.elapsed = elapsed
        self.rules = rules
        self.app = app
        self.projectFile = projectFile
    }

    public var summary: ScanSummary { ScanSummary(findings: findings, filesScanned: filesScanned) }
    public var verdict: Verdict { Verdict(findings) }

    /// Go's duration style, as the anchor prints it ("12.345ms", "1.2s").
    public var elapsedText: String {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        if seconds >= 1 { return String(format: "%.3gs", seconds) }
        if seconds >= 0.001 { return String(format: "%.3fms", seconds * 1000) }
        return String(format: "%.0fµs", seconds * 1_000_000)
    }

    public var elapsedMilliseconds: Double {
        (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18) * 1000
    }
}

public enum OutputFormat: String, Sendable, CaseIterable {
    case terminal, json, sarif, junit
}

public enum Reporter {
    /// `verbose`: the terminal report lists every finding (repeated WARN and INFO findings of one
    /// rule are otherwise shown once, with their places).
    public static func render(_ report: ScanReport, as format: OutputFormat, color: Bool = false, verbose: Bool = false) throws -> String {
        switch format {
        case .terminal: TerminalReporter.render(report, color: color, verbose: verbose)
        case .json: try JSONReporter.render(report)
        case .sarif: try SARIFReporter.render(report)
        case .junit: JUnitReporter.render(report)
        }
    }
}

enum JSONReporter {
    struct Document: Encodable {
        let command: String
        let projectPath: String
        let verdict: String
        let findings: [Finding]
        let summary: ScanSummary
        let elapsed: String
        let elapsedMs: Double
        let ipaPath: String?
        let appName: String?
        let bundleId: String?
        let appVersion: String?

        enum CodingKeys: String, CodingKey {
            case command, projectPath = "project_path", verdict, findings, summary, elapsed, elapsedMs = "elapsed_ms"
            case ipaPath = "ipa_path", appName = "app_name", bundleId = "bundle_id", appVersion = "app_version"
        }
    }

    static func render(_ report: ScanReport) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let document = Document(command: report.command, projectPath: report.projectPath, verdict: report.verdict.rawValue,
                                findings: report.findings, summary: report.summary, elapsed: report.elapsedText,
                                elapsedMs: (report.elapsedMilliseconds * 1000).rounded() / 1000, ipaPath: report.app?.ipaPath,
                                appName: report.app?.name, bundleId: report.app?.bundleId, appVersion: report.app?.version)
        return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
    }
}

enum TerminalReporter {
    /// A rule with more WARN or INFO findings than this is shown once, with its places listed.
    static let groupAbove = 2
    static let placesShown = 6

    static func render(_ report: ScanReport, color: Bool, verbose: Bool = false) -> String {
        func paint(_ text: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        let colors: [Severity: String] = [.critical: "1;31", .high: "31", .warn: "33", .info: "36"]
        var out = "greenlight \(report.command) — \(report.projectPath)\n"
        if let app = report.app {
            let parts = [app.name, app.bundleId, app.version.map { "v\($0)" }].compactMap { $0 }
            out += "IPA \(app.ipaPath)\(parts.isEmpty ? "" : " — " + parts.joined(separator: " "))\n"
        }
        out += "\n"
        for severity in Severity.allCases.reversed() {
            let group = report.findings.filter { $0.severity == severity }
            guard !group.isEmpty else { continue }
            out += paint("\(severity.name) (\(group.count))", colors[severity]!) + "\n"
            let byRule = Dictionary(grouping: group, by: \.ruleId)
            var shownRules = Set<String>()
            for finding in group {
                let repeated = byRule[finding.ruleId] ?? []
                if !verbose && severity <= .warn && repeated.count > groupAbove {
                    guard shownRules.insert(finding.ruleId).inserted else { continue }
                    out += grouped(repeated)
                    continue
                }
                let place = finding.file.isEmpty ? "" : "  \(Self.place(finding))"
                out += "  [\(finding.ruleId)] §\(finding.guideline) \(finding.title)\(place)\n"
                out += "      \(finding.detail)\n"
                if let code = finding.code, !code.isEmpty { out += "      > \(code)\n" }
                if let fix = finding.fix { out += "      Fix: \(fix)\n" }
            }
            out += "\n"
        }
        if verbose && !report.leftOut.isEmpty {
            out += "Left out (their code does not ship in the app):\n"
            for folder in report.leftOut { out += "  \(folder.path)/ — \(folder.reason)\n" }
            out += "\n"
        }
        let s = report.summary
        out += "\(s.total) findings: \(s.critical) critical, \(s.high) high, \(s.warns) warn, \(s.infos) info — "
        out += "\(s.filesScanned) files scanned in \(report.elapsedText)\n"
        let verdictColor = report.verdict == .greenlit ? "1;32" : report.verdict == .needsReview ? "1;33" : "1;31"
        out += paint(report.verdict.rawValue, verdictColor) + "\n"
        return out
    }
}

extension TerminalReporter {
    static func place(_ finding: Finding) -> String {
        finding.file.isEmpty ? "(project)" : "\(finding.file)\(finding.line > 0 ? ":\(finding.line)" : "")"
    }

    /// One rule's repeated findings in a few lines: the first one's detail and fix, then where.
    static func grouped(_ findings: [Finding]) -> String {
        let first = findings[0]
        var out = "  [\(first.ruleId)] §\(first.guideline) \(first.title) — \(findings.count) places\n"
        out += "      \(first.detail)\n"
        if let fix = first.fix { out += "      Fix: \(fix)\n" }
        let places = findings.prefix(placesShown).map(place).joined(separator: ", ")
        let more = findings.count - min(findings.count, placesShown)
        out += "      at \(places)\(more > 0 ? " and \(more) more (--verbose lists each)" : "")\n"
        return out
    }
}

enum JUnitReporter {
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// One test case per finding; CRITICAL and HIGH are failures, WARN and INFO pass with output.
    static func render(_ report: ScanReport) -> String {
        let failures = report.findings.filter { $0.severity >= .high }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"greenlight\" tests=\"\(report.findings.count)\" failures=\"\(failures)\">\n"
        out += "  <testsuite name=\"greenlight \(escape(report.command))\" tests=\"\(report.findings.count)\" failures=\"\(failures)\" time=\"\(String(format: "%.3f", report.elapsedMilliseconds / 1000))\">\n"
        for finding in report.findings {
            let name = escape("\(finding.ruleId) \(finding.file)\(finding.line > 0 ? ":\(finding.line)" : "")")
            out += "    <testcase classname=\"greenlight.\(escape(finding.ruleId))\" name=\"\(name)\">\n"
            let message = escape("§\(finding.guideline) \(finding.title)")
            let body = escape(finding.detail + (finding.fix.map { "\nFix: \($0)" } ?? ""))
            if finding.severity >= .high {
                out += "      <failure message=\"\(message)\" type=\"\(finding.severity.name)\">\(body)</failure>\n"
            } else {
                out += "      <system-out>\(finding.severity.name): \(message)\n\(body)</system-out>\n"
            }
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }
}
