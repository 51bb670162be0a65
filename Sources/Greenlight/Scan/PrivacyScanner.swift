import Foundation

/// Privacy manifests (PrivacyInfo.xcprivacy), parsed as plists and matched per target against the
/// Required-Reason APIs the code uses, with each reason code checked against its category.
public struct PrivacyScanner: Sendable {
    public init() {}

    /// A Required-Reason API category: how code uses it, and the reason codes Apple accepts for it.
    public struct Category: @unchecked Sendable {  // NSRegularExpression is immutable and thread-safe
        public let key: String
        public let name: String
        public let validReasons: Set<String>
        let patterns: [NSRegularExpression]
        let kinds: Set<FileKind>
        /// Lower-cased bytes one of which must occur before the patterns run.
        let keywords: [[UInt8]]
    }

    // The symbols are the APIs Apple lists; bare property names such as `.creationDate` are not
    // enough (SwiftData models have them too).
    public static let categories: [Category] = [
        category("NSPrivacyAccessedAPICategoryFileTimestamp", "File timestamp APIs", ["DDA9.1", "C617.1", "3B52.1", "0A2A.1"], FileKind.native,
                 ["datekey", "attributesofitem", "nsfile", "fileattributekey", "creationdate]", "modificationdate", "stat(", "stat (", "statat(", "getattrlist"], [
            #"\b(?:creationDateKey|contentModificationDateKey|contentAccessDateKey|attributeModificationDateKey)\b"#,
            #"\battributesOfItem\s*\(\s*atPath"#, #"\bNSFileCreationDate\b|\bNSFileModificationDate\b"#,
            #"FileAttributeKey\.(?:creationDate|modificationDate)\b|\[\s*\.(?:creationDate|modificationDate)\s*\]"#,
            #"\.fileModificationDate\s*\(\)|\.fileCreationDate\s*\(\)"#, #"(?<![\w.])(?:stat|fstat|lstat|fstatat)\s*\("#, #"\bgetattrlist\s*\("#,
        ]),
        category("NSPrivacyAccessedAPICategorySystemBootTime", "System boot time APIs", ["35F9.1", "8FFB.1", "3D61.1"], FileKind.native,
                 ["systemuptime", "mach_absolute_time", "boottime"], [
            #"\bsystemUptime\b"#, #"\bmach_absolute_time\s*\("#, #"\bKERN_BOOTTIME\b"#, #"kern\.boottime"#,
        ]),
        category("NSPrivacyAccessedAPICategoryDiskSpace", "Disk space APIs", ["85F4.1", "E174.1", "7D9E.1", "B728.1"], FileKind.native,
                 ["capacitykey", "nsfilesystem", "systemfreesize", "systemsize", "statfs", "statvfs"], [
            #"\bvolume(?:AvailableCapacity(?:ForImportantUsage|ForOpportunisticUsage)?|TotalCapacity)Key\b"#,
            #"\bNSFileSystemFreeSize\b|\bNSFileSystemSize\b"#, #"FileAttributeKey\.system(?:Free)?Size\b|\.systemFreeSize\b"#,
            #"(?<![\w.])(?:statfs|statvfs|fstatfs|fstatvfs)\s*\("#,
        ]),
        category("NSPrivacyAccessedAPICategoryActiveKeyboards", "Active keyboard APIs", ["3EC4.1", "54BD.1"], FileKind.native, ["activeinputmodes"], [
            #"\bactiveInputModes\b"#,
        ]),
        category("NSPrivacyAccessedAPICategoryUserDefaults", "User defaults APIs", ["CA92.1", "1C8F.1", "C56D.1", "AC6B.1"],
                 // Not React Native's AsyncStorage: on iOS it keeps files, not user defaults, and its pod carries its own manifest.
                 FileKind.source.union([.json]), ["userdefaults", "appstorage"], [
            #"\bUserDefaults\b"#, #"\bNSUserDefaults\b"#, #"@AppStorage\b"#,
        ]),
    ]

    /// All category keywords in one index, so each file is searched once.
    static var keywordIndex: KeywordGroups { ScanKeywords.privacy }

    static func category(_ key: String, _ name: String, _ reasons: Set<String>, _ kinds: Set<FileKind>, _ keywords: [String],
                         _ patterns: [String]) -> Category {
        Category(key: key, name: name, validReasons: reasons, patterns: patterns.map { try! NSRegularExpression(pattern: $0) }, kinds: kinds,
                 keywords: keywords.map { ByteSearch.lowered($0) })
    }

