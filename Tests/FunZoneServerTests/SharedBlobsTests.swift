import Foundation
import HTTPTypes
import Hub
import Hummingbird
import HummingbirdTesting
import NIOCore
import Storage
import Testing
@testable import FunZoneServer

/// On PostgreSQL the files live in the database: instances behind a load balancer share nothing
/// but it. One instance reads the recording another stored, a deletion on one is seen by the other,
/// a backup finds the files, and a file an older version left in a data folder is still read.
@Suite struct SharedBlobsTests {
    @Test func twoInstancesOnOnePostgreSQLShareRecordingsAndTheirDeletion() async throws {
        guard TestDatabase.all.contains(.postgres) else { return }  // FUNZONE_REQUIRE_POSTGRES=1 makes a missing server fail elsewhere
        try await TestDatabase.postgres.withFresh { database in
            let clock = TestClock()
            let sealer = SecretSealer.ephemeral()
            let ids = IDGenerator.counting()  // one sequence for the instances sharing the database
            let folders = (0..<2).map { _ in FileManager.default.temporaryDirectory.appendingPathComponent("fz-shared-\(UUID())") }
            defer { for folder in folders { try? FileManager.default.removeItem(at: folder) } }
            let legacy = toneWAV(seconds: 0.5)
            func instance(_ folder: URL) throws -> Services {
                Services(database: database, blobs: DatabaseBlobStore(database: database, fallback: try FileBlobStore(root: folder)),
                         registry: AppRegistry(installed: ["coloring"]), clock: clock.clock, ids: ids, random: .seeded(1),
                         hasher: PasswordHasher(cost: 4), sealer: sealer)
            }
            let (first, second) = (try instance(folders[0]), try instance(folders[1]))
            try await FileBlobStore(root: folders[0]).put(legacy, key: "requests/older/kept-before.wav")

            let wav = toneWAV(seconds: 1)
            let (requestId, childId) = try await Application(router: FunZoneApp.buildRouter(services: first, webRoot: TestApp.webRoot)).test(.router) { client in
                let app = TestApp(services: first, clock: clock, client: client, blobRoot: folders[0])
                let parent = try await app.setUpFamily()
                let mia = try await app.addChild(parent)
                _ = try await parent.json(.post, "/api/kids/select", ["childId": mia], expect: .ok)
                let request = try await parent.decoded(AppRequestsController.RequestView.self, .post, "/api/requests",
                                                       RequestBody(appId: "music", text: "songs", audioWav: wav.base64EncodedString()), expect: .created)
                return (request.id, mia)
            }
            // Neither instance's folder holds it: PostgreSQL does.
            #expect(try FileBlobStore(root: folders[0]).keys() == ["requests/older/kept-before.wav"] && FileBlobStore(root: folders[1]).keys().isEmpty)
            #expect(try await first.blobs.keys().count == 2, "the new recording and the older file")
            #expect(try await first.blobs.get(key: "requests/older/kept-before.wav") == legacy, "an older version's file is still read")

            let zip = folders[1].appendingPathComponent("backup.zip")
            let manifest = try await DataArchiveWriter(database: database, blobs: second.blobs).backup(to: zip, keys: [], now: clock.now)
            #expect(manifest.files.contains { $0.bytes == Int64(wav.count) } && !manifest.tables.contains { $0.name == "blobs" })

            try await Application(router: FunZoneApp.buildRouter(services: second, webRoot: TestApp.webRoot)).test(.router) { client in
                let app = TestApp(services: second, clock: clock, client: client, blobRoot: folders[1])
                let parent = app.user()
                _ = try await parent.json(.post, "/api/signin", ["email": "ada@example.org", "password": TestApp.password], expect: .ok)
                try await SpotCheckRouteTests.reopen(app, parent)
                let audio = try await parent.request(.get, "/api/parent/requests/\(requestId)/audio")
                #expect(audio.status == .ok && Data(buffer: audio.body) == wav, "the second instance plays what the first stored")
                _ = try await parent.json(.delete, "/api/parent/children/\(childId)", ["confirm": true], expect: .noContent)
            }
            #expect(try await first.blobs.keys() == ["requests/older/kept-before.wav"], "deleted on the second, gone for the first")
            let rows = try await database.sql.raw("SELECT COUNT(*) AS n FROM blobs").first()?.decode(column: "n", as: Int.self)
            #expect(rows == 0)
        }
    }
}
