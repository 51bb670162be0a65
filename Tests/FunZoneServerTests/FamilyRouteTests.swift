import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Storage
import Testing
@testable import FunZoneServer

struct HiddenBody: Encodable { let hidden: Bool }
struct ConfirmBody: Encodable { let confirm: Bool }

@Suite struct FamilyRouteTests {
    @Test(arguments: TestDatabase.all)
    func parentsManageChildren(_ db: TestDatabase) async throws {
        try await TestApp.run(db) { app in
            let parent = try await app.setUpFamily()
            let mia = try await app.addChild(parent)
            app.clock.advance(by: 1)
            _ = try await app.addChild(parent, name: "Leo", grade: 5, avatar: "🦁")
            try await parent.expectError(.post, "/api/parent/children", ChildBody(name: "Zed", grade: 9, avatar: "🦁"),
                                         status: .unprocessableContent, code: "invalid_field")
            try await parent.expectError(.post, "/api/parent/children", ChildBody(name: "Zed", grade: 3, avatar: "💣"),
                                         status: .unprocessableContent, code: "invalid_field")
            let renamed = try await parent.decoded(ChildView.self, .patch, "/api/parent/children/\(mia)", ["name": "Mia Rose"])
            #expect(renamed.name == "Mia Rose" && renamed.grade == 2)
            _ = try await parent.json(.patch, "/api/parent/children/\(mia)", ["grade": 3], expect: .ok)
            _ = try await parent.json(.patch, "/api/parent/children/\(mia)", ["avatar": "🐼"], expect: .ok)
            let children = try await parent.decoded(ChildrenController.ChildList.self, .get, "/api/parent/children").children
            #expect(children.map(\.name) == ["Mia Rose", "Leo"])
            #expect(children[0].grade == 3 && children[0].avatar == "🐼")
            try await parent.expectError(.patch, "/api/parent/children/nope", ["name": "X"], status: .notFound, code: "not_found")
        }
    }

    @Test(arguments: TestDatabase.all)
    func deletingAChildNeedsConfirmationAndRemovesTheirData(_ db: TestDatabase) async throws {
        try await TestApp.run(db) { app in
            let parent = try await app.setUpFamily()
            let mia = try await app.addChild(parent)
            let tablet = parent
            _ = try await tablet.json(.post, "/api/kids/select", ["childId": mia], expect: .ok)
            let request = try await tablet.decoded(AppRequestsController.RequestView.self, .post, "/api/requests",
                                                   RequestBody(appId: "music", text: "please", audioWav: toneWAV().base64EncodedString()),
                                                   expect: .created)
            let key = "requests/\(try await familyId(app))/\(request.id).wav"
            #expect(try await app.services.blobs.get(key: key) != nil)

            try await app.passGate(tablet)
            _ = try await tablet.json(.post, "/api/parent/unlock", ["password": TestApp.password], expect: .noContent)
            try await tablet.expectError(.delete, "/api/parent/children/\(mia)", ConfirmBody(confirm: false), status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.delete, "/api/parent/children/\(mia)", status: .unprocessableContent, code: "invalid_field")
            _ = try await tablet.json(.delete, "/api/parent/children/\(mia)", ConfirmBody(confirm: true), expect: .noContent)
            #expect(try await app.services.blobs.get(key: key) == nil)
            let inbox = try await tablet.decoded(AppRequestsController.InboxResponse.self, .get, "/api/parent/requests")
            #expect(inbox.requests.isEmpty)
            // The tablet that had Mia picked is back at the avatar picker.
            try await tablet.expectError(.get, "/api/hub", status: .forbidden, code: "no_child_selected")
        }
    }

