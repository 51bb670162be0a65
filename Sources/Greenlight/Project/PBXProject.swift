import Foundation

extension AppTargetReader {
    /// The app and extension targets of a project.pbxproj, with the settings of the Release
    /// configuration (xcconfig files under the project's and the target's own settings, references
    /// expanded), and the files each compiles: its own Sources phase and synchronized folders, plus
    /// the frameworks of the same project and the local Swift packages it links.
    static func fromPBXProj(_ file: ScannedFile, plists: ProjectPlists) -> [AppTarget] {
        guard let paths = file.plist?.pbx else { return [] }
        let objects = paths.objects, projectFolder = paths.projectFolder, root = plists.root
        /// A configuration list's Release settings: its xcconfig's, then its own.
        func settings(of listId: Any?) -> [String: String] {
            let configurations = ((listId as? String).flatMap { paths.object($0) }?["buildConfigurations"] as? [String] ?? [])
                .compactMap { paths.object($0) }
            guard let chosen = configurations.first(where: { $0["name"] as? String == "Release" }) ?? configurations.first else { return [:] }
            var merged: [String: String] = [:]
            if let reference = chosen["baseConfigurationReference"] as? String, let path = paths.path(of: reference) {
                merged = XCConfig.settings(at: XCConfig.normalized(path), root: root)
            }
            return merged.merging((chosen["buildSettings"] as? [String: Any] ?? [:]).compactMapValues(settingText)) { $1 }
        }
        let project = objects.values.compactMap { $0 as? [String: Any] }.first { $0["isa"] as? String == "PBXProject" }
        let projectSettings = project.map { settings(of: $0["buildConfigurationList"]) } ?? [:]
        let links = PBXLinks(paths: paths, root: root)
        return objects.compactMap { id, value -> AppTarget? in
            guard let target = value as? [String: Any], target["isa"] as? String == "PBXNativeTarget",
                  let kind = kind(ofProductType: target["productType"] as? String) else { return nil }
            let name = target["name"] as? String ?? "App"
            let resolved = BuildSettings(projectSettings).overlaid(with: settings(of: target["buildConfigurationList"])).resolved(targetName: name)
            var (info, others, _) = effective(settings: resolved.values, infoPath: resolved["INFOPLIST_FILE"], projectFolder: projectFolder, plists: plists)
            info = info.mapValues { resolved.expand($0) }
            let folder = projectFolder.isEmpty ? name : projectFolder + "/" + name
            var app = AppTarget(name: name, info: info, otherKeys: others, definedIn: file.file.path,
                                sourceFolder: FileManager.default.fileExists(atPath: root.appendingPathComponent(folder).path) ? folder : projectFolder)
            app.kind = kind
            app.buildsForIOS = AppTarget.buildsForIOS(sdk: resolved["SDKROOT"], platforms: resolved["SUPPORTED_PLATFORMS"],
                                                      plistKeys: Set(info.keys).union(others))
            // What the target compiles is known from the project file: a target with no sources
            // of its own compiles none (it is not guessed from its folder). Only a target listing
            // no build phases at all (a hand-written project) falls back to its folder.
            // A framework of the project is embedded once, in the app, and judged with the app's
            // Info.plist; an extension that links it is judged on its own sources.
            let compiled = links.compiled(by: id, followingLinks: kind == .application)
            if target["buildPhases"] != nil || target["fileSystemSynchronizedGroups"] != nil || !compiled.files.isEmpty { app.sourceFiles = compiled.files }
            app.sourceFolders = compiled.folders
            app.excludedFiles = compiled.excluded
            app.entitlements = Entitlements.load(resolved["CODE_SIGN_ENTITLEMENTS"], projectFolder: projectFolder, plists: plists)?
                .expanded(with: resolved)
            return app
        }
        .sorted { $0.name < $1.name }
    }

    /// A build setting's value as text (arrays, e.g. OTHER_SWIFT_FLAGS, joined with spaces).
    static func settingText(_ value: Any) -> String? {
        if let string = value as? String { return string }
        if let list = value as? [String] { return list.joined(separator: " ") }
        return nil
    }
}

