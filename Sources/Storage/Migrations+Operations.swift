/// Tables the server keeps for running itself, not for any family.
extension Migrations {
    /// One row per instance, rewritten by every `/healthz`: proof that the database takes writes.
    static let healthBeats = Migration(version: 25, name: "health beats", statements: [
        "CREATE TABLE health_beats (instance TEXT PRIMARY KEY, beat_at BIGINT NOT NULL)",
    ])
}
