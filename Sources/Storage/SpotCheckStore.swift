import Foundation
import SpotCheck
import SQLKit

/// SpotCheck's rows: phones, pairing codes, activity and seen signatures. Parent-side queries filter
/// on the family; phone-side ones find the phone from its credentials.
public struct SpotCheckStore: Sendable {
    let database: Database
    public init(database: Database) { self.database = database }

    private var sql: any SQLDatabase { database.sql }

    // MARK: Phones

    /// A new phone, unpaired, with its rules.
    public func insert(_ device: SpotCheckDevice, in scope: FamilyScope) async throws {
        try scope.check(device)
        let rules = StoredPolicy(device.policy)
        try await sql.raw("""
            INSERT INTO spotcheck_devices (id, family_id, name, created_at, runs, hotspot_off, rotate_password, quiet_start, quiet_end,
                                           quiet_tz, gap_ms)
            VALUES (\(bind: device.id), \(bind: scope.familyId), \(bind: device.name), \(bind: device.createdAt.millis), 0,
                    \(bind: rules.hotspotOff), \(bind: rules.rotatePassword), \(bind: rules.quietStart), \(bind: rules.quietEnd),
                    \(bind: rules.quietTz), \(bind: rules.gapMs))
            """).run()
    }

    /// The family's phones, newest first.
    public func devices(in scope: FamilyScope) async throws -> [SpotCheckDevice] {
        try await sql.raw("SELECT * FROM spotcheck_devices WHERE family_id = \(bind: scope.familyId) ORDER BY created_at DESC, id")
            .all(decoding: SpotCheckDeviceRow.self, keyDecodingStrategy: .convertFromSnakeCase).map(\.value)
    }

    public func device(id: DeviceID, in scope: FamilyScope) async throws -> SpotCheckDevice? {
        try await sql.raw("SELECT * FROM spotcheck_devices WHERE id = \(bind: id) AND family_id = \(bind: scope.familyId)")
            .first(decoding: SpotCheckDeviceRow.self, keyDecodingStrategy: .convertFromSnakeCase)?.value
    }

    /// The phone whose secret hashes to `secretHash` (its Bearer header).
    public func device(secretHash: String) async throws -> SpotCheckDevice? {
        try await sql.raw("SELECT * FROM spotcheck_devices WHERE secret_hash = \(bind: secretHash)")
            .first(decoding: SpotCheckDeviceRow.self, keyDecodingStrategy: .convertFromSnakeCase)?.value
    }

    /// The phone with this public token (X-Device-Token).
    public func device(token: String) async throws -> SpotCheckDevice? {
        try await sql.raw("SELECT * FROM spotcheck_devices WHERE device_token = \(bind: token)")
            .first(decoding: SpotCheckDeviceRow.self, keyDecodingStrategy: .convertFromSnakeCase)?.value
    }

    public func rename(id: DeviceID, in scope: FamilyScope, name: String) async throws -> Bool {
        try await sql.raw("""
            UPDATE spotcheck_devices SET name = \(bind: name) WHERE id = \(bind: id) AND family_id = \(bind: scope.familyId) RETURNING id
            """).first() != nil
    }

    /// Removes the phone with its codes and activity; its credentials stop working at once.
    public func delete(id: DeviceID, in scope: FamilyScope) async throws -> Bool {
        try await sql.raw("DELETE FROM spotcheck_devices WHERE id = \(bind: id) AND family_id = \(bind: scope.familyId) RETURNING id").first() != nil
    }

    /// Replaces the phone's rules; false when the family has no such phone.
    public func savePolicy(_ policy: DevicePolicy, id: DeviceID, in scope: FamilyScope) async throws -> Bool {
        let rules = StoredPolicy(policy)
        return try await sql.raw("""
            UPDATE spotcheck_devices SET hotspot_off = \(bind: rules.hotspotOff), rotate_password = \(bind: rules.rotatePassword),
                quiet_start = \(bind: rules.quietStart), quiet_end = \(bind: rules.quietEnd), quiet_tz = \(bind: rules.quietTz),
                gap_ms = \(bind: rules.gapMs)
            WHERE id = \(bind: id) AND family_id = \(bind: scope.familyId) RETURNING id
            """).first() != nil
    }

    // MARK: Pairing

