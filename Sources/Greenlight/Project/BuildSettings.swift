import Foundation

/// Build settings as Xcode resolves them for the configuration that ships: `.xcconfig` files (with
/// their `#include`s) under the project's and the target's own settings, and `$(VAR)` / `${VAR}`
/// references expanded in settings, Info.plist values and entitlements.
struct BuildSettings: Sendable, Equatable {
    var values: [String: String] = [:]

    init(_ values: [String: String] = [:]) { self.values = values }

    subscript(key: String) -> String? {
        get { values[key] }
        set { values[key] = newValue }
    }

    /// `other` over `self` (a later level of Xcode's precedence wins).
    func overlaid(with other: [String: String]) -> BuildSettings {
        BuildSettings(values.merging(other) { $1 })
    }

    /// `text` with every `$(NAME)`, `${NAME}` and `$(NAME:modifier)` this configuration defines
    /// replaced by its value (itself expanded); `$(inherited)` is dropped, an undefined name kept.
    func expand(_ text: String, depth: Int = 0) -> String {
        guard text.contains("$"), depth < 8 else { return text }
        var out = ""
        var index = text.startIndex
        while index < text.endIndex {
            let char = text[index]
            let after = text.index(after: index)
            guard char == "$", after < text.endIndex, text[after] == "(" || text[after] == "{" else {
                out.append(char)
                index = after
                continue
            }
            let close: Character = text[after] == "(" ? ")" : "}"
            guard let end = text[after...].firstIndex(of: close) else {
                out += text[index...]
                break
            }
            let reference = String(text[text.index(after: after)..<end])
            let name = String(reference.prefix { $0 != ":" })
            if name == "inherited" {
                // nothing: the level below was merged already
            } else if let value = values[name] {
                out += expand(value, depth: depth + 1)
            } else {
                out += text[index...end]
            }
            index = text.index(after: end)
        }
        return out.trimmingCharacters(in: .whitespaces)
    }

    /// The settings with their own references expanded (after the defaults Xcode provides).
    func resolved(targetName: String) -> BuildSettings {
        var base = self
        if base["TARGET_NAME"] == nil { base["TARGET_NAME"] = targetName }
        if base["PRODUCT_NAME"] == nil { base["PRODUCT_NAME"] = targetName }
        base["CONFIGURATION"] = "Release"
        return BuildSettings(base.values.mapValues { base.expand($0) })
    }
}

/// Reads `.xcconfig` files: `NAME = value`, `NAME[sdk=iphoneos*] = value`, `#include "other"`
/// and `#include? "optional"` (relative to the including file), `//` comments.
enum XCConfig {
    /// The settings of `path` (relative to `root`), includes first; a missing optional include is
    /// skipped, a loop is cut.
    static func settings(at path: String, root: URL, seen: Set<String> = []) -> [String: String] {
        guard !seen.contains(path), seen.count < 16,
              let data = FileManager.default.contents(atPath: root.appendingPathComponent(path).path) else { return [:] }
        let folder = (path as NSString).deletingLastPathComponent
        var settings: [String: String] = [:]
        for raw in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
            var line = String(raw)
            if let comment = line.range(of: "//"), !line[..<comment.lowerBound].contains("\"") { line = String(line[..<comment.lowerBound]) }
            line = line.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#include") {
                guard let first = line.firstIndex(of: "\""), let last = line.lastIndex(of: "\""), first < last else { continue }
                let included = String(line[line.index(after: first)..<last])
                let relative = included.hasPrefix("/") ? String(included.dropFirst()) : (folder.isEmpty ? included : folder + "/" + included)
                settings.merge(Self.settings(at: normalized(relative), root: root, seen: seen.union([path]))) { $1 }
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            var key = line[..<equals].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if let bracket = key.firstIndex(of: "[") {
                // Conditional settings: only those the shipped device build uses.
                let condition = key[bracket...]
                guard condition.contains("sdk=iphoneos") || condition.contains("config=Release") else { continue }
                key = String(key[..<bracket])
            }
            guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { continue }
            // `$(inherited)` in an xcconfig refers to what an included file set.
            settings[key] = value.replacingOccurrences(of: "$(inherited)", with: settings[key] ?? "").trimmingCharacters(in: .whitespaces)
        }
        return settings
    }

    /// `a/b/../c` as `a/c`; `./` dropped.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            parts.append(part)
        }
        return parts.joined(separator: "/")
    }
}
