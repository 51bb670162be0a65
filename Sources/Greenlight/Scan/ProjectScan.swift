import Foundation

/// One scan of a project: walk once, read and lex once, run the chosen scanners, apply the
/// configuration and suppressions, de-duplicate by (rule, file, line).
public struct ProjectScan: Sendable {
    public enum Scanner: Sendable { case code, privacy, metadata }

    public let configuration: GreenlightConfiguration
    public let scanners: Set<Scanner>

    public init(configuration: GreenlightConfiguration = .init(), scanners: Set<Scanner> = [.code, .privacy, .metadata]) {
        self.configuration = configuration
        self.scanners = scanners
    }

    /// Every rule any scanner can report, for SARIF and `greenlight rules`.
    public static var ruleInfos: [RuleInfo] {
        CodeScanner.ruleInfos + PrivacyScanner.rules + MetadataScanner.rules + EntitlementsScanner.rules + KidsScanner.rules + IPAInspector.rules + [notScanned]
    }
    public static var ruleIds: Set<String> { Set(ruleInfos.map(\.id)) }

    static let notScanned = RuleInfo(id: "file-not-scanned", severity: .info, guideline: "", title: "File not scanned",
                                     fix: "Check it by hand, or add it to ignore: in .greenlight.yml.")

    public struct Result: Sendable {
        public var findings: [Finding]
        public var filesScanned: Int
        /// The file that stands for the project (see `ScanReport.projectFile`).
        public var projectFile: String?
        /// Folders whose code does not ship, left out of the rules, with why.
        public var leftOut: [(path: String, reason: String)] = []
        /// The lexed files, handed back so a command line tool that exits right after reporting
        /// does not spend a fifth of its time freeing them.
        var scannedFiles: [ScannedFile] = []

        /// Keeps the scanned files alive until the process exits (see `scannedFiles`).
        public func keepAliveUntilExit() {
            Self.lock.lock()
            Self.retained.append(scannedFiles)
            Self.lock.unlock()
        }

        static let lock = NSLock()
        nonisolated(unsafe) static var retained: [[ScannedFile]] = []
    }

    public func run(root: URL) throws(ProjectWalker.WalkError) -> Result {
        let walker = ProjectWalker(ignore: configuration.ignore)
        let walk = try walker.walk(root)
        let code = CodeScanner(configuration: configuration)
        let read = CodeScanner.readAll(walk.files, sizeLimit: walker.sizeLimit, scanningWith: scanners.contains(.code) ? code : nil)
        let files = read.files, unread = read.skipped
        var findings: [Finding] = []
        if scanners.contains(.code) {
            var codeFindings = read.findings
            // With the metadata scanner judging purpose strings as built (build settings merged),
            // the codescan rules that read raw plist files would only repeat it.
            // Likewise metadata's expo-icon-missing / expo-bundle-id-missing cover app.json (not app.config.js).
            if scanners.contains(.metadata) {
                codeFindings.removeAll { finding in
                    ["missing-privacy-keys", "vague-purpose-string"].contains(finding.ruleId)
                        || (finding.ruleId == "expo-config-check" && (finding.file as NSString).lastPathComponent == "app.json")
                }
            }
            // With --kids the Kids Category rules run; the hint to use it is for scans without it.
            if configuration.kidsCategory { codeFindings.removeAll { $0.ruleId == "kids-app-hint" } }
            findings += codeFindings
        }

        // The project-level scanners; the codescan rules apply suppressions and the config themselves.
        var projectFindings: [Finding] = []
        if scanners.contains(.privacy) {
            let isApp = files.contains { FileKind.native.contains($0.file.kind) || ($0.file.kind == .plist && $0.file.path.hasSuffix("Info.plist")) }
                || walk.directories.contains { $0.hasSuffix(".xcodeproj") }
                || files.contains { ($0.file.path as NSString).lastPathComponent == "app.json" }
            projectFindings += PrivacyScanner().scan(files, isAppProject: isApp,
                                                     usesTrackingSDK: CodeScanner.matchesAnywhere(ruleId: "missing-att", in: files))
        }
        if scanners.contains(.metadata) { projectFindings += MetadataScanner().scan(files, root: root.standardizedFileURL) }
        if scanners.contains(.code) && configuration.kidsCategory { projectFindings += KidsScanner().scan(files) }
        // An app that tells an SDK its users are children is for children even without --kids:
        // its children's data going to a third party is judged too (HIGH: COPPA consent, not the Kids Category's ban).
        if scanners.contains(.code) && !configuration.kidsCategory && findings.contains(where: { $0.ruleId == "kids-app-hint" }) {
            projectFindings += ChildDataFlow.findings(files, severity: .high)
        }
        let byPath = Dictionary(files.map { ($0.file.path, $0) }, uniquingKeysWith: { a, _ in a })
        findings += projectFindings.filter { finding in
            !configuration.disabled.contains(finding.ruleId) && !(byPath[finding.file]?.isSuppressed(finding.ruleId, line: finding.line) ?? false)
        }
        // Files only test targets compile never ship (wherever they sit): no rule judges them.
        let testOnly = AppTargetReader.testOnlyFiles(files: files)
        if !testOnly.isEmpty { findings.removeAll { testOnly.contains($0.file) } }
        findings += (walk.skipped + unread).map(Self.finding(for:))
        return Result(findings: CodeScanner.deduplicated(code.configure(findings)), filesScanned: files.count,
                      projectFile: Self.projectFile(among: walk.files.map(\.path)), leftOut: walk.leftOut,
                      scannedFiles: files)
    }

    /// The file that best stands for a project: its Xcode project, else XcodeGen's project.yml, an
    /// Info.plist, Package.swift, an Expo or Capacitor config, package.json, else the first file;
    /// the shallowest one of a kind.
    static func projectFile(among paths: [String]) -> String? {
        let kinds: [(String) -> Bool] = [
            { $0.hasSuffix(".xcodeproj/project.pbxproj") }, { $0.hasSuffix("project.yml") }, { $0.hasSuffix("Info.plist") },
            { $0.hasSuffix("Package.swift") }, { ["app.json", "app.config.js", "app.config.ts"].contains(($0 as NSString).lastPathComponent) },
            { ($0 as NSString).lastPathComponent.hasPrefix("capacitor.config.") }, { $0.hasSuffix("package.json") }, { _ in true },
        ]
        let order = { (a: String, b: String) in
            let (da, db) = (a.split(separator: "/").count, b.split(separator: "/").count)
            return da != db ? da < db : a < b
        }
        for kind in kinds {
            if let best = paths.filter(kind).min(by: order) { return best }
        }
        return nil
    }

    /// Inspects a built .ipa with this scan's configuration (disabled rules, severities).
    public func inspect(ipaPath: String) throws(IPAArchive.OpenError) -> IPAInspector.Result {
        var result = IPAInspector().inspect(try IPAArchive(path: ipaPath))
        result.findings = CodeScanner.deduplicated(CodeScanner(configuration: configuration).configure(
            result.findings.filter { !configuration.disabled.contains($0.ruleId) }))
        return result
    }

    static func finding(for skip: SkippedFile) -> Finding {
        let why: String
        switch skip.reason {
        case .tooLarge(let limit): why = "it is larger than \(limit / 1024 / 1024) MiB"
        case .binary: why = "it is binary"
        case .unreadable(let reason): why = "it could not be read (\(reason))"
        }
        return Finding(ruleId: notScanned.id, source: .preflight, severity: .info, guideline: "", title: notScanned.title,
                       detail: "\(skip.path) was not scanned because \(why).", fix: notScanned.fix, file: skip.path, line: 0, code: nil)
    }
}
