import Foundation
import Yams

/// A target that ships (an app or an app extension) as the built product will see it: its
/// Info.plist merged with the build settings that generate Info.plist keys, its entitlements, and
/// which source files it compiles.
public struct AppTarget: Sendable {
    public enum Kind: Sendable { case application, appExtension }

    public let name: String
    public var kind: Kind = .application
    /// The effective Info.plist: the file's keys, then `INFOPLIST_KEY_*` build settings.
    public let info: [String: String]
    /// Keys present with a non-string value (arrays, dictionaries, booleans), e.g. UILaunchScreen.
    public let otherKeys: Set<String>
    /// Where the finding about the plist points (the Info.plist, project.pbxproj or project.yml).
    public let definedIn: String
    /// Sources under this folder (relative, "" for the whole project) belong to the target, unless
    /// `sourceFiles` lists them.
    public let sourceFolder: String
    /// The files the target compiles (project.pbxproj's Sources build phase), when known.
    public var sourceFiles: Set<String>? = nil
    /// Folders whose every file the target compiles (Xcode 16 synchronized folders).
    public var sourceFolders: [String] = []
    /// The entitlements file as declared (CODE_SIGN_ENTITLEMENTS or XcodeGen `entitlements:`).
    public var entitlements: Entitlements? = nil

    /// Read from project.pbxproj or XcodeGen's project.yml (not a lone Info.plist).
    public var isFromProjectFile: Bool {
        definedIn.hasSuffix("project.pbxproj") || definedIn.hasSuffix(".yml") || definedIn.hasSuffix(".yaml")
    }

    /// Whether the target compiles a source file (relative path).
    public func compiles(_ path: String, singleTarget: Bool) -> Bool {
        if sourceFiles != nil || !sourceFolders.isEmpty {
            return sourceFiles?.contains(path) == true || sourceFolders.contains { path.hasPrefix($0 + "/") }
        }
        return singleTarget || sourceFolder.isEmpty || path.hasPrefix(sourceFolder + "/")
    }
}

/// A target's entitlements, as far as the checks need them.
public struct Entitlements: Sendable, Equatable {
    /// Where they are defined (the .entitlements file, or project.yml for XcodeGen properties).
    public var path: String
    /// Why the file could not be used, when it could not.
    public var problem: String?
    public var keys: Set<String> = []
    public var appGroups: [String] = []
    public var keychainGroups: [String] = []
    public var associatedDomains: [String] = []
    /// The file's text, to point findings at a line.
    var text = ""

    /// The 1-based line of `<string>value</string>` (or `value` in YAML), or 0.
    func line(of value: String) -> Int {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let index = lines.firstIndex { $0.contains(">\(value)<") } ?? lines.firstIndex { $0.contains(value) }
        return index.map { $0 + 1 } ?? 0
    }

    init(path: String, problem: String? = nil) {
        self.path = path
        self.problem = problem
    }

    init(path: String, plist: [String: Any]) {
        self.path = path
        keys = Set(plist.keys)
        appGroups = plist["com.apple.security.application-groups"] as? [String] ?? []
        keychainGroups = plist["keychain-access-groups"] as? [String] ?? []
        associatedDomains = plist["com.apple.developer.associated-domains"] as? [String] ?? []
    }