extension Entitlements {
    /// The same entitlements with `$(VAR)` references (an app group's `$(GROUP_ID_PREFIX)`) expanded.
    func expanded(with settings: BuildSettings) -> Entitlements {
        var copy = self
        copy.appGroups = appGroups.map { settings.expand($0) }
        copy.keychainGroups = keychainGroups.map { settings.expand($0) }
        copy.associatedDomains = associatedDomains.map { settings.expand($0) }
        return copy
    }
}

/// What each target of a project.pbxproj compiles into its product: its own Sources phase and
/// synchronized folders, then, through its dependencies and linked products, the frameworks and
/// static libraries of the same project and the local Swift packages it uses.
struct PBXLinks {
    let paths: PBXPaths
    let root: URL

    func compiled(by targetId: String, followingLinks: Bool = true, depth: Int = 0) -> (files: Set<String>, folders: [String], excluded: Set<String>) {
        guard depth < 8, let target = paths.object(targetId) else { return ([], [], []) }
        var (files, folders, excluded) = paths.sources(of: target, id: targetId)
        for dependency in followingLinks ? target["dependencies"] as? [String] ?? [] : [] {
            guard let linked = paths.object(dependency)?["target"] as? String, let other = paths.object(linked),
                  Self.isLinkedIntoTheApp(other["productType"] as? String) else { continue }
            let more = compiled(by: linked, depth: depth + 1)
            files.formUnion(more.files)
            folders += more.folders
            excluded.formUnion(more.excluded)
        }
        folders += localPackages(of: target, includingDynamic: followingLinks)
        return (files, Array(Set(folders)).sorted(), excluded)
    }

    /// Frameworks and libraries end up in the app's binary or bundle; apps, extensions, tests and tools do not.
    static func isLinkedIntoTheApp(_ productType: String?) -> Bool {
        guard let productType else { return false }
        return productType.hasSuffix(".framework") || productType.hasSuffix("library.static") || productType.hasSuffix("library.dynamic")
    }

    /// The folders of the local Swift packages whose products the target uses (Xcode 15's
    /// XCLocalSwiftPackageReference, or a package folder dragged into the project).
    /// A dynamic library product is embedded once, in the app, like a framework: an extension
    /// that uses one is judged on its own sources (`includingDynamic` false).
    func localPackages(of target: [String: Any], includingDynamic: Bool = true) -> [String] {
        var folders: [String] = []
        for id in target["packageProductDependencies"] as? [String] ?? [] {
            guard let dependency = paths.object(id), let product = dependency["productName"] as? String else { continue }
            var folder: String?
            if let packageId = dependency["package"] as? String, let package = paths.object(packageId) {
                guard package["isa"] as? String == "XCLocalSwiftPackageReference", let relative = package["relativePath"] as? String else { continue }
                folder = XCConfig.normalized(paths.projectFolder.isEmpty ? relative : paths.projectFolder + "/" + relative)
            } else {
                folder = packageFolder(declaring: product)
            }
            guard let folder else { continue }
            if !includingDynamic && isDynamic(product, in: folder) { continue }
            folders.append(folder)
        }
        return folders
    }

    /// Whether the package's manifest declares `product` as `.library(name: "product", type: .dynamic, …)`.
    func isDynamic(_ product: String, in folder: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(folder).appendingPathComponent("Package.swift").path) else { return false }
        let text = String(decoding: data, as: UTF8.self)
        guard let start = text.range(of: "name: \"\(product)\"") else { return false }
        let call = text[start.upperBound...].prefix { $0 != ")" && $0 != "]" }
        return call.contains(".dynamic")
    }

    /// A folder referenced by the project whose Package.swift declares `product` (`.library(name:
    /// "product"`), else one named after it, else the first (by path) that mentions it: packages
    /// that depend on the product name it too.
    func packageFolder(declaring product: String) -> String? {
        var mentioning: [(folder: String, manifest: String)] = []
        for (id, value) in paths.objects {
            guard let reference = value as? [String: Any], reference["isa"] as? String == "PBXFileReference",
                  ["wrapper", "folder", nil].contains(reference["lastKnownFileType"] as? String),
                  let path = paths.path(of: id), !(path as NSString).lastPathComponent.contains(".") else { continue }
            let manifest = root.appendingPathComponent(XCConfig.normalized(path)).appendingPathComponent("Package.swift")
            guard let data = FileManager.default.contents(atPath: manifest.path) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            if text.contains("\"\(product)\"") { mentioning.append((XCConfig.normalized(path), text)) }
        }
        mentioning.sort { $0.folder < $1.folder }
        let declaration = try! NSRegularExpression(pattern: #"\.library\s*\(\s*name:\s*""# + NSRegularExpression.escapedPattern(for: product) + #"""#)
        return mentioning.first { declaration.matches($0.manifest) }?.folder
            ?? mentioning.first { ($0.folder as NSString).lastPathComponent == product }?.folder
            ?? mentioning.first?.folder
    }
}

