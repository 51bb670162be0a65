import Foundation
import Testing
import ZIPFoundation

@testable import Greenlight

/// Builds an .ipa the way Xcode exports one: a zip with Payload/<Name>.app/, plists binary or XML.
struct IPABuilder {
    var entries: [(String, Data)] = []

    static func plist(_ value: [String: Any], binary: Bool = true) -> Data {
        try! PropertyListSerialization.data(fromPropertyList: value, format: binary ? .binary : .xml, options: 0)
    }

    /// A clean app: versions, display name, UILaunchScreen, asset-catalog icon, a full manifest.
    static func cleanApp(binary: Bool = true) -> IPABuilder {
        var ipa = IPABuilder()
        ipa.add("Payload/Kids.app/Info.plist", plist([
            "CFBundleIdentifier": "org.example.kids", "CFBundleVersion": "7", "CFBundleShortVersionString": "1.2",
            "CFBundleDisplayName": "Kids", "UILaunchScreen": [String: Any](),
            "NSMicrophoneUsageDescription": "Record your voice so you can hear how you read a word.",
            "CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"]],
        ], binary: binary))
        ipa.add("Payload/Kids.app/PrivacyInfo.xcprivacy", plist([
            "NSPrivacyTracking": false, "NSPrivacyCollectedDataTypes": [Any](),
            "NSPrivacyAccessedAPITypes": [["NSPrivacyAccessedAPIType": "NSPrivacyAccessedAPICategoryUserDefaults",
                                           "NSPrivacyAccessedAPITypeReasons": ["CA92.1"]]],
        ], binary: binary))
        ipa.add("Payload/Kids.app/AppIcon60x60@2x.png", Data([0x89, 0x50, 0x4E, 0x47]))
        ipa.add("Payload/Kids.app/AppIcon76x76@2x~ipad.png", Data([0x89, 0x50, 0x4E, 0x47]))
        ipa.add("Payload/Kids.app/Kids", Data(repeating: 0xCF, count: 64))
        return ipa
    }

    mutating func add(_ path: String, _ data: Data) {
        entries.removeAll { $0.0 == path }
        entries.append((path, data))
    }

    mutating func remove(_ path: String) { entries.removeAll { $0.0 == path } }

    func write() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gl-\(UUID().uuidString).ipa")
        let archive = try Archive(url: url, accessMode: .create)
        for (path, data) in entries {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return url
    }

    func inspect() throws -> IPAInspector.Result {
        let url = try write()
        defer { try? FileManager.default.removeItem(at: url) }
        return try ProjectScan().inspect(ipaPath: url.path)
    }
}

extension IPAInspector.Result {
    var ids: [String] { findings.map(\.ruleId).sorted() }
}

@Suite("IPA inspector")
struct IPAInspectorTests {
    @Test("a clean app, binary or XML plists, has no findings and reports its name, id and version", arguments: [true, false])
    func clean(binary: Bool) throws {
        let result = try IPABuilder.cleanApp(binary: binary).inspect()
        #expect(result.findings == [])
        #expect(result.appName == "Kids")
        #expect(result.bundleId == "org.example.kids")
        #expect(result.version == "1.2")
        #expect(result.entriesScanned == 5)
    }

