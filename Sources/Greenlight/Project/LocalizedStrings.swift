import Foundation

/// Which localized `.strings` files a scan reads, and how: UTF-16 ones (with or without a byte
/// order mark, Xcode's old default) and compiled binary plists as the `"key" = "value";` text they stand for.
enum LocalizedStrings {
    /// The languages whose `.strings` files are read: those the text rules have patterns for, and
    /// Base. Other languages' files would cost the scan time (an app may ship a hundred) for nothing;
    /// `InfoPlist.strings` (small, and it may hold the only copy of a purpose string) and `.xcstrings`
    /// catalogs (one file for every language) are always read.
    static let languages: Set<String> = ["en", "base", "es", "fr", "de", "it", "pt"]

    /// Whether the walk reads the `.strings` file `name` in the folder `folder`.
    static func isRead(name: String, folder: String) -> Bool {
        guard name.hasSuffix(".strings"), name != "InfoPlist.strings" else { return true }
        guard let lproj = folder.split(separator: "/").last(where: { $0.hasSuffix(".lproj") }) else { return true }
        let language = lproj.dropLast(".lproj".count).prefix { $0 != "-" && $0 != "_" }.lowercased()
        return languages.contains(language)
    }

    static func text(of data: Data) -> String? {
        let bytes = [UInt8](data.prefix(8))
        if bytes.starts(with: Array("bplist".utf8)) {
            guard let strings = (try? PropertyListSerialization.propertyList(from: data, format: nil)) as? [String: Any] else { return nil }
            return strings.keys.sorted().compactMap { key in
                (strings[key] as? String).map { "\"\(escaped(key))\" = \"\(escaped($0))\";" }
            }.joined(separator: "\n")
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return String(data: data, encoding: .utf16) }
        guard data.count % 2 == 0, bytes.count >= 2 else { return nil }
        if bytes[1] == 0 && bytes[0] != 0 { return String(data: data, encoding: .utf16LittleEndian) }
        if bytes[0] == 0 && bytes[1] != 0 { return String(data: data, encoding: .utf16BigEndian) }
        return nil
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
    }
}
