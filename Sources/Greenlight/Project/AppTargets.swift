import Foundation
import Yams

/// An app target as the built app will see it: its Info.plist merged with the build settings
/// that generate Info.plist keys, and the folder its sources live in.
public struct AppTarget: Sendable {
    public let name: String
    /// The effective Info.plist: the file's keys, then `INFOPLIST_KEY_*` build settings.
    public let info: [String: String]
    /// Keys present with a non-string value (arrays, dictionaries, booleans), e.g. UILaunchScreen.
    public let otherKeys: Set<String>
    /// Where the finding about the plist points (the Info.plist, project.pbxproj or project.yml).
    public let definedIn: String
    /// Sources under this folder (relative, "" for the whole project) belong to the target.
    public let sourceFolder: String
}

/// Reads app targets from `project.pbxproj` files (OpenStep plists), XcodeGen `project.yml`, or,
/// for projects with neither, each Info.plist on its own.
enum AppTargetReader {
    static func targets(files: [ScannedFile], root: URL) -> [AppTarget] {
        var targets: [AppTarget] = []
        for file in files where file.file.kind == .pbxproj {
            targets += fromPBXProj(file, root: root)
        }
        for file in files where file.file.kind == .xcodegen {
            targets += fromXcodeGen(file, root: root)
        }
        if targets.isEmpty {
            for file in files where file.file.kind == .plist && file.file.path.lowercased().hasSuffix("info.plist") && !file.file.isTest {
                guard let plist = FileRules.dictionary(Data(file.text.utf8)) else { continue }
                let (strings, others) = split(plist)
                targets.append(AppTarget(name: (file.file.path as NSString).deletingLastPathComponent, info: strings, otherKeys: others,
                                         definedIn: file.file.path, sourceFolder: (file.file.path as NSString).deletingLastPathComponent))
            }
        }
        return targets
    }

    static func split(_ plist: [String: Any]) -> ([String: String], Set<String>) {
        var strings: [String: String] = [:], others = Set<String>()
        for (key, value) in plist {
            if let string = value as? String { strings[key] = string } else { others.insert(key) }
        }
        return (strings, others)
    }

    /// Merges an Info.plist file (path relative to `projectFolder`, `$(SRCROOT)` allowed) with `INFOPLIST_KEY_*` settings.
    static func effective(settings: [String: String], infoPath: String?, projectFolder: String, root: URL) -> ([String: String], Set<String>, String?) {
        var strings: [String: String] = [:], others = Set<String>()
        var relativePlist: String?
        if var path = infoPath, !path.isEmpty {
            for prefix in ["$(SRCROOT)/", "${SRCROOT}/", "$(PROJECT_DIR)/"] where path.hasPrefix(prefix) { path.removeFirst(prefix.count) }
            let relative = projectFolder.isEmpty ? path : projectFolder + "/" + path
            relativePlist = relative
            if let data = FileManager.default.contents(atPath: root.appendingPathComponent(relative).path), let plist = FileRules.dictionary(data) {
                (strings, others) = split(plist)
            }
        }
        if settings["GENERATE_INFOPLIST_FILE"] == "YES" || settings.keys.contains(where: { $0.hasPrefix("INFOPLIST_KEY_") }) {
            for (key, value) in settings where key.hasPrefix("INFOPLIST_KEY_") {
                let plistKey = String(key.dropFirst("INFOPLIST_KEY_".count))
                if plistKey.hasPrefix("UILaunchScreen_") || plistKey.hasPrefix("UIApplicationSceneManifest_") {
                    others.insert(String(plistKey.prefix { $0 != "_" }))
                } else if strings[plistKey] == nil {
                    strings[plistKey] = value
                }
            }
            if settings["GENERATE_INFOPLIST_FILE"] == "YES", strings["CFBundleName"] == nil { strings["CFBundleName"] = "$(PRODUCT_NAME)" }
        }
        return (strings, others, relativePlist)
    }

