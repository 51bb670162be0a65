import Foundation
import Yams

/// `.greenlight.yml`: turn rules off, change their severity, ignore paths.
///
/// ```yaml
/// rules:
///   http-not-https: { enabled: false }
///   hardcoded-ipv4: { severity: info }
/// ignore:
///   - "Generated/**"
///   - Fixtures
/// kids_category: true   # the Kids Category checks (guidelines 1.3, 5.1.4)
/// ```
public struct GreenlightConfiguration: Sendable, Equatable {
    public var disabled: Set<String> = []
    public var severities: [String: Severity] = [:]
    public var ignore: [IgnorePattern] = []
    /// The app is for the Kids Category: guidelines 1.3 and 5.1.4 apply (`kids_category: true`).
    public var kidsCategory = false

    public init() {}

    public enum ConfigError: Error, Equatable, CustomStringConvertible {
        case unreadable(String)
        case invalidYAML(String)
        case unknownKey(String)
        case unknownRule(String)
        case invalidValue(String)

        public var description: String {
            switch self {
            case .unreadable(let why): "cannot read the config: \(why)"
            case .invalidYAML(let why): "the config is not valid YAML: \(why)"
            case .unknownKey(let key): "unknown key \"\(key)\" in the config (allowed: rules, ignore, kids_category; per rule: enabled, severity)"
            case .unknownRule(let id): "unknown rule id \"\(id)\" in the config (see `greenlight rules`)"
            case .invalidValue(let why): "invalid value in the config: \(why)"
            }
        }
    }

    /// Parses the YAML text; every key and rule id is checked.
    public static func parse(_ yaml: String, knownRules: Set<String>) throws(ConfigError) -> GreenlightConfiguration {
        let loaded: Any?
        do { loaded = try Yams.load(yaml: yaml) } catch { throw .invalidYAML("\(error)") }
        var configuration = GreenlightConfiguration()
        guard let loaded else { return configuration }
        guard let root = loaded as? [String: Any] else { throw .invalidValue("the top level must be a mapping") }
        for (key, value) in root {
            switch key {
            case "rules":
                guard let rules = value as? [String: Any] else { throw .invalidValue("rules must be a mapping of rule ids") }
                for (id, settings) in rules {
                    guard knownRules.contains(id) else { throw .unknownRule(id) }
                    guard let settings = settings as? [String: Any] else { throw .invalidValue("rules.\(id) must be a mapping") }
                    for (setting, raw) in settings {
                        switch setting {
                        case "enabled":
                            guard let enabled = raw as? Bool else { throw .invalidValue("rules.\(id).enabled must be true or false") }
                            if !enabled { configuration.disabled.insert(id) }
                        case "severity":
                            guard let word = raw as? String, let severity = Severity(word: word) else {
                                throw .invalidValue("rules.\(id).severity must be info, warn, high or critical")
                            }
                            configuration.severities[id] = severity
                        default: throw .unknownKey("rules.\(id).\(setting)")
                        }
                    }
                }
            case "ignore":
                guard let patterns = value as? [String] else { throw .invalidValue("ignore must be a list of paths or globs") }
                configuration.ignore = patterns.map(IgnorePattern.init)
            case "kids_category":
                guard let kids = value as? Bool else { throw .invalidValue("kids_category must be true or false") }
                configuration.kidsCategory = kids
            default:
                throw .unknownKey(key)
            }
        }
        return configuration
    }

    /// Loads `path`, or `.greenlight.yml` in `root` when it exists.
    public static func load(path: String?, root: URL, knownRules: Set<String>) throws(ConfigError) -> GreenlightConfiguration {
        let url = path.map { URL(fileURLWithPath: $0) } ?? root.appendingPathComponent(".greenlight.yml")
        guard FileManager.default.fileExists(atPath: url.path) else {
            if path != nil { throw .unreadable("no such file: \(url.path)") }
            return GreenlightConfiguration()
        }
        let text: String
        do { text = try String(contentsOf: url, encoding: .utf8) } catch { throw .unreadable("\(error.localizedDescription)") }
        return try parse(text, knownRules: knownRules)
    }
}
