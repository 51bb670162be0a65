import Foundation
import Testing
@testable import Greenlight

@Suite struct ScannerBehaviourTests {
    @Test func inlineSuppressionSameLineOrStandaloneLineAbove() throws {
        let result = try scanProject(["A.swift": """
            let a = "http://one.shop.com" // greenlight:ignore http-not-https
            // greenlight:ignore
            let b = "http://two.shop.com"
            let c = "http://three.shop.com" // greenlight:ignore hardcoded-ipv4
            let d = "http://four.shop.com"  // a note, greenlight:ignore is not a directive here
            """])
        #expect(result.findings.filter { $0.ruleId == "http-not-https" }.map(\.line) == [4, 5])
    }

    @Test func aSafeguardInACommentDoesNotSilenceARule() throws {
        let result = try scanProject(["A.swift": "import StoreKit\n// TODO: AppStore.sync() for restore\nlet r = try await p.purchase()"])
        #expect(result.findings.contains { $0.ruleId == "iap-no-restore" })
    }

    @Test func oncePerProjectRulesReportOneFinding() throws {
        let result = try scanProject(["A.swift": "import StoreKit", "B.swift": "import StoreKit", "C.swift": "SKPaymentQueue.default()"])
        #expect(result.findings.filter { $0.ruleId == "iap-no-restore" }.count == 1)
    }

    @Test func testsAndPreviewsAreNotShippedText() throws {
        let result = try scanProject([
            "AppTests/NetworkTests.swift": "let fixture = \"http://test.shop.com\"\nText(\"Lorem ipsum\")",
            "App/Row.swift": "struct Row_Previews: PreviewProvider {\n  static var previews: some View { Text(\"Lorem ipsum\") }\n}\nlet real = Text(\"TBD\")",
        ])
        #expect(result.findings.map(\.ruleId).sorted() == ["placeholder-content"])
        #expect(result.findings.first?.line == 4)
    }

    @Test func findingsAreDeduplicatedByRuleFileAndLineWorstFirst() {
        func finding(_ rule: String, _ severity: Severity, _ line: Int) -> Finding {
            Finding(ruleId: rule, source: .codescan, severity: severity, guideline: "1", title: "t", detail: "d", fix: nil, file: "a", line: line, code: nil)
        }
        let result = CodeScanner.deduplicated([finding("x", .warn, 3), finding("x", .warn, 3), finding("y", .warn, 3), finding("z", .critical, 9)])
        #expect(result.map(\.ruleId) == ["z", "x", "y"])
    }

    @Test func configurationTurnsOffAndReratesRules() throws {
        let configuration = try GreenlightConfiguration.parse("""
            rules:
              http-not-https: { enabled: false }
              placeholder-content: { severity: critical }
            ignore:
              - Generated
            """, knownRules: CodeScanner.ruleIds)
        let findings = try withProject(["A.swift": "let a = \"http://x.shop.com\"\nText(\"Coming soon\")", "Generated/B.swift": "Text(\"TBD\")"]) { root in
            CodeScanner(configuration: configuration).scan(try ProjectWalker(ignore: configuration.ignore).walk(root).files).findings
        }
        #expect(findings.map(\.ruleId) == ["placeholder-content"])
        #expect(findings.first?.severity == .critical && findings.first?.file == "A.swift")
    }

    @Test(arguments: [
        ("rules:\n  no-such-rule: { enabled: false }", GreenlightConfiguration.ConfigError.unknownRule("no-such-rule")),
        ("rulez: {}", .unknownKey("rulez")),
        ("rules:\n  console-log: { enable: false }", .unknownKey("rules.console-log.enable")),
        ("rules:\n  console-log: { severity: loud }", .invalidValue("rules.console-log.severity must be info, warn, high or critical")),
    ])
    func badConfigurationIsRefusedClearly(yaml: String, error: GreenlightConfiguration.ConfigError) {
        #expect(throws: error) { try GreenlightConfiguration.parse(yaml, knownRules: CodeScanner.ruleIds) }
    }

