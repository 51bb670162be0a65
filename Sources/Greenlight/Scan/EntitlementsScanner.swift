import Foundation

/// Capabilities the code uses against the entitlements of each target that compiles it: Sign in
/// with Apple, push, HealthKit, App Groups and keychain groups (which must agree across the app and
/// the extensions that share them), and associated-domain syntax.
struct EntitlementsScanner: Sendable {
    /// A capability whose API needs an entitlement key.
    struct Capability: @unchecked Sendable {  // NSRegularExpression is immutable and thread-safe
        let ruleId: String
        let key: String
        let name: String
        let pattern: NSRegularExpression
        let keywords: [[UInt8]]
    }

    static let capabilities: [Capability] = [
        capability("siwa-not-entitled", "com.apple.developer.applesignin", "Sign in with Apple",
                   ["asauthorizationappleidprovider", "signinwithapplebutton", "asauthorizationappleidbutton"],
                   #"\bASAuthorizationAppleIDProvider\s*\(|\bSignInWithAppleButton\b|\bASAuthorizationAppleIDButton\b"#),
        capability("push-not-entitled", "aps-environment", "Push notifications", ["registerforremotenotifications"],
                   #"\bregisterForRemoteNotifications\s*\("#),
        capability("healthkit-not-entitled", "com.apple.developer.healthkit", "HealthKit", ["hkhealthstore"], #"\bHKHealthStore\s*\("#),
    ]

    static func capability(_ id: String, _ key: String, _ name: String, _ keywords: [String], _ pattern: String) -> Capability {
        Capability(ruleId: id, key: key, name: name, pattern: try! NSRegularExpression(pattern: pattern), keywords: keywords.map { ByteSearch.lowered($0) })
    }

    /// Capability keywords, then "group." and the keychain access-group APIs, searched in one pass per file.
    static let keywordGroups: [[[UInt8]]] = capabilities.map(\.keywords) + [
        ["group.".utf8.map { $0 }], ["ksecattraccessgroup".utf8.map { $0 }, "accessgroup".utf8.map { $0 }],
    ]
    static var keywordIndex: KeywordGroups { ScanKeywords.entitlements }
    static let appGroupGroup = capabilities.count
    static let keychainGroup = capabilities.count + 1

    static let appGroupLiteral = try! NSRegularExpression(pattern: #"^group\.[A-Za-z0-9][A-Za-z0-9.\-]*$"#)
    static let keychainAPI = try! NSRegularExpression(pattern: #"\bkSecAttrAccessGroup\b|\baccessGroup\s*:"#)

    static let rules: [RuleInfo] = [
        RuleInfo(id: "entitlements-unreadable", severity: .high, guideline: "2.1", title: "Entitlements file missing or malformed",
                 fix: "Point CODE_SIGN_ENTITLEMENTS at an existing .entitlements plist (check it with plutil -lint)."),
        RuleInfo(id: "siwa-not-entitled", severity: .high, guideline: "4.8", title: "Sign in with Apple used without its entitlement",
                 fix: "Add the Sign in with Apple capability (com.apple.developer.applesignin = [Default]) to the target."),
        RuleInfo(id: "push-not-entitled", severity: .warn, guideline: "2.1", title: "Push registration without aps-environment",
                 fix: "Add the Push Notifications capability (aps-environment) to the target, or remove the registration."),
        RuleInfo(id: "healthkit-not-entitled", severity: .high, guideline: "5.1.3", title: "HealthKit used without its entitlement",
                 fix: "Add the HealthKit capability (com.apple.developer.healthkit) to the target."),
        RuleInfo(id: "app-group-not-entitled", severity: .high, guideline: "2.1", title: "App Group used but not in the target's entitlements",
                 fix: "Add the group to com.apple.security.application-groups of every target that compiles this code."),
        RuleInfo(id: "keychain-group-not-entitled", severity: .high, guideline: "2.1", title: "Keychain access group not in the target's entitlements",
                 fix: "Add the group to keychain-access-groups of every target that compiles this code."),
        RuleInfo(id: "associated-domain-invalid", severity: .warn, guideline: "2.1", title: "Associated domain entry is malformed",
                 fix: "Write entries as service:domain, e.g. applinks:example.com (services: applinks, webcredentials, activitycontinuation, appclips)."),
    ]

    static func info(_ id: String) -> RuleInfo { rules.first { $0.id == id }! }

    func finding(_ id: String, title: String? = nil, detail: String, file: String, line: Int = 0, code: String? = nil) -> Finding {
        Self.info(id).finding(source: .metadata, title: title, detail: detail, file: file, line: line, code: code)
    }

    func scan(_ targets: [AppTarget], files: [ScannedFile]) -> [Finding] {
        // Only targets from a project file (pbxproj, project.yml) are judged: a lone Info.plist says nothing of signing.
        // Code is read as the iOS build compiles it (`#if os(iOS)`), so a watchOS or macOS target is not judged here.
        let targets = targets.filter { ($0.entitlements != nil || $0.isFromProjectFile) && $0.buildsForIOS }
        guard !targets.isEmpty else { return [] }
        let sources = files.filter { FileKind.native.contains($0.file.kind) && !$0.file.isTest }
        let presence = sources.map(\.present)
        var findings: [Finding] = []
        for target in targets {
            if let problem = target.entitlements?.problem {
                findings.append(finding("entitlements-unreadable", detail: "Target \(target.name): \(problem).", file: target.definedIn))
                continue
            }
            let entitlements = target.entitlements ?? Entitlements(path: "no entitlements file", plist: [:])
            let compiled = zip(sources, presence).filter { target.compiles($0.0.file.path, singleTarget: targets.count == 1) }
            findings += capabilityFindings(target, entitlements, compiled)
            findings += groupFindings(target, entitlements, compiled)
            for entry in entitlements.associatedDomains where !Self.isValidAssociatedDomain(entry) {
                findings.append(finding("associated-domain-invalid", detail: "\"\(entry)\" in target \(target.name)'s entitlements.",
                                        file: entitlements.path, line: entitlements.line(of: entry)))
            }
        }
        return findings
    }

    func capabilityFindings(_ target: AppTarget, _ entitlements: Entitlements, _ compiled: [(ScannedFile, [Bool])]) -> [Finding] {
        var findings: [Finding] = []
        for (index, capability) in Self.capabilities.enumerated() where !entitlements.keys.contains(capability.key) {
            use: for (file, present) in compiled where !Self.keywordIndex.keywords(of: index, present: present).isEmpty {
                for line in file.lines where capability.pattern.matches(line.code) {
                    findings.append(finding(capability.ruleId, detail: "\(capability.name) is used in target \(target.name), whose entitlements (\(entitlements.path)) lack \(capability.key).",
                                            file: file.file.path, line: line.number, code: line.raw.trimmedSpaces))
                    break use
                }
            }
        }
        return findings
    }

    /// App Group ids are string literals `group.…`; keychain groups are literals on a line using an access-group API.
    func groupFindings(_ target: AppTarget, _ entitlements: Entitlements, _ compiled: [(ScannedFile, [Bool])]) -> [Finding] {
        var findings: [Finding] = []
        let keychainGroups = Set(entitlements.keychainGroups.map(Self.withoutTeamPrefix))
        for (file, present) in compiled {
            if Self.keywordIndex.has(Self.appGroupGroup, present: present) {
                for line in file.lines {
                    for literal in line.strings where Self.appGroupLiteral.matches(literal) && !entitlements.appGroups.contains(literal) {
                        findings.append(finding("app-group-not-entitled", title: "App Group \(literal) not entitled in target \(target.name)",
                                                detail: "Target \(target.name) compiles this file but its entitlements (\(entitlements.path)) do not list \(literal); the shared container will be nil at run time.",
                                                file: file.file.path, line: line.number, code: line.raw.trimmedSpaces))
                    }
                }
            }
            if !Self.keywordIndex.keywords(of: Self.keychainGroup, present: present).isEmpty {
                for line in file.lines where Self.keychainAPI.matches(line.code) {
                    // Only the literal given as the access group (not a `service:` beside it; a constant is not judged).
                    for literal in Self.accessGroupLiterals(line.text) where !keychainGroups.contains(Self.withoutTeamPrefix(literal)) {
                        findings.append(finding("keychain-group-not-entitled", title: "Keychain group \(literal) not entitled in target \(target.name)",
                                                detail: "Target \(target.name) compiles this file but keychain-access-groups in \(entitlements.path) does not list \(literal); keychain calls will fail with errSecMissingEntitlement.",
                                                file: file.file.path, line: line.number, code: line.raw.trimmedSpaces))
                    }
                }
            }
        }
        return findings
    }

    static let accessGroupLiteral = try! NSRegularExpression(pattern: #"(?:\baccessGroup\s*:|\bkSecAttrAccessGroup\b[^"]{0,40}?)\s*"([^"]+)""#)

    /// The string literals a line passes as a keychain access group.
    static func accessGroupLiterals(_ text: String) -> [String] {
        accessGroupLiteral.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    /// "$(AppIdentifierPrefix)com.example.shared" and "ABCDE12345.com.example.shared" name the same group.
    static func withoutTeamPrefix(_ group: String) -> String {
        if group.hasPrefix("$(AppIdentifierPrefix)") { return String(group.dropFirst("$(AppIdentifierPrefix)".count)) }
        let parts = group.split(separator: ".", maxSplits: 1)
        if parts.count == 2, parts[0].count == 10, parts[0].allSatisfy({ $0.isUppercase || $0.isNumber }) { return String(parts[1]) }
        return group
    }

    static func isValidAssociatedDomain(_ entry: String) -> Bool {
        let parts = entry.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, ["applinks", "webcredentials", "activitycontinuation", "appclips"].contains(String(parts[0])) else { return false }
        let domain = parts[1].split(separator: "?").first.map(String.init) ?? ""
        return !domain.isEmpty && !domain.contains("/") && !domain.hasPrefix("http") && domain.contains(".")
    }
}