    @Test(arguments: TestDatabase.all)
    func anotherFamilysIdsAreNotFoundAndNothingChanges(_ db: TestDatabase) async throws {
        try await TestApp.run(db, openSignup: true) { app in
            let rossi = try await app.setUpFamily()
            let mia = try await app.addChild(rossi)
            _ = try await rossi.json(.post, "/api/kids/select", ["childId": mia], expect: .ok)
            let asked = try await rossi.decoded(AppRequestsController.RequestView.self, .post, "/api/requests",
                                                RequestBody(appId: "music", text: "drums!", audioWav: toneWAV().base64EncodedString()),
                                                expect: .created)
            let requestId = asked.id

            let other = try await app.setUpFamily(email: "bo@example.org", family: "Bianchi")
            try await other.expectError(.post, "/api/kids/select", ["childId": mia], status: .notFound, code: "not_found")
            try await other.expectError(.patch, "/api/parent/children/\(mia)", ["name": "Hacked"], status: .notFound, code: "not_found")
            try await other.expectError(.delete, "/api/parent/children/\(mia)", ConfirmBody(confirm: true), status: .notFound, code: "not_found")
            try await other.expectError(.put, "/api/parent/children/\(mia)/apps/music", HiddenBody(hidden: true), status: .notFound, code: "not_found")
            try await other.expectError(.get, "/api/parent/requests/\(requestId)/audio", status: .notFound, code: "not_found")
            try await other.expectError(.post, "/api/parent/requests/\(requestId)/decision", ["status": "declined"], status: .notFound, code: "not_found")
            try await other.expectError(.post, "/api/parent/requests/\(requestId)/read", status: .notFound, code: "not_found")
            let otherInbox = try await other.decoded(AppRequestsController.InboxResponse.self, .get, "/api/parent/requests")
            #expect(otherInbox.requests.isEmpty)
            let otherKids = try await other.decoded(ChildrenController.KidsResponse.self, .get, "/api/kids")
            #expect(otherKids.children.isEmpty)

            let row = try await app.services.children.child(id: ChildID(mia), in: FamilyScope(familyId: try await familyId(app, email: "ada@example.org")))
            #expect(row?.name == "Mia")
            let request = try await app.services.requests.request(id: requestId, in: FamilyScope(familyId: row!.familyId))
            #expect(request?.status == .pending && request?.readAt == nil)
        }
    }

    @Test(arguments: TestDatabase.all)
    func aChildPicksTheirAvatarAndSeesTheHub(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["coloring"]) { app in
            let parent = try await app.setUpFamily()
            let mia = try await app.addChild(parent)
            try await parent.expectError(.get, "/api/hub", status: .forbidden, code: "no_child_selected")
            _ = try await parent.json(.post, "/api/kids/select", ["childId": mia], expect: .ok)
            // Handing the tablet to a child closes the parent area.
            try await parent.expectError(.get, "/api/parent/children", status: .forbidden, code: "parent_locked")
            let hub = try await parent.decoded(HubController.HubResponse.self, .get, "/api/hub")
            #expect(hub.child.name == "Mia")
            #expect(hub.adsRemoved == false)
            let apps = hub.tiles.map(\.app)
            #expect(apps.map(\.name) == ["Coloring Fun", "Spellflare", "SpeakUp", "MirrorBuddy", "Music Maker", "Puzzle Play", "Story Time"])
            #expect(apps.map(\.isAvailable) == [true, false, false, false, false, false, false])

            // A parent hides Puzzle Play for Mia.
            try await app.passGate(parent)
            _ = try await parent.json(.post, "/api/parent/unlock", ["password": TestApp.password], expect: .noContent)
            _ = try await parent.json(.put, "/api/parent/children/\(mia)/apps/puzzles", HiddenBody(hidden: true), expect: .ok)
            try await parent.expectError(.put, "/api/parent/children/\(mia)/apps/nope", HiddenBody(hidden: true), status: .notFound, code: "unknown_app")
            let hidden = try await parent.decoded(HubController.HubResponse.self, .get, "/api/hub")
            #expect(!hidden.tiles.contains { $0.app.id == "puzzles" })
            _ = try await parent.json(.put, "/api/parent/children/\(mia)/apps/puzzles", HiddenBody(hidden: false), expect: .ok)
            #expect(try await parent.decoded(HubController.HubResponse.self, .get, "/api/hub").tiles.count == 7)

            _ = try await parent.json(.post, "/api/kids/leave", expect: .noContent)
            try await parent.expectError(.get, "/api/hub", status: .forbidden, code: "no_child_selected")
        }
    }
}

func familyId(_ app: TestApp, email: String = "ada@example.org") async throws -> FamilyID {
    try await app.services.families.parent(email: email)!.familyId
}
