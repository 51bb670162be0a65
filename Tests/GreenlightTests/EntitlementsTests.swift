import Foundation
import Testing

@testable import Greenlight

/// A two-target Xcode project (an app and a widget extension) written as project.pbxproj, with a
/// group tree, per-target Sources build phases and per-target entitlements.
struct TwoTargetProject {
    var appEntitlements: String? = "App/App.entitlements"
    var widgetEntitlements: String? = "Widget/Widget.entitlements"
    /// Files compiled by each target (paths inside their groups).
    var appSources = ["App/AppMain.swift", "Shared/Store.swift"]
    var widgetSources = ["Widget/WidgetMain.swift", "Shared/Store.swift"]
    /// More build settings of the app target's Release configuration (`KEY = value;` pairs).
    var appSettings = ""
    /// An .xcconfig (path from the project folder) the app's Release configuration is based on.
    var appConfigFile: String? = nil
    /// Files a unit-test target (AppTests) compiles.
    var testSources: [String] = []
    /// A local Swift package (folder from the project folder, product) the app links.
    var appLocalPackage: (path: String, product: String)? = nil

    func pbxproj() -> String {
        var objects: [String] = []
        var counter = 100
        func id() -> String { counter += 1; return String(format: "B%023d", counter) }
        // Groups: main → App, Widget, Shared (each with path = its folder).
        var fileIds: [String: String] = [:]
        var groupChildren: [String: [String]] = [:]
        for path in Set(appSources + widgetSources + testSources).sorted() {
            let fileId = id()
            fileIds[path] = fileId
            let parts = path.split(separator: "/")
            objects.append("\(fileId) = { isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = \(parts[1]); sourceTree = \"<group>\"; };")
            groupChildren[String(parts[0]), default: []].append(fileId)
        }
        var groupIds: [String] = []
        for (group, children) in groupChildren.sorted(by: { $0.key < $1.key }) {
            let groupId = id()
            groupIds.append(groupId)
            objects.append("\(groupId) = { isa = PBXGroup; children = (\(children.joined(separator: ", ")), ); path = \(group); sourceTree = \"<group>\"; };")
        }
        let mainGroup = id()
        objects.append("\(mainGroup) = { isa = PBXGroup; children = (\(groupIds.joined(separator: ", ")), ); sourceTree = \"<group>\"; };")
        func target(_ name: String, _ type: String, _ sources: [String], _ entitlements: String?, settings: String = "",
                    configFile: String? = nil) -> String {
            let buildFiles = sources.map { path -> String in
                let buildId = id()
                objects.append("\(buildId) = { isa = PBXBuildFile; fileRef = \(fileIds[path]!); };")
                return buildId
            }
            let phase = id(), config = id(), list = id(), targetId = id()
            objects.append("\(phase) = { isa = PBXSourcesBuildPhase; files = (\(buildFiles.joined(separator: ", ")), ); };")
            let entitlementsLine = entitlements.map { "CODE_SIGN_ENTITLEMENTS = \($0);" } ?? ""
            var base = ""
            if let configFile {
                let reference = id()
                objects.append("\(reference) = { isa = PBXFileReference; path = \"\(configFile)\"; sourceTree = SOURCE_ROOT; };")
                base = "baseConfigurationReference = \(reference);"
            }
            objects.append("\(config) = { isa = XCBuildConfiguration; \(base) buildSettings = { GENERATE_INFOPLIST_FILE = YES; INFOPLIST_KEY_CFBundleDisplayName = \(name); INFOPLIST_KEY_UILaunchScreen_Generation = YES; \(entitlementsLine) \(settings) }; name = Release; };")
            objects.append("\(list) = { isa = XCConfigurationList; buildConfigurations = (\(config), ); };")
            var packages = ""
            if name == "App", let package = appLocalPackage {
                let reference = id(), dependency = id()
                objects.append("\(reference) = { isa = XCLocalSwiftPackageReference; relativePath = \"\(package.path)\"; };")
                objects.append("\(dependency) = { isa = XCSwiftPackageProductDependency; package = \(reference); productName = \(package.product); };")
                packages = "packageProductDependencies = (\(dependency), );"
            }
            objects.append("\(targetId) = { isa = PBXNativeTarget; buildConfigurationList = \(list); buildPhases = (\(phase), ); \(packages) name = \(name); productType = \"\(type)\"; };")
            return targetId
        }
        let app = target("App", "com.apple.product-type.application", appSources, appEntitlements, settings: appSettings, configFile: appConfigFile)
        let widget = target("Widget", "com.apple.product-type.app-extension", widgetSources, widgetEntitlements)
        let tests = testSources.isEmpty ? "" : target("AppTests", "com.apple.product-type.bundle.unit-test", testSources, nil) + ", "
        let project = id()
        objects.append("\(project) = { isa = PBXProject; mainGroup = \(mainGroup); targets = (\(app), \(widget), \(tests)); };")
        return "// !$*UTF8*$!\n{ archiveVersion = 1; objectVersion = 56; objects = {\n\(objects.joined(separator: "\n"))\n}; rootObject = \(project); }\n"
    }
}

