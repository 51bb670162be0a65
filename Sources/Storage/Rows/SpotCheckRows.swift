import Foundation
import SpotCheck

// SpotCheck's rows as SQL returns them: flags are 0/1, times milliseconds since 1970, a phone's
// rules are columns (quiet time as "HH:mm" texts and a zone name, the gap in milliseconds) and an
// event's lists are JSON arrays of strings. Only SpotCheckStore sees them.

struct SpotCheckDeviceRow: Decodable {
    let id: DeviceID
    let familyId: FamilyID
    let name: String
    let createdAt: Int64
    let pairedAt: Int64?
    let deviceToken: String?
    let secretHash: String?
    let secretSealed: String?
    let lastSeenAt: Int64?
    let lastRunAt: Int64?
    let runs: Int
    let tamperAt: Int64?
    let hotspotOff: Int
    let rotatePassword: Int
    let quietStart: String?
    let quietEnd: String?
    let quietTz: String?
    let gapMs: Int64

    var value: SpotCheckDevice {
        SpotCheckDevice(id: id, familyId: familyId, name: name, createdAt: Date(millis: createdAt), pairedAt: pairedAt.map(Date.init(millis:)),
                        deviceToken: deviceToken, secretHash: secretHash, secretSealed: secretSealed,
                        lastSeenAt: lastSeenAt.map(Date.init(millis:)), lastRunAt: lastRunAt.map(Date.init(millis:)), runs: runs,
                        tamperAt: tamperAt.map(Date.init(millis:)), policy: policy)
    }

    /// The stored rules as the domain reads them. Rows are written only from validated policies,
    /// so a value that no longer parses (a time zone removed from the system) reads as "all day",
    /// and a gap outside today's range as the default gap.
    private var policy: DevicePolicy {
        let quiet: QuietHours? = if let quietStart, let quietEnd, let quietTz {
            try? QuietHours(start: quietStart, end: quietEnd, timeZone: quietTz)
        } else { nil }
        let (hotspotOff, rotatePassword) = (hotspotOff != 0, rotatePassword != 0)
        return (try? DevicePolicy(hotspotOff: hotspotOff, rotatePassword: rotatePassword, quietHours: quiet, gap: TimeInterval(gapMs) / 1000))
            ?? (try? DevicePolicy(hotspotOff: hotspotOff, rotatePassword: rotatePassword, quietHours: quiet))
            ?? SpotCheckDevice.defaultPolicy
    }
}

/// A phone's rules as its columns keep them.
struct StoredPolicy {
    let hotspotOff: Int
    let rotatePassword: Int
    let quietStart: String?
    let quietEnd: String?
    let quietTz: String?
    let gapMs: Int64

    init(_ policy: DevicePolicy) {
        hotspotOff = policy.hotspotOff ? 1 : 0
        rotatePassword = policy.rotatePassword ? 1 : 0
        quietStart = policy.quietHours?.start.description
        quietEnd = policy.quietHours?.end.description
        quietTz = policy.quietHours?.timeZone.identifier
        gapMs = Int64((policy.gap * 1000).rounded())
    }
}

struct SpotCheckEventRow: Decodable {
    let id: String
    let deviceId: DeviceID
    let familyId: FamilyID
    /// A kind this version never writes is a decoding error, not a guess.
    let kind: SpotCheckEvent.Kind
    let receivedAt: Int64
    let ts: Int64?
    let trigger: String
    let shortcutVersion: String?
    let actions: String
    let ok: Int
    let errors: String

    var value: SpotCheckEvent {
        SpotCheckEvent(id: id, deviceId: deviceId, familyId: familyId, kind: kind, receivedAt: Date(millis: receivedAt),
                       runAt: ts.map(Date.init(millis:)), trigger: trigger, shortcutVersion: shortcutVersion,
                       actions: StoredList.list(actions), ok: ok != 0, errors: StoredList.list(errors))
    }
}

/// A list of strings in one TEXT column, as a JSON array.
enum StoredList {
    static func text(_ list: [String]) -> String {
        String(decoding: (try? JSONEncoder().encode(list)) ?? Data("[]".utf8), as: UTF8.self)
    }

    static func list(_ text: String) -> [String] {
        (try? JSONDecoder().decode([String].self, from: Data(text.utf8))) ?? []
    }
}
