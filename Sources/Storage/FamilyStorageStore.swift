import Foundation
import SQLKit

/// What a family keeps on the server, by kind: the bytes its kept files and long rows take.
public struct FamilyUsage: Sendable, Equatable, Codable {
    public struct Part: Sendable, Equatable, Codable {
        public var bytes: Int64
        public var count: Int
        public init(bytes: Int64, count: Int) { self.bytes = bytes; self.count = count }
    }

    /// SpeakUp takes' kept recordings.
    public var recordings: Part
    /// MirrorBuddy's photos and PDFs.
    public var materials: Part
    /// Coloring Fun's drawings (their stored strokes and fills).
    public var drawings: Part
    /// Spoken app requests' recordings.
    public var requests: Part
    /// SpotCheck's activity log (the Shortcut's reports).
    public var phoneEvents: Part

    public var totalBytes: Int64 { recordings.bytes + materials.bytes + drawings.bytes + requests.bytes + phoneEvents.bytes }

    public init(recordings: Part, materials: Part, drawings: Part, requests: Part, phoneEvents: Part) {
        self.recordings = recordings
        self.materials = materials
        self.drawings = drawings
        self.requests = requests
        self.phoneEvents = phoneEvents
    }
}

/// How long a family keeps what piles up by itself: phones' activity reports and answered app requests.
public struct Retention: Sendable, Equatable, Codable {
    public var phoneEventDays: Int
    public var answeredRequestDays: Int

    /// The choices a parent has (days; 0 keeps everything).
    public static let choices = [7, 30, 90, 180, 365, 730, 0]
    /// The shortest choice: the sweep looks only at rows older than this.
    static let shortest = choices.filter { $0 > 0 }.min()!
    public static let standard = Retention(phoneEventDays: 90, answeredRequestDays: 180)

    public init(phoneEventDays: Int, answeredRequestDays: Int) {
        self.phoneEventDays = phoneEventDays
        self.answeredRequestDays = answeredRequestDays
    }
}

/// A family's storage use, its retention settings, and the sweep that applies them.
public struct FamilyStorageStore: Sendable {
    let database: Database
    public init(database: Database) { self.database = database }

    private var sql: any SQLDatabase { database.sql }

    /// Bytes of a TEXT column as stored (SQLite's LENGTH counts characters; PostgreSQL's OCTET_LENGTH is bytes).
    private func bytes(of column: String) -> String {
        database.kind == .sqlite ? "LENGTH(CAST(\(column) AS BLOB))" : "OCTET_LENGTH(\(column))"
    }

    /// An activity report's fixed columns (ids, times, trigger, version) are about this many bytes.
    static let eventRowBytes = 160

    public func usage(in scope: FamilyScope) async throws -> FamilyUsage {
        func part(_ table: String, bytes: String, where condition: String = "") async throws -> FamilyUsage.Part {
            let row = try await sql.raw("""
                SELECT CAST(COALESCE(SUM(\(unsafeRaw: bytes)), 0) AS BIGINT) AS b, COUNT(*) AS n FROM \(unsafeRaw: table)
                WHERE family_id = \(bind: scope.familyId) \(unsafeRaw: condition)
                """).first()
            return FamilyUsage.Part(bytes: try row?.decode(column: "b", as: Int64.self) ?? 0, count: try row?.decode(column: "n", as: Int.self) ?? 0)
        }
        return FamilyUsage(
            recordings: try await part("speakup_takes", bytes: "audio_bytes", where: "AND audio_key IS NOT NULL"),
            materials: try await part("mirrorbuddy_materials", bytes: "file_bytes", where: "AND file_bytes > 0"),
            drawings: try await part("drawings", bytes: "document_bytes"),
            requests: try await part("app_requests", bytes: "audio_bytes", where: "AND audio_key IS NOT NULL"),
            phoneEvents: try await part("spotcheck_events", bytes: "\(Self.eventRowBytes) + \(bytes(of: "actions")) + \(bytes(of: "errors"))"))
    }

    public func retention(in scope: FamilyScope) async throws -> Retention {
        guard let row = try await sql.raw("""
            SELECT phone_event_days, answered_request_days FROM families WHERE id = \(bind: scope.familyId)
            """).first() else { throw StorageError.notFound }
        return Retention(phoneEventDays: try row.decode(column: "phone_event_days", as: Int.self),
                         answeredRequestDays: try row.decode(column: "answered_request_days", as: Int.self))
    }

    public func setRetention(_ retention: Retention, in scope: FamilyScope) async throws {
        try await sql.raw("""
            UPDATE families SET phone_event_days = \(bind: retention.phoneEventDays), answered_request_days = \(bind: retention.answeredRequestDays)
            WHERE id = \(bind: scope.familyId)
            """).run()
    }

    /// Deletes every family's phone reports and answered app requests older than the family keeps
    /// them; answers the recordings of the deleted requests, whose files the caller deletes.
    /// Idempotent, so any number of instances may run it at once.
    public func sweep(now: Date) async throws -> (phoneEvents: Int, requests: Int, audioKeys: [String]) {
        let day: Int64 = 86_400_000
        // The constant bound lets the time indexes narrow the rows; 0 days is "keep everything".
        let oldest = now.millis - Int64(Retention.shortest) * day
        let events = try await sql.raw("""
            DELETE FROM spotcheck_events
            WHERE received_at < \(bind: oldest)
              AND family_id IN (SELECT f.id FROM families f WHERE f.phone_event_days > 0)
              AND received_at < \(bind: now.millis) - \(bind: day) * (SELECT f.phone_event_days FROM families f WHERE f.id = spotcheck_events.family_id)
            RETURNING id
            """).all().count
        let requests = try await sql.raw("""
            DELETE FROM app_requests
            WHERE status <> 'pending' AND decided_at IS NOT NULL AND decided_at < \(bind: oldest)
              AND family_id IN (SELECT f.id FROM families f WHERE f.answered_request_days > 0)
              AND decided_at < \(bind: now.millis) - \(bind: day) * (SELECT f.answered_request_days FROM families f WHERE f.id = app_requests.family_id)
            RETURNING audio_key
            """).all()
        let keys = try requests.compactMap { try $0.decodeNil(column: "audio_key") ? nil : try $0.decode(column: "audio_key", as: String.self) }
        return (events, requests.count, keys)
    }
}
