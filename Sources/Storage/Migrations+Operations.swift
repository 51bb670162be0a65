/// Tables the server keeps for running itself, not for any family.
extension Migrations {
    /// One row per instance, rewritten by every `/healthz`: proof that the database takes writes.
    static let healthBeats = Migration(version: 25, name: "health beats", statements: [
        "CREATE TABLE health_beats (instance TEXT PRIMARY KEY, beat_at BIGINT NOT NULL)",
    ])
}

extension Migrations {
    /// How long a family keeps its phones' activity reports and its answered app requests (days;
    /// `FamilyStorageStore.sweep` deletes what is older). Families from before keep everything (0)
    /// until a parent chooses: an upgrade deletes nothing. New families start at `Retention.standard`.
    /// A drawing's size in bytes is kept beside it, so a family's use is a sum, not a read of every drawing.
    static let retention = Migration(version: 26, name: "retention per family, drawing sizes", statements: [
        "ALTER TABLE families ADD COLUMN phone_event_days BIGINT NOT NULL DEFAULT 0",
        "ALTER TABLE families ADD COLUMN answered_request_days BIGINT NOT NULL DEFAULT 0",
        "ALTER TABLE drawings ADD COLUMN document_bytes BIGINT NOT NULL DEFAULT 0",
        "CREATE INDEX drawings_family ON drawings(family_id)",
        "CREATE INDEX spotcheck_events_family ON spotcheck_events(family_id, received_at)",
        "CREATE INDEX app_requests_decided ON app_requests(decided_at)",
    ], sqlite: [
        "UPDATE drawings SET document_bytes = LENGTH(CAST(document AS BLOB))",
    ], postgres: [
        "UPDATE drawings SET document_bytes = OCTET_LENGTH(document)",
    ])
}

extension Migrations {
    /// On PostgreSQL the files live in the database too, so instances behind a load balancer share
    /// nothing but it (SQLite keeps them in the data folder beside its file).
    static let sharedBlobs = Migration(version: 27, name: "blobs in postgresql", statements: [], postgres: [
        """
        CREATE TABLE blobs (
            key TEXT PRIMARY KEY,
            data BYTEA NOT NULL,
            bytes BIGINT NOT NULL,
            created_at BIGINT NOT NULL)
        """,
    ])
}
