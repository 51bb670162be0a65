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
    /// Folders whose every file the target compiles (Xcode 16 synchronized folders)…
    public var sourceFolders: [String] = []
    /// …except these (the folders' membership exceptions for this target).
    public var excludedFiles: Set<String> = []
    /// The entitlements file as declared (CODE_SIGN_ENTITLEMENTS or XcodeGen `entitlements:`).
    public var entitlements: Entitlements? = nil
    /// Built for iPhone and iPad (not a macOS, watchOS or tvOS target): the iOS-only checks apply.
    public var buildsForIOS = true

    /// Whether a target with these settings or Info.plist keys is built for iOS: SDKROOT /
    /// SUPPORTED_PLATFORMS (Xcode), `platform:` (XcodeGen), or macOS' and watchOS' own plist keys.
    static func buildsForIOS(sdk: String?, platforms: String?, plistKeys: Set<String>) -> Bool {
        if let platforms, !platforms.isEmpty, !platforms.contains("iphoneos") { return false }
        if let sdk = sdk?.lowercased(), ["macosx", "watchos", "appletvos", "xros", "macos", "watchos", "tvos"].contains(sdk) { return false }
        return plistKeys.isDisjoint(with: ["LSMinimumSystemVersion", "WKApplication", "WKWatchKitApp", "WKWatchOnly", "NSPrincipalClass_macOS"])
    }

    /// Read from project.pbxproj or XcodeGen's project.yml (not a lone Info.plist).
    public var isFromProjectFile: Bool {
        definedIn.hasSuffix("project.pbxproj") || definedIn.hasSuffix(".yml") || definedIn.hasSuffix(".yaml")
    }

    /// The same target with `keys` added where its Info.plist lacks them.
    func adding(_ keys: [String: String]) -> AppTarget {
        var copy = AppTarget(name: name, info: info.merging(keys) { own, _ in own }, otherKeys: otherKeys, definedIn: definedIn, sourceFolder: sourceFolder)
        copy.kind = kind
        copy.sourceFiles = sourceFiles
        copy.sourceFolders = sourceFolders
        copy.excludedFiles = excludedFiles
        copy.entitlements = entitlements
        copy.buildsForIOS = buildsForIOS
        return copy
    }

    /// Whether the target compiles a source file (relative path).
    public func compiles(_ path: String, singleTarget: Bool) -> Bool {
        if sourceFiles != nil || !sourceFolders.isEmpty {
            if sourceFiles?.contains(path) == true { return true }
            return !excludedFiles.contains(path) && sourceFolders.contains { path.hasPrefix($0 + "/") }
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
    static func load(_ declared: String?, projectFolder: String, plists: ProjectPlists) -> Entitlements? {
        guard var path = declared, !path.isEmpty else { return nil }
        for prefix in ["$(SRCROOT)/", "${SRCROOT}/", "$(PROJECT_DIR)/"] where path.hasPrefix(prefix) { path.removeFirst(prefix.count) }
        let relative = projectFolder.isEmpty ? path : projectFolder + "/" + path
        guard let file = plists.plist(at: relative) else { return Entitlements(path: relative, problem: "the file \(relative) does not exist") }
        guard let plist = file.dictionary else { return Entitlements(path: relative, problem: "\(relative) is not a valid plist") }
        var entitlements = Entitlements(path: relative, plist: plist)
        entitlements.text = file.text
        return entitlements
    }
}

/// Reads app targets from `project.pbxproj` files (OpenStep plists), XcodeGen `project.yml`, or,
/// for projects with neither, each Info.plist on its own.
enum AppTargetReader {
    static func targets(files: [ScannedFile], root: URL) -> [AppTarget] {
        withLocalizedKeys(readTargets(files: files, plists: ProjectPlists(files: files, root: root)), localized: LocalizedInfo(files))
    }

    /// Keys only an `InfoPlist.strings` supplies are present in the built Info.plist.
    static func withLocalizedKeys(_ targets: [AppTarget], localized info: LocalizedInfo) -> [AppTarget] {
        targets.map { target in
            guard target.isFromProjectFile, !target.sourceFolder.isEmpty else { return target }
            let localized = info.keys(under: target.sourceFolder)
            guard !localized.isEmpty else { return target }
            return target.adding(localized)
        }
    }

    static func readTargets(files: [ScannedFile], plists: ProjectPlists) -> [AppTarget] {
        var targets: [AppTarget] = []
        for file in files where file.file.kind == .pbxproj {
            targets += fromPBXProj(file, plists: plists)
        }
        for file in files where file.file.kind == .xcodegen {
            targets += fromXcodeGen(file, plists: plists)
        }
        if targets.isEmpty {
            for file in files where file.file.kind == .plist && file.file.path.lowercased().hasSuffix("info.plist") && !file.file.isTest {
                guard let plist = file.plist?.dictionary else { continue }
                let (strings, others) = split(plist)
                guard strings["CFBundlePackageType"] != "dSYM" else { continue }
                var target = AppTarget(name: (file.file.path as NSString).deletingLastPathComponent, info: strings, otherKeys: others,
                                       definedIn: file.file.path, sourceFolder: (file.file.path as NSString).deletingLastPathComponent)
                target.buildsForIOS = AppTarget.buildsForIOS(sdk: nil, platforms: nil, plistKeys: Set(plist.keys))
                targets.append(target)
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
    static func effective(settings: [String: String], infoPath: String?, projectFolder: String, plists: ProjectPlists) -> ([String: String], Set<String>, String?) {
        var strings: [String: String] = [:], others = Set<String>()
        var relativePlist: String?
        if var path = infoPath, !path.isEmpty {
            for prefix in ["$(SRCROOT)/", "${SRCROOT}/", "$(PROJECT_DIR)/"] where path.hasPrefix(prefix) { path.removeFirst(prefix.count) }
            let relative = projectFolder.isEmpty ? path : projectFolder + "/" + path
            relativePlist = relative
            if let plist = plists.plist(at: relative)?.dictionary {
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

    static func fromXcodeGen(_ file: ScannedFile, plists: ProjectPlists) -> [AppTarget] {
        let root = plists.root
        guard let spec = (try? Yams.load(yaml: file.text)) as? [String: Any], let targets = spec["targets"] as? [String: Any] else { return [] }
        let projectFolder = (file.file.path as NSString).deletingLastPathComponent
        func strings(_ any: Any?) -> [String: String] {
            (any as? [String: Any] ?? [:]).compactMapValues { value in
                if let string = value as? String { return string }
                if let bool = value as? Bool { return bool ? "YES" : "NO" }
                return (value as? CustomStringConvertible)?.description
            }
        }
        /// The Release xcconfig named by a `configFiles:` map.
        func configFile(_ any: Any?) -> [String: String] {
            guard let path = (any as? [String: Any])?["Release"] as? String else { return [:] }
            return XCConfig.settings(at: XCConfig.normalized(projectFolder.isEmpty ? path : projectFolder + "/" + path), root: root)
        }
        let projectSettings = spec["settings"] as? [String: Any] ?? [:]
        var base = configFile(spec["configFiles"]).merging(strings(projectSettings["base"])) { $1 }
        base.merge(strings((projectSettings["configs"] as? [String: Any])?["Release"])) { $1 }
        let packages = spec["packages"] as? [String: Any] ?? [:]
        return targets.compactMap { name, raw -> AppTarget? in
            guard let target = raw as? [String: Any], let kind = kind(ofProductType: target["type"] as? String) else { return nil }
            let settingsSpec = target["settings"] as? [String: Any] ?? [:]
            var settings = base.merging(configFile(target["configFiles"])) { $1 }
            settings.merge(strings(settingsSpec["base"] ?? settingsSpec)) { $1 }
            settings.merge(strings((settingsSpec["configs"] as? [String: Any])?["Release"])) { $1 }
            let resolved = BuildSettings(settings).resolved(targetName: name)
            let info = target["info"] as? [String: Any]
            var (plist, others, _) = effective(settings: resolved.values, infoPath: (info?["path"] as? String) ?? resolved["INFOPLIST_FILE"],
                                               projectFolder: projectFolder, plists: plists)
            for (key, value) in info?["properties"] as? [String: Any] ?? [:] {
                if let string = value as? String { plist[key] = string } else { others.insert(key) }
            }
            plist = plist.mapValues { resolved.expand($0) }
            let sources = (target["sources"] as? [Any] ?? []).compactMap { ($0 as? String) ?? (($0 as? [String: Any])?["path"] as? String) }
            // Local packages the target depends on (`- package: Name` with `packages: Name: path:`) compile into it too.
            let packageFolders = (target["dependencies"] as? [Any] ?? []).compactMap { dependency -> String? in
                guard let name = (dependency as? [String: Any])?["package"] as? String,
                      let path = (packages[name] as? [String: Any])?["path"] as? String else { return nil }
                return path
            }
            let folders = (sources + packageFolders).map { XCConfig.normalized(projectFolder.isEmpty ? $0 : projectFolder + "/" + $0) }
            var app = AppTarget(name: name, info: plist, otherKeys: others, definedIn: file.file.path, sourceFolder: folders.first ?? projectFolder)
            app.kind = kind
            let platform = (target["platform"] as? String) ?? (target["platform"] as? [String])?.joined(separator: " ")
            app.buildsForIOS = platform.map { $0.contains("iOS") } ?? true
                && AppTarget.buildsForIOS(sdk: resolved["SDKROOT"], platforms: resolved["SUPPORTED_PLATFORMS"], plistKeys: Set(plist.keys).union(others))
            app.sourceFolders = folders
            let entitlements = target["entitlements"] as? [String: Any]
            if let properties = entitlements?["properties"] as? [String: Any] {
                app.entitlements = Entitlements(path: file.file.path, plist: properties).expanded(with: resolved)
                app.entitlements?.text = file.text
            } else {
                app.entitlements = Entitlements.load((entitlements?["path"] as? String) ?? resolved["CODE_SIGN_ENTITLEMENTS"],
                                                     projectFolder: projectFolder, plists: plists)?.expanded(with: resolved)
            }
            return app
        }
        .sorted { $0.name < $1.name }
    }
}
