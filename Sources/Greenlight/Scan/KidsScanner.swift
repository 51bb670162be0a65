import Foundation

/// The Kids Category (guidelines 1.3 and 5.1.4), for a project that declares itself for kids
/// (`kids_category: true` or `--kids`): no third-party analytics or advertising SDKs, no
/// advertising identifier, and links out of the app or purchases only behind a parental gate.
struct KidsScanner: Sendable {
    enum SDKKind: Sendable { case analytics, ads }

    /// Module, pod and Swift package product names (lower-cased) of analytics and ad SDKs.
    static let nativeSDKs: [String: SDKKind] = {
        var sdks: [String: SDKKind] = [:]
        for name in ["firebaseanalytics", "firebase/analytics", "googleanalytics", "googleanalytics-ios-sdk", "mixpanel", "mixpanel-swift",
                     "amplitude", "amplitudeswift", "amplitude-ios", "segment", "analytics-swift", "appsflyerlib", "appsflyerframework",
                     "adjust", "adjustsdk", "flurry", "flurry-ios-sdk", "flurry_ios_sdk", "branch", "branchsdk", "fbsdkcorekit", "facebookcore",
                     "facebookanalytics", "heap", "localytics", "clevertapsdk", "clevertap-ios-sdk", "kochavanetwork", "kochavatracker",
                     "singular", "singular-sdk"] {
            sdks[name] = .analytics
        }
        for name in ["googlemobileads", "google-mobile-ads-sdk", "applovinsdk", "unityads", "ironsource", "ironsourcesdk", "vunglesdk",
                     "vungleadssdk", "chartboostsdk", "chartboost-ios-sdk", "inmobisdk", "fbaudiencenetwork", "adcolony", "tapjoy",
                     "startapp", "mopub", "mopub-ios-sdk", "mopubsdk"] {
            sdks[name] = .ads
        }
        return sdks
    }()

    /// npm packages of the same kinds (React Native, Expo).
    static let javaScriptSDKs: [String: SDKKind] = {
        var sdks: [String: SDKKind] = [:]
        for name in ["@react-native-firebase/analytics", "expo-firebase-analytics", "@segment/analytics-react-native", "mixpanel-react-native",
                     "@amplitude/analytics-react-native", "@amplitude/react-native", "react-native-appsflyer", "react-native-adjust",
                     "react-native-fbsdk-next", "react-native-fbsdk", "react-native-branch", "expo-analytics-amplitude", "expo-analytics-segment"] {
            sdks[name] = .analytics
        }
        for name in ["react-native-google-mobile-ads", "expo-ads-admob", "expo-ads-facebook", "react-native-admob",
                     "react-native-applovin-max", "react-native-unity-ads", "react-native-fbads"] {
            sdks[name] = .ads
        }
        return sdks
    }()

