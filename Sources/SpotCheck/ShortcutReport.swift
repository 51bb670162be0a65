import Foundation
import TextRules

/// What the Shortcut reports after a run (`POST /events`), checked before it is kept.
public struct ShortcutReport: Codable, Equatable, Sendable {
    /// The phone's time of the run, milliseconds since 1970.
    public let ts: Int64
    /// What started the run: an automation's name ("battery_50", "time_22_00") or "manual".
    public let trigger: String
    public let shortcutVersion: String?
    public let actionsAttempted: [String]?
    public let result: Outcome?

    /// Whether the actions worked, and the Shortcut's error texts if not.
    public struct Outcome: Codable, Equatable, Sendable {
        public let ok: Bool?
        public let errors: [String]?
        public init(ok: Bool?, errors: [String]?) {
            self.ok = ok
            self.errors = errors
        }
    }

    public init(ts: Int64, trigger: String, shortcutVersion: String? = nil, actionsAttempted: [String]? = nil, result: Outcome? = nil) {
        self.ts = ts
        self.trigger = trigger
        self.shortcutVersion = shortcutVersion
        self.actionsAttempted = actionsAttempted
        self.result = result
    }

    public static let maximumActions = 20
    public static let maximumErrors = 20

    /// Refuses what a real Shortcut never sends, naming the field: the limits keep one phone from filling the database.
    public func validated() throws(SpotCheckError) -> ShortcutReport {
        guard ts >= 0, ts < 32_503_680_000_000 else { throw .invalidField(field: "ts", reason: "\"ts\" must be the run's time in milliseconds since 1970.") }
        try Self.check(trigger, field: "trigger", maximum: 100, allowEmpty: false)
        if let shortcutVersion { try Self.check(shortcutVersion, field: "shortcutVersion", maximum: 50, allowEmpty: true) }
        let actions = actionsAttempted ?? []
        guard actions.count <= Self.maximumActions else {
            throw .invalidField(field: "actionsAttempted", reason: "At most \(Self.maximumActions) actions a run.")
        }
        for action in actions { try Self.check(action, field: "actionsAttempted", maximum: 50, allowEmpty: false) }
        let errors = result?.errors ?? []
        guard errors.count <= Self.maximumErrors else { throw .invalidField(field: "result.errors", reason: "At most \(Self.maximumErrors) errors a run.") }
        for error in errors { try Self.check(error, field: "result.errors", maximum: 500, allowEmpty: true) }
        return self
    }

    /// The phone's time of the run (`ts`).
    public var runAt: Date { Date(timeIntervalSince1970: Double(ts) / 1000) }

    /// Whether the run worked: a run that sent no result counts as worked, as in the original backend.
    public var succeeded: Bool { result?.ok ?? true }

    private static func check(_ text: String, field: String, maximum: Int, allowEmpty: Bool) throws(SpotCheckError) {
        guard allowEmpty || !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw .invalidField(field: field, reason: "\"\(field)\" must not be empty.")
        }
        guard TextRules.fits(text, characters: maximum) else { throw .invalidField(field: field, reason: "\"\(field)\" is longer than \(maximum) characters.") }
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalidField(field: field, reason: "\"\(field)\" contains control characters.")
        }
    }
}
