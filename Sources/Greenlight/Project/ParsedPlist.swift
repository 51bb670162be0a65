import Foundation

/// A property list (plist, entitlements, privacy manifest, project.pbxproj) parsed once, when its
/// file is read, for every scanner that needs it; a project.pbxproj also gets its objects' paths
/// resolved and indexed (`PBXPaths`).
final class ParsedPlist: @unchecked Sendable {  // immutable after init; read by one scanner at a time
    static let kinds: Set<FileKind> = [.plist, .entitlements, .privacyManifest, .pbxproj]

    /// The parsed value; nil when the file is not a property list.
    let value: Any?
    let pbx: PBXPaths?

    var dictionary: [String: Any]? { value as? [String: Any] }

    init(text: String, file: ProjectFile) {
        value = try? PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil)
        if file.kind == .pbxproj, let objects = (value as? [String: Any])?["objects"] as? [String: Any] {
            // project.pbxproj sits in X.xcodeproj/; paths are relative to the folder holding X.xcodeproj.
            let projectFolder = ((file.path as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
            pbx = PBXPaths(objects: objects, projectFolder: projectFolder)
        } else {
            pbx = nil
        }
    }
}

/// The project's property lists by path, as the walk read and parsed them; a file the walk did not
/// read (an ignored folder, one over the size limit) is read from disk.
struct ProjectPlists {
    let root: URL
    let byPath: [String: ScannedFile]

    init(files: [ScannedFile], root: URL) {
        self.root = root
        byPath = Dictionary(files.filter { $0.plist != nil }.map { ($0.file.path, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// The plist at `relative` (from the scanned root): its dictionary (nil when it does not
    /// parse) and its text; nil when there is no such file.
    func plist(at relative: String) -> (dictionary: [String: Any]?, text: String)? {
        if let file = byPath[relative] ?? byPath[XCConfig.normalized(relative)] { return (file.plist?.dictionary, file.text) }
        guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(relative).path) else { return nil }
        return (FileRules.dictionary(data), String(decoding: data, as: UTF8.self))
    }
}
