import Foundation

/// A managed phone and its rules, as stored. Flags are 0/1.
public struct SpotCheckDeviceRow: Codable, Sendable, Equatable {
    public let id: DeviceID
    public let familyId: FamilyID
    public var name: String
    public let createdAt: Int64
    public var pairedAt: Int64?
    public var deviceToken: String?
    public var secretHash: String?
    public var secretSealed: String?
    public var lastSeenAt: Int64?
    public var lastRunAt: Int64?
    public var runs: Int
    public var tamperAt: Int64?
    public var hotspotOff: Int
    public var rotatePassword: Int
    public var quietStart: String?
    public var quietEnd: String?
    public var quietTz: String?
    public var gapMs: Int64

    /// A new, unpaired phone with the default rules.
    public init(id: DeviceID, familyId: FamilyID, name: String, createdAt: Int64, hotspotOff: Bool = true, rotatePassword: Bool = true,
                gapMs: Int64 = 7_200_000) {
        self.id = id
        self.familyId = familyId
        self.name = name
        self.createdAt = createdAt
        self.runs = 0
        self.hotspotOff = hotspotOff ? 1 : 0
        self.rotatePassword = rotatePassword ? 1 : 0
        self.gapMs = gapMs
    }
}

/// The rules of one phone, as a parent saves them.
public struct SpotCheckPolicyRow: Sendable, Equatable {
    public let hotspotOff: Bool
    public let rotatePassword: Bool
    public let quietStart: String?
    public let quietEnd: String?
    public let quietTz: String?
    public let gapMs: Int64
    public init(hotspotOff: Bool, rotatePassword: Bool, quietStart: String?, quietEnd: String?, quietTz: String?, gapMs: Int64) {
        self.hotspotOff = hotspotOff
        self.rotatePassword = rotatePassword
        self.quietStart = quietStart
        self.quietEnd = quietEnd
        self.quietTz = quietTz
        self.gapMs = gapMs
    }
}

/// One line of a phone's activity. `actions` and `errors` are JSON arrays of strings.
public struct SpotCheckEventRow: Codable, Sendable, Equatable {
    public let id: String
    public let deviceId: DeviceID
    public let familyId: FamilyID
    /// shortcut (a run the Shortcut reported), paired, tamper (no check-in within the gap), back (checked in again).
    public let kind: String
    public let receivedAt: Int64
    public let ts: Int64?
    public let trigger: String
    public let shortcutVersion: String?
    public let actions: String
    public let ok: Int
    public let errors: String

    public init(id: String, deviceId: DeviceID, familyId: FamilyID, kind: String, receivedAt: Int64, ts: Int64? = nil, trigger: String,
                shortcutVersion: String? = nil, actions: [String] = [], ok: Bool = true, errors: [String] = []) {
        self.id = id
        self.deviceId = deviceId
        self.familyId = familyId
        self.kind = kind
        self.receivedAt = receivedAt
        self.ts = ts
        self.trigger = trigger
        self.shortcutVersion = shortcutVersion
        self.actions = Self.json(actions)
        self.ok = ok ? 1 : 0
        self.errors = Self.json(errors)
    }

    public var actionList: [String] { Self.list(actions) }
    public var errorList: [String] { Self.list(errors) }

    private static func json(_ list: [String]) -> String {
        String(decoding: (try? JSONEncoder().encode(list)) ?? Data("[]".utf8), as: UTF8.self)
    }

    private static func list(_ json: String) -> [String] {
        (try? JSONDecoder().decode([String].self, from: Data(json.utf8))) ?? []
    }
}

/// What became of a typed pairing code.
public enum PairingRedemption: Sendable, Equatable {
    case unknown
    case expired
    case used
    /// The code was good: the phone now holds the new credentials.
    case paired(SpotCheckDeviceRow)
}

/// A phone the tamper watch has just found silent.
public struct SilentDevice: Sendable, Equatable {
    public let deviceId: DeviceID
    public let familyId: FamilyID
    public let name: String
    /// When the warning starts: the last check-in plus the gap.
    public let since: Int64
}
