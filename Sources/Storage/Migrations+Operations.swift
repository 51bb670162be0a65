/// Tables the server keeps for running itself, not for any family.
extension Migrations {
    /// One row per instance, rewritten by every `/healthz`: proof that the database takes writes.
    static let healthBeats = Migration(version: 25, name: "health beats", statements: [
        "CREATE TABLE health_beats (instance TEXT PRIMARY KEY, beat_at BIGINT NOT NULL)",
    ])
}

extension Migrations {
    /// How long a family keeps its phones' activity reports and its answered app requests (days;
    /// `FamilyStorageStore.sweep` deletes what is older).
    static let retention = Migration(version: 26, name: "retention per family", statements: [
        "ALTER TABLE families ADD COLUMN phone_event_days BIGINT NOT NULL DEFAULT 90",
        "ALTER TABLE families ADD COLUMN answered_request_days BIGINT NOT NULL DEFAULT 180",
        "CREATE INDEX spotcheck_events_received ON spotcheck_events(received_at)",
        "CREATE INDEX app_requests_decided ON app_requests(decided_at)",
    ])
}