    /// Reads CODE_SIGN_ENTITLEMENTS (relative to the project folder, `$(SRCROOT)` allowed).
    static func load(_ declared: String?, projectFolder: String, root: URL) -> Entitlements? {
        guard var path = declared, !path.isEmpty else { return nil }
        for prefix in ["$(SRCROOT)/", "${SRCROOT}/", "$(PROJECT_DIR)/"] where path.hasPrefix(prefix) { path.removeFirst(prefix.count) }
        let relative = projectFolder.isEmpty ? path : projectFolder + "/" + path
        guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(relative).path) else {
            return Entitlements(path: relative, problem: "the file \(relative) does not exist")
        }
        guard let plist = FileRules.dictionary(data) else { return Entitlements(path: relative, problem: "\(relative) is not a valid plist") }
        var entitlements = Entitlements(path: relative, plist: plist)
        entitlements.text = String(decoding: data, as: UTF8.self)
        return entitlements
    }
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

    /// Apps and app extensions ship; frameworks, tests and tools do not have their own Info.plist checks.
    static func kind(ofProductType type: String?) -> AppTarget.Kind? {
        switch type {
        case "com.apple.product-type.application", "application": .application
        case "com.apple.product-type.app-extension", "app-extension", "com.apple.product-type.extensionkit-extension", "extensionkit-extension": .appExtension
        default: nil
        }
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
        let paths = PBXPaths(objects: objects, projectFolder: projectFolder)
        return objects.values.compactMap { $0 as? [String: Any] }
            .compactMap { target -> AppTarget? in
                guard target["isa"] as? String == "PBXNativeTarget", let kind = kind(ofProductType: target["productType"] as? String) else { return nil }
                let name = target["name"] as? String ?? "App"
                let merged = projectSettings.merging(settings(of: target["buildConfigurationList"])) { $1 }
                let (info, others, _) = effective(settings: merged, infoPath: merged["INFOPLIST_FILE"], projectFolder: projectFolder, root: root)
                let folder = projectFolder.isEmpty ? name : projectFolder + "/" + name
                var app = AppTarget(name: name, info: info, otherKeys: others, definedIn: file.file.path,
                                    sourceFolder: FileManager.default.fileExists(atPath: root.appendingPathComponent(folder).path) ? folder : projectFolder)
                app.kind = kind
                let (files, folders) = paths.sources(of: target)
                if !files.isEmpty { app.sourceFiles = files }
                app.sourceFolders = folders
                app.entitlements = Entitlements.load(merged["CODE_SIGN_ENTITLEMENTS"], projectFolder: projectFolder, root: root)
                return app
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
            guard let target = raw as? [String: Any], let kind = kind(ofProductType: target["type"] as? String) else { return nil }
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
            let folders = sources.map { projectFolder.isEmpty ? $0 : projectFolder + "/" + $0 }
            var app = AppTarget(name: name, info: plist, otherKeys: others, definedIn: file.file.path, sourceFolder: folders.first ?? projectFolder)
            app.kind = kind
            app.sourceFolders = folders
            let entitlements = target["entitlements"] as? [String: Any]
            if let properties = entitlements?["properties"] as? [String: Any] {
                app.entitlements = Entitlements(path: file.file.path, plist: properties)
                app.entitlements?.text = file.text
            } else {
                app.entitlements = Entitlements.load((entitlements?["path"] as? String) ?? settings["CODE_SIGN_ENTITLEMENTS"],
                                                     projectFolder: projectFolder, root: root)
            }
            return app
        }
        .sorted { $0.name < $1.name }
    }
}

/// Resolves project.pbxproj file references to paths relative to the scanned root, walking the
/// group tree (`<group>`-relative and `SOURCE_ROOT` paths), for per-target source membership.
struct PBXPaths {
    let objects: [String: Any]
    let projectFolder: String
    /// Child id → parent group id.
    let parents: [String: String]

    init(objects: [String: Any], projectFolder: String) {
        self.objects = objects
        self.projectFolder = projectFolder
        var parents: [String: String] = [:]
        for (id, value) in objects {
            guard let group = value as? [String: Any], (group["isa"] as? String)?.hasSuffix("Group") == true else { continue }
            for child in group["children"] as? [String] ?? [] { parents[child] = id }
        }
        self.parents = parents
    }

    func object(_ id: String) -> [String: Any]? { objects[id] as? [String: Any] }

    /// The path of a file reference or group relative to the scanned root; nil outside the project.
    func path(of id: String, depth: Int = 0) -> String? {
        guard depth < 64, let element = object(id) else { return nil }
        let own = element["path"] as? String ?? ""
        let base: String?
        switch element["sourceTree"] as? String ?? "<group>" {
        case "<group>": base = parents[id].map { path(of: $0, depth: depth + 1) } ?? projectFolder
        case "SOURCE_ROOT": base = projectFolder
        default: base = nil  // SDKROOT, BUILT_PRODUCTS_DIR, absolute paths: not project sources
        }
        guard let base else { return nil }
        if own.isEmpty { return base }
        return base.isEmpty ? own : base + "/" + own
    }

    /// The source files of a target's Sources build phases, and its synchronized folders.
    func sources(of target: [String: Any]) -> (Set<String>, [String]) {
        var files = Set<String>()
        for phaseId in target["buildPhases"] as? [String] ?? [] {
            guard let phase = object(phaseId), phase["isa"] as? String == "PBXSourcesBuildPhase" else { continue }
            for buildFileId in phase["files"] as? [String] ?? [] {
                guard let reference = object(buildFileId)?["fileRef"] as? String, let path = path(of: reference) else { continue }
                files.insert(path)
            }
        }
        let folders = (target["fileSystemSynchronizedGroups"] as? [String] ?? []).compactMap { path(of: $0) }
        return (files, folders)
    }
}
