import Foundation

/// Checks a built app (.ipa) the way App Store processing sees it: Info.plist (binary or XML),
/// the app's privacy manifest, launch screen, icons, size and the embedded frameworks' manifests.
public struct IPAInspector: Sendable {
    public init() {}

    /// What the inspection found besides findings, for the report header.
    public struct Result: Sendable {
        public var findings: [Finding]
        public var appName: String?
        public var bundleId: String?
        public var version: String?
        /// Entries of the app bundle looked at.
        public var entriesScanned: Int
    }

    public static let rules: [RuleInfo] = [
        RuleInfo(id: "ipa-invalid-structure", severity: .critical, guideline: "2.1", title: "Invalid IPA structure (no .app)",
                 fix: "Export the archive from Xcode (Product › Archive › Distribute); an .ipa holds Payload/<Name>.app/."),
        RuleInfo(id: "ipa-info-plist-missing", severity: .critical, guideline: "2.1", title: "Missing Info.plist",
                 fix: "The app bundle must contain Info.plist; check the target's INFOPLIST_FILE / GENERATE_INFOPLIST_FILE."),
        RuleInfo(id: "ipa-info-plist-unreadable", severity: .info, guideline: "", title: "Could not parse Info.plist",
                 fix: "Check it with `plutil -lint`; App Store processing will reject a malformed Info.plist."),
        RuleInfo(id: "ipa-bundle-version-missing", severity: .warn, guideline: "2.1", title: "Missing CFBundleVersion",
                 fix: "Set CURRENT_PROJECT_VERSION (the build number)."),
        RuleInfo(id: "ipa-short-version-missing", severity: .warn, guideline: "2.1", title: "Missing CFBundleShortVersionString",
                 fix: "Set MARKETING_VERSION (e.g. 1.0)."),
        RuleInfo(id: "ipa-display-name-missing", severity: .warn, guideline: "2.3", title: "Missing CFBundleDisplayName and CFBundleName",
                 fix: "Set INFOPLIST_KEY_CFBundleDisplayName or PRODUCT_NAME."),
        RuleInfo(id: "ipa-ats-disabled", severity: .warn, guideline: "1.6", title: "App Transport Security disabled",
                 fix: "Remove NSAllowsArbitraryLoads; allow single domains with NSExceptionDomains if you must."),
        RuleInfo(id: "ipa-purpose-string-empty", severity: .critical, guideline: "5.1.1", title: "Purpose string is empty",
                 fix: "Write what the app does with the permission, in a full sentence."),
        RuleInfo(id: "ipa-purpose-string-vague", severity: .warn, guideline: "5.1.1", title: "Purpose string may be too vague",
                 fix: "Say what the app does with the data, e.g. \"Record your voice so you can hear how you read.\""),
        RuleInfo(id: "ipa-privacy-manifest-missing", severity: .critical, guideline: "5.1.1", title: "Missing PrivacyInfo.xcprivacy",
                 fix: "Add PrivacyInfo.xcprivacy to the app target so it is copied to the bundle's root."),
        RuleInfo(id: "ipa-privacy-manifest-unreadable", severity: .info, guideline: "", title: "Could not parse PrivacyInfo.xcprivacy",
                 fix: "Check it with `plutil -lint PrivacyInfo.xcprivacy`."),
        RuleInfo(id: "ipa-privacy-manifest-empty", severity: .warn, guideline: "5.1.1", title: "PrivacyInfo.xcprivacy is empty",
                 fix: "Declare NSPrivacyTracking, NSPrivacyCollectedDataTypes and NSPrivacyAccessedAPITypes."),
        RuleInfo(id: "ipa-privacy-tracking-undeclared", severity: .warn, guideline: "5.1.2", title: "Privacy manifest missing NSPrivacyTracking",
                 fix: "Add NSPrivacyTracking (false unless the app tracks users)."),
        RuleInfo(id: "ipa-privacy-api-types-missing", severity: .warn, guideline: "5.1.1", title: "Privacy manifest missing NSPrivacyAccessedAPITypes",
                 fix: "Declare each Required-Reason API category the app uses (an empty array if none)."),
        RuleInfo(id: "ipa-privacy-reason-invalid", severity: .critical, guideline: "5.1.1", title: "Reason code not valid for its category",
                 fix: "Use one of the reason codes Apple lists for this category."),
        RuleInfo(id: "ipa-privacy-collected-undeclared", severity: .info, guideline: "5.1.1", title: "Privacy manifest does not declare collected data types",
                 fix: "Declare NSPrivacyCollectedDataTypes (an empty array if the app collects nothing)."),
        RuleInfo(id: "ipa-launch-screen-missing", severity: .warn, guideline: "4.2", title: "No launch screen",
                 fix: "Add UILaunchScreen (INFOPLIST_KEY_UILaunchScreen_Generation = YES) or a launch storyboard."),
        RuleInfo(id: "ipa-icon-missing", severity: .critical, guideline: "2.3", title: "No app icon found in bundle",
                 fix: "Add an AppIcon set to the asset catalog and set ASSETCATALOG_COMPILER_APPICON_NAME."),
        RuleInfo(id: "ipa-icon-in-asset-catalog", severity: .info, guideline: "2.3", title: "App icon is in Assets.car (not verified)",
                 fix: "Check the 1024×1024 icon in Xcode's asset catalog; compiled catalogs are not inspected."),
        RuleInfo(id: "ipa-icon-sizes-few", severity: .warn, guideline: "2.3", title: "Few app icon sizes found",
                 fix: "Use an asset catalog AppIcon set so Xcode generates every size."),
        RuleInfo(id: "ipa-size-over-200mb", severity: .warn, guideline: "2.4", title: "IPA is larger than 200 MB",
                 fix: "Users on cellular are asked before downloading apps over 200 MB; move assets to On-Demand Resources."),
        RuleInfo(id: "ipa-size-over-150mb", severity: .info, guideline: "2.4", title: "IPA is larger than 150 MB",
                 fix: "Consider On-Demand Resources or smaller assets."),
        RuleInfo(id: "ipa-framework-manifest-missing", severity: .warn, guideline: "5.1.1", title: "Embedded framework has no privacy manifest",
                 fix: "Update the SDK to a version that ships PrivacyInfo.xcprivacy."),
        RuleInfo(id: "ipa-listed-sdk-manifest-missing", severity: .critical, guideline: "5.1.1", title: "Commonly used SDK has no privacy manifest",
                 fix: "Apple rejects uploads (ITMS-91061) whose listed SDKs lack a privacy manifest; update the SDK."),
    ]

