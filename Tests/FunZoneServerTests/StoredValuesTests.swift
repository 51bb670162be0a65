import Foundation
import Hub
import Spelling
import SpotCheck
import SQLKit
import Storage
import Testing

/// The stores take and give domain values: what goes in comes back equal, on both databases, and
/// the storage's own shapes (0/1 flags, JSON text, milliseconds, status strings) never show.
@Suite struct StoredValuesTests {
    /// A time between two milliseconds: kept to the millisecond, as the database keeps it.
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000.123_456_7)
    static let familyId: FamilyID = "f-1"
    static let scope = FamilyScope(familyId: familyId)

    /// A family with one parent and one child, for the rows that refer to them.
    static func family(_ database: Database) async throws -> Child {
        try await FamilyStore(database: database).createFamily(id: familyId, name: "Rossi", parent: ParentAccount(
            id: "p-1", familyId: familyId, email: "ada@example.org", name: "Ada", passwordHash: "hash", createdAt: t0))
        let child = Child(id: "c-1", familyId: familyId, name: "Mia", grade: 2, avatar: "🦁", createdAt: t0)
        try await ChildStore(database: database).insert(child, in: scope)
        return child
    }

    @Test func timesAreKeptToTheMillisecond() {
        let child = Child(id: "c", familyId: "f", name: "Mia", grade: 2, avatar: "🦁", createdAt: Self.t0)
        #expect(child.createdAt == Date(millis: 1_800_000_000_123))
        #expect(child.createdAt.millis == Self.t0.millis)
    }

    @Test(arguments: TestDatabase.all)
    func accountsAndRequestsComeBackAsTheyWent(_ db: TestDatabase) async throws {
        try await db.withFresh { database in
            let child = try await Self.family(database)
            #expect(try await ChildStore(database: database).child(id: child.id, in: Self.scope) == child)
            let parent = try #require(try await FamilyStore(database: database).parent(email: "ada@example.org"))
            #expect(parent.createdAt == Date(millis: Self.t0.millis) && parent.familyId == Self.familyId)
            #expect(try await FamilyStore(database: database).family(id: Self.familyId)?.name == "Rossi")

            let requests = AppRequestStore(database: database)
            let request = AppRequestRecord(id: "r-1", familyId: Self.familyId, childId: child.id, appId: "music", text: "A piano",
                                           audioKey: nil, audioBytes: 0, createdAt: Self.t0)
            try await requests.insert(request, in: Self.scope)
            #expect(try await requests.request(id: "r-1", in: Self.scope) == request)
            #expect(try await requests.decide(id: "r-1", in: Self.scope, status: .approved, note: "Yes", now: Self.t0 + 60))
            let decided = try #require(try await requests.request(id: "r-1", in: Self.scope))
            #expect(decided.status == .approved && decided.decidedAt?.millis == (Self.t0 + 60).millis && decided.readAt == decided.decidedAt)
            // A status this version does not know reads as pending, as the inbox always showed it.
            try await database.sql.raw("UPDATE app_requests SET status = 'archived' WHERE id = 'r-1'").run()
            #expect(try await requests.list(in: Self.scope).map(\.status) == [.pending])

            try await PurchaseStore(database: database).record(Purchase(
                id: "b-1", familyId: Self.familyId, productId: "remove_ads", provider: "test", receipt: "r", purchasedAt: Self.t0,
                purchasedBy: parent.id), in: Self.scope)
            let purchase = try #require(try await PurchaseStore(database: database).purchases(in: Self.scope).first)
            #expect(purchase.purchasedAt == Date(millis: Self.t0.millis) && purchase.purchasedBy == parent.id)
        }
    }

    @Test(arguments: TestDatabase.all)
    func aSessionCarriesItsGateAsTheDomainReadsIt(_ db: TestDatabase) async throws {
        try await db.withFresh { database in
            _ = try await Self.family(database)
            let sessions = SessionStore(database: database)
            try await sessions.create(tokenHash: "t", familyId: Self.familyId, parentId: "p-1", csrfToken: "c", now: Self.t0,
                                      expires: Self.t0 + 3600, parentActiveAt: nil)
            var session = try #require(try await sessions.find(tokenHash: "t", now: Self.t0))
            #expect(session.gate == ParentGate.State() && session.gateChallenge == nil && session.parentActiveAt == nil)
            #expect(session.expiresAt == Date(millis: (Self.t0 + 3600).millis))

            try await sessions.setGateChallenge(left: 7, right: 8, issuedAt: Self.t0, tokenHash: "t")
            session = try #require(try await sessions.find(tokenHash: "t", now: Self.t0))
            let challenge = try #require(session.gateChallenge)
            #expect(challenge.left == 7 && challenge.right == 8 && challenge.issuedAt.millis == Self.t0.millis)
            #expect(try await sessions.recordGateAnswer(tokenHash: "t", answeredIssuedAt: challenge.issuedAt, failures: 2,
                                                        lockedUntil: Self.t0 + 60, passedAt: nil))
            session = try #require(try await sessions.find(tokenHash: "t", now: Self.t0))
            #expect(session.gateChallenge == nil && session.gate == ParentGate.State(failures: 2, lockedUntil: Date(millis: (Self.t0 + 60).millis)))
        }
    }

    @Test(arguments: TestDatabase.all)
    func aPhoneKeepsItsRulesAndItsActivityTyped(_ db: TestDatabase) async throws {
        try await db.withFresh { database in
            _ = try await Self.family(database)
            let store = SpotCheckStore(database: database)
            let quiet = try QuietHours(start: "22:00", end: "07:00", timeZone: "Europe/Rome")
            let rules = try DevicePolicy(hotspotOff: false, rotatePassword: true, quietHours: quiet, gap: 30 * 60)
            let phone = SpotCheckDevice(id: "d-1", familyId: Self.familyId, name: "Mia's iPhone", createdAt: Self.t0, policy: rules)
            try await store.insert(phone, in: Self.scope)
            #expect(try await store.device(id: "d-1", in: Self.scope) == phone)

            let plain = try DevicePolicy(hotspotOff: true, rotatePassword: false, gap: 7 * 24 * 3600)
            #expect(try await store.savePolicy(plain, id: "d-1", in: Self.scope))
            #expect(try await store.device(id: "d-1", in: Self.scope)?.policy == plain)
            // Rules that no longer parse read as the nearest valid ones: all day, the default gap.
            try await database.sql.raw("""
                UPDATE spotcheck_devices SET quiet_start = '22:00', quiet_end = '07:00', quiet_tz = 'Nowhere/Atlantis', gap_ms = 5
                """).run()
            let read = try #require(try await store.device(id: "d-1", in: Self.scope))
            let allDay = try DevicePolicy(hotspotOff: true, rotatePassword: false)
            #expect(read.policy == allDay)

            let run = SpotCheckEvent(id: "e-1", deviceId: "d-1", familyId: Self.familyId, kind: .shortcut, receivedAt: Self.t0 + 1,
                                     runAt: Self.t0, trigger: "battery_50", shortcutVersion: "1.2", actions: ["hotspot_off", "rotate"],
                                     ok: false, errors: ["Hotspot \"busy\""])
            try await store.record(run: run, device: read, now: Self.t0 + 1, backEventId: "e-2")
            #expect(try await store.events(deviceId: "d-1", in: Self.scope, before: nil, limit: 10) == [run])
            let after = try #require(try await store.device(id: "d-1", in: Self.scope))
            #expect(after.runs == 1 && after.lastRunAt == run.receivedAt && after.lastSeenAt == run.receivedAt)
            #expect(after.checkedIn(at: Self.t0 + 2).lastSeenAt == Date(millis: (Self.t0 + 2).millis))
            #expect(try await store.events(deviceId: "d-1", in: Self.scope, before: (run.receivedAt, "e-1"), limit: 10).isEmpty)
        }
    }

    @Test(arguments: TestDatabase.all)
    func spellflareKeepsGamesHistoriesAndListsAsTheDomainsValues(_ db: TestDatabase) async throws {
        try await db.withFresh { database in
            let child = try await Self.family(database)
            let store = SpellingStore(database: database)
            var state = SpellingSession(grade: 2, level: 1, words: ["cat", "dog", "sun"])
            let game = SpellingGame(id: "g-1", familyId: Self.familyId, childId: child.id, state: state, answers: 0, startedAt: Self.t0,
                                    finishedAt: nil, epoch: 0)
            try await store.insertSession(game, in: Self.scope)
            #expect(try await store.session(id: "g-1", childId: child.id, in: Self.scope) == game)

            _ = try state.answer("cat")
            var history = WordHistory(word: "cat")
            history.record(firstTry: true, at: Self.t0)
            let result = WordResult(word: "cat", grade: 2, level: 1, firstTry: true, at: Self.t0, seconds: 2.5)
            #expect(try await store.saveAnswer(sessionId: "g-1", childId: child.id, in: Self.scope, expectedAnswers: 0, gameEpoch: 0,
                                               SpellingStore.AnswerWrite(state: state, result: SpellingAnswer(id: "a-1", result: result),
                                                                         word: history), now: Self.t0))
            let saved = try #require(try await store.session(id: "g-1", childId: child.id, in: Self.scope))
            #expect(saved.state == state && saved.answers == 1)
            #expect(try await store.results(childId: child.id, in: Self.scope).map(\.at) == [Date(millis: Self.t0.millis)])
            let kept = try #require(try await store.word("cat", childId: child.id, in: Self.scope))
            #expect(kept.box == history.box && kept.due?.millis == history.due?.millis && kept.lastSeen?.millis == Self.t0.millis)

            let list = SpellingList(id: "l-1", familyId: Self.familyId, name: "Animals", words: ["cat", "dog"], createdAt: Self.t0)
            try await store.insertList(list, in: Self.scope)
            #expect(try await store.lists(in: Self.scope) == [list])
        }
    }
}
