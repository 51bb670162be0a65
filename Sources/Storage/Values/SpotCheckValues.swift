import Foundation
import SpotCheck

/// A phone a parent manages with SpotCheck: its rules, its credentials once paired and its check-ins.
public struct SpotCheckDevice: Sendable, Equatable {
    public let id: DeviceID
    public let familyId: FamilyID
    public let name: String
    public let createdAt: Date
    public let pairedAt: Date?
    /// The public token the phone may send (X-Device-Token), once paired.
    public let deviceToken: String?
    /// SHA-256 of the phone's secret: how its Bearer header finds it.
    public let secretHash: String?
    /// The secret sealed with the server's key, to check the phone's request signatures.
    public let secretSealed: String?
    /// The last check-in (a policy fetch or a report).
    public let lastSeenAt: Date?
    public let lastRunAt: Date?
    /// Shortcut runs reported since it was paired.
    public let runs: Int
    /// Since when the tamper watch has found it silent (nil: it has not, or the phone came back).
    public let tamperAt: Date?
    public let policy: DevicePolicy

    /// The rules of a new phone: hotspot off all day, its password rotated, a two-hour gap.
    public static let defaultPolicy: DevicePolicy = {
        do { return try DevicePolicy() } catch { preconditionFailure("the default rules are valid: \(error)") }
    }()

    /// A new, unpaired phone.
    public init(id: DeviceID, familyId: FamilyID, name: String, createdAt: Date, policy: DevicePolicy = SpotCheckDevice.defaultPolicy) {
        self.init(id: id, familyId: familyId, name: name, createdAt: createdAt, pairedAt: nil, deviceToken: nil, secretHash: nil,
                  secretSealed: nil, lastSeenAt: nil, lastRunAt: nil, runs: 0, tamperAt: nil, policy: policy)
    }

    init(id: DeviceID, familyId: FamilyID, name: String, createdAt: Date, pairedAt: Date?, deviceToken: String?, secretHash: String?,
         secretSealed: String?, lastSeenAt: Date?, lastRunAt: Date?, runs: Int, tamperAt: Date?, policy: DevicePolicy) {
        self.id = id
        self.familyId = familyId
        self.name = name
        self.createdAt = createdAt.roundedToMillis
        self.pairedAt = pairedAt?.roundedToMillis
        self.deviceToken = deviceToken
        self.secretHash = secretHash
        self.secretSealed = secretSealed
        self.lastSeenAt = lastSeenAt?.roundedToMillis
        self.lastRunAt = lastRunAt?.roundedToMillis
        self.runs = runs
        self.tamperAt = tamperAt?.roundedToMillis
        self.policy = policy
    }

    /// The phone as `SpotCheckStore.checkIn` leaves it: seen at `date`, with no tamper warning.
    public func checkedIn(at date: Date) -> SpotCheckDevice {
        SpotCheckDevice(id: id, familyId: familyId, name: name, createdAt: createdAt, pairedAt: pairedAt, deviceToken: deviceToken,
                        secretHash: secretHash, secretSealed: secretSealed, lastSeenAt: date, lastRunAt: lastRunAt, runs: runs,
                        tamperAt: nil, policy: policy)
    }
}

/// One line of a phone's activity.
public struct SpotCheckEvent: Sendable, Equatable {
    /// What the line records (stored, and shown to parents, as its raw value).
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// A run the Shortcut reported.
        case shortcut
        /// The phone was paired (again).
        case paired
        /// No check-in within the gap (the tamper watch's line).
        case tamper
        /// The phone checked in again after a tamper line.
        case back
    }

    public let id: String
    public let deviceId: DeviceID
    public let familyId: FamilyID
    public let kind: Kind
    public let receivedAt: Date
    /// The run's time on the phone (Shortcut runs only).
    public let runAt: Date?
    /// What started the run ("battery_50", "manual"), or what happened ("Paired", "No check-in").
    public let trigger: String
    public let shortcutVersion: String?
    public let actions: [String]
    public let ok: Bool
    public let errors: [String]

    public init(id: String, deviceId: DeviceID, familyId: FamilyID, kind: Kind, receivedAt: Date, runAt: Date? = nil, trigger: String,
                shortcutVersion: String? = nil, actions: [String] = [], ok: Bool = true, errors: [String] = []) {
        self.id = id
        self.deviceId = deviceId
        self.familyId = familyId
        self.kind = kind
        self.receivedAt = receivedAt.roundedToMillis
        self.runAt = runAt?.roundedToMillis
        self.trigger = trigger
        self.shortcutVersion = shortcutVersion
        self.actions = actions
        self.ok = ok
        self.errors = errors
    }
}

/// What became of a typed pairing code.
public enum PairingRedemption: Sendable, Equatable {
    case unknown
    case expired
    case used
    /// The code was good: the phone now holds the new credentials.
    case paired(SpotCheckDevice)
}

/// A phone the tamper watch has just found silent.
public struct SilentDevice: Sendable, Equatable {
    public let deviceId: DeviceID
    public let familyId: FamilyID
    public let name: String
    /// When the warning starts: the last check-in plus the gap.
    public let since: Date
}