    static func fromPBXProj(_ file: ScannedFile, root: URL) -> [AppTarget] {
        guard let plist = (try? PropertyListSerialization.propertyList(from: Data(file.text.utf8), format: nil)) as? [String: Any],
              let objects = plist["objects"] as? [String: Any] else { return [] }
        // project.pbxproj sits in X.xcodeproj/; paths are relative to the folder holding X.xcodeproj.
        let projectFolder = ((file.file.path as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        func object(_ id: Any?) -> [String: Any]? { (id as? String).flatMap { objects[$0] as? [String: Any] } }
        func settings(of listId: Any?) -> [String: String] {
            let configurations = (object(listId)?["buildConfigurations"] as? [String] ?? []).compactMap { object($0) }
            // Judge the configuration that ships: Release when there is one.
            let chosen = configurations.first { $0["name"] as? String == "Release" } ?? configurations.first
            return (chosen?["buildSettings"] as? [String: Any] ?? [:]).compactMapValues { $0 as? String }
        }
        let projectSettings = objects.values.compactMap { $0 as? [String: Any] }.first { $0["isa"] as? String == "PBXProject" }
            .map { settings(of: $0["buildConfigurationList"]) } ?? [:]
        return objects.values.compactMap { $0 as? [String: Any] }
            .filter { $0["isa"] as? String == "PBXNativeTarget" && ($0["productType"] as? String) == "com.apple.product-type.application" }
            .map { target in
                let name = target["name"] as? String ?? "App"
                let merged = projectSettings.merging(settings(of: target["buildConfigurationList"])) { $1 }
                let (info, others, _) = effective(settings: merged, infoPath: merged["INFOPLIST_FILE"], projectFolder: projectFolder, root: root)
                let folder = projectFolder.isEmpty ? name : projectFolder + "/" + name
                return AppTarget(name: name, info: info, otherKeys: others, definedIn: file.file.path,
                                 sourceFolder: FileManager.default.fileExists(atPath: root.appendingPathComponent(folder).path) ? folder : projectFolder)
            }
            .sorted { $0.name < $1.name }
    }

    static func fromXcodeGen(_ file: ScannedFile, root: URL) -> [AppTarget] {
        guard let spec = (try? Yams.load(yaml: file.text)) as? [String: Any], let targets = spec["targets"] as? [String: Any] else { return [] }
        let projectFolder = (file.file.path as NSString).deletingLastPathComponent
        func strings(_ any: Any?) -> [String: String] {
            (any as? [String: Any] ?? [:]).compactMapValues { value in
                if let string = value as? String { return string }
                if let bool = value as? Bool { return bool ? "YES" : "NO" }
                return (value as? CustomStringConvertible)?.description
            }
        }
        let base = strings((spec["settings"] as? [String: Any])?["base"])
        return targets.compactMap { name, raw -> AppTarget? in
            guard let target = raw as? [String: Any], (target["type"] as? String) == "application" else { return nil }
            let settingsSpec = target["settings"] as? [String: Any] ?? [:]
            var settings = base.merging(strings(settingsSpec["base"] ?? settingsSpec)) { $1 }
            settings.merge(strings((settingsSpec["configs"] as? [String: Any])?["Release"])) { $1 }
            let info = target["info"] as? [String: Any]
            var (plist, others, _) = effective(settings: settings, infoPath: (info?["path"] as? String) ?? settings["INFOPLIST_FILE"],
                                               projectFolder: projectFolder, root: root)
            for (key, value) in info?["properties"] as? [String: Any] ?? [:] {
                if let string = value as? String { plist[key] = string } else { others.insert(key) }
            }
            let sources = (target["sources"] as? [Any] ?? []).compactMap { ($0 as? String) ?? (($0 as? [String: Any])?["path"] as? String) }
            let folder = sources.first.map { projectFolder.isEmpty ? $0 : projectFolder + "/" + $0 } ?? projectFolder
            return AppTarget(name: name, info: plist, otherKeys: others, definedIn: file.file.path, sourceFolder: folder)
        }
        .sorted { $0.name < $1.name }
    }
}
