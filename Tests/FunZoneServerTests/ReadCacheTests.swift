import Foundation
import Hub
import Hummingbird
import HummingbirdTesting
import NIOCore
import SQLKit
import Storage
import Testing
@testable import FunZoneServer

@Suite struct ReadCacheTests {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    func session(_ token: String, family: FamilyID, expiresAt: Date) -> Session {
        Session(tokenHash: token, familyId: family, parentId: "p", csrfToken: "c", childId: nil, createdAt: t0, lastSeenAt: t0, expiresAt: expiresAt)
    }

    @Test func entriesExpireAfterTheTTLAndWithTheirSession() {
        let cache = ReadCache(ttl: 1)
        cache.store(session: session("a", family: "f", expiresAt: t0 + 100), now: t0)
        cache.store(session: session("b", family: "f", expiresAt: t0 + 0.5), now: t0)
        #expect(cache.session(tokenHash: "a", now: t0 + 0.9) != nil)
        #expect(cache.session(tokenHash: "a", now: t0 + 1) == nil)
        #expect(cache.session(tokenHash: "b", now: t0 + 0.6) == nil)  // the session itself expired first
        cache.store(hub: ByteBuffer(string: "{}"), childId: "c", in: FamilyScope(familyId: "f"), now: t0)
        #expect(cache.hub(childId: "c", in: FamilyScope(familyId: "f"), now: t0 + 0.5) != nil)
        #expect(cache.hub(childId: "c", in: FamilyScope(familyId: "f"), now: t0 + 1.5) == nil)
    }

    @Test func aWriteDropsOnlyItsFamily() {
        let cache = ReadCache(ttl: 60)
        cache.store(session: session("a", family: "f1", expiresAt: t0 + 100), now: t0)
        cache.store(session: session("b", family: "f2", expiresAt: t0 + 100), now: t0)
        cache.store(hub: ByteBuffer(string: "1"), childId: "c1", in: FamilyScope(familyId: "f1"), now: t0)
        cache.store(hub: ByteBuffer(string: "2"), childId: "c2", in: FamilyScope(familyId: "f2"), now: t0)
        cache.invalidate(FamilyScope(familyId: "f1"))
        #expect(cache.session(tokenHash: "a", now: t0) == nil && cache.hub(childId: "c1", in: FamilyScope(familyId: "f1"), now: t0) == nil)
        #expect(cache.session(tokenHash: "b", now: t0) != nil && cache.hub(childId: "c2", in: FamilyScope(familyId: "f2"), now: t0) != nil)
        cache.invalidate(tokenHash: "b")
        #expect(cache.session(tokenHash: "b", now: t0) == nil)
    }

    @Test func aZeroTTLCachesNothingAndCapacityBoundsMemory() {
        let off = ReadCache(ttl: 0)
        off.store(session: session("a", family: "f", expiresAt: t0 + 100), now: t0)
        #expect(off.session(tokenHash: "a", now: t0) == nil)
        let small = ReadCache(ttl: 60, capacity: 3)
        for i in 0..<10 { small.store(session: session("s\(i)", family: "f", expiresAt: t0 + 100), now: t0) }
        #expect(small.session(tokenHash: "s9", now: t0) != nil)
        #expect(small.session(tokenHash: "s0", now: t0) == nil)
    }

    /// Two instances on one database: a write on one shows on the other within the TTL, and at once on itself.
    @Test(arguments: TestDatabase.all)
    func twoInstancesAgreeWithinTheTTL(_ db: TestDatabase) async throws {
        try await db.withFresh { database in
            let clock = TestClock()
            let blobs = try FileBlobStore(root: FileManager.default.temporaryDirectory.appendingPathComponent("fz-two-\(UUID().uuidString)"))
            let ids = IDGenerator.counting()  // one sequence for the instances sharing the database
            func instance() -> Application<RouterResponder<AppRequestContext>> {
                Application(router: FunZoneApp.buildRouter(
                    services: Services(database: database, blobs: blobs, registry: AppRegistry(installed: []), clock: clock.clock,
                                       ids: ids, random: .seeded(1), hasher: PasswordHasher(cost: 4)),
                    webRoot: TestApp.webRoot))
            }
            let (a, b) = (instance(), instance())
            try await a.test(.router) { clientA in
                try await b.test(.router) { clientB in
                    let setup = TestApp(services: Services(database: database, blobs: blobs, registry: AppRegistry(installed: []),
                                                           clock: clock.clock, ids: ids, random: .seeded(2), hasher: PasswordHasher(cost: 4)),
                                        clock: clock, client: clientA, blobRoot: blobs.root)
                    let parent = try await setup.setUpFamily()
                    let mia = try await setup.addChild(parent)
                    _ = try await parent.json(.post, "/api/kids/select", ["childId": mia], expect: .ok)
                    // The same device's cookie, load-balanced to instance B.
                    let onB = Browser(client: clientB)
                    onB.cookies = parent.cookies
                    onB.csrf = parent.csrf
                    _ = try await onB.json(.get, "/api/hub", expect: .ok)  // B caches the hub
                    _ = try await parent.json(.post, "/api/requests", RequestBody(appId: "music", text: "drums", audioWav: nil), expect: .created)
                    func musicTile(_ device: Browser) async throws -> String? {
                        let hub = try await device.decoded(HubController.HubResponse.self, .get, "/api/hub")
                        return hub.tiles.first { $0.app.id == "music" }?.request?.rawValue
                    }
                    #expect(try await musicTile(parent) == "pending")   // A: at once
                    #expect(try await musicTile(onB) == nil)            // B: its cached read, still within 1 s
                    clock.advance(by: 1)
                    #expect(try await musicTile(onB) == "pending")      // B: after the TTL
                }
            }
        }
    }
}

@Suite struct MaintenanceTests {
    @Test(arguments: TestDatabase.all)
    func theSweepRemovesExpiredSessionsAndOldCounters(_ db: TestDatabase) async throws {
        try await TestApp.run(db) { app in
            let parent = try await app.setUpFamily()
            try await parent.expectError(.post, "/api/signin", ["email": "x@example.org", "password": "wrong password"],
                                         status: .unauthorized, code: "wrong_credentials")
            let count = { (table: String) async throws -> Int in
                try await app.services.database.sql.raw("SELECT COUNT(*) AS n FROM \(unsafeRaw: table)").first()!.decode(column: "n", as: Int.self)
            }
            #expect(try await count("sessions") == 1)
            // The address's tries, the address and account pair's, and the account's wrong passwords.
            #expect(try await count("rate_limits") == 3)
            let sweeper = MaintenanceService(services: app.services, logger: .init(label: "test"))
            app.clock.advance(by: 3600)
            await sweeper.sweep()
            #expect(try await count("sessions") == 1)
            #expect(try await count("rate_limits") == 3)
            app.clock.advance(by: 31 * 24 * 3600)
            await sweeper.sweep()
            #expect(try await count("sessions") == 0)
            #expect(try await count("rate_limits") == 0)
        }
    }
}

@Suite struct TokenTests {
    @Test func tokensAreStoredAsTheirSHA256() {
        #expect(Tokens.hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Tokens.make().count == 43)
        #expect(Tokens.make() != Tokens.make())
        #expect(Tokens.constantTimeEqual("same", "same") && !Tokens.constantTimeEqual("same", "sane") && !Tokens.constantTimeEqual("a", "ab"))
    }
}
