import Foundation
import SpotCheck
import Storage

extension SpotCheckDevice {
    /// The dashboard's status, from the last check-in at the time of reading.
    func status(now: Date) -> DeviceStatus {
        DeviceStatus.of(lastCheckIn: lastSeenAt, gap: policy.gap, now: now)
    }
}

/// Quiet time as the parent's screens send and show it.
struct QuietHoursView: Codable, Equatable {
    let start: String
    let end: String
    let timeZone: String

    init(_ quiet: QuietHours) {
        start = quiet.start.description
        end = quiet.end.description
        timeZone = quiet.timeZone.identifier
    }
}

/// A phone's rules on the parent's dashboard, with what they mean right now.
struct PolicyView: Codable, Equatable {
    let hotspotOff: Bool
    let rotatePassword: Bool
    let quietHours: QuietHoursView?
    let gapMs: Int64
    let enforce: Bool
    let inQuietHours: Bool

    init(_ policy: DevicePolicy, now: Date) {
        hotspotOff = policy.hotspotOff
        rotatePassword = policy.rotatePassword
        quietHours = policy.quietHours.map(QuietHoursView.init)
        gapMs = Int64((policy.gap * 1000).rounded())
        enforce = policy.isEnforced(at: now)
        inQuietHours = policy.quietHours?.contains(now) ?? false
    }

    /// Quiet time off is an explicit null.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(hotspotOff, forKey: .hotspotOff)
        try container.encode(rotatePassword, forKey: .rotatePassword)
        try container.encode(quietHours, forKey: .quietHours)
        try container.encode(gapMs, forKey: .gapMs)
        try container.encode(enforce, forKey: .enforce)
        try container.encode(inQuietHours, forKey: .inQuietHours)
    }
}

/// A phone on the parent's dashboard. Never carries its token or secret.
struct DeviceView: Codable, Equatable {
    struct Tamper: Codable, Equatable { let since: Date }

    let id: DeviceID
    let name: String
    let status: DeviceStatus
    let paired: Bool
    let pairedAt: Date?
    let lastSeenAt: Date?
    let createdAt: Date
    let runs: Int
    let tamper: Tamper?
    let policy: PolicyView

    init(_ device: SpotCheckDevice, now: Date) {
        id = device.id
        name = device.name
        status = device.status(now: now)
        paired = device.pairedAt != nil
        pairedAt = device.pairedAt
        lastSeenAt = device.lastSeenAt
        createdAt = device.createdAt
        runs = device.runs
        tamper = DeviceStatus.tamperSince(lastCheckIn: device.lastSeenAt, gap: device.policy.gap, now: now).map(Tamper.init)
        policy = PolicyView(device.policy, now: now)
    }

    /// What is not there yet (paired, last seen, a tamper warning) is an explicit null.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(status, forKey: .status)
        try container.encode(paired, forKey: .paired)
        try container.encode(pairedAt, forKey: .pairedAt)
        try container.encode(lastSeenAt, forKey: .lastSeenAt)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(runs, forKey: .runs)
        try container.encode(tamper, forKey: .tamper)
        try container.encode(policy, forKey: .policy)
    }
}

/// One line of a phone's activity.
struct EventView: Codable, Equatable {
    let id: String
    let kind: SpotCheckEvent.Kind
    let receivedAt: Date
    let ts: Date?
    let trigger: String
    let shortcutVersion: String?
    let actionsAttempted: [String]
    let ok: Bool
    let errors: [String]

    init(_ event: SpotCheckEvent) {
        id = event.id
        kind = event.kind
        receivedAt = event.receivedAt
        ts = event.runAt
        trigger = event.trigger
        shortcutVersion = event.shortcutVersion
        actionsAttempted = event.actions
        ok = event.ok
        errors = event.errors
    }
}

/// A fresh pairing code, shown once to the parent.
struct PairingView: Codable, Equatable {
    let code: String
    let expiresAt: Date
    let ttlMinutes: Int
    /// The link the child's phone opens (and its QR code): from the home network's base URL, never loopback.
    let url: String
}