func entitlements(_ pairs: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict>\(pairs)</dict></plist>
    """
}

func groups(_ key: String, _ values: [String]) -> String {
    "<key>\(key)</key><array>\n\(values.map { "<string>\($0)</string>\n" }.joined())</array>"
}

@Suite("Entitlements and target membership")
struct EntitlementsTests {
    func scan(_ project: TwoTargetProject = .init(), _ files: [String: String]) throws -> [Finding] {
        var all = files
        all["App.xcodeproj/project.pbxproj"] = project.pbxproj()
        all["App/PrivacyInfo.xcprivacy"] = all["App/PrivacyInfo.xcprivacy"] ?? entitlements("<key>NSPrivacyTracking</key><false/><key>NSPrivacyAccessedAPITypes</key><array/>")
        for path in Set(project.appSources + project.widgetSources) where all[path] == nil { all[path] = "import SwiftUI\n" }
        return try withProject(all) { try ProjectScan(scanners: [.metadata]).run(root: $0).findings }
    }

    let shared = "let defaults = UserDefaults(suiteName: \"group.org.example.shared\")\n"

    @Test("an App Group both targets list is fine; missing in the extension that shares the code is reported there")
    func appGroups() throws {
        let both = try scan(.init(), [
            "Shared/Store.swift": shared,
            "App/App.entitlements": entitlements(groups("com.apple.security.application-groups", ["group.org.example.shared"])),
            "Widget/Widget.entitlements": entitlements(groups("com.apple.security.application-groups", ["group.org.example.shared"])),
        ])
        #expect(both == [])
        let widgetMissing = try scan(.init(), [
            "Shared/Store.swift": shared,
            "App/App.entitlements": entitlements(groups("com.apple.security.application-groups", ["group.org.example.shared"])),
            "Widget/Widget.entitlements": entitlements(groups("com.apple.security.application-groups", ["group.org.example.other"])),
        ])
        #expect(widgetMissing.map(\.ruleId) == ["app-group-not-entitled"])
        #expect(widgetMissing.first?.title == "App Group group.org.example.shared not entitled in target Widget")
        #expect(widgetMissing.first?.file == "Shared/Store.swift" && widgetMissing.first?.line == 1)
    }

    @Test("membership comes from the Sources build phase: a file only the app compiles is not judged for the widget")
    func membership() throws {
        var project = TwoTargetProject()
        project.widgetSources = ["Widget/WidgetMain.swift"]
        let found = try scan(project, [
            "Shared/Store.swift": shared,
            "App/App.entitlements": entitlements(groups("com.apple.security.application-groups", ["group.org.example.shared"])),
            "Widget/Widget.entitlements": entitlements(""),
        ])
        #expect(found == [])
    }

    @Test("keychain groups: $(AppIdentifierPrefix) and a team prefix name the same group")
    func keychain() throws {
        let code = "let q: [String: Any] = [kSecAttrAccessGroup as String: \"ABCDE12345.org.example.keys\"]\n"
        let entitled = entitlements(groups("keychain-access-groups", ["$(AppIdentifierPrefix)org.example.keys"]))
        #expect(try scan(.init(), ["Shared/Store.swift": code, "App/App.entitlements": entitled, "Widget/Widget.entitlements": entitled]) == [])
        let found = try scan(.init(), ["Shared/Store.swift": code, "App/App.entitlements": entitled, "Widget/Widget.entitlements": entitlements("")])
        #expect(found.map(\.ruleId) == ["keychain-group-not-entitled"])
        #expect(found.first?.title.hasSuffix("target Widget") == true)
        // A service name beside a constant access group is not a group.
        let service = "let keychain = Keychain(service: \"org.example.keychain\", accessGroup: AppName.groupID)\n"
        #expect(try scan(.init(), ["Shared/Store.swift": service, "App/App.entitlements": entitled, "Widget/Widget.entitlements": entitled]) == [])
    }

    @Test("capabilities: Sign in with Apple, push and HealthKit need their entitlement in the target that uses them", arguments: [
        ("SignInWithAppleButton(.signIn) { _ in } onCompletion: { _ in }", "com.apple.developer.applesignin", "siwa-not-entitled"),
        ("let request = ASAuthorizationAppleIDProvider().createRequest()", "com.apple.developer.applesignin", "siwa-not-entitled"),
        ("UIApplication.shared.registerForRemoteNotifications()", "aps-environment", "push-not-entitled"),
        ("let store = HKHealthStore()", "com.apple.developer.healthkit", "healthkit-not-entitled"),
    ])
    func capabilities(code: String, key: String, rule: String) throws {
        let missing = try scan(.init(), ["App/AppMain.swift": code + "\n", "App/App.entitlements": entitlements(""), "Widget/Widget.entitlements": entitlements("")])
        #expect(missing.map(\.ruleId).filter { $0 == rule }.count == 1, "\(missing.map(\.ruleId))")
        let entitled = try scan(.init(), ["App/AppMain.swift": code + "\n", "App/App.entitlements": entitlements("<key>\(key)</key><true/>"),
                                          "Widget/Widget.entitlements": entitlements("")])
        #expect(!entitled.map(\.ruleId).contains(rule))
        // Near miss: the API named in a comment or a string is not a use.
        let mentioned = try scan(.init(), ["App/AppMain.swift": "// \(code)\nlet s = \"\(code.replacingOccurrences(of: "\"", with: ""))\"\n",
                                           "App/App.entitlements": entitlements(""), "Widget/Widget.entitlements": entitlements("")])
        #expect(!mentioned.map(\.ruleId).contains(rule))
    }

    @Test("a target with no entitlements file at all is judged too")
    func noEntitlementsFile() throws {
        var project = TwoTargetProject()
        project.appEntitlements = nil
        let found = try scan(project, ["App/AppMain.swift": "let r = ASAuthorizationAppleIDProvider().createRequest()\n", "Widget/Widget.entitlements": entitlements("")])
        #expect(found.map(\.ruleId) == ["siwa-not-entitled"])
        #expect(found.first?.detail.contains("no entitlements file") == true)
    }

    @Test("a missing or malformed entitlements file is reported, not a crash")
    func unreadable() throws {
        let found = try scan(.init(), ["App/App.entitlements": "<plist><dict><key>x", "Widget/Widget.entitlements": entitlements("")])
        #expect(found.map(\.ruleId) == ["entitlements-unreadable"])
        #expect(found.first?.detail == "Target App: App/App.entitlements is not a valid plist.")
        let absent = try scan(.init(), ["Widget/Widget.entitlements": entitlements("")])
        #expect(absent.first?.detail == "Target App: the file App/App.entitlements does not exist.")
    }

    @Test("associated domains must be service:domain")
    func associatedDomains() throws {
        let found = try scan(.init(), [
            "App/App.entitlements": entitlements(groups("com.apple.developer.associated-domains",
                                                        ["applinks:example.com", "webcredentials:example.com?mode=developer", "https://example.com", "applinks:"])),
            "Widget/Widget.entitlements": entitlements(""),
        ])
        #expect(found.map(\.detail) == ["\"https://example.com\" in target App's entitlements.", "\"applinks:\" in target App's entitlements."])
    }

    @Test("XcodeGen: entitlements properties and per-target sources")
    func xcodeGen() throws {
        let yaml = """
            name: Kids
            targets:
              Kids:
                type: application
                platform: iOS
                sources: [Kids]
                info: { path: Kids/Info.plist, properties: { CFBundleDisplayName: Kids, UILaunchScreen: {} } }
                entitlements: { path: Kids/Kids.entitlements, properties: { com.apple.security.application-groups: [group.org.example.kids] } }
              KidsWidget:
                type: app-extension
                platform: iOS
                sources: [KidsWidget]
                entitlements: { path: KidsWidget/KidsWidget.entitlements }
            """
        let found = try withProject([
            "project.yml": yaml,
            "Kids/Main.swift": "let d = UserDefaults(suiteName: \"group.org.example.kids\")\n",
            "Kids/PrivacyInfo.xcprivacy": entitlements(""),
            "KidsWidget/Widget.swift": "let d = UserDefaults(suiteName: \"group.org.example.kids\")\n",
            "KidsWidget/KidsWidget.entitlements": entitlements(""),
        ]) { try ProjectScan(scanners: [.metadata]).run(root: $0).findings }
        #expect(found.map(\.ruleId) == ["app-group-not-entitled"])
        #expect(found.first?.file == "KidsWidget/Widget.swift")
    }

    @Test("Xcode 16 synchronized folders give membership; a purpose string is judged in the target that compiles the call")
    func synchronizedFolders() throws {
        let pbxproj = """
            // !$*UTF8*$!
            { archiveVersion = 1; objectVersion = 77; objects = {
            C1 = { isa = PBXFileSystemSynchronizedRootGroup; path = Cam; sourceTree = "<group>"; };
            C2 = { isa = PBXFileSystemSynchronizedRootGroup; path = Main; sourceTree = "<group>"; };
            G0 = { isa = PBXGroup; children = (C1, C2, ); sourceTree = "<group>"; };
            S1 = { isa = XCBuildConfiguration; buildSettings = { GENERATE_INFOPLIST_FILE = YES; INFOPLIST_KEY_CFBundleDisplayName = Main; INFOPLIST_KEY_UILaunchScreen_Generation = YES; }; name = Release; };
            L1 = { isa = XCConfigurationList; buildConfigurations = (S1, ); };
            T1 = { isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = ( ); fileSystemSynchronizedGroups = (C2, ); name = Main; productType = "com.apple.product-type.application"; };
            S2 = { isa = XCBuildConfiguration; buildSettings = { GENERATE_INFOPLIST_FILE = YES; }; name = Release; };
            L2 = { isa = XCConfigurationList; buildConfigurations = (S2, ); };
            T2 = { isa = PBXNativeTarget; buildConfigurationList = L2; buildPhases = ( ); fileSystemSynchronizedGroups = (C1, ); name = CamExtension; productType = "com.apple.product-type.app-extension"; };
            P0 = { isa = PBXProject; mainGroup = G0; targets = (T1, T2, ); };
            }; rootObject = P0; }
            """
        let found = try withProject([
            "Kids.xcodeproj/project.pbxproj": pbxproj,
            "Main/Main.swift": "import SwiftUI\n",
            "Cam/Capture.swift": "let session = AVCaptureSession()\n",
        ]) { try ProjectScan(scanners: [.metadata]).run(root: $0).findings }
        #expect(found.map(\.ruleId) == ["purpose-string-missing"])
        #expect(found.first?.detail.contains("target CamExtension") == true && found.first?.file == "Cam/Capture.swift")
    }
}