    /// Each rule: a change to the clean app that must trigger it. The clean app is every near miss.
    @Test("each rule triggers on its own defect", arguments: [
        ("ipa-info-plist-missing", { @Sendable (ipa: inout IPABuilder) in ipa.remove("Payload/Kids.app/Info.plist") }),
        ("ipa-info-plist-unreadable", { ipa in ipa.add("Payload/Kids.app/Info.plist", Data("not a plist".utf8)) }),
        ("ipa-bundle-version-missing", { ipa in ipa.add("Payload/Kids.app/Info.plist", IPABuilder.plist(info(without: "CFBundleVersion"))) }),
        ("ipa-short-version-missing", { ipa in ipa.add("Payload/Kids.app/Info.plist", IPABuilder.plist(info(without: "CFBundleShortVersionString"))) }),
        ("ipa-display-name-missing", { ipa in ipa.add("Payload/Kids.app/Info.plist", IPABuilder.plist(info(without: "CFBundleDisplayName"))) }),
        ("ipa-ats-disabled", { ipa in ipa.add("Payload/Kids.app/Info.plist", IPABuilder.plist(info(adding: ["NSAppTransportSecurity": ["NSAllowsArbitraryLoads": true]]))) }),
        ("ipa-purpose-string-empty", { ipa in ipa.add("Payload/Kids.app/Info.plist", IPABuilder.plist(info(adding: ["NSCameraUsageDescription": " "]))) }),
        ("ipa-purpose-string-vague", { ipa in ipa.add("Payload/Kids.app/Info.plist", IPABuilder.plist(info(adding: ["NSCameraUsageDescription": "Camera access"]))) }),
        ("ipa-privacy-manifest-missing", { ipa in ipa.remove("Payload/Kids.app/PrivacyInfo.xcprivacy") }),
        ("ipa-privacy-manifest-unreadable", { ipa in ipa.add("Payload/Kids.app/PrivacyInfo.xcprivacy", Data("<plist><dict>".utf8)) }),
        ("ipa-privacy-manifest-empty", { ipa in ipa.add("Payload/Kids.app/PrivacyInfo.xcprivacy", IPABuilder.plist([:])) }),
        ("ipa-privacy-tracking-undeclared", { ipa in ipa.add("Payload/Kids.app/PrivacyInfo.xcprivacy", IPABuilder.plist(manifest(without: "NSPrivacyTracking"))) }),
        ("ipa-privacy-api-types-missing", { ipa in ipa.add("Payload/Kids.app/PrivacyInfo.xcprivacy", IPABuilder.plist(manifest(without: "NSPrivacyAccessedAPITypes"))) }),
        ("ipa-privacy-collected-undeclared", { ipa in ipa.add("Payload/Kids.app/PrivacyInfo.xcprivacy", IPABuilder.plist(manifest(without: "NSPrivacyCollectedDataTypes"))) }),
        ("ipa-privacy-reason-invalid", { ipa in
            var m = manifest(without: "")
            m["NSPrivacyAccessedAPITypes"] = [["NSPrivacyAccessedAPIType": "NSPrivacyAccessedAPICategoryUserDefaults", "NSPrivacyAccessedAPITypeReasons": ["35F9.1"]]]
            ipa.add("Payload/Kids.app/PrivacyInfo.xcprivacy", IPABuilder.plist(m))
        }),
        ("ipa-launch-screen-missing", { ipa in ipa.add("Payload/Kids.app/Info.plist", IPABuilder.plist(info(without: "UILaunchScreen"))) }),
        ("ipa-icon-missing", { ipa in ipa.remove("Payload/Kids.app/AppIcon60x60@2x.png"); ipa.remove("Payload/Kids.app/AppIcon76x76@2x~ipad.png") }),
        ("ipa-icon-in-asset-catalog", { ipa in
            ipa.remove("Payload/Kids.app/AppIcon60x60@2x.png"); ipa.remove("Payload/Kids.app/AppIcon76x76@2x~ipad.png")
            ipa.add("Payload/Kids.app/Assets.car", Data([1, 2, 3]))
        }),
        ("ipa-icon-sizes-few", { ipa in ipa.remove("Payload/Kids.app/AppIcon76x76@2x~ipad.png") }),
        ("ipa-framework-manifest-missing", { ipa in
            ipa.add("Payload/Kids.app/Frameworks/Vendor.framework/Info.plist", IPABuilder.plist(["CFBundleIdentifier": "com.vendor.sdk"]))
        }),
        ("ipa-listed-sdk-manifest-missing", { ipa in ipa.add("Payload/Kids.app/Frameworks/Alamofire.framework/Alamofire", Data([0])) }),
    ] as [(String, @Sendable (inout IPABuilder) -> Void)])
    func trigger(rule: String, change: @Sendable (inout IPABuilder) -> Void) throws {
        var ipa = IPABuilder.cleanApp()
        change(&ipa)
        let result = try ipa.inspect()
        #expect(result.ids.contains(rule), "\(rule) not in \(result.ids)")
        let info = try #require(IPAInspector.rules.first { $0.id == rule })
        #expect(result.findings.first { $0.ruleId == rule }?.severity == info.severity)
    }

    @Test("near misses: storyboard launch screen, framework with a manifest, the app's own framework, loose icons with a catalog")
    func nearMisses() throws {
        var ipa = IPABuilder.cleanApp()
        ipa.add("Payload/Kids.app/Info.plist", IPABuilder.plist(info(without: "UILaunchScreen")))
        ipa.add("Payload/Kids.app/Base.lproj/LaunchScreen.storyboardc/Info.plist", IPABuilder.plist([:]))
        ipa.add("Payload/Kids.app/Frameworks/Alamofire.framework/PrivacyInfo.xcprivacy", IPABuilder.plist(manifest(without: "")))
        ipa.add("Payload/Kids.app/Frameworks/Alamofire.framework/Alamofire", Data([0]))
        ipa.add("Payload/Kids.app/Frameworks/KidsKit.framework/Info.plist", IPABuilder.plist(["CFBundleIdentifier": "org.example.KidsKit"]))
        ipa.remove("Payload/Kids.app/AppIcon76x76@2x~ipad.png")
        ipa.add("Payload/Kids.app/Assets.car", Data([1]))
        ipa.add("Payload/Kids.app/PlugIns/Widget.appex/Info.plist", Data("not read".utf8))
        #expect(try ipa.inspect().findings == [])
    }

