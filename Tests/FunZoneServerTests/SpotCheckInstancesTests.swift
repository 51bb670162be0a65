import Foundation
import HTTPTypes
import Hub
import Hummingbird
import HummingbirdTesting
import MailClient
import NIOCore
import SpotCheck
import Storage
import TestSupport
import Testing
@testable import FunZoneServer

/// SpotCheck across restarts and instances sharing one database.
@Suite struct SpotCheckInstancesTests {
    @Test(arguments: TestDatabase.all)
    func phonesActivityAndWarningsSurviveARestartAndAreSharedByInstances(_ db: TestDatabase) async throws {
        try await db.withFresh { database in
            let clock = TestClock()
            let sealer = SecretSealer.ephemeral()
            let ids = IDGenerator.counting()  // one sequence for the instances sharing the database
            func instance() throws -> Services {
                Services(database: database, blobs: try FileBlobStore(root: FileManager.default.temporaryDirectory.appendingPathComponent("fz-\(UUID())")),
                         registry: AppRegistry(installed: []), clock: clock.clock, ids: ids, random: .seeded(1), hasher: PasswordHasher(cost: 4),
                         sealer: sealer)
            }
            let first = try instance()
            let (deviceId, phoneSecret) = try await Application(router: FunZoneApp.buildRouter(services: first, webRoot: TestApp.webRoot)).test(.router) { client in
                let app = TestApp(services: first, clock: clock, client: client, blobRoot: URL(fileURLWithPath: "/tmp"))
                let (_, id, code) = try await SpotCheckRouteTests.enroll(app)
                let phone = try await Phone.pair(app, code: code)
                clock.advance(by: 1)
                _ = try await phone.decoded(SpotCheckDeviceController.Received.self, .post, "/events", body: SpotCheckRouteTests.shortcutRun,
                                            expect: .created)
                return (id, phone.secret)
            }
            // A restarted server (or a second instance) reads the same phone, its activity and its credentials.
            let second = try instance()
            try await Application(router: FunZoneApp.buildRouter(services: second, webRoot: TestApp.webRoot)).test(.router) { client in
                let app = TestApp(services: second, clock: clock, client: client, blobRoot: URL(fileURLWithPath: "/tmp"))
                let parent = app.user()
                _ = try await parent.json(.post, "/api/signin", ["email": "ada@example.org", "password": TestApp.password], expect: .ok)
                try await SpotCheckRouteTests.reopen(app, parent)
                #expect(try await SpotCheckRouteTests.device(parent, deviceId).runs == 1)
                let policy = try await client.execute(uri: "/policy", method: .get, headers: [.authorization: "Bearer \(phoneSecret)"], body: nil)
                #expect(policy.status == .ok)
                // Past the gap, both instances watch; the warning is written once.
                clock.advance(by: 3 * 3600)
                async let a = first.watchForSilentDevices()
                async let b = second.watchForSilentDevices()
                #expect(await (a + b).count == 1)
                try await SpotCheckRouteTests.reopen(app, parent)
                let kinds = try await SpotCheckRouteTests.events(parent, deviceId).events.map(\.kind)
                #expect(kinds == [.tamper, .shortcut, .paired])
            }
        }
    }
}