    static func info(_ id: String) -> RuleInfo { rules.first { $0.id == id }! }

    /// Apple's list of commonly used third-party SDKs that must ship a privacy manifest and signature.
    static let listedSDKs: Set<String> = [
        "Abseil", "AFNetworking", "Alamofire", "AppAuth", "BoringSSL", "openssl_grpc", "Capacitor", "Charts", "connectivity_plus",
        "Cordova", "device_info_plus", "DKImagePickerController", "DKPhotoGallery", "FBAEMKit", "FBLPromises", "FBSDKCoreKit",
        "FBSDKCoreKit_Basics", "FBSDKLoginKit", "FBSDKShareKit", "file_picker", "FirebaseABTesting", "FirebaseAuth", "FirebaseCore",
        "FirebaseCoreDiagnostics", "FirebaseCoreExtension", "FirebaseCoreInternal", "FirebaseCrashlytics", "FirebaseDynamicLinks",
        "FirebaseFirestore", "FirebaseInstallations", "FirebaseMessaging", "FirebaseRemoteConfig", "Flutter", "flutter_inappwebview",
        "flutter_local_notifications", "fluttertoast", "FMDB", "geolocator_apple", "GoogleDataTransport", "GoogleSignIn",
        "GoogleToolboxForMac", "GoogleUtilities", "grpcpp", "GTMAppAuth", "GTMSessionFetcher", "hermes", "image_picker_ios",
        "IQKeyboardManager", "IQKeyboardManagerSwift", "Kingfisher", "leveldb", "Lottie", "MBProgressHUD", "nanopb", "OneSignal",
        "OneSignalCore", "OneSignalExtension", "OneSignalOutcomes", "OpenSSL", "OrderedSet", "package_info", "package_info_plus",
        "path_provider", "path_provider_ios", "Promises", "Protobuf", "Reachability", "RealmSwift", "RxCocoa", "RxRelay", "RxSwift",
        "SDWebImage", "share_plus", "shared_preferences_ios", "SnapKit", "sqflite", "Starscream", "SVProgressHUD", "SwiftyGif",
        "SwiftyJSON", "Toast", "UnityFramework", "url_launcher", "url_launcher_ios", "video_player_avfoundation", "wakelock",
        "webview_flutter_wkwebview",
    ]

    func finding(_ id: String, title: String? = nil, detail: String, file: String = "") -> Finding {
        Self.info(id).finding(source: .ipa, title: title, detail: detail, file: file)
    }