/// Resolves project.pbxproj file references to paths relative to the scanned root, walking the
/// group tree (`<group>`-relative and `SOURCE_ROOT` paths), for per-target source membership.
struct PBXPaths {
    let objects: [String: Any]
    let projectFolder: String
    /// Child id → parent group id.
    let parents: [String: String]
    /// Target id → the synchronized folders (group id) whose exception sets name it, with the files listed.
    private(set) var exceptions: [String: [(group: String, listed: [String])]] = [:]

    init(objects: [String: Any], projectFolder: String) {
        self.objects = objects
        self.projectFolder = projectFolder
        var parents: [String: String] = [:]
        for (id, value) in objects {
            guard let group = value as? [String: Any], (group["isa"] as? String)?.hasSuffix("Group") == true else { continue }
            for child in group["children"] as? [String] ?? [] { parents[child] = id }
        }
        self.parents = parents
        // Synchronized folders' membership exceptions, indexed once for every target.
        for (groupId, value) in objects {
            guard let group = value as? [String: Any], group["isa"] as? String == "PBXFileSystemSynchronizedRootGroup",
                  let sets = group["exceptions"] as? [String], let folder = path(of: groupId) else { continue }
            for setId in sets {
                guard let set = object(setId), let target = set["target"] as? String else { continue }
                let listed = (set["membershipExceptions"] as? [String] ?? []).map { XCConfig.normalized(folder + "/" + $0) }
                exceptions[target, default: []].append((groupId, listed))
            }
        }
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
        return XCConfig.normalized(base.isEmpty ? own : base + "/" + own)
    }

    /// The source files of a target's Sources build phases, its synchronized folders, and the
    /// files of those folders it does not compile. A synchronized folder's exception set for a
    /// target lists files that are not members when the target has the folder, and files that
    /// are when it does not.
    func sources(of target: [String: Any], id targetId: String) -> (Set<String>, [String], Set<String>) {
        var files = Set<String>(), excluded = Set<String>()
        for phaseId in target["buildPhases"] as? [String] ?? [] {
            guard let phase = object(phaseId), phase["isa"] as? String == "PBXSourcesBuildPhase" else { continue }
            for buildFileId in phase["files"] as? [String] ?? [] {
                guard let reference = object(buildFileId)?["fileRef"] as? String, let path = path(of: reference) else { continue }
                files.insert(path)
            }
        }
        let own = target["fileSystemSynchronizedGroups"] as? [String] ?? []
        for (groupId, listed) in exceptions[targetId] ?? [] {
            if own.contains(groupId) { excluded.formUnion(listed) } else { files.formUnion(listed) }
        }
        return (files, own.compactMap { path(of: $0) }, excluded)
    }
}

extension AppTargetReader {
    /// Files that only test targets compile (unit and UI test bundles of a project.pbxproj), in
    /// whatever folder they sit: they never ship, so no rule judges them.
    static func testOnlyFiles(files: [ScannedFile]) -> Set<String> {
        var result = Set<String>()
        for file in files where file.file.kind == .pbxproj {
            guard let paths = file.plist?.pbx else { continue }
            let objects = paths.objects
            var testFiles = Set<String>(), shippedFiles = Set<String>()
            for (id, value) in objects {
                guard let target = value as? [String: Any], target["isa"] as? String == "PBXNativeTarget" else { continue }
                let type = target["productType"] as? String ?? ""
                let (own, _, _) = paths.sources(of: target, id: id)
                if type.contains("unit-test") || type.contains("ui-testing") { testFiles.formUnion(own) } else { shippedFiles.formUnion(own) }
            }
            result.formUnion(testFiles.subtracting(shippedFiles))
        }
        return result
    }
}
