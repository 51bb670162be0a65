import Foundation
import Testing
@testable import Greenlight

func manifest(_ accessed: [(String, [String])], tracking: Bool = false, domains: [String] = []) -> String {
    let entries = accessed.map { key, reasons in
        "<dict><key>NSPrivacyAccessedAPIType</key><string>\(key)</string><key>NSPrivacyAccessedAPITypeReasons</key><array>"
            + reasons.map { "<string>\($0)</string>" }.joined() + "</array></dict>"
    }.joined()
    return plist("<key>NSPrivacyTracking</key><\(tracking)/>"
                 + "<key>NSPrivacyTrackingDomains</key><array>\(domains.map { "<string>\($0)</string>" }.joined())</array>"
                 + "<key>NSPrivacyAccessedAPITypes</key><array>\(entries)</array>")
}

func privacyFindings(_ files: [String: String]) throws -> [Finding] {
    try withProject(files) { try ProjectScan(scanners: [.privacy]).run(root: $0).findings }
}

@Suite struct PrivacyScannerTests {
    static let defaults = "let seen = UserDefaults.standard.bool(forKey: \"seen\")"

    @Test func anAppWithoutAManifestIsReported() throws {
        let ids = try privacyFindings(["App/A.swift": "let x = 1"]).map(\.ruleId)
        #expect(ids == ["privacy-manifest-missing"])
        #expect(try privacyFindings(["README.md.swift.txt": "no app here"]).isEmpty)
    }

    @Test func usedButUndeclaredCategoriesAreCritical() throws {
        let found = try privacyFindings(["App/A.swift": Self.defaults, "App/PrivacyInfo.xcprivacy": manifest([])])
        #expect(found.map(\.ruleId) == ["required-reason-undeclared"])
        #expect(found.first?.title.contains("User defaults") == true && found.first?.line == 1 && found.first?.severity == .critical)
        let declared = try privacyFindings(["App/A.swift": Self.defaults,
                                            "App/PrivacyInfo.xcprivacy": manifest([("NSPrivacyAccessedAPICategoryUserDefaults", ["CA92.1"])])])
        #expect(declared.isEmpty)
    }

    @Test func withoutAnyManifestTheUseIsReportedOnItsLine() throws {
        let found = try privacyFindings(["App/A.swift": "import Foundation\nlet t = mach_absolute_time()"])
        #expect(Set(found.map(\.ruleId)) == ["privacy-manifest-missing", "required-reason-no-manifest"])
        #expect(found.first { $0.ruleId == "required-reason-no-manifest" }?.line == 2)
    }

    @Test func reasonCodesMustBelongToTheirCategory() throws {
        let found = try privacyFindings(["App/A.swift": Self.defaults,
                                         "App/PrivacyInfo.xcprivacy": manifest([("NSPrivacyAccessedAPICategoryUserDefaults", ["35F9.1"])])])
        #expect(found.map(\.ruleId) == ["required-reason-invalid-code"])
        #expect(found.first?.detail.contains("CA92.1") == true)
    }

    @Test func eachTargetIsJudgedByItsOwnManifest() throws {
        let found = try privacyFindings([
            "App/A.swift": "let x = 1",
            "App/PrivacyInfo.xcprivacy": manifest([("NSPrivacyAccessedAPICategoryUserDefaults", ["CA92.1"])]),
            "Widget/W.swift": Self.defaults,
            "Widget/PrivacyInfo.xcprivacy": manifest([]),
        ])
        #expect(found.map(\.ruleId) == ["required-reason-undeclared"])
        #expect(found.first?.file == "Widget/W.swift")
    }

    @Test func symbolsNotPropertyNamesAreRequiredReasonUse() throws {
        // SwiftData models have creationDate; a type named UserDefaultsManager is not UserDefaults.
        let found = try privacyFindings(["App/Model.swift": "@Model final class Note { var creationDate = Date() }\nstruct UserDefaultsManager {}\n// UserDefaults in a comment",
                                         "App/PrivacyInfo.xcprivacy": manifest([])])
        #expect(found.isEmpty)
        let real = try privacyFindings(["App/F.swift": "let a = try FileManager.default.attributesOfItem(atPath: p)[.creationDate]",
                                        "App/PrivacyInfo.xcprivacy": manifest([])])
        #expect(real.first?.title.contains("File timestamp") == true)
    }

