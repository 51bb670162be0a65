import Foundation
import Storage
import Testing
@testable import FunZoneServer

/// `/healthz` tells a supervisor the truth: the database answers and takes writes, the disk has
/// room above the reserve; `/healthz/live` only that the process answers.
@Suite struct HealthRouteTests {
    @Test(arguments: TestDatabase.all)
    func aHealthyServerSaysSoOnEveryHealthRoute(_ db: TestDatabase) async throws {
        let folder = FileManager.default.temporaryDirectory.path
        try await TestApp.run(db, dataFolder: folder, diskReserveMB: 1) { app in
            let visitor = app.user()
            let health = try await visitor.decoded(SystemController.Health.self, .get, "/healthz")
            #expect(health.status == "ok" && health.database == "ok" && health.writes == "ok" && health.disk == "ok" && health.problems.isEmpty)
            #expect((health.diskFreeMB ?? 0) > 1 && health.diskReserveMB == 1)
            #expect(try await visitor.decoded(SystemController.Health.self, .get, "/healthz/ready") == health)
            #expect(try await visitor.decoded(SystemController.Live.self, .get, "/healthz/live").status == "live")
        }
    }

    @Test("a disk with less room than the reserve makes /healthz 503 with the free and reserved megabytes")
    func aFullDiskIsNotHealthy() async throws {
        let folder = FileManager.default.temporaryDirectory.path
        let free = try #require(HealthProbe.freeBytes(folder)) / 1_048_576
        try await TestApp.run(.sqlite, dataFolder: folder, diskReserveMB: Int(free) + 100_000) { app in
            let answer = try await app.user().request(.get, "/healthz")
            #expect(answer.status == .serviceUnavailable)
            let health = try JSONDecoder().decode(SystemController.Health.self, from: Data(buffer: answer.body))
            #expect(health.status == "degraded" && health.disk == "low" && health.database == "ok" && health.writes == "ok")
            #expect(health.problems.count == 1 && health.problems[0].contains("under the reserve"), "\(health.problems)")
            #expect(try await app.user().request(.get, "/healthz/live").status == .ok)
        }
    }

    @Test(arguments: TestDatabase.all)
    func aDatabaseThatTakesNoWritesIsNotHealthyUntilItDoesAgain(_ db: TestDatabase) async throws {
        try await TestApp.run(db) { app in
            // Another connection holds the write lock (SQLite) or the heartbeat table (PostgreSQL)
            // for as long as the test says: a write waits for it, as behind a stuck writer.
            let (locked, lockedNow) = AsyncStream<Void>.makeStream()
            let (release, releaseNow) = AsyncStream<Void>.makeStream()
            let kind = app.services.database.kind
            let holder = Task {
                try await app.services.database.transaction { sql in
                    if kind == .postgres { try await sql.raw("LOCK TABLE health_beats IN EXCLUSIVE MODE").run() }
                    lockedNow.yield()
                    for await _ in release { break }
                }
            }
            for await _ in locked { break }
            let answer = try await app.user().request(.get, "/healthz")
            releaseNow.yield()
            try await holder.value
            await app.services.health.settle()  // the write that waited for the lock, before the database closes
            #expect(answer.status == .serviceUnavailable)
            let health = try JSONDecoder().decode(SystemController.Health.self, from: Data(buffer: answer.body))
            #expect(health.database == "ok" && health.writes.hasPrefix("no answer in 3 s") && health.status == "degraded", "\(health)")
            #expect(health.problems.first?.hasPrefix("Database writes") == true)

            app.clock.advance(by: 2)  // past the second a report is kept
            let again = try await app.user().decoded(SystemController.Health.self, .get, "/healthz")
            #expect(again.status == "ok" && again.writes == "ok")
        }
    }

    @Test("a report is kept for a second: asking again at once costs no database work")
    func reportsAreKeptForASecond() async throws {
        try await TestApp.run(.sqlite) { app in
            _ = try await app.user().request(.get, "/healthz")
            let beat = { try await app.services.database.sql.raw("SELECT beat_at FROM health_beats").all().first?.decode(column: "beat_at", as: Int64.self) }
            let first = try await beat()
            app.clock.advance(by: 0.5)
            _ = try await app.user().request(.get, "/healthz")
            #expect(try await beat() == first)
            app.clock.advance(by: 1)
            _ = try await app.user().request(.get, "/healthz")
            #expect(try await beat() == first.map { $0 + 1500 })
        }
    }
}
