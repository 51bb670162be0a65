import Foundation

/// Info.plist keys a target's `InfoPlist.strings` files supply (`"NSCameraUsageDescription" =
/// "…";`): the bundle merges them into the Info.plist, so a purpose string there is present.
enum LocalizedInfo {
    static let entry = try! NSRegularExpression(pattern: #"^\s*"?([A-Za-z][A-Za-z0-9_]*)"?\s*=\s*"((?:[^"\\]|\\.)*)"\s*;"#, options: [.anchorsMatchLines])

    /// Key → value from the `InfoPlist.strings` under `folder` (English or Base first), at most
    /// four folders deep, outside build and dependency folders.
    static func keys(under folder: String, root: URL) -> [String: String] {
        let base = folder.isEmpty ? root : root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) else { return [:] }
        var found: [(path: String, values: [String: String])] = []
        while let url = walker.nextObject() as? URL {
            if ProjectWalker.skippedDirectories.contains(url.lastPathComponent) || walker.level > 4 { walker.skipDescendants(); continue }
            guard url.lastPathComponent == "InfoPlist.strings", let data = FileManager.default.contents(atPath: url.path) else { continue }
            let text = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .utf16) ?? ""
            var values: [String: String] = [:]
            for match in entry.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let key = Range(match.range(at: 1), in: text), let value = Range(match.range(at: 2), in: text) else { continue }
                values[String(text[key])] = String(text[value])
            }
            found.append((url.path, values))
        }
        let preferred = found.sorted { rank($0.path) < rank($1.path) }
        var merged: [String: String] = [:]
        for file in preferred.reversed() { merged.merge(file.values) { $1 } }
        return merged
    }

    private static func rank(_ path: String) -> Int {
        path.contains("/en.lproj/") ? 0 : path.contains("/Base.lproj/") ? 1 : path.contains("/en-") ? 2 : 3
    }
}
