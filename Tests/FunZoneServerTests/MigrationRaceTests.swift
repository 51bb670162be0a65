import Foundation
import Logging
import Storage
import Testing

/// Instances started together on one SQLite file: each migration step is applied once, and every
/// instance starts (one exited with "table already exists" in 6 of 8 trials before).
@Suite struct MigrationRaceTests {
    @Test("four instances migrating one new SQLite file at once all succeed, and each step is applied once")
    func fourInstancesMigrateAtOnce() async throws {
        for _ in 0..<3 {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fz-race-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.appendingPathComponent("funzone.sqlite").path
            var instances: [Database] = []
            for _ in 0..<4 { instances.append(try await Database.sqlite(path: path, logger: Logger(label: "test"))) }
            let applied = try await withThrowingTaskGroup(of: [Int].self) { group in
                for database in instances { group.addTask { try await Migrations.run(on: database, now: Date()).map(\.version) } }
                return try await group.reduce(into: [Int]()) { $0 += $1 }
            }
            #expect(applied.sorted() == Migrations.all.map(\.version).sorted(), "every step once, by whichever instance got there first")
            let rows = try await instances[0].sql.raw("SELECT version FROM schema_migrations").all()
            #expect(rows.count == Migrations.all.count)
            for database in instances { try await database.close() }
        }
    }
}