    public func inspect(_ ipa: IPAArchive) -> Result {
        guard let app = ipa.appDirectory else {
            return Result(findings: [finding("ipa-invalid-structure", detail: "\(ipa.path) has no Payload/<Name>.app/ folder.")],
                          entriesScanned: 0)
        }
        var findings: [Finding] = []
        var result = Result(findings: [], entriesScanned: ipa.appEntries.count)
        var info: [String: Any] = [:]
        if let data = ipa.read("Info.plist") {
            if let plist = FileRules.dictionary(data) {
                info = plist
                findings += infoFindings(plist, file: app + "Info.plist")
            } else {
                findings.append(finding("ipa-info-plist-unreadable", detail: "Info.plist is neither an XML nor a binary plist.", file: app + "Info.plist"))
            }
        } else {
            findings.append(finding("ipa-info-plist-missing", detail: "\(app) has no Info.plist.", file: app))
        }
        result.appName = (info["CFBundleDisplayName"] as? String) ?? (info["CFBundleName"] as? String) ?? ipa.appBundleName
        result.bundleId = info["CFBundleIdentifier"] as? String
        result.version = info["CFBundleShortVersionString"] as? String
        findings += manifestFindings(ipa, app: app)
        findings += launchScreenFindings(info, ipa: ipa, app: app)
        findings += iconFindings(info, ipa: ipa, app: app)
        findings += sizeFindings(bytes: ipa.fileSize)
        findings += frameworkFindings(ipa, app: app, bundleId: result.bundleId)
        result.findings = findings
        return result
    }

    func infoFindings(_ plist: [String: Any], file: String) -> [Finding] {
        var findings: [Finding] = []
        if (plist["CFBundleVersion"] as? String)?.isEmpty ?? true {
            findings.append(finding("ipa-bundle-version-missing", detail: "Info.plist has no CFBundleVersion (build number).", file: file))
        }
        if (plist["CFBundleShortVersionString"] as? String)?.isEmpty ?? true {
            findings.append(finding("ipa-short-version-missing", detail: "Info.plist has no CFBundleShortVersionString (version).", file: file))
        }
        if plist["CFBundleDisplayName"] == nil && plist["CFBundleName"] == nil {
            findings.append(finding("ipa-display-name-missing", detail: "Neither CFBundleDisplayName nor CFBundleName is set.", file: file))
        }
        if let ats = plist["NSAppTransportSecurity"] as? [String: Any], ats["NSAllowsArbitraryLoads"] as? Bool == true {
            findings.append(finding("ipa-ats-disabled", detail: "NSAllowsArbitraryLoads is true: every connection may use plain HTTP.", file: file))
        }
        for (key, name) in FileRules.purposeKeys {
            guard let value = plist[key] as? String, let (problem, text) = FileRules.purposeProblem(value) else { continue }
            switch problem {
            case .empty:
                findings.append(finding("ipa-purpose-string-empty", title: "\(name) purpose string is empty", detail: "\(key) is empty.", file: file))
            case .vague:
                findings.append(finding("ipa-purpose-string-vague", title: "\(name) purpose string may be too vague",
                                        detail: "\(key) is \"\(text)\".", file: file))
            }
        }
        return findings
    }

    func manifestFindings(_ ipa: IPAArchive, app: String) -> [Finding] {
        let file = app + "PrivacyInfo.xcprivacy"
        guard let data = ipa.read("PrivacyInfo.xcprivacy") else {
            return [finding("ipa-privacy-manifest-missing", detail: "The app bundle has no PrivacyInfo.xcprivacy at its root.", file: app)]
        }
        guard let manifest = FileRules.dictionary(data) else {
            return [finding("ipa-privacy-manifest-unreadable", detail: "PrivacyInfo.xcprivacy is not a valid plist.", file: file)]
        }
        if manifest.isEmpty { return [finding("ipa-privacy-manifest-empty", detail: "PrivacyInfo.xcprivacy declares nothing.", file: file)] }
        var findings: [Finding] = []
        if manifest["NSPrivacyTracking"] == nil {
            findings.append(finding("ipa-privacy-tracking-undeclared", detail: "NSPrivacyTracking is not set.", file: file))
        }
        if let types = manifest["NSPrivacyAccessedAPITypes"] as? [[String: Any]] {
            for entry in types {
                guard let key = entry["NSPrivacyAccessedAPIType"] as? String,
                      let category = PrivacyScanner.categories.first(where: { $0.key == key }) else { continue }
                let reasons = entry["NSPrivacyAccessedAPITypeReasons"] as? [String] ?? []
                for reason in reasons where !category.validReasons.contains(reason) {
                    findings.append(finding("ipa-privacy-reason-invalid", detail: "\(reason) is not a reason for \(category.name) (\(key)); valid: \(category.validReasons.sorted().joined(separator: ", ")).", file: file))
                }
                if reasons.isEmpty {
                    findings.append(finding("ipa-privacy-reason-invalid", title: "Category declared without a reason code",
                                            detail: "\(key) lists no NSPrivacyAccessedAPITypeReasons.", file: file))
                }
            }
        } else {
            findings.append(finding("ipa-privacy-api-types-missing", detail: "NSPrivacyAccessedAPITypes is not set.", file: file))
        }
        if manifest["NSPrivacyCollectedDataTypes"] == nil {
            findings.append(finding("ipa-privacy-collected-undeclared", detail: "NSPrivacyCollectedDataTypes is not set.", file: file))
        }
        return findings
    }

