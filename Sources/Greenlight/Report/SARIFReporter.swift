import Crypto
import Foundation

/// SARIF 2.1.0 with stable rule ids (ours), help text, levels as the anchor maps them, and
/// partial fingerprints so code-scanning services track a finding across commits.
enum SARIFReporter {
    static func level(_ severity: Severity) -> String {
        switch severity {
        case .critical, .high: "error"
        case .warn: "warning"
        case .info: "note"
        }
    }

    static func render(_ report: ScanReport) throws -> String {
        let usedIds = Set(report.findings.map(\.ruleId))
        let rules = report.rules.filter { usedIds.contains($0.id) }.map { rule -> [String: Any] in
            [
                "id": rule.id,
                "name": rule.id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(),
                "shortDescription": ["text": rule.title],
                "help": ["text": "App Store Review Guideline \(rule.guideline). \(rule.fix)",
                         "markdown": "**App Store Review Guideline \(rule.guideline)** — \(rule.fix)"],
                "helpUri": "https://developer.apple.com/app-store/review/guidelines/",
                "defaultConfiguration": ["level": level(rule.severity)],
                "properties": ["guideline": rule.guideline, "severity": rule.severity.name, "tags": ["app-store", "guideline-\(rule.guideline)"]],
            ]
        }
        let results = report.findings.map { finding -> [String: Any] in
            var result: [String: Any] = [
                "ruleId": finding.ruleId,
                "level": level(finding.severity),
                "message": ["text": "§\(finding.guideline) \(finding.title). \(finding.detail)"],
                "partialFingerprints": ["greenlight/v1": fingerprint(finding)],
                "properties": ["severity": finding.severity.name, "guideline": finding.guideline, "source": finding.source.rawValue],
            ]
            if let index = rules.firstIndex(where: { $0["id"] as? String == finding.ruleId }) { result["ruleIndex"] = index }
            // Every result has a location (GitHub refuses an upload otherwise): a project-wide
            // finding is shown at the file that stands for the project.
            let file = finding.file.isEmpty ? (report.projectFile ?? ".") : finding.file
            var physical: [String: Any] = ["artifactLocation": ["uri": uri(file), "uriBaseId": "%SRCROOT%"]]
            if finding.line > 0 && !finding.file.isEmpty { physical["region"] = ["startLine": finding.line] }
            result["locations"] = [["physicalLocation": physical]]
            return result
        }
        let document: [String: Any] = [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [[
                "tool": ["driver": ["name": "greenlight", "informationUri": "https://github.com/kidsfunzone/greenlight",
                                    "semanticVersion": GreenlightVersion.current, "rules": rules]],
                "originalUriBaseIds": ["%SRCROOT%": ["uri": sourceRoot(report)]],
                "results": results,
                "invocations": [["executionSuccessful": true]],
            ]],
        ]
        let data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// A relative path as a URI reference (spaces and other reserved characters escaped).
    static func uri(_ path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
    }

    /// The scanned folder as a file URL ending in a slash (for an .ipa alone, the folder it is in).
    static func sourceRoot(_ report: ScanReport) -> String {
        var url = URL(fileURLWithPath: report.projectPath)
        if report.projectPath.hasSuffix(".ipa") { url.deleteLastPathComponent() }
        let text = url.absoluteString
        return text.hasSuffix("/") ? text : text + "/"
    }

    /// Stable across line moves: rule, file and the trimmed code (or title for file-level findings).
    static func fingerprint(_ finding: Finding) -> String {
        let basis = "\(finding.ruleId)|\(finding.file)|\(finding.code ?? finding.title)"
        return SHA256.hash(data: Array(basis.utf8)).prefix(16).map { String(format: "%02x", $0) }.joined()
    }
}

public enum GreenlightVersion {
    public static let current = "0.1.0"
}
