import Foundation
import Logging
import Storage
import Testing

/// The databases every HTTP test runs against: a SQLite file always, and a real PostgreSQL when
/// `FUNZONE_TEST_POSTGRES_URL` names a server the tests may create databases on.
enum TestDatabase: String, CustomTestStringConvertible, Sendable {
    case sqlite, postgres

    var testDescription: String { rawValue }

    static var adminURL: String? {
        ProcessInfo.processInfo.environment["FUNZONE_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The script (`scripts/test`) sets FUNZONE_REQUIRE_POSTGRES=1: then a missing server is a failure, not a skip.
    static var postgresRequired: Bool { ProcessInfo.processInfo.environment["FUNZONE_REQUIRE_POSTGRES"] == "1" }

    static var all: [TestDatabase] { adminURL == nil && !postgresRequired ? [.sqlite] : [.sqlite, .postgres] }

    /// Opens a brand-new, migrated database and removes it after `body`.
    func withFresh<R>(_ body: (Database) async throws -> R) async throws -> R {
        let logger = Logger(label: "test")
        switch self {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fz-test-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let database = try await Database.sqlite(path: folder.appendingPathComponent("test.sqlite").path, logger: logger)
            return try await run(body, on: database)
        case .postgres:
            guard let adminURL = Self.adminURL else {
                Issue.record("FUNZONE_REQUIRE_POSTGRES=1 but FUNZONE_TEST_POSTGRES_URL is not set")
                throw CancellationError()
            }
            let name = "fz_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(20)
            let admin = try await Database.postgres(url: adminURL, logger: logger, connectionsPerLoop: 1)
            try await admin.sql.raw("CREATE DATABASE \(unsafeRaw: String(name))").run()
            var components = URLComponents(string: adminURL)!
            components.path = "/\(name)"
            do {
                let database = try await Database.postgres(url: components.string!, logger: logger, connectionsPerLoop: 2)
                let result = try await run(body, on: database)
                // FORCE: the pool's connections may still be closing (a plain DROP then fails with
                // "being accessed by other users"); dropping is clean-up of a throw-away cluster.
                try? await admin.sql.raw("DROP DATABASE IF EXISTS \(unsafeRaw: String(name)) WITH (FORCE)").run()
                try await admin.close()
                return result
            } catch {
                // PSQLError's description hides the server's message; the test log needs it.
                print("PostgreSQL test database \(name) failed: \(String(reflecting: error))")
                try? await admin.sql.raw("DROP DATABASE IF EXISTS \(unsafeRaw: String(name)) WITH (FORCE)").run()
                try? await admin.close()
                throw error
            }
        }
    }

    private func run<R>(_ body: (Database) async throws -> R, on database: Database) async throws -> R {
        try await database.closing { database in
            _ = try await Migrations.run(on: database, now: Date(timeIntervalSince1970: 1_800_000_000))
            return try await body(database)
        }
    }
}
