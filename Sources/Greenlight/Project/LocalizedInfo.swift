import Foundation

/// Info.plist keys a target's `InfoPlist.strings` files supply (`"NSCameraUsageDescription" =
/// "…";`): the bundle merges them into the Info.plist, so a purpose string there is present.
/// Read once from the files the walk read, then looked up per target folder.
struct LocalizedInfo {
    static let entry = try! NSRegularExpression(pattern: #"^\s*"?([A-Za-z][A-Za-z0-9_]*)"?\s*=\s*"((?:[^"\\]|\\.)*)"\s*;"#, options: [.anchorsMatchLines])

    /// Every `InfoPlist.strings` of the project (path relative to the root) with its keys.
    let files: [(path: String, values: [String: String])]

    init(_ scanned: [ScannedFile]) {
        files = scanned.filter { $0.file.kind == .strings && ($0.file.path as NSString).lastPathComponent == "InfoPlist.strings" }.map { file in
            let text = file.text
            var values: [String: String] = [:]
            for match in Self.entry.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let key = Range(match.range(at: 1), in: text), let value = Range(match.range(at: 2), in: text) else { continue }
                values[String(text[key])] = String(text[value])
            }
            return (file.file.path, values)
        }
    }

    /// Key → value from the `InfoPlist.strings` under `folder` (English or Base first), at most
    /// four folders deep, outside hidden folders.
    func keys(under folder: String) -> [String: String] {
        let found = files.filter { file in
            guard file.path.hasPrefix(folder + "/") else { return false }
            let parts = file.path.dropFirst(folder.count + 1).split(separator: "/")
            return parts.count <= 4 && !parts.contains { $0.hasPrefix(".") }
        }
        let preferred = found.sorted { Self.rank($0.path) < Self.rank($1.path) }
        var merged: [String: String] = [:]
        for file in preferred.reversed() { merged.merge(file.values) { $1 } }
        return merged
    }

    private static func rank(_ path: String) -> Int {
        path.contains("/en.lproj/") ? 0 : path.contains("/Base.lproj/") ? 1 : path.contains("/en-") ? 2 : 3
    }
}