    @Test func malformedYAMLIsAnError() {
        #expect(throws: GreenlightConfiguration.ConfigError.self) { try GreenlightConfiguration.parse("rules: [unclosed", knownRules: []) }
    }
}

@Suite struct WalkerTests {
    @Test func skipsDependencyFoldersLinksAndReportsLargeOrBinaryFiles() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gl-walk-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let fm = FileManager.default
        for path in ["App/A.swift", "Pods/P/P.swift", ".build/x/B.swift", "node_modules/m/index.js", "DerivedData/D.swift", "Carthage/C.swift",
                     "SourcePackages/S.swift", "App/readme.md"] {
            try fm.createDirectory(at: root.appendingPathComponent(path).deletingLastPathComponent(), withIntermediateDirectories: true)
            try "let x = 1".write(to: root.appendingPathComponent(path), atomically: true, encoding: .utf8)
        }
        try fm.createSymbolicLink(at: root.appendingPathComponent("App/loop"), withDestinationURL: root)  // a link loop
        try Data(repeating: 0x41, count: 3 * 1024 * 1024).write(to: root.appendingPathComponent("App/Huge.swift"))
        try Data([0, 1, 2, 3, 0, 0]).write(to: root.appendingPathComponent("App/Blob.swift"))
        let walk = try ProjectWalker().walk(root)
        #expect(walk.files.map(\.path) == ["App/A.swift", "App/Blob.swift", "App/Huge.swift"])
        let scan = CodeScanner().scan(walk.files)
        #expect(scan.filesScanned == 1)
        #expect(scan.skipped == [SkippedFile(path: "App/Blob.swift", reason: .binary),
                                 SkippedFile(path: "App/Huge.swift", reason: .tooLarge(limit: ProjectWalker.defaultSizeLimit))])
    }

    @Test func missingPathsAndFilesAreErrors() throws {
        #expect(throws: ProjectWalker.WalkError.notFound("/no/such/place")) { try ProjectWalker().walk(URL(fileURLWithPath: "/no/such/place")) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("gl-file-\(UUID().uuidString).swift")
        try "x".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(throws: ProjectWalker.WalkError.self) { try ProjectWalker().walk(file) }
    }

    @Test(arguments: [("Generated/**", "Generated/a/b.swift", true), ("*.generated.swift", "A/x.generated.swift", true),
                      ("Fixtures", "Tests/Fixtures/a.swift", true), ("Legacy/", "Legacy/a.swift", true), ("Legacy/", "NotLegacy/a.swift", false)])
    func ignorePatterns(pattern: String, path: String, matches: Bool) {
        #expect(IgnorePattern(pattern).matches(path) == matches)
    }
}

@Suite struct ReportTests {
    func report(_ findings: [Finding]) -> ScanReport {
        ScanReport(command: "codescan", projectPath: "/p", findings: findings, filesScanned: 3, elapsed: .milliseconds(12), rules: CodeScanner.ruleInfos)
    }
    let critical = Finding(ruleId: "uiwebview-removed", source: .codescan, severity: .critical, guideline: "2.5.1", title: "UIWebView",
                           detail: "d", fix: "f", file: "A.swift", line: 7, code: "UIWebView()")
    let high = Finding(ruleId: "iap-no-restore", source: .codescan, severity: .high, guideline: "3.1.1", title: "IAP", detail: "d", fix: "f",
                       file: "B.swift", line: 1, code: nil)
    let warn = Finding(ruleId: "http-not-https", source: .codescan, severity: .warn, guideline: "1.6", title: "HTTP", detail: "d", fix: nil,
                       file: "C.swift", line: 2, code: nil)