    /// A manifest as declared.
    public struct Manifest: Sendable {
        public let path: String
        public let tracking: Bool?
        public let trackingDomains: [String]
        /// Category key → declared reason codes.
        public let accessed: [String: [String]]
        public let collectsData: Bool
    }

    public static let rules: [RuleInfo] = [
        RuleInfo(id: "privacy-manifest-missing", severity: .critical, guideline: "5.1.1", title: "No PrivacyInfo.xcprivacy found in project",
                 fix: "Add a PrivacyInfo.xcprivacy to the app target declaring tracking, collected data and Required-Reason APIs. CRITICAL when the app's own code uses a Required-Reason API: since 1 May 2024 App Store Connect refuses such uploads (ITMS-91053, Invalid Binary). WARN otherwise: nothing in the code needs one yet, but any listed SDK or later use of those APIs will."),
        RuleInfo(id: "required-reason-undeclared", severity: .critical, guideline: "5.1.1", title: "Required Reason API used but not declared",
                 fix: "Add the category to NSPrivacyAccessedAPITypes with the reason code that matches your use."),
        RuleInfo(id: "required-reason-no-manifest", severity: .critical, guideline: "5.1.1", title: "Required Reason API used without privacy manifest",
                 fix: "Add a PrivacyInfo.xcprivacy declaring the category and its reason: since 1 May 2024 App Store Connect refuses uploads whose code uses a Required-Reason API without an approved reason (ITMS-91053), whatever older builds got through."),
        RuleInfo(id: "required-reason-invalid-code", severity: .critical, guideline: "5.1.1", title: "Reason code not valid for its category",
                 fix: "Use one of the reason codes Apple lists for this category."),
        RuleInfo(id: "privacy-manifest-invalid", severity: .high, guideline: "5.1.1", title: "Privacy manifest cannot be parsed",
                 fix: "Fix the plist syntax (plutil -lint PrivacyInfo.xcprivacy)."),
        RuleInfo(id: "tracking-domains-missing", severity: .warn, guideline: "5.1.2", title: "Tracking declared without tracking domains",
                 fix: "List the domains used for tracking in NSPrivacyTrackingDomains."),
        RuleInfo(id: "privacy-tracking-without-sdk", severity: .info, guideline: "5.1.2", title: "Privacy manifest declares tracking but no tracking SDKs detected",
                 fix: "Set NSPrivacyTracking to false if the app does not track users."),
    ]

    static func info(_ id: String) -> RuleInfo { rules.first { $0.id == id }! }

    static func parse(_ file: ScannedFile) -> Manifest? {
        guard let plist = file.plist?.dictionary else { return nil }
        var accessed: [String: [String]] = [:]
        for entry in plist["NSPrivacyAccessedAPITypes"] as? [[String: Any]] ?? [] {
            guard let key = entry["NSPrivacyAccessedAPIType"] as? String else { continue }
            accessed[key, default: []] += entry["NSPrivacyAccessedAPITypeReasons"] as? [String] ?? []
        }
        return Manifest(path: file.file.path, tracking: plist["NSPrivacyTracking"] as? Bool,
                        trackingDomains: plist["NSPrivacyTrackingDomains"] as? [String] ?? [],
                        accessed: accessed, collectsData: !(plist["NSPrivacyCollectedDataTypes"] as? [Any] ?? []).isEmpty)
    }

