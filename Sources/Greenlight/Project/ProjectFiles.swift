import Foundation

/// What kind of file a rule may look at.
public enum FileKind: String, Sendable, CaseIterable {
    case swift, objc, javascript, plist, entitlements, privacyManifest, json, pbxproj, xcodegen
    /// CocoaPods' Podfile and Carthage's Cartfile: which SDKs the app links.
    case dependencies
    /// Localized text shown to users: `.strings` files (`InfoPlist.strings` too) and `.xcstrings` catalogs.
    case strings

    /// The source languages (SRC in the anchor's tables).
    public static let source: Set<FileKind> = [.swift, .objc, .javascript]
    public static let native: Set<FileKind> = [.swift, .objc]

    public var language: SourceLanguage? {
        switch self {
        case .swift: .swift
        case .objc: .objc
        case .javascript: .javascript
        default: nil
        }
    }

    /// The lexer that reads a file of this kind (JSON as JavaScript, `.strings` with C's comments
    /// and quotes, a `.xcstrings` catalog as JSON), or nil for line-by-line text.
    func lexer(forPath path: String) -> SourceLanguage? {
        switch self {
        case .json: .javascript
        case .strings: path.hasSuffix(".xcstrings") ? .javascript : .objc
        default: language
        }
    }

    /// The kind of a file by its name, or nil when no scanner reads it.
    public static func of(name: String) -> FileKind? {
        let lower = name.lowercased()
        switch lower {
        case "package.json", "app.json", "app.config.js", "app.config.ts", "app.config.json": return .json
        case "project.pbxproj": return .pbxproj
        case "project.yml", "project.yaml": return .xcodegen
        case "podfile", "cartfile": return .dependencies
        default: break
        }
        let ext = lower.utf8.lastIndex(of: UInt8(ascii: ".")).map { String(lower[lower.utf8.index(after: $0)...]) } ?? ""
        switch ext {
        case "swift": return .swift
        case "m", "mm", "h": return .objc
        case "js", "jsx", "ts", "tsx", "mjs", "cjs": return .javascript
        case "plist": return .plist
        case "entitlements": return .entitlements
        case "strings", "xcstrings": return .strings
        case "xcprivacy": return .privacyManifest
        default: return nil
        }
    }
}

/// A file of the scanned project.
public struct ProjectFile: Sendable {
    /// Path relative to the scanned root, with "/" separators.
    public let path: String
    /// The file's absolute path.
    public let absolutePath: String
    public let kind: FileKind
    /// In a test target or test folder (e.g. `AppTests/`, `AppUITests/`, `__tests__/`, `*.test.ts`); worked out once.
    public let isTest: Bool

    public init(path: String, absolutePath: String, kind: FileKind) {
        self.path = path
        self.absolutePath = absolutePath
        self.kind = kind
        self.isTest = Self.isTest(path)
    }

    public var url: URL { URL(fileURLWithPath: absolutePath) }

    static func isTest(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        if parts.dropLast().contains(where: { $0.hasSuffix("Tests") || $0 == "__tests__" || $0 == "test" || $0 == "tests" || $0 == "spec" }) {
            return true
        }
        let name = parts.last.map(String.init) ?? path
        return name.utf8.count > 5 && (ByteSearch.contains(Array(name.utf8), Array(".test.".utf8)) || ByteSearch.contains(Array(name.utf8), Array(".spec.".utf8))
            || name.hasSuffix("Tests.swift") || name.hasSuffix("Test.swift"))
    }
}

/// A file the walk saw but did not scan, and why: nothing is dropped silently.
public struct SkippedFile: Error, Sendable, Equatable {
    public enum Reason: Sendable, Equatable { case tooLarge(limit: Int), binary, unreadable(String) }
    public let path: String
    public let reason: Reason
}

/// Walks a project once and returns the files scanners read. Skips build output and dependency
/// folders and never follows symbolic links (so link loops cannot trap it); it reads directories
/// only, so files over the size limit or unreadable are reported by the reading that follows.
public struct ProjectWalker: Sendable {
    public static let skippedDirectories: Set<String> = [
        ".build", "DerivedData", "Pods", "Carthage", "SourcePackages", "node_modules", ".git", ".swiftpm",
        "build", "dist", ".expo", ".next", "vendor", ".svn", ".hg",
    ]
    public static let defaultSizeLimit = 2 * 1024 * 1024