    /// Makes `codeHash` the phone's only working code: earlier unused ones stop working.
    public func replacePairingCode(deviceId: DeviceID, in scope: FamilyScope, codeHash: String, now: Date, expiresAt: Date) async throws {
        try await database.transaction { sql in
            try await sql.raw("DELETE FROM spotcheck_pairing_codes WHERE device_id = \(bind: deviceId) AND used_at IS NULL").run()
            try await sql.raw("""
                INSERT INTO spotcheck_pairing_codes (code_hash, device_id, family_id, created_at, expires_at)
                VALUES (\(bind: codeHash), \(bind: deviceId), \(bind: scope.familyId), \(bind: now.millis), \(bind: expiresAt.millis))
                """).run()
        }
    }

    /// Spends a code and gives its phone new credentials, all at once: two phones typing the same code
    /// cannot both pair, and a failure leaves the code good. Earlier credentials of the phone stop working.
    public func redeem(codeHash: String, now: Date, name: String?, deviceToken: String, secretHash: String, secretSealed: String,
                       pairedEventId: String) async throws -> PairingRedemption {
        try await database.transaction { sql in
            guard let code = try await sql.raw("""
                SELECT device_id, expires_at, used_at FROM spotcheck_pairing_codes WHERE code_hash = \(bind: codeHash)
                """).first() else { return .unknown }
            if try code.decodeNil(column: "used_at") == false { return .used }
            if try code.decode(column: "expires_at", as: Int64.self) <= now.millis { return .expired }
            let deviceId = try code.decode(column: "device_id", as: DeviceID.self)
            guard try await sql.raw("""
                UPDATE spotcheck_pairing_codes SET used_at = \(bind: now.millis) WHERE code_hash = \(bind: codeHash) AND used_at IS NULL RETURNING device_id
                """).first() != nil else { return .used }
            guard let device = try await sql.raw("""
                UPDATE spotcheck_devices SET paired_at = \(bind: now.millis), device_token = \(bind: deviceToken), secret_hash = \(bind: secretHash),
                    secret_sealed = \(bind: secretSealed), name = COALESCE(\(bind: name), name),
                    last_seen_at = NULL, last_run_at = NULL, runs = 0, tamper_at = NULL
                WHERE id = \(bind: deviceId) RETURNING *
                """).first(decoding: SpotCheckDeviceRow.self, keyDecodingStrategy: .convertFromSnakeCase)?.value else { return .unknown }
            try await sql.raw("DELETE FROM spotcheck_signatures WHERE device_id = \(bind: deviceId)").run()
            try await Self.insert(SpotCheckEvent(id: pairedEventId, deviceId: deviceId, familyId: device.familyId, kind: .paired,
                                                 receivedAt: now, trigger: "Paired"), on: sql)
            return .paired(device)
        }
    }

    // MARK: Check-ins

    /// Notes that the phone was heard from (a policy fetch or a report). A phone that was silent past
    /// its gap gets a "back" line in its activity; only one instance writes it.
    public func checkIn(device: SpotCheckDevice, now: Date, backEventId: String) async throws {
        guard device.tamperAt != nil else {
            try await sql.raw("UPDATE spotcheck_devices SET last_seen_at = \(bind: now.millis) WHERE id = \(bind: device.id)").run()
            return
        }
        try await database.transaction { sql in
            try await Self.clearTamper(device: device, now: now, eventId: backEventId, on: sql)
        }
    }

    /// Keeps a Shortcut run's report and counts the run (also a check-in).
    public func record(run event: SpotCheckEvent, device: SpotCheckDevice, now: Date, backEventId: String) async throws {
        try await database.transaction { sql in
            try await Self.insert(event, on: sql)
            try await sql.raw("""
                UPDATE spotcheck_devices SET runs = runs + 1, last_run_at = \(bind: now.millis), last_seen_at = \(bind: now.millis)
                WHERE id = \(bind: device.id)
                """).run()
            if device.tamperAt != nil { try await Self.clearTamper(device: device, now: now, eventId: backEventId, on: sql) }
        }
    }

    private static func clearTamper(device: SpotCheckDevice, now: Date, eventId: String, on sql: any SQLDatabase) async throws {
        let cleared = try await sql.raw("""
            UPDATE spotcheck_devices SET last_seen_at = \(bind: now.millis), tamper_at = NULL
            WHERE id = \(bind: device.id) AND tamper_at IS NOT NULL RETURNING id
            """).first() != nil
        guard cleared else {
            try await sql.raw("UPDATE spotcheck_devices SET last_seen_at = \(bind: now.millis) WHERE id = \(bind: device.id)").run()
            return
        }
        try await insert(SpotCheckEvent(id: eventId, deviceId: device.id, familyId: device.familyId, kind: .back,
                                        receivedAt: now, trigger: "Checked in again"), on: sql)
    }