    @Test("the anchor's launch-screen false positive is gone: UILaunchScreen counts")
    func launchScreenDictionary() throws {
        #expect(try !IPABuilder.cleanApp().inspect().ids.contains("ipa-launch-screen-missing"))
    }

    @Test("no Payload/X.app is an invalid structure, reported as a finding")
    func invalidStructure() throws {
        var ipa = IPABuilder()
        ipa.add("Readme.txt", Data("hello".utf8))
        #expect(try ipa.inspect().ids == ["ipa-invalid-structure"])
    }

    @Test("a corrupt zip, an empty file, a folder and a missing path are clear errors, not crashes")
    func badInput() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let corrupt = dir.appendingPathComponent("corrupt.ipa")
        var zip = try Data(contentsOf: IPABuilder.cleanApp().write())
        zip.replaceSubrange(zip.count - 30..<zip.count, with: Data(repeating: 0, count: 30))
        try zip.write(to: corrupt)
        let empty = dir.appendingPathComponent("empty.ipa")
        try Data().write(to: empty)
        let text = dir.appendingPathComponent("text.ipa")
        try Data("PK not really".utf8).write(to: text)
        for path in [corrupt.path, empty.path, text.path] {
            #expect(throws: IPAArchive.OpenError.notAZip(path)) { try ProjectScan().inspect(ipaPath: path) }
        }
        #expect(throws: IPAArchive.OpenError.notFound(dir.path)) { try ProjectScan().inspect(ipaPath: dir.path) }
        #expect(throws: IPAArchive.OpenError.notFound(dir.path + "/nope.ipa")) { try ProjectScan().inspect(ipaPath: dir.path + "/nope.ipa") }
    }

    @Test("a disabled rule is not reported and a severity override applies")
    func configuration() throws {
        var ipa = IPABuilder.cleanApp()
        ipa.remove("Payload/Kids.app/PrivacyInfo.xcprivacy")
        ipa.add("Payload/Kids.app/Info.plist", IPABuilder.plist(info(without: "CFBundleVersion")))
        let url = try ipa.write()
        defer { try? FileManager.default.removeItem(at: url) }
        let configuration = try GreenlightConfiguration.parse("""
            rules:
              ipa-privacy-manifest-missing: { enabled: false }
              ipa-bundle-version-missing: { severity: high }
            """, knownRules: ProjectScan.ruleIds)
        let result = try ProjectScan(configuration: configuration).inspect(ipaPath: url.path)
        #expect(result.ids == ["ipa-bundle-version-missing"])
        #expect(result.findings.first?.severity == .high)
    }

    @Test("size: over 150 MB is INFO, over 200 MB is WARN, 150 MB exactly is nothing")
    func size() {
        let inspector = IPAInspector()
        #expect(inspector.sizeFindings(bytes: 150_000_000).isEmpty)
        #expect(inspector.sizeFindings(bytes: 150_000_001).map(\.ruleId) == ["ipa-size-over-150mb"])
        #expect(inspector.sizeFindings(bytes: 200_000_001).map(\.ruleId) == ["ipa-size-over-200mb"])
        #expect(inspector.sizeFindings(bytes: 250_000_000).first?.detail == "The .ipa is 250.0 MB.")
    }

    @Test("an entry larger than the read cap is not read into memory")
    func readCap() throws {
        var ipa = IPABuilder.cleanApp()
        ipa.add("Payload/Kids.app/PrivacyInfo.xcprivacy", Data(repeating: 0x20, count: IPAArchive.readLimit + 1))
        #expect(try ipa.inspect().ids == ["ipa-privacy-manifest-missing"])
    }
}

private func info(without key: String = "", adding extra: [String: Any] = [:]) -> [String: Any] {
    var plist: [String: Any] = [
        "CFBundleIdentifier": "org.example.kids", "CFBundleVersion": "7", "CFBundleShortVersionString": "1.2",
        "CFBundleDisplayName": "Kids", "UILaunchScreen": [String: Any](),
    ]
    plist.removeValue(forKey: key)
    return plist.merging(extra) { $1 }
}

private func info(adding extra: [String: Any]) -> [String: Any] { info(without: "", adding: extra) }

private func manifest(without key: String) -> [String: Any] {
    var plist: [String: Any] = ["NSPrivacyTracking": false, "NSPrivacyCollectedDataTypes": [Any](), "NSPrivacyAccessedAPITypes": [Any]()]
    plist.removeValue(forKey: key)
    return plist
}