    /// Folders whose code never ships in the app, left out of every rule and listed by `--verbose`
    /// with the reason: debug symbols, development-only assets, tooling, backends of a monorepo,
    /// and the examples and tests of vendored libraries.
    public static func leftOut(_ relative: String, name: String, absolute: String? = nil) -> String? {
        if name.hasSuffix(".dSYM") { return "debug symbols" }
        switch name {
        case "Preview Content": return "Xcode previews' development assets"
        case "fastlane", ".github", ".circleci", ".husky", "cypress", "playwright", ".storybook", "__mocks__": return "tooling, tests or mocks"
        default: break
        }
        let parts = relative.split(separator: "/")
        // At the top of the repository (where an app's own folders rarely have these names).
        if parts.count == 1 {
            if ["scripts", "Scripts", "tools", "Tools", "bin", "e2e", "storybook", "mocks", "Mocks"].contains(name) { return "tooling, tests or mocks" }
            if ["backend", "server", "functions", "supabase", "prisma", "lambda", "infra", "terraform"].contains(name) { return "server-side code" }
        }
        if parts.count >= 2, ["apps", "packages", "services"].contains(parts[parts.count - 2]),
           ["api", "server", "backend", "admin", "web-admin", "worker", "docs", "website"].contains(name) {
            return "server-side code of a monorepo"
        }
        // An example or demo project inside the app's tree (a copied library's Example/ios/…).
        if parts.count >= 2, ["Example", "Examples", "example", "examples", "Demo", "demo", "Sample", "Samples", "sample"].contains(name),
           let absolute, containsProject(absolute) {
            return "an example project inside the repository"
        }
        let vendored: Set<Substring> = ["ThirdParty", "third_party", "third-party", "External", "external", "Vendor", "Vendored", "Libraries"]
        if parts.dropLast().contains(where: { vendored.contains($0) }),
           ["Example", "Examples", "Demo", "Demos", "Sample", "Samples", "Tests", "Test", "Benchmarks"].contains(name) {
            return "a vendored library's examples or tests"
        }
        return nil
    }

    /// Files larger than this are reported, not read (the reading applies it).
    public let sizeLimit: Int
    public let ignore: [IgnorePattern]

    public init(sizeLimit: Int = ProjectWalker.defaultSizeLimit, ignore: [IgnorePattern] = []) {
        self.sizeLimit = sizeLimit
        self.ignore = ignore
    }

    /// Whether a folder holds a project of its own: an ios/ folder, an .xcodeproj or a Package.swift.
    static func containsProject(_ path: String) -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return false }
        return names.contains { $0 == "ios" || $0.hasSuffix(".xcodeproj") || $0 == "Package.swift" }
    }

    public struct Result: Sendable {
        public var files: [ProjectFile] = []
        public var skipped: [SkippedFile] = []
        /// Every directory name seen, for platform detection (e.g. `App.xcodeproj`).
        public var directories: [String] = []
        /// Folders left out because their code does not ship (path, reason): see `leftOut(_:name:)`.
        public var leftOut: [(path: String, reason: String)] = []
    }

    public enum WalkError: Error, Equatable, CustomStringConvertible {
        case notFound(String)
        case notADirectory(String)

        public var description: String {
            switch self {
            case .notFound(let path): "no such directory: \(path)"
            case .notADirectory(let path): "not a directory: \(path) (pass a project folder)"
            }
        }
    }

    public func walk(_ root: URL) throws(WalkError) -> Result {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) else { throw .notFound(root.path) }
        guard isDirectory.boolValue else { throw .notADirectory(root.path) }
        var result = Result()
        walk(directory: root.standardizedFileURL.path, relative: "", into: &result)
        result.files.sort { $0.path < $1.path }
        return result
    }

    private func walk(directory: String, relative: String, into result: inout Result) {
        guard let handle = opendir(directory) else {
            if !relative.isEmpty { result.skipped.append(SkippedFile(path: relative, reason: .unreadable("cannot open directory"))) }
            return
        }
        defer { closedir(handle) }
        var entries: [(name: String, type: UInt8)] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "." || name == ".." { continue }
            entries.append((name, entry.pointee.d_type))
        }
        for (name, type) in entries {
            let path = directory + "/" + name
            let rel = relative.isEmpty ? name : relative + "/" + name
            var kindType = type
            if kindType == UInt8(DT_UNKNOWN) {
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                kindType = (info.st_mode & S_IFMT) == S_IFDIR ? UInt8(DT_DIR) : (info.st_mode & S_IFMT) == S_IFLNK ? UInt8(DT_LNK) : UInt8(DT_REG)
            }
            if kindType == UInt8(DT_LNK) { continue }  // never follow links: no loops, no escaping the project
            if kindType == UInt8(DT_DIR) {
                result.directories.append(rel)
                if Self.skippedDirectories.contains(name) || ignore.contains(where: { $0.matches(rel) }) { continue }
                if let reason = Self.leftOut(rel, name: name, absolute: path) {
                    result.leftOut.append((rel, reason))
                    continue
                }
                walk(directory: path, relative: rel, into: &result)
            } else if kindType == UInt8(DT_REG), let kind = FileKind.of(name: name), !ignore.contains(where: { $0.matches(rel) }),
                      kind != .strings || LocalizedStrings.isRead(name: name, folder: relative) {
                result.files.append(ProjectFile(path: rel, absolutePath: path, kind: kind))
            }
        }
    }
}

/// A `.greenlight.yml` `ignore:` entry: a path glob (`Sources/Generated/**`), a basename glob
/// (`*.generated.swift`), a bare folder name (`Fixtures`) or a path prefix (`Legacy/`).
public struct IgnorePattern: Sendable, Equatable {
    public let pattern: String

    public init(_ pattern: String) { self.pattern = pattern }

    public func matches(_ relativePath: String) -> Bool {
        let trimmed = pattern.hasSuffix("/") ? String(pattern.dropLast()) : pattern
        if relativePath == trimmed || relativePath.hasPrefix(trimmed + "/") { return true }
        let components = relativePath.split(separator: "/").map(String.init)
        if !trimmed.contains("/") {
            return components.contains { fnmatch(trimmed, $0, 0) == 0 }
        }
        return fnmatch(trimmed.replacingOccurrences(of: "**", with: "*"), relativePath, 0) == 0
    }
}
