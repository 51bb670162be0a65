import Foundation

/// App metadata as the built app will have it: purpose strings (including the ones a framework in
/// use requires), display name, launch screen and placeholders per app target; Expo's app.json.
struct MetadataScanner: Sendable {
    /// API use that makes iOS require a purpose string (ITMS-90683), per Info.plist key.
    struct Requirement: @unchecked Sendable {  // NSRegularExpression is immutable and thread-safe
        let key: String
        let name: String
        let patterns: [NSRegularExpression]
        let keywords: [[UInt8]]
    }

    static func requirement(_ key: String, _ name: String, _ keywords: [String], _ patterns: [String]) -> Requirement {
        Requirement(key: key, name: name, patterns: patterns.map { try! NSRegularExpression(pattern: $0) }, keywords: keywords.map { ByteSearch.lowered($0) })
    }

    static let requirements: [Requirement] = [
        requirement("NSCameraUsageDescription", "Camera", ["avcapture", "sourcetype", "datascanner", "vnDocumentCamera".lowercased()],
                    [#"\bAVCaptureDevice\b|\bAVCaptureSession\b"#, #"sourceType\s*=\s*\.camera\b|\.sourceType\(\.camera\)"#,
                     #"\bDataScannerViewController\b|\bVNDocumentCameraViewController\b"#]),
        requirement("NSMicrophoneUsageDescription", "Microphone", ["avaudiorecorder", "recordpermission", "inputnode", "playandrecord", ".record"],
                    [#"\bAVAudioRecorder\b"#, #"requestRecordPermission|AVAudioApplication\.requestRecordPermission"#, #"\.inputNode\b"#,
                     #"\.playAndRecord\b|setCategory\s*\(\s*\.record\b"#]),
        requirement("NSSpeechRecognitionUsageDescription", "Speech Recognition", ["sfspeechrecognizer"], [#"\bSFSpeechRecognizer\b"#]),
        // Asking for add-only access (`for: .addOnly`) needs only the add key.
        requirement("NSPhotoLibraryUsageDescription", "Photo Library", ["phphotolibrary", "phasset", "sourcetype"],
                    [#"\bPHPhotoLibrary\b(?!\.shared\(\)\.performChanges)(?!\.(?:requestAuthorization|authorizationStatus)\s*\(\s*for:\s*\.addOnly)"#,
                     #"\bPHAsset\.fetch"#, #"sourceType\s*=\s*\.photoLibrary\b"#]),
        requirement("NSPhotoLibraryAddUsageDescription", "Photo Library Add", ["savedphotosalbum", "performchanges", "addonly"],
                    [#"\bUIImageWriteToSavedPhotosAlbum\b"#, #"PHPhotoLibrary\.shared\(\)\.performChanges"#,
                     #"PHPhotoLibrary\.(?:requestAuthorization|authorizationStatus)\s*\(\s*for:\s*\.addOnly"#]),
        requirement("NSLocationWhenInUseUsageDescription", "Location When In Use", ["requestwheninuseauthorization", "requestalwaysauthorization", "cllocationbutton"],
                    [#"\brequestWhenInUseAuthorization\s*\("#, #"\brequestAlwaysAuthorization\s*\("#]),
        requirement("NSLocationAlwaysAndWhenInUseUsageDescription", "Location Always", ["requestalwaysauthorization"],
                    [#"\blocationManager\b.*\brequestAlwaysAuthorization\s*\(|\brequestAlwaysAuthorization\s*\("#]),
        requirement("NSContactsUsageDescription", "Contacts", ["cncontactstore"], [#"\bCNContactStore\b"#]),
        requirement("NSCalendarsUsageDescription", "Calendars", ["ekeventstore", "requestfullaccesstoevents", ".event"],
                    [#"requestAccess\s*\(\s*to:\s*\.event\b|requestFullAccessToEvents|requestWriteOnlyAccessToEvents"#]),
        requirement("NSRemindersUsageDescription", "Reminders", ["reminder"], [#"requestAccess\s*\(\s*to:\s*\.reminder\b|requestFullAccessToReminders"#]),
        requirement("NSBluetoothAlwaysUsageDescription", "Bluetooth", ["cbcentralmanager", "cbperipheralmanager"], [#"\bCB(?:Central|Peripheral)Manager\s*\("#]),
        requirement("NSMotionUsageDescription", "Motion", ["cmmotionactivitymanager", "cmpedometer", "cmaltimeter"],
                    [#"\bCMMotionActivityManager\b|\bCMPedometer\b|\bCMAltimeter\b"#]),
        requirement("NSFaceIDUsageDescription", "Face ID", ["biometrics"], [#"\.deviceOwnerAuthenticationWithBiometrics\b"#]),
        requirement("NSUserTrackingUsageDescription", "Tracking", ["requesttrackingauthorization"], [#"\brequestTrackingAuthorization\b"#]),
        requirement("NSHealthShareUsageDescription", "Health", ["hkhealthstore"], [#"\bHKHealthStore\s*\("#]),
        requirement("NSHomeKitUsageDescription", "HomeKit", ["hmhomemanager"], [#"\bHMHomeManager\s*\("#]),
        requirement("NSAppleMusicUsageDescription", "Media Library", ["mpmedialibrary", "mpmediaquery"], [#"\bMPMediaLibrary\b|\bMPMediaQuery\b"#]),
        requirement("NSLocalNetworkUsageDescription", "Local Network", ["nwbrowser", "netservicebrowser"], [#"\bNWBrowser\s*\(|\bNetServiceBrowser\s*\("#]),
    ]

    static var keywordIndex: KeywordGroups { ScanKeywords.metadata }

    static let rules: [RuleInfo] = ParseCheck.rules + [
        RuleInfo(id: "purpose-string-missing", severity: .critical, guideline: "5.1.1", title: "API used without its purpose string",
                 fix: "Add the usage description key to the target's Info.plist (or INFOPLIST_KEY_… build setting) saying why the app needs it."),
        RuleInfo(id: "purpose-string-empty", severity: .critical, guideline: "5.1.1", title: "Purpose string is empty",
                 fix: "Write what the app does with the permission, in a full sentence."),
        RuleInfo(id: "purpose-string-vague", severity: .warn, guideline: "5.1.1", title: "Purpose string may be too vague",
                 fix: "Say what the app does with the data, e.g. \"Record your voice so you can hear how you read.\""),
        RuleInfo(id: "display-name-missing", severity: .warn, guideline: "2.3", title: "No display name",
                 fix: "Set CFBundleDisplayName (INFOPLIST_KEY_CFBundleDisplayName) or CFBundleName."),
        RuleInfo(id: "info-placeholder-value", severity: .warn, guideline: "2.1", title: "Info.plist contains a placeholder value",
                 fix: "Replace YOUR_… / CHANGEME values with the real ones."),
        RuleInfo(id: "launch-screen-missing", severity: .warn, guideline: "4.2", title: "No launch screen",
                 fix: "Add UILaunchScreen (INFOPLIST_KEY_UILaunchScreen_Generation = YES) or a launch storyboard."),
        RuleInfo(id: "expo-name-missing", severity: .critical, guideline: "2.3", title: "App name is missing in app.json", fix: "Set expo.name."),
        RuleInfo(id: "expo-description-missing", severity: .warn, guideline: "2.3", title: "App description is missing in app.json", fix: "Set expo.description."),
        RuleInfo(id: "expo-version-missing", severity: .critical, guideline: "2.1", title: "App version is missing in app.json", fix: "Set expo.version."),
        RuleInfo(id: "expo-bundle-id-missing", severity: .critical, guideline: "2.1", title: "iOS bundle identifier is missing",
                 fix: "Set expo.ios.bundleIdentifier, e.g. org.example.app."),
        RuleInfo(id: "expo-bundle-id-invalid", severity: .warn, guideline: "2.1", title: "Bundle identifier format may be invalid",
                 fix: "Use reverse-DNS with letters, digits, hyphens and dots, e.g. org.example.my-app."),
        RuleInfo(id: "expo-icon-missing", severity: .critical, guideline: "2.3", title: "No app icon configured", fix: "Set expo.icon to a 1024×1024 PNG."),
        RuleInfo(id: "expo-ios-config-missing", severity: .warn, guideline: "2.1", title: "No iOS configuration in app.json", fix: "Add an expo.ios section."),
        RuleInfo(id: "privacy-policy-missing", severity: .warn, guideline: "5.1.1", title: "No privacy policy URL found in project config",
                 fix: "Link a privacy policy in App Store Connect and in the app."),
    ]

    static func info(_ id: String) -> RuleInfo { rules.first { $0.id == id }! }

    func finding(_ id: String, title: String? = nil, detail: String, file: String, line: Int = 0, code: String? = nil) -> Finding {
        Self.info(id).finding(source: .metadata, title: title, detail: detail, file: file, line: line, code: code)
    }

    func scan(_ files: [ScannedFile], root: URL) -> [Finding] {
        var findings: [Finding] = []
        let targets = AppTargetReader.targets(files: files, root: root)
        for target in targets { findings += check(target, files: files, singleTarget: targets.count == 1) }
        findings += EntitlementsScanner().scan(targets, files: files)
        findings += HybridScanner().scan(files)
        findings += ParseCheck.findings(files)
        for file in files where file.file.kind == .json && (file.file.path as NSString).lastPathComponent == "app.json" {
            findings += checkExpo(file)
        }
        return findings
    }

    func check(_ target: AppTarget, files: [ScannedFile], singleTarget: Bool) -> [Finding] {
        var findings: [Finding] = []
        let label = "target \(target.name)"
        for (key, value) in target.info.sorted(by: { $0.key < $1.key }) where value.contains("YOUR_") || value.uppercased().contains("CHANGEME") {
            findings.append(finding("info-placeholder-value", title: "Info.plist contains placeholder value: \(key)",
                                    detail: "\(key) = \"\(value)\" in \(label).", file: target.definedIn))
        }
        for (key, name) in FileRules.purposeKeys {
            guard let value = target.info[key], let (problem, text) = FileRules.purposeProblem(value) else { continue }
            switch problem {
            case .empty:
                findings.append(finding("purpose-string-empty", title: "\(name) purpose string is empty",
                                        detail: "\(key) is empty for \(label).", file: target.definedIn))
            case .vague:
                findings.append(finding("purpose-string-vague", title: "\(name) purpose string may be too vague",
                                        detail: "\"\(text)\" (\(key), \(label)) does not say why the app needs it.", file: target.definedIn))
            }
        }
        // A framework in use needs its purpose string in this target. The code is read as the
        // iOS build compiles it (`#if os(iOS)` taken), so watchOS and macOS targets are not judged.
        let sources = !target.buildsForIOS ? [] : files.filter { file in
            FileKind.native.contains(file.file.kind) && !file.file.isTest && target.compiles(file.file.path, singleTarget: singleTarget)
        }
        // Each source file is searched for every requirement's keywords once.
        let presence = sources.map(\.present)
        for (index, requirement) in Self.requirements.enumerated() where target.info[requirement.key] == nil {
            guard let (file, line) = firstUse(of: index, in: sources, presence: presence) else { continue }
            findings.append(finding("purpose-string-missing", title: "\(requirement.name) used without \(requirement.key)",
                                    detail: "This code needs \(requirement.key) in \(label)'s Info.plist; without it the app crashes on first use and the upload is rejected (ITMS-90683).",
                                    file: file.file.path, line: line.number, code: line.raw.trimmedSpaces))
        }
        // Display name and launch screen belong to iOS apps; an extension, a Mac or a watch app has neither.
        guard target.kind == .application, target.buildsForIOS else { return findings }
        if target.info["CFBundleDisplayName"] == nil && target.info["CFBundleName"] == nil {
            findings.append(finding("display-name-missing", detail: "Neither CFBundleDisplayName nor CFBundleName is set for \(label).", file: target.definedIn))
        }
        let hasStoryboard = files.contains { ($0.file.path as NSString).lastPathComponent.lowercased().contains("launchscreen") }
            || target.info["UILaunchStoryboardName"] != nil
        if !target.otherKeys.contains("UILaunchScreen") && !hasStoryboard {
            findings.append(finding("launch-screen-missing", detail: "\(label) has no UILaunchScreen and no launch storyboard.", file: target.definedIn))
        }
        return findings
    }

    /// The first line using requirement number `index`, given each file's keyword presence.
    func firstUse(of index: Int, in files: [ScannedFile], presence: [[Bool]]) -> (ScannedFile, LexedLine)? {
        let requirement = Self.requirements[index]
        for (file, present) in zip(files, presence) where !Self.keywordIndex.keywords(of: index, present: present).isEmpty {
            if let line = file.lines.first(where: { line in requirement.patterns.contains { $0.matches(line.code) } }) { return (file, line) }
        }
        return nil
    }

    func checkExpo(_ file: ScannedFile) -> [Finding] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(file.text.utf8)) as? [String: Any],
              let expo = object["expo"] as? [String: Any] else { return [] }
        let path = file.file.path
        var findings: [Finding] = []
        if (expo["name"] as? String)?.isEmpty ?? true { findings.append(finding("expo-name-missing", detail: "expo.name is not set.", file: path)) }
        if (expo["description"] as? String)?.isEmpty ?? true {
            findings.append(finding("expo-description-missing", detail: "expo.description is not set.", file: path))
        }
        if (expo["version"] as? String)?.isEmpty ?? true { findings.append(finding("expo-version-missing", detail: "expo.version is not set.", file: path)) }
        if expo["icon"] == nil && (expo["ios"] as? [String: Any])?["icon"] == nil {
            findings.append(finding("expo-icon-missing", detail: "Neither expo.icon nor expo.ios.icon is set.", file: path))
        }
        if let ios = expo["ios"] as? [String: Any] {
            if let bundle = ios["bundleIdentifier"] as? String, !bundle.isEmpty {
                if bundle.range(of: #"^[A-Za-z][A-Za-z0-9-]*(\.[A-Za-z0-9][A-Za-z0-9-]*)+$"#, options: .regularExpression) == nil {
                    findings.append(finding("expo-bundle-id-invalid", detail: "\"\(bundle)\" is not a reverse-DNS identifier.", file: path))
                }
            } else {
                findings.append(finding("expo-bundle-id-missing", detail: "expo.ios.bundleIdentifier is not set.", file: path))
            }
            for (key, value) in (ios["infoPlist"] as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }) where key.hasSuffix("UsageDescription") {
                guard let text = value as? String else { continue }
                if FileRules.isVague(text) || text.trimmedSpaces.count < 20 {
                    findings.append(finding("purpose-string-vague", title: "Vague permission purpose string: \(key)",
                                            detail: "\"\(text)\" does not say why the app needs it.", file: path))
                }
            }
        } else {
            findings.append(finding("expo-ios-config-missing", detail: "app.json has no expo.ios section.", file: path))
            findings.append(finding("expo-bundle-id-missing", detail: "expo.ios.bundleIdentifier is not set.", file: path))
        }
        if !["privacyPolicyUrl", "privacy_policy", "privacyUrl", "privacyPolicy"].contains(where: file.text.contains) {
            findings.append(finding("privacy-policy-missing", detail: "No privacy policy URL in app.json.", file: path))
        }
        return findings
    }
}
