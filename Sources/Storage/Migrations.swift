import Foundation
import SQLKit

/// One step of the schema; steps run once each, in order, and are never edited once released.
public struct Migration: Sendable {
    public let version: Int
    public let name: String
    public let statements: [String]
    /// Statements only one of the databases runs (full-text search, triggers): after `statements`.
    public let sqlite: [String]
    public let postgres: [String]

    public init(version: Int, name: String, statements: [String], sqlite: [String] = [], postgres: [String] = []) {
        self.version = version
        self.name = name
        self.statements = statements
        self.sqlite = sqlite
        self.postgres = postgres
    }

    func statements(for kind: Database.Kind) -> [String] { statements + (kind == .sqlite ? sqlite : postgres) }
}

public enum Migrations {
    /// The ordered list of every schema change. Types are ones SQLite and PostgreSQL both accept;
    /// times are milliseconds since 1970 in BIGINT, flags are BIGINT 0/1.
    public static let all: [Migration] = [
        Migration(version: 1, name: "families, parents, children, sessions", statements: [
            """
            CREATE TABLE families (
                id TEXT PRIMARY KEY,
                name TEXT NOT NULL,
                created_at BIGINT NOT NULL)
            """,
            """
            CREATE TABLE parents (
                id TEXT PRIMARY KEY,
                family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
                email TEXT NOT NULL UNIQUE,
                name TEXT NOT NULL,
                password_hash TEXT NOT NULL,
                created_at BIGINT NOT NULL)
            """,
            "CREATE INDEX parents_family ON parents(family_id)",
            """
            CREATE TABLE children (
                id TEXT PRIMARY KEY,
                family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                grade BIGINT NOT NULL,
                avatar TEXT NOT NULL,
                created_at BIGINT NOT NULL)
            """,
            "CREATE INDEX children_family ON children(family_id)",
            """
            CREATE TABLE hidden_apps (
                child_id TEXT NOT NULL REFERENCES children(id) ON DELETE CASCADE,
                family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
                app_id TEXT NOT NULL,
                PRIMARY KEY (child_id, app_id))
            """,
            """
            CREATE TABLE invites (
                code_hash TEXT PRIMARY KEY,
                family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
                created_by TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                expires_at BIGINT NOT NULL,
                used_at BIGINT)
            """,
            """
            CREATE TABLE sessions (
                token_hash TEXT PRIMARY KEY,
                family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
                parent_id TEXT NOT NULL REFERENCES parents(id) ON DELETE CASCADE,
                csrf_token TEXT NOT NULL,
                child_id TEXT REFERENCES children(id) ON DELETE SET NULL,
                created_at BIGINT NOT NULL,
                last_seen_at BIGINT NOT NULL,
                expires_at BIGINT NOT NULL,
                parent_active_at BIGINT,
                gate_passed_at BIGINT,
                gate_failures BIGINT NOT NULL DEFAULT 0,
                gate_locked_until BIGINT,
                gate_left BIGINT,
                gate_right BIGINT,
                gate_issued_at BIGINT)
            """,
            "CREATE INDEX sessions_family ON sessions(family_id)",
            """
            CREATE TABLE rate_limits (
                key TEXT PRIMARY KEY,
                window_start BIGINT NOT NULL,
                count BIGINT NOT NULL)
            """,
        ]),
        Migration(version: 2, name: "app requests and purchases", statements: [
            """
            CREATE TABLE app_requests (
                id TEXT PRIMARY KEY,
                family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
                child_id TEXT NOT NULL REFERENCES children(id) ON DELETE CASCADE,
                app_id TEXT NOT NULL,
                text TEXT NOT NULL,
                audio_key TEXT,
                audio_bytes BIGINT NOT NULL DEFAULT 0,
                status TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                read_at BIGINT,
                decided_at BIGINT)
            """,
            "CREATE INDEX app_requests_family ON app_requests(family_id, created_at)",
            "CREATE INDEX app_requests_child ON app_requests(child_id, app_id, created_at)",
            """
            CREATE TABLE purchases (
                id TEXT PRIMARY KEY,
                family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
                product_id TEXT NOT NULL,
                provider TEXT NOT NULL,
                receipt TEXT NOT NULL,
                purchased_at BIGINT NOT NULL,
                UNIQUE (family_id, product_id))
            """,
        ]),
        Migration(version: 3, name: "spellflare", statements: [
            // Spellflare's settings per child (the name they play under, grade, voice).
            """
            CREATE TABLE spelling_players (
                child_id TEXT PRIMARY KEY REFERENCES children(id) ON DELETE CASCADE,
                family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                grade BIGINT NOT NULL,
                voice TEXT,
                updated_at BIGINT NOT NULL)
            """,
            // Completed levels are rows, so merging progress from two devices is an insert that
            // never removes anything; the level to play next only ever grows.
            """
            CREATE TABLE spelling_completed (
                child_id TEXT NOT NULL REFERENCES children(id) ON DELETE CASCADE,
                family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
                grade BIGINT NOT NULL,
                level BIGINT NOT NULL,
                completed_at BIGINT NOT NULL,
                PRIMARY KEY (child_id, grade, level))
            """,
            """
            CREATE TABLE spelling_current (
                child_id TEXT NOT NULL REFERENCES children(id) ON DELETE CASCADE,
                family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
                grade BIGINT NOT NULL,
                level BIGINT NOT NULL,
                PRIMARY KEY (child_id, grade))
            """,
            """
            CREATE TABLE spelling_sessions (
                id TEXT PRIMARY KEY,
                family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
                child_id TEXT NOT NULL REFERENCES children(id) ON DELETE CASCADE,
                grade BIGINT NOT NULL,
                level BIGINT NOT NULL,
                state TEXT NOT NULL,
                answers BIGINT NOT NULL DEFAULT 0,
                started_at BIGINT NOT NULL,
                finished_at BIGINT)
            """,
            "CREATE INDEX spelling_sessions_child ON spelling_sessions(child_id, started_at)",
            """
            CREATE TABLE spelling_results (
                id TEXT PRIMARY KEY,
                family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
                child_id TEXT NOT NULL REFERENCES children(id) ON DELETE CASCADE,
                session_id TEXT,
                word TEXT NOT NULL,
                grade BIGINT NOT NULL,
                level BIGINT NOT NULL,
                first_try BIGINT NOT NULL,
                answered_at BIGINT NOT NULL,
                seconds DOUBLE PRECISION NOT NULL)
            """,
            "CREATE INDEX spelling_results_child ON spelling_results(child_id, answered_at)",
            """
            CREATE TABLE spelling_words (
                child_id TEXT NOT NULL REFERENCES children(id) ON DELETE CASCADE,
                family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
                word TEXT NOT NULL,
                attempts BIGINT NOT NULL,
                misses BIGINT NOT NULL,
                box BIGINT NOT NULL,
                last_seen BIGINT,
                due BIGINT,
                PRIMARY KEY (child_id, word))
            """,
            """
            CREATE TABLE spelling_lists (
                id TEXT PRIMARY KEY,
                family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                words TEXT NOT NULL,
                created_at BIGINT NOT NULL)
            """,
            "CREATE INDEX spelling_lists_family ON spelling_lists(family_id)",
            """
            CREATE TABLE spelling_assignments (
                child_id TEXT NOT NULL REFERENCES children(id) ON DELETE CASCADE,
                list_id TEXT NOT NULL REFERENCES spelling_lists(id) ON DELETE CASCADE,
                family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
                PRIMARY KEY (child_id, list_id))
            """,
        ]),
        Migration(version: 4, name: "spellflare reset epochs", statements: [
            // How many times a parent reset a grade. Progress a tablet made before the reset
            // (it carries the older epoch) is not merged back into that grade.
            """
            CREATE TABLE spelling_resets (
                child_id TEXT NOT NULL REFERENCES children(id) ON DELETE CASCADE,
                family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
                grade BIGINT NOT NULL,
                epoch BIGINT NOT NULL,
                reset_at BIGINT NOT NULL,
                PRIMARY KEY (child_id, grade))
            """,
            // The grade's epoch when a game began: passing it after a reset completes nothing.
            "ALTER TABLE spelling_sessions ADD COLUMN epoch BIGINT NOT NULL DEFAULT 0",
        ]),
        Migration(version: 5, name: "coloring fun", statements: [
            // A child's drawings: the document (JSON actions) and a revision that goes up with
            // every save, so a stale tab's autosave cannot overwrite newer work unnoticed.
            """
            CREATE TABLE drawings (
                id TEXT PRIMARY KEY,
                family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
                child_id TEXT NOT NULL REFERENCES children(id) ON DELETE CASCADE,
                page TEXT,
                document TEXT NOT NULL,
                revision BIGINT NOT NULL,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL)
            """,
            "CREATE INDEX drawings_child ON drawings(child_id, updated_at)",
            // What a parent allows per child, and whether the child uses Kids Mode.
            """
            CREATE TABLE coloring_settings (
                child_id TEXT PRIMARY KEY REFERENCES children(id) ON DELETE CASCADE,
                family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
                stamps BIGINT NOT NULL,
                saving BIGINT NOT NULL,
                export BIGINT NOT NULL,
                kids_mode BIGINT NOT NULL,
                updated_at BIGINT NOT NULL)
            """,
        ]),
        Migration(version: 6, name: "spotcheck", statements: [
            // A child's phone the parents manage. The credentials exist once it is paired: the token is
            // the phone's public name, the secret is kept as a SHA-256 (to find the phone from its
            // Bearer header) and sealed with the server's key (to check request signatures); the
            // secret itself is shown once, to the phone. The rules live on the same row.
            """
            CREATE TABLE spotcheck_devices (
                id TEXT PRIMARY KEY,
                family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                paired_at BIGINT,
                device_token TEXT UNIQUE,
                secret_hash TEXT UNIQUE,
                secret_sealed TEXT,
                last_seen_at BIGINT,
                last_run_at BIGINT,
                runs BIGINT NOT NULL DEFAULT 0,
                tamper_at BIGINT,
                hotspot_off BIGINT NOT NULL,
                rotate_password BIGINT NOT NULL,
                quiet_start TEXT,
                quiet_end TEXT,
                quiet_tz TEXT,
                gap_ms BIGINT NOT NULL)
            """,
            "CREATE INDEX spotcheck_devices_family ON spotcheck_devices(family_id, created_at)",
            "CREATE INDEX spotcheck_devices_watch ON spotcheck_devices(tamper_at, last_seen_at)",
            // Codes are kept as hashes, good once, for minutes.
            """
            CREATE TABLE spotcheck_pairing_codes (
                code_hash TEXT PRIMARY KEY,
                device_id TEXT NOT NULL REFERENCES spotcheck_devices(id) ON DELETE CASCADE,
                family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
                created_at BIGINT NOT NULL,
                expires_at BIGINT NOT NULL,
                used_at BIGINT)
            """,
            "CREATE INDEX spotcheck_pairing_codes_device ON spotcheck_pairing_codes(device_id)",
            // The activity timeline: the Shortcut's reports and what the server noticed (paired, tamper, back).
            """
            CREATE TABLE spotcheck_events (
                id TEXT PRIMARY KEY,
                device_id TEXT NOT NULL REFERENCES spotcheck_devices(id) ON DELETE CASCADE,
                family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
                kind TEXT NOT NULL,
                received_at BIGINT NOT NULL,
                ts BIGINT,
                trigger TEXT NOT NULL,
                shortcut_version TEXT,
                actions TEXT NOT NULL,
                ok BIGINT NOT NULL,
                errors TEXT NOT NULL)
            """,
            "CREATE INDEX spotcheck_events_device ON spotcheck_events(device_id, received_at, id)",
            // Signatures seen in the last minutes, so a copied signed request is refused the second time.
            """
            CREATE TABLE spotcheck_signatures (
                device_id TEXT NOT NULL REFERENCES spotcheck_devices(id) ON DELETE CASCADE,
                signature TEXT NOT NULL,
                seen_at BIGINT NOT NULL,
                PRIMARY KEY (device_id, signature))
            """,
        ]),
        Migration(version: 7, name: "who bought", statements: [
            "ALTER TABLE purchases ADD COLUMN purchased_by TEXT",
        ]),
        Migration(version: 8, name: "a note with the answer to a request", statements: [
            "ALTER TABLE app_requests ADD COLUMN note TEXT",
        ]),
        Migration(version: 9, name: "password resets", statements: [
            """
            CREATE TABLE password_resets (
                token_hash TEXT PRIMARY KEY,
                parent_id TEXT NOT NULL REFERENCES parents(id) ON DELETE CASCADE,
                created_at BIGINT NOT NULL,
                expires_at BIGINT NOT NULL)
            """,
        ]),
        speakUp,
        speakUpPrompts,
        speakUpPractice,
        speakUpDrills,
        speakUpCourse,
        speakUpChallenges,
        mirrorBuddy,
        mirrorBuddySearchKeys,
        mirrorBuddyReadAttempts,
        mirrorBuddyFailureCodes,
        mirrorBuddyCards,
        mirrorBuddyMaps,
        mirrorBuddyQuizzes,
        mirrorBuddyCoach,
        mirrorBuddyDigest,
        healthBeats,
        retention,
        sharedBlobs,
    ]