    @Test func trackingDeclarationsAreChecked() throws {
        let found = try privacyFindings(["App/A.swift": "let x = 1", "App/PrivacyInfo.xcprivacy": manifest([], tracking: true)])
        #expect(Set(found.map(\.ruleId)) == ["tracking-domains-missing", "privacy-tracking-without-sdk"])
        let sdk = try privacyFindings(["App/A.swift": "import FirebaseAnalytics",
                                       "App/PrivacyInfo.xcprivacy": manifest([], tracking: true, domains: ["ads.example.com"])])
        #expect(sdk.isEmpty)
    }

    @Test func brokenManifestsAndExpoManifestsAreHandled() throws {
        let broken = try privacyFindings(["App/A.swift": "let x = 1", "App/PrivacyInfo.xcprivacy": "<plist><dict><key>"])
        #expect(broken.map(\.ruleId).contains("privacy-manifest-invalid"))
        let expo = try privacyFindings(["app.json": "{\"expo\": {\"ios\": {\"privacyManifests\": {\"NSPrivacyAccessedAPITypes\": []}}}}",
                                        "App.tsx": "import AsyncStorage from '@react-native-async-storage/async-storage'"])
        #expect(expo.isEmpty)
    }

    @Test func inlineSuppressionAndConfigApplyToPrivacyRules() throws {
        let found = try privacyFindings(["App/A.swift": "// greenlight:ignore required-reason-undeclared\n" + Self.defaults,
                                         "App/PrivacyInfo.xcprivacy": manifest([])])
        #expect(found.isEmpty)
    }
}

@Suite struct MetadataFixtureTests {
    static var fixtures: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures") }

    func findings(_ project: String) throws -> [Finding] {
        try ProjectScan().run(root: Self.fixtures.appendingPathComponent(project)).findings
    }

    @Test func anXcodeProjectIsJudgedByItsReleaseBuildSettings() throws {
        // GENERATE_INFOPLIST_FILE with INFOPLIST_KEY_*: an empty microphone string in Release (Debug's is fine),
        // speech recognition used without its key, no false "display name" or "launch screen" warnings.
        let found = try findings("XcodeApp")
        #expect(found.map(\.ruleId) == ["purpose-string-empty", "purpose-string-missing"])
        #expect(found[0].title == "Microphone purpose string is empty" && found[0].file == "Recorder.xcodeproj/project.pbxproj")
        #expect(found[1].title.contains("NSSpeechRecognitionUsageDescription") && found[1].file == "Recorder/RecorderView.swift" && found[1].line == 13)
    }

    @Test func anXcodeGenProjectMergesInfoPropertiesAndSettings() throws {
        let found = try findings("XcodeGenApp")
        #expect(found.map(\.ruleId) == ["purpose-string-missing", "purpose-string-vague"])
        #expect(found[0].title.contains("NSLocationWhenInUseUsageDescription") && found[0].line == 9)
        #expect(found[1].detail.contains("\"Motion\""))
    }

    @Test func anExpoProjectsAppJsonIsChecked() throws {
        let ids = Set(try findings("ExpoApp").map(\.ruleId))
        #expect(ids.isSuperset(of: ["expo-icon-missing", "expo-version-missing", "expo-bundle-id-invalid", "expo-description-missing",
                                     "privacy-policy-missing", "purpose-string-vague", "privacy-manifest-missing"]))
        // AsyncStorage keeps files on iOS (not user defaults) and its pod brings its own manifest.
        #expect(!ids.contains("required-reason-no-manifest"))
        #expect(!ids.contains("expo-name-missing") && !ids.contains("expo-bundle-id-missing"))
        // The missing icon is reported once, by metadata, not again by codescan's expo-config-check.
        #expect(!ids.contains("expo-config-check"))
        let codescanOnly = try ProjectScan(scanners: [.code]).run(root: Self.fixtures.appendingPathComponent("ExpoApp")).findings
        #expect(codescanOnly.contains { $0.ruleId == "expo-config-check" && $0.title == "Missing app icon in Expo config" })
    }

    @Test func theCleanAppStaysGreenlitWithEveryScanner() throws {
        #expect(try findings("CleanApp") == [])
    }

    @Test func placeholdersAndMissingNamesInAPlainInfoPlist() throws {
        let found = try privacyAndMetadata(["App/Info.plist": plist("<key>GADApplicationIdentifier</key><string>YOUR_ADMOB_APP_ID</string><key>UILaunchStoryboardName</key><string>Launch</string>"),
                                            "App/PrivacyInfo.xcprivacy": manifest([]), "App/A.swift": "let x = 1"])
        #expect(Set(found.map(\.ruleId)) == ["info-placeholder-value", "display-name-missing"])
    }

    func privacyAndMetadata(_ files: [String: String]) throws -> [Finding] {
        try withProject(files) { try ProjectScan(scanners: [.privacy, .metadata]).run(root: $0).findings }
    }
}