    @Test func verdicts() {
        #expect(Verdict([critical, high]) == .notReady)
        #expect(Verdict([high, warn]) == .needsReview)
        #expect(Verdict([warn]) == .greenlit && Verdict([]).rawValue == "GREENLIT — no critical issues found")
        #expect(ScanSummary(findings: [high], filesScanned: 1).passed)  // the anchor's "passed": no CRITICAL only
    }

    @Test func jsonHasTheAnchorsFieldsAndOurs() throws {
        let text = try Reporter.render(report([critical, warn]), as: .json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["total"] as? Int == 2 && summary["critical"] as? Int == 1 && summary["warns"] as? Int == 1)
        #expect(summary["files_scanned"] as? Int == 3 && summary["passed"] as? Bool == false)
        let first = try #require((object["findings"] as? [[String: Any]])?.first)
        #expect(first["severity"] as? String == "CRITICAL" && first["rule_id"] as? String == "uiwebview-removed")
        #expect(Set(first.keys).isSuperset(of: ["severity", "guideline", "title", "detail", "fix", "file", "line", "code"]))
        #expect(object["elapsed"] as? String == "12.000ms" && object["verdict"] as? String == "NOT READY")
    }

    @Test func sarifIsVersion210WithRulesHelpAndFingerprints() throws {
        let text = try Reporter.render(report([critical, warn]), as: .sarif)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["version"] as? String == "2.1.0")
        let run = try #require((object["runs"] as? [[String: Any]])?.first)
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as! String }.sorted() == ["http-not-https", "uiwebview-removed"])
        #expect(rules.allSatisfy { ($0["help"] as? [String: Any])?["text"] != nil })
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.map { $0["level"] as! String } == ["error", "warning"])
        let fingerprints = results.compactMap { ($0["partialFingerprints"] as? [String: String])?["greenlight/v1"] }
        #expect(fingerprints.count == 2 && Set(fingerprints).count == 2)
        let region = ((results[0]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"] as? [String: Any]
        #expect(region?["startLine"] as? Int == 7)
    }

    @Test func junitFailsCriticalAndHigh() {
        let xml = JUnitReporter.render(report([critical, high, warn]))
        #expect(xml.contains("tests=\"3\" failures=\"2\""))
        #expect(xml.components(separatedBy: "<failure").count == 3)
    }
}

@Suite struct GuidelineTests {
    @Test func everyCitedGuidelineIsInTheIndex() {
        let cited = Set(ProjectScan.ruleInfos.map(\.guideline)).subtracting([""])
        #expect(cited.filter { GuidelineCatalog.guideline($0) == nil }.sorted() == [])
    }

    @Test func sectionsAreUniqueAndNested() {
        let sections = GuidelineCatalog.entries.map(\.section)
        #expect(Set(sections).count == sections.count)
        #expect(GuidelineCatalog.topLevel.map(\.section) == ["1", "2", "3", "4", "5"])
        #expect(GuidelineCatalog.children(of: "2.5").contains { $0.section == "2.5.1" })
    }

    @Test func searchRanksTitleMatchesFirst() {
        let results = GuidelineCatalog.search("in-app purchase")
        #expect(results.first?.section.hasPrefix("3.1") == true)
        #expect(GuidelineCatalog.search("2.5.1").first?.section == "2.5.1")
        #expect(GuidelineCatalog.search("zzzz").isEmpty)
    }
}

@Suite struct FixtureProjectTests {
    static var fixtures: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures") }

    @Test func aCleanSwiftUIAppIsGreenlit() throws {
        let walk = try ProjectWalker().walk(Self.fixtures.appendingPathComponent("CleanApp"))
        let result = CodeScanner().scan(walk.files)
        #expect(result.findings == [], "\(result.findings.map { "\($0.ruleId) \($0.file):\($0.line)" })")
        #expect(Verdict(result.findings) == .greenlit)
        #expect(result.filesScanned == 4)
        #expect(try ProjectScan().run(root: Self.fixtures.appendingPathComponent("CleanApp")).findings == [])
    }
}