    /// A SwiftUI app declares its launch screen with the UILaunchScreen dictionary; older apps name a storyboard.
    func launchScreenFindings(_ info: [String: Any], ipa: IPAArchive, app: String) -> [Finding] {
        if info["UILaunchScreen"] != nil || info["UILaunchScreens"] != nil || info["UILaunchStoryboardName"] != nil { return [] }
        let storyboard = ipa.appEntries.contains { entry in
            let lower = entry.lowercased()
            return lower.contains("launchscreen") || lower.contains("launchstoryboard")
        }
        return storyboard ? [] : [finding("ipa-launch-screen-missing", detail: "Info.plist has no UILaunchScreen or UILaunchStoryboardName, and the bundle has no launch storyboard.", file: app + "Info.plist")]
    }

    func iconFindings(_ info: [String: Any], ipa: IPAArchive, app: String) -> [Finding] {
        let topLevel = ipa.appEntries.filter { !$0.contains("/") }
        let loose = topLevel.filter { $0.hasPrefix("AppIcon") && $0.lowercased().hasSuffix(".png") }
        let hasCatalog = topLevel.contains("Assets.car")
        let iconName = ((info["CFBundleIcons"] as? [String: Any])?["CFBundlePrimaryIcon"] as? [String: Any])?["CFBundleIconName"] as? String
        if loose.isEmpty && !hasCatalog {
            return [finding("ipa-icon-missing", detail: "No AppIcon*.png and no Assets.car in the bundle.", file: app)]
        }
        if loose.isEmpty {
            let named = iconName.map { "Info.plist names \"\($0)\" in the compiled asset catalog" } ?? "Info.plist names no CFBundleIconName"
            return [finding("ipa-icon-in-asset-catalog", detail: "The icon lives in Assets.car, which is not decoded; \(named).", file: app + "Assets.car")]
        }
        if loose.count < 2 && !hasCatalog {
            return [finding("ipa-icon-sizes-few", title: "Only \(loose.count) app icon size found", detail: "Found \(loose.joined(separator: ", ")).", file: app)]
        }
        return []
    }

    func sizeFindings(bytes: Int64) -> [Finding] {
        let megabytes = Double(bytes) / 1_000_000
        let text = String(format: "%.1f MB", megabytes)
        if megabytes > 200 { return [finding("ipa-size-over-200mb", detail: "The .ipa is \(text).")] }
        if megabytes > 150 { return [finding("ipa-size-over-150mb", detail: "The .ipa is \(text).")] }
        return []
    }

    /// Third-party frameworks need their own manifest; the app's own frameworks (same bundle id
    /// prefix) are covered by the app's manifest and are not flagged.
    func frameworkFindings(_ ipa: IPAArchive, app: String, bundleId: String?) -> [Finding] {
        var frameworks: [String: Bool] = [:]  // name → has a manifest
        for entry in ipa.appEntries where entry.hasPrefix("Frameworks/") {
            let parts = entry.split(separator: "/")
            guard parts.count >= 2, parts[1].hasSuffix(".framework") else { continue }
            let name = String(parts[1])
            let hasManifest = parts.last == "PrivacyInfo.xcprivacy"
            frameworks[name] = (frameworks[name] ?? false) || hasManifest
        }
        let appPrefix = bundleId.map(Self.organisationPrefix)
        var findings: [Finding] = []
        for (framework, hasManifest) in frameworks.sorted(by: { $0.key < $1.key }) where !hasManifest {
            let name = String(framework.dropLast(".framework".count))
            let frameworkInfo = ipa.read("Frameworks/\(framework)/Info.plist").flatMap(FileRules.dictionary)
            if let id = frameworkInfo?["CFBundleIdentifier"] as? String, let appPrefix, Self.organisationPrefix(id) == appPrefix { continue }
            let file = app + "Frameworks/" + framework
            if Self.listedSDKs.contains(name) {
                findings.append(finding("ipa-listed-sdk-manifest-missing", title: "Commonly used SDK '\(framework)' has no privacy manifest",
                                        detail: "\(name) is on Apple's list of SDKs that must ship PrivacyInfo.xcprivacy.", file: file))
            } else {
                findings.append(finding("ipa-framework-manifest-missing", title: "Framework '\(framework)' missing privacy manifest",
                                        detail: "\(framework) has no PrivacyInfo.xcprivacy.", file: file))
            }
        }
        return findings
    }

    /// "com.example" of "com.example.app.widget": the part that names the developer.
    static func organisationPrefix(_ bundleId: String) -> String {
        bundleId.split(separator: ".").prefix(2).joined(separator: ".").lowercased()
    }
}
