import Foundation
import Testing

@testable import Greenlight

/// The project as Xcode builds it (issue 21, part 2): what each target compiles, xcconfig settings
/// and `$(VAR)`s, local packages, platforms, hybrid apps, files that do not parse, folders that
/// never ship, and `#if` branches.
@Suite("Project model")
struct ProjectModelTests {
    func metadata(_ project: TwoTargetProject?, _ files: [String: String]) throws -> [Finding] {
        var all = files
        if let project {
            all["App.xcodeproj/project.pbxproj"] = project.pbxproj()
            for path in Set(project.appSources + project.widgetSources) where all[path] == nil { all[path] = "import SwiftUI\n" }
        }
        return try withProject(all) { try ProjectScan(scanners: [.metadata]).run(root: $0).findings }
    }

    let camera = "import AVFoundation\nlet session = AVCaptureSession()\n"
    let cameraKey = "INFOPLIST_KEY_NSCameraUsageDescription = \"Scan the barcode on a food package.\";"

    @Test func aTargetWithNoSourcesOfItsOwnCompilesNothing() throws {
        var project = TwoTargetProject(appSources: ["App/AppMain.swift", "Shared/Camera.swift"], widgetSources: [])
        project.appSettings = cameraKey
        #expect(try metadata(project, ["Shared/Camera.swift": camera]).filter { $0.ruleId == "purpose-string-missing" } == [])
        project.widgetSources = ["Widget/WidgetMain.swift", "Shared/Camera.swift"]
        let found = try metadata(project, ["Shared/Camera.swift": camera]).filter { $0.ruleId == "purpose-string-missing" }
        #expect(found.count == 1 && found[0].detail.contains("target Widget") && found[0].file == "Shared/Camera.swift")
    }