    /// Marks every phone silent past its gap and writes its "tamper" line, in one transaction: the
    /// conditional UPDATE lets only one of several instances claim each phone.
    public func markSilentDevices(now: Date, eventId: @escaping @Sendable () -> String) async throws -> [SilentDevice] {
        try await database.transaction { sql in
            let rows = try await sql.raw("""
                UPDATE spotcheck_devices SET tamper_at = last_seen_at + gap_ms
                WHERE tamper_at IS NULL AND last_seen_at IS NOT NULL AND last_seen_at + gap_ms < \(bind: now.millis)
                RETURNING id, family_id, name, tamper_at
                """).all()
            var silent: [SilentDevice] = []
            for row in rows {
                let device = SilentDevice(deviceId: try row.decode(column: "id", as: DeviceID.self), familyId: try row.decode(column: "family_id", as: FamilyID.self),
                                          name: try row.decode(column: "name", as: String.self),
                                          since: Date(millis: try row.decode(column: "tamper_at", as: Int64.self)))
                try await Self.insert(SpotCheckEvent(id: eventId(), deviceId: device.deviceId, familyId: device.familyId, kind: .tamper,
                                                     receivedAt: device.since, trigger: "No check-in"), on: sql)
                silent.append(device)
            }
            return silent
        }
    }

    // MARK: Activity

    /// A page of the phone's activity, newest first, before the (receivedAt, id) cursor if given.
    public func events(deviceId: DeviceID, in scope: FamilyScope, before: (receivedAt: Date, id: String)?,
                       limit: Int) async throws -> [SpotCheckEvent] {
        let cursor: SQLQueryString = before.map {
            "AND (received_at < \(bind: $0.receivedAt.millis) OR (received_at = \(bind: $0.receivedAt.millis) AND id < \(bind: $0.id)))"
        } ?? ""
        return try await sql.raw("""
            SELECT * FROM spotcheck_events WHERE device_id = \(bind: deviceId) AND family_id = \(bind: scope.familyId) \(cursor)
            ORDER BY received_at DESC, id DESC LIMIT \(bind: limit)
            """).all(decoding: SpotCheckEventRow.self, keyDecodingStrategy: .convertFromSnakeCase).map(\.value)
    }

    public func eventCount(deviceId: DeviceID) async throws -> Int {
        try await sql.raw("SELECT COUNT(*) AS n FROM spotcheck_events WHERE device_id = \(bind: deviceId)").first()?.decode(column: "n", as: Int.self) ?? 0
    }

    private static func insert(_ event: SpotCheckEvent, on sql: any SQLDatabase) async throws {
        try await sql.raw("""
            INSERT INTO spotcheck_events (id, device_id, family_id, kind, received_at, ts, trigger, shortcut_version, actions, ok, errors)
            VALUES (\(bind: event.id), \(bind: event.deviceId), \(bind: event.familyId), \(bind: event.kind.rawValue),
                    \(bind: event.receivedAt.millis), \(bind: event.runAt?.millis), \(bind: event.trigger), \(bind: event.shortcutVersion),
                    \(bind: StoredList.text(event.actions)), \(bind: event.ok ? 1 : 0), \(bind: StoredList.text(event.errors)))
            ON CONFLICT (id) DO NOTHING
            """).run()
    }

    // MARK: Signatures

    /// Remembers a signature; false when it was seen before (a replay).
    public func rememberSignature(_ signature: String, deviceId: DeviceID, now: Date) async throws -> Bool {
        try await sql.raw("""
            INSERT INTO spotcheck_signatures (device_id, signature, seen_at) VALUES (\(bind: deviceId), \(bind: signature), \(bind: now.millis))
            ON CONFLICT (device_id, signature) DO NOTHING RETURNING device_id
            """).first() != nil
    }

    /// Forgets signatures and spent or expired codes no check needs any more.
    public func deleteExpired(signaturesBefore: Date, codesBefore: Date) async throws {
        try await sql.raw("DELETE FROM spotcheck_signatures WHERE seen_at < \(bind: signaturesBefore.millis)").run()
        try await sql.raw("DELETE FROM spotcheck_pairing_codes WHERE expires_at < \(bind: codesBefore.millis)").run()
    }
}