    static let importPattern = try! NSRegularExpression(pattern: #"^\s*(?:@_\w+(?:\([^)]*\))?\s+)*(?:@?import|#import\s*<|#include\s*<)\s*(?:class\s+|struct\s+|enum\s+|protocol\s+|func\s+)?([A-Za-z_][\w]*)"#)
    static let podPattern = try! NSRegularExpression(pattern: #"^\s*(?:pod|github|binary)\s+['"]([^'"]+)['"]"#)
    static let productPattern = try! NSRegularExpression(pattern: #"\.product\s*\(\s*name:\s*"([^"]+)""#)
    static let jsImportPattern = try! NSRegularExpression(pattern: #"(?:\bfrom\s+|\brequire\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]"#)

    /// Calls that take the child out of the app (browser, mail, store, share sheet).
    static let linkOut = try! NSRegularExpression(pattern:
        #"\bUIApplication\.shared\.open\s*\(|\bopenURL\s*\(|\bopenURL:|\bLink\s*\(|\bSFSafariViewController\s*\(|\bShareLink\s*\(|\bMFMailComposeViewController\s*\(|\bSKStoreProductViewController\s*\(|\bLinking\.openURL\s*\(|\bWebBrowser\.openBrowserAsync\s*\("#)
    static let purchase = try! NSRegularExpression(pattern:
        #"\b(?:product|products\[[^\]]*\]|\w+Product)\.purchase\s*\(|\bSKPaymentQueue\.default\(\)\.add\s*\(|\bPurchases\.shared\.purchase\s*\(|\brequestPurchase\s*\("#)
    static let tracking = try! NSRegularExpression(pattern: #"\brequestTrackingAuthorization\b|\badvertisingIdentifier\b|\bASIdentifierManager\b"#)
    /// A parental gate in the same file (or a file that is itself the parents' area).
    static let gate = try! NSRegularExpression(pattern:
        #"(?i)parent(?:al)?_?gate|grown_?ups?_?(?:only|gate|check)|adult_?(?:check|gate|verification)|age_?gate|isParentVerified|parentVerified|passParentGate"#)

    static var keywordIndex: KeywordGroups { ScanKeywords.kids }
    static let keywordGroups: [[[UInt8]]] = [
        ["import", "include"].map(ByteSearch.lowered),
        ["open", "link(", "sfsafariviewcontroller", "sharelink", "mfmailcompose", "skstoreproduct", "openbrowserasync"].map(ByteSearch.lowered),
        ["purchase", "skpaymentqueue"].map(ByteSearch.lowered),
        ["trackingauthorization", "advertisingidentifier", "asidentifiermanager"].map(ByteSearch.lowered),
    ]

    static let rules: [RuleInfo] = [
        RuleInfo(id: "kids-third-party-analytics", severity: .critical, guideline: "1.3", title: "Third-party analytics in a Kids Category app",
                 fix: "Remove the analytics SDK, or keep analytics first-party and free of identifiers (guideline 1.3)."),
        RuleInfo(id: "kids-third-party-ads", severity: .critical, guideline: "1.3", title: "Third-party advertising in a Kids Category app",
                 fix: "Remove the ad SDK; Kids Category apps may show only human-reviewed, contextual ads and no third-party ad networks."),
        RuleInfo(id: "kids-tracking", severity: .critical, guideline: "5.1.4", title: "Advertising identifier or tracking in a Kids Category app",
                 fix: "Kids apps must not track or ask for tracking; remove ATT and IDFA use."),
        RuleInfo(id: "kids-link-without-gate", severity: .high, guideline: "1.3", title: "Link out of the app without a parental gate",
                 fix: "Put a parental gate (a question a child cannot answer) before opening links, mail, the store or the share sheet."),
        RuleInfo(id: "kids-purchase-without-gate", severity: .high, guideline: "1.3", title: "Purchase without a parental gate",
                 fix: "Ask a parental gate question before starting any purchase."),
        RuleInfo(id: "kids-data-to-third-party", severity: .critical, guideline: "5.1.4", title: "A child's personal data sent to a third-party service",
                 fix: "Keep the child's data on the device or your own servers: send the third party a text without the name (or speak the name on the device with AVSpeechSynthesizer), or drop the data."),
    ]

    static func info(_ id: String) -> RuleInfo { rules.first { $0.id == id }! }

    func finding(_ id: String, title: String? = nil, detail: String, file: ScannedFile, line: LexedLine?) -> Finding {
        Self.info(id).finding(source: .codescan, title: title, detail: detail, file: file.file.path, line: line?.number ?? 0,
                              code: line?.raw.trimmedSpaces)
    }

    func scan(_ files: [ScannedFile]) -> [Finding] {
        var findings = ChildDataFlow.findings(files, severity: Self.info("kids-data-to-third-party").severity)
        for file in files where !file.file.isTest {
            let name = (file.file.path as NSString).lastPathComponent
            if name == "package.json" {
                findings += packageJSONFindings(file)
                continue
            }
            guard FileKind.source.contains(file.file.kind) || file.file.kind == .dependencies else { continue }
            func has(_ group: Int) -> Bool { Self.keywordIndex.has(group, present: file.present) }
            if has(0) || file.file.kind == .dependencies || name == "Package.swift" { findings += sdkFindings(file) }
            if has(3) {
                for line in file.lines where Self.tracking.matches(line.code) {
                    findings.append(finding("kids-tracking", detail: "Kids Category apps may not use the advertising identifier or ask to track.", file: file, line: line))
                }
            }
            guard has(1) || has(2) else { continue }
            let gated = file.file.path.lowercased().contains("parent") || file.lines.contains { Self.gate.matches($0.code) }
            if gated { continue }
            for line in file.lines where !file.previewLines.contains(line.number) {
                if has(1), Self.linkOut.matches(line.code) {
                    findings.append(finding("kids-link-without-gate", detail: "This opens something outside the app and the file shows no parental gate.", file: file, line: line))
                } else if has(2), Self.purchase.matches(line.code) {
                    findings.append(finding("kids-purchase-without-gate", detail: "This starts a purchase and the file shows no parental gate.", file: file, line: line))
                }
            }
        }
        return findings
    }

    func report(_ name: String, _ kind: SDKKind, file: ScannedFile, line: LexedLine?) -> Finding {
        kind == .ads
            ? finding("kids-third-party-ads", title: "Ad SDK \(name) in a Kids Category app", detail: "\(name) is a third-party advertising SDK.", file: file, line: line)
            : finding("kids-third-party-analytics", title: "Analytics SDK \(name) in a Kids Category app", detail: "\(name) is a third-party analytics SDK.", file: file, line: line)
    }

    func sdkFindings(_ file: ScannedFile) -> [Finding] {
        var findings: [Finding] = []
        for line in file.lines {
            let candidates: [String]
            switch file.file.kind {
            case .javascript:
                candidates = Self.captures(Self.jsImportPattern, in: line.raw)
                for name in candidates { if let kind = Self.javaScriptSDKs[name] { findings.append(report(name, kind, file: file, line: line)) } }
                continue
            case .dependencies:
                // pod 'Firebase/Analytics', github "mixpanel/mixpanel-swift": the whole name or its last part.
                candidates = Self.captures(Self.podPattern, in: line.raw).flatMap { [$0, String($0.split(separator: "/").last ?? "")] }
            default:
                candidates = Self.captures(Self.importPattern, in: line.code) + Self.captures(Self.productPattern, in: line.raw)
            }
            if let name = candidates.first(where: { Self.nativeSDKs[$0.lowercased()] != nil }) {
                findings.append(report(name, Self.nativeSDKs[name.lowercased()]!, file: file, line: line))
            }
        }
        return findings
    }

    func packageJSONFindings(_ file: ScannedFile) -> [Finding] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(file.text.utf8)) as? [String: Any] else { return [] }
        let dependencies = (object["dependencies"] as? [String: Any] ?? [:]).keys
        return dependencies.sorted().compactMap { name in
            guard let kind = Self.javaScriptSDKs[name] else { return nil }
            let line = file.lines.first { $0.raw.contains("\"\(name)\"") }
            return report(name, kind, file: file, line: line)
        }
    }

    static func captures(_ pattern: NSRegularExpression, in text: String) -> [String] {
        pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            (1..<match.numberOfRanges).lazy.compactMap { Range(match.range(at: $0), in: text).map { String(text[$0]) } }.first
        }
    }
}