    @Test func xcconfigSettingsAndIncludesAreExpandedInEntitlementsAndInfo() throws {
        var project = TwoTargetProject()
        project.appConfigFile = "Config/App.xcconfig"
        project.appSettings = "INFOPLIST_KEY_NSCameraUsageDescription = \"$(CAMERA_REASON)\";"
        let files = [
            "Config/Base.xcconfig": "GROUP_ID_PREFIX = group.org.example // the team's prefix\n",
            "Config/App.xcconfig": "#include \"Base.xcconfig\"\nCAMERA_REASON = Scan the barcode on a food package.\nOTHER[sdk=macosx*] = no\n",
            "Shared/Store.swift": "let defaults = UserDefaults(suiteName: \"group.org.example.shared\")\n",
            "App/Scan.swift": camera,
            "App/App.entitlements": entitlements(groups("com.apple.security.application-groups", ["$(GROUP_ID_PREFIX).shared"])),
            "Widget/Widget.entitlements": entitlements(groups("com.apple.security.application-groups", ["group.org.example.shared"])),
        ]
        project.appSources.append("App/Scan.swift")
        let found = try metadata(project, files)
        #expect(!found.contains { ["app-group-not-entitled", "purpose-string-missing", "purpose-string-vague", "purpose-string-empty"].contains($0.ruleId) },
                "\(found.map { "\($0.ruleId) \($0.detail)" })")
        let settings = BuildSettings(["A": "$(B)-x", "B": "${C}", "C": "c", "L": "$(inherited) more"])
        #expect(settings.expand("$(A) $(UNDEFINED) $(PRODUCT_NAME:rfc1034identifier)") == "c-x $(UNDEFINED) $(PRODUCT_NAME:rfc1034identifier)")
        #expect(settings.resolved(targetName: "Kids").expand("$(PRODUCT_NAME:rfc1034identifier) $(L)") == "Kids more")
    }

    @Test func aLocalPackageTheAppLinksIsCheckedAgainstTheAppsPurposeStrings() throws {
        var project = TwoTargetProject()
        project.appLocalPackage = ("Packages/Scanner", "Scanner")
        let files = ["Packages/Scanner/Package.swift": "// swift-tools-version:5.9\nlet package = Package(name: \"Scanner\")\n",
                     "Packages/Scanner/Sources/Scanner/Capture.swift": camera]
        let found = try metadata(project, files).filter { $0.ruleId == "purpose-string-missing" }
        #expect(found.map(\.file) == ["Packages/Scanner/Sources/Scanner/Capture.swift"] && found[0].detail.contains("target App"))
        project.appSettings = cameraKey
        #expect(try metadata(project, files).filter { $0.ruleId == "purpose-string-missing" } == [])
    }

    @Test func aPackageFolderIsTheOneDeclaringTheProductNotOneDependingOnIt() throws {
        // Packages/Feed depends on Kit, so its manifest names "Kit" too; whatever the dictionary's order, Kit is Packages/Kit.
        let objects: [String: Any] = [
            "G": ["isa": "PBXGroup", "children": ["F", "K"], "sourceTree": "<group>"],
            "F": ["isa": "PBXFileReference", "lastKnownFileType": "wrapper", "path": "Packages/Feed", "sourceTree": "<group>"],
            "K": ["isa": "PBXFileReference", "lastKnownFileType": "wrapper", "path": "Packages/Kit", "sourceTree": "<group>"],
        ]
        let files = [
            "Packages/Feed/Package.swift": "let package = Package(name: \"Feed\", products: [.library(name: \"Feed\", targets: [\"Feed\"])],\n  dependencies: [.package(name: \"Kit\", path: \"../Kit\")])\n",
            "Packages/Kit/Package.swift": "let package = Package(name: \"Kit\", products: [.library(\n  name: \"Kit\", targets: [\"Kit\"])])\n",
        ]
        try withProject(files) { root in
            let links = PBXLinks(paths: PBXPaths(objects: objects, projectFolder: ""), root: root)
            #expect(links.packageFolder(declaring: "Kit") == "Packages/Kit")
            #expect(links.packageFolder(declaring: "Feed") == "Packages/Feed")
        }
    }

    @Test func addOnlyPhotoAccessNeedsOnlyTheAddKey() throws {
        var project = TwoTargetProject()
        project.appSources.append("App/Save.swift")
        let save = ["App/Save.swift": "import Photos\nPHPhotoLibrary.requestAuthorization(for: .addOnly) { _ in }\n"]
        let missing = try metadata(project, save).filter { $0.ruleId == "purpose-string-missing" }
        #expect(missing.map(\.title) == ["Photo Library Add used without NSPhotoLibraryAddUsageDescription"])
        project.appSettings = "INFOPLIST_KEY_NSPhotoLibraryAddUsageDescription = \"Save your drawings to your photos.\";"
        #expect(try metadata(project, save).filter { $0.ruleId == "purpose-string-missing" } == [])
    }

    @Test func macAndWatchAppsAndDebugSymbolsNeedNoLaunchScreen() throws {
        let mac = plist("<key>CFBundleName</key><string>Mac</string><key>LSMinimumSystemVersion</key><string>13.0</string>")
        let dsym = plist("<key>CFBundlePackageType</key><string>dSYM</string>")
        let found = try metadata(nil, ["Mac/Info.plist": mac, "Build/App.app.dSYM/Contents/Info.plist": dsym, "Mac/Main.swift": "import AppKit\n"])
        #expect(!found.contains { $0.ruleId == "launch-screen-missing" })
        let phone = try metadata(nil, ["Phone/Info.plist": plist("<key>CFBundleName</key><string>Phone</string>"), "Phone/Main.swift": "import UIKit\n"])
        #expect(phone.contains { $0.ruleId == "launch-screen-missing" })
    }

    @Test func hybridAppsNeedPurposeStringsForWhatTheirWebCodeAsks() throws {
        let capacitor = [
            "package.json": #"{"dependencies": {"@capacitor/core": "6.0.0", "@capacitor/camera": "6.0.0"}}"#,
            "capacitor.config.ts": "export default { appId: 'org.example.study', webDir: 'out' };\n",
            "ios/App/App/Info.plist": plist("<key>CFBundleName</key><string>Study</string>"),
            "src/photo.ts": "import { Camera } from '@capacitor/camera';\nconst photo = await Camera.getPhoto({ quality: 90 });\n",
            "src/voice.ts": "const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: false });\n",
            "src/push.ts": "await PushNotifications.register();\n",
        ]
        let found = try metadata(nil, capacitor)
        let missing = Set(found.filter { $0.ruleId == "purpose-string-missing" }.map { "\($0.file):\($0.line) \($0.title)" })
        #expect(missing == ["src/photo.ts:2 Camera and Photo Library used from web code without NSCameraUsageDescription, NSPhotoLibraryUsageDescription",
                            "src/voice.ts:1 Microphone used from web code without NSMicrophoneUsageDescription"])
        #expect(found.contains { $0.ruleId == "push-not-entitled" && $0.file == "src/push.ts" })
        var declared = capacitor
        declared["ios/App/App/Info.plist"] = plist("""
            <key>NSCameraUsageDescription</key><string>Photograph a page of your book to study it.</string>
            <key>NSPhotoLibraryUsageDescription</key><string>Pick a photo of your notes to study it.</string>
            <key>NSMicrophoneUsageDescription</key><string>Talk to your study coach with your voice.</string>
            """)
        declared["ios/App/App/App.entitlements"] = entitlements("<key>aps-environment</key><string>production</string>")
        #expect(try metadata(nil, declared).filter { ["purpose-string-missing", "push-not-entitled"].contains($0.ruleId) } == [])

        let expo = ["app.json": #"{"expo": {"name": "Cam", "plugins": ["expo-camera"], "ios": {"bundleIdentifier": "org.example.cam"}}}"#]
        let vague = try metadata(nil, expo).filter { $0.ruleId == "purpose-string-vague" }
        #expect(vague.contains { $0.file == "app.json" && $0.title.contains("expo-camera") })
    }

    @Test func aCapacitorAppPointedAtALiveWebsiteIsAThinWrapper() throws {
        let remote = ["capacitor.config.ts": "const config = {\n  appId: 'org.example.m',\n  server: {\n    url: 'https://markets.example.org/app',\n  },\n};\n",
                      "package.json": #"{"dependencies": {"@capacitor/core": "6.0.0"}}"#]
        #expect(try metadata(nil, remote).contains { $0.ruleId == "webview-only" && $0.file == "capacitor.config.ts" && $0.line == 4 })
        var local = remote
        local["capacitor.config.ts"] = "const config = { server: {\n  url: 'http://192.168.1.20:3000',\n} };\n"
        #expect(!(try metadata(nil, local)).contains { $0.ruleId == "webview-only" })
    }

    @Test func filesOnlyATestTargetCompilesAreNotJudged() throws {
        var project = TwoTargetProject()
        project.testSources = ["Checks/Fakes.swift"]
        let fakes = ["Checks/Fakes.swift": "let web = UIWebView()\nlet key = \"sk_live_51HxAbCdEfGhIjKlMnOpQrStUv\"\n"]
        var all = fakes
        all["App.xcodeproj/project.pbxproj"] = project.pbxproj()
        let found = try withProject(all) { try ProjectScan().run(root: $0).findings }
        #expect(!found.contains { $0.file == "Checks/Fakes.swift" }, "\(found.map { "\($0.ruleId) \($0.file)" })")
        project.appSources.append("Checks/Fakes.swift")  // the app compiles it too: it ships
        all["App.xcodeproj/project.pbxproj"] = project.pbxproj()
        #expect(try withProject(all) { try ProjectScan().run(root: $0).findings }.contains { $0.ruleId == "uiwebview-removed" })
    }

    @Test func aFileThatDoesNotParseIsReported() throws {
        let found = try metadata(nil, ["App/Info.plist": "<?xml version=\"1.0\"?><plist><dict><key>CFBundleName</key>", "App/Main.swift": "import UIKit\n"])
        #expect(found.contains { $0.ruleId == "file-unparseable" && $0.file == "App/Info.plist" && $0.severity == .high })
    }

    @Test func foldersThatNeverShipAreLeftOutAndListed() throws {
        try withProject(["backend/server.ts": "console.log('x')\n", "App/Main.swift": "import UIKit\n", "fastlane/Fastfile.swift": "let x = 1\n",
                         "apps/api/src/main.ts": "console.log('x')\n", "ThirdParty/Lib/Example/Demo.swift": "let w = UIWebView()\n",
                         "App/Server/Client.swift": "let ok = true\n", "src/charts/Example/ios/Example.xcodeproj/project.pbxproj": "{}",
                         "App/Views/Example/Card.swift": "let card = 1\n"]) { root in
            let walk = try ProjectWalker().walk(root)
            #expect(Set(walk.leftOut.map(\.path)) == ["backend", "fastlane", "apps/api", "ThirdParty/Lib/Example", "src/charts/Example"])
            #expect(walk.files.map(\.path).contains("App/Views/Example/Card.swift"))
            #expect(walk.files.map(\.path).contains("App/Server/Client.swift"))
        }
    }

    @Test(arguments: [
        ("DEBUG", ConditionalCompilation.Truth.no), ("!DEBUG", .yes), ("os(iOS)", .yes), ("os(macOS) || os(watchOS)", .no),
        ("targetEnvironment(simulator)", .no), ("canImport(UIKit)", .yes), ("CUSTOM", .unknown), ("DEBUG && CUSTOM", .no),
        ("!DEBUG || CUSTOM", .yes), ("(os(iOS) && !targetEnvironment(simulator))", .yes), ("swift(>=5.9)", .unknown),
    ])
    func swiftConditions(_ condition: String, _ expected: ConditionalCompilation.Truth) {
        #expect(ConditionalCompilation.evaluate(condition, objc: false) == expected)
    }

    @Test func objectiveCConditions() {
        #expect(ConditionalCompilation.evaluate("TARGET_OS_SIMULATOR", objc: true) == .no)
        #expect(ConditionalCompilation.evaluate("defined(DEBUG) || TARGET_IPHONE_SIMULATOR", objc: true) == .no)
        #expect(ConditionalCompilation.evaluate("TARGET_OS_IOS == 1", objc: true) == .unknown)
        #expect(ConditionalCompilation.defined("DEBUG") == .no)
    }
}