    /// Applies every migration the database has not seen yet. Safe to run from several
    /// instances at once: PostgreSQL serialises them with an advisory lock, SQLite with its write
    /// lock, each step checked again once the lock is held.
    /// `upTo` stops after that version (a restore loads a backup's rows into the schema they were
    /// taken from, then runs the rest).
    public static func run(on database: Database, now: Date, upTo: Int? = nil) async throws -> [Migration] {
        let kind = database.kind
        return try await database.withConnection { sql in
            if kind == .postgres { try await sql.raw("SELECT pg_advisory_lock(7274001)").run() }
            do {
                let applied = try await apply(on: sql, kind: kind, now: now, upTo: upTo ?? Int.max)
                if kind == .postgres { try await sql.raw("SELECT pg_advisory_unlock(7274001)").run() }
                return applied
            } catch {
                if kind == .postgres { try? await sql.raw("SELECT pg_advisory_unlock(7274001)").run() }
                throw error
            }
        }
    }

    private static func apply(on sql: any SQLDatabase, kind: Database.Kind, now: Date, upTo: Int) async throws -> [Migration] {
        try await sql.raw("""
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)
            """).run()
        let done = Set(try await sql.raw("SELECT version FROM schema_migrations").all()
            .map { try $0.decode(column: "version", as: Int.self) })
        var applied: [Migration] = []
        for migration in all where !done.contains(migration.version) && migration.version <= upTo {
            // SQLite has no advisory lock: the write lock is taken first, and whether another
            // instance starting at the same moment applied this step meanwhile is asked under it.
            try await sql.raw(kind == .sqlite ? "BEGIN IMMEDIATE" : "BEGIN").run()
            do {
                if try await sql.raw("SELECT version FROM schema_migrations WHERE version = \(bind: migration.version)").first() != nil {
                    try await sql.raw("COMMIT").run()
                    continue
                }
                for statement in migration.statements(for: kind) { try await sql.raw(SQLQueryString(statement)).run() }
                try await sql.raw("""
                    INSERT INTO schema_migrations (version, name, applied_at)
                    VALUES (\(bind: migration.version), \(bind: migration.name), \(bind: now.millis))
                    """).run()
                try await sql.raw("COMMIT").run()
            } catch {
                try? await sql.raw("ROLLBACK").run()
                throw error
            }
            applied.append(migration)
        }
        return applied
    }
}

extension Migrations {
    /// The schema version this program writes.
    public static var latestVersion: Int { all.last?.version ?? 0 }

    /// The highest version applied to the database (0 for a new one).
    public static func appliedVersion(on sql: any SQLDatabase) async throws -> Int {
        try await sql.raw("SELECT MAX(version) AS v FROM schema_migrations").first()?.decode(column: "v", as: Int?.self) ?? 0
    }
}

extension Date {
    /// Milliseconds since 1970, as stored in the database.
    public var millis: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }
    public init(millis: Int64) { self.init(timeIntervalSince1970: Double(millis) / 1000) }
}