    /// The manifest that covers a source file: the nearest one in its folder or a parent folder;
    /// with none there, every manifest of the project (the target cannot be told apart).
    static func manifests(covering path: String, in manifests: [Manifest]) -> [Manifest] {
        var folder = (path as NSString).deletingLastPathComponent
        while true {
            let here = manifests.filter { ($0.path as NSString).deletingLastPathComponent == folder }
            if !here.isEmpty { return here }
            if folder.isEmpty || folder == "/" { break }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return manifests
    }

    func finding(_ id: String, title: String? = nil, detail: String, file: String = "", line: Int = 0, code: String? = nil) -> Finding {
        Self.info(id).finding(source: .privacy, title: title, detail: detail, file: file, line: line, code: code)
    }

    func scan(_ files: [ScannedFile], isAppProject: Bool, usesTrackingSDK: Bool) -> [Finding] {
        var findings: [Finding] = []
        var manifests: [Manifest] = []
        for file in files where file.file.kind == .privacyManifest {
            if let manifest = Self.parse(file) {
                manifests.append(manifest)
            } else {
                findings.append(finding("privacy-manifest-invalid", detail: "\(file.file.path) is not a valid property list.", file: file.file.path))
            }
        }
        // Expo managed apps declare the manifest in app.json (expo.ios.privacyManifests).
        let expoManifest = files.contains { $0.file.kind == .json && $0.text.contains("privacyManifests") }
        let noManifest = isAppProject && manifests.isEmpty && !expoManifest && !files.contains(where: { $0.file.kind == .privacyManifest })
        for manifest in manifests {
            for (key, reasons) in manifest.accessed.sorted(by: { $0.key < $1.key }) {
                guard let category = Self.categories.first(where: { $0.key == key }) else { continue }
                let invalid = reasons.filter { !category.validReasons.contains($0) }
                if !invalid.isEmpty || reasons.isEmpty {
                    findings.append(finding("required-reason-invalid-code", title: "Reason code not valid for \(category.name)",
                                            detail: reasons.isEmpty ? "\(key) is declared without a reason."
                                                : "\(invalid.joined(separator: ", ")) is not a reason for \(key); valid: \(category.validReasons.sorted().joined(separator: ", ")).",
                                            file: manifest.path))
                }
            }
            if manifest.tracking == true && manifest.trackingDomains.isEmpty {
                findings.append(finding("tracking-domains-missing", detail: "NSPrivacyTracking is true but NSPrivacyTrackingDomains is empty.",
                                        file: manifest.path))
            }
            if manifest.tracking == true && !usesTrackingSDK {
                findings.append(finding("privacy-tracking-without-sdk", detail: "\(manifest.path) sets NSPrivacyTracking to true.", file: manifest.path))
            }
        }
        // Required-Reason API use, first use per category and manifest group.
        var reported = Set<String>()
        for file in files where file.file.kind.language != nil || file.file.kind == .json {
            let present = file.present
            var rawLines: [Range<Int>]?
            for (index, category) in Self.categories.enumerated() where category.kinds.contains(file.file.kind) {
                let keywords = Self.keywordIndex.keywords(of: index, present: present)
                guard !keywords.isEmpty else { continue }
                // A line can use the API only if its raw text holds a keyword.
                if rawLines == nil { rawLines = ByteSearch.lineRanges(file.lowercased) }
                guard let line = file.lines.first(where: { line in
                          line.number <= rawLines!.count && ByteSearch.containsAny(file.lowercased, in: rawLines![line.number - 1], keywords)
                              && category.patterns.contains { $0.matches(line.code) }
                      })
                else { continue }
                let covering = Self.manifests(covering: file.file.path, in: manifests)
                let key = category.key + "|" + covering.map(\.path).joined(separator: ",")
                guard !reported.contains(key) else { continue }
                if covering.isEmpty {
                    if !expoManifest {
                        reported.insert(key)
                        findings.append(finding("required-reason-no-manifest", title: "Required Reason API used without privacy manifest: \(category.name)",
                                                detail: "\(category.key) is used here and the project has no privacy manifest.",
                                                file: file.file.path, line: line.number, code: line.raw.trimmedSpaces))
                    }
                } else if !covering.contains(where: { $0.accessed[category.key] != nil }) {
                    reported.insert(key)
                    findings.append(finding("required-reason-undeclared", title: "Required Reason API used but not declared: \(category.name)",
                                            detail: "\(category.key) is missing from \(covering.map(\.path).joined(separator: ", ")).",
                                            file: file.file.path, line: line.number, code: line.raw.trimmedSpaces))
                }
            }
        }
        // The project-wide finding is CRITICAL only when the app's own code needs the manifest.
        if noManifest {
            let needed = findings.contains { $0.ruleId == "required-reason-no-manifest" }
            var missing = finding("privacy-manifest-missing",
                                  detail: needed ? "The app's code uses Required-Reason APIs (below) and the project has no privacy manifest: App Store Connect refuses the upload (ITMS-91053)."
                                      : "The project has no privacy manifest. Nothing in the app's own code needs one yet; a listed SDK, or a later use of a Required-Reason API, will.")
            if !needed { missing.severity = .warn }
            findings.insert(missing, at: 0)
        }
        return findings
    }
}
