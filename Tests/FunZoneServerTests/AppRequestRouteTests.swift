import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MailClient
import NIOCore
import TestSupport
import Storage
import Testing
@testable import FunZoneServer

struct RequestBody: Encodable { let appId: String; let text: String; let audioWav: String? }

@Suite struct AppRequestRouteTests {
    @Test(arguments: TestDatabase.all)
    func aChildsRequestReachesTheInboxAndTheAnswerReachesTheTile(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["coloring"]) { app in
            let tablet = try await app.setUpFamily()
            let mia = try await app.addChild(tablet)
            _ = try await tablet.json(.post, "/api/kids/select", ["childId": mia], expect: .ok)
            let wav = toneWAV(seconds: 1.5)
            let sent = try await tablet.decoded(AppRequestsController.RequestView.self, .post, "/api/requests",
                                                RequestBody(appId: "music", text: " I want to make songs! ", audioWav: wav.base64EncodedString()),
                                                expect: .created)
            #expect(sent.text == "I want to make songs!" && sent.hasAudio == true && sent.status == .pending)
            app.clock.advance(by: 5)
            _ = try await tablet.json(.post, "/api/requests", RequestBody(appId: "stories", text: "dragons", audioWav: nil), expect: .created)
            let tile = { (id: String) async throws -> String? in
                let hub = try await tablet.decoded(HubController.HubResponse.self, .get, "/api/hub")
                return hub.tiles.first { $0.app.id == id }?.request?.rawValue
            }
            #expect(try await tile("music") == "pending")

            try await app.passGate(tablet)
            _ = try await tablet.json(.post, "/api/parent/unlock", ["password": TestApp.password], expect: .noContent)
            let inbox = try await tablet.decoded(AppRequestsController.InboxResponse.self, .get, "/api/parent/requests")
            #expect(inbox.unread == 2)
            let requests = inbox.requests
            #expect(requests.map { $0.app?.id } == ["stories", "music"])  // newest first
            let musicId = requests[1].id
            #expect(requests[1].child?.name == "Mia")

            let audio = try await tablet.request(.get, "/api/parent/requests/\(musicId)/audio")
            #expect(audio.status == .ok && audio.headers[.contentType] == "audio/wav")
            #expect(Data(buffer: audio.body) == wav)
            try await tablet.expectError(.get, "/api/parent/requests/\(requests[0].id)/audio", status: .notFound, code: "not_found")

            _ = try await tablet.json(.post, "/api/parent/requests/\(musicId)/read", expect: .noContent)
            #expect(try await tablet.decoded(AppRequestsController.InboxResponse.self, .get, "/api/parent/requests").unread == 1)
            try await tablet.expectError(.post, "/api/parent/requests/\(musicId)/decision", ["status": "pending"], status: .unprocessableContent, code: "invalid_field")
            let decided = try await tablet.decoded(AppRequestsController.RequestView.self, .post, "/api/parent/requests/\(musicId)/decision",
                                                   ["status": "approved"])
            #expect(decided.status == .approved)
            #expect(try await tile("music") == "approved")
            #expect(try await tile("stories") == "pending")
        }
    }

    @Test(arguments: TestDatabase.all)
    func badRequestsAreRefusedAndNothingIsStored(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["coloring"]) { app in
            let tablet = try await app.setUpFamily()
            try await tablet.expectError(.post, "/api/requests", RequestBody(appId: "music", text: "hi", audioWav: nil), status: .forbidden, code: "no_child_selected")
            let mia = try await app.addChild(tablet)
            _ = try await tablet.json(.post, "/api/kids/select", ["childId": mia], expect: .ok)
            try await tablet.expectError(.post, "/api/requests", RequestBody(appId: "nope", text: "hi", audioWav: nil), status: .notFound, code: "unknown_app")
            try await tablet.expectError(.post, "/api/requests", RequestBody(appId: "coloring", text: "hi", audioWav: nil), status: .conflict, code: "app_available")
            try await tablet.expectError(.post, "/api/requests", RequestBody(appId: "music", text: "  ", audioWav: nil), status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.post, "/api/requests", RequestBody(appId: "music", text: String(repeating: "a", count: 501), audioWav: nil),
                                         status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.post, "/api/requests", RequestBody(appId: "music", text: "hi", audioWav: "%%%not base64"),
                                         status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.post, "/api/requests", RequestBody(appId: "music", text: "hi", audioWav: Data("not audio at all".utf8).base64EncodedString()),
                                         status: .unsupportedMediaType, code: "unsupported_audio")
            try await tablet.expectError(.post, "/api/requests", RequestBody(appId: "music", text: "hi", audioWav: toneWAV(seconds: 61).base64EncodedString()),
                                         status: .contentTooLarge, code: "audio_too_long")
            let tooBig = String(repeating: "A", count: AppRequestsController.bodyLimit)
            try await tablet.expectError(.post, "/api/requests", RequestBody(appId: "music", text: "hi", audioWav: tooBig), status: .contentTooLarge, code: "body_too_large")
            #expect(try await app.services.requests.list(in: FamilyScope(familyId: try await familyId(app))).isEmpty)
            let blobs = FileManager.default.subpaths(atPath: app.blobRoot.path) ?? []
            #expect(blobs.filter { $0.hasSuffix(".wav") }.isEmpty)
        }
    }

    @Test(arguments: TestDatabase.all)
    func parentsAreEmailedWhenSMTPIsConfigured(_ db: TestDatabase) async throws {
        let mailer = RecordingMailer()
        try await TestApp.run(db, mailer: mailer) { app in
            let tablet = try await app.setUpFamily()
            let invite = try await tablet.decoded(AccountController.InviteResponse.self, .post, "/api/parent/invites", expect: .created)
            _ = try await app.user().json(.post, "/api/join", ["inviteCode": invite.code, "name": "Bo", "email": "bo@example.org",
                                                               "password": TestApp.password], expect: .created)
            let mia = try await app.addChild(tablet)
            _ = try await tablet.json(.post, "/api/kids/select", ["childId": mia], expect: .ok)
            _ = try await tablet.json(.post, "/api/requests", RequestBody(appId: "puzzles", text: "jigsaws please", audioWav: nil), expect: .created)
            let sent = await mailer.sent
            #expect(sent.count == 1)
            #expect(Set(sent.first?.to ?? []) == ["ada@example.org", "bo@example.org"])
            #expect(sent.first?.subject == "App request: Puzzle Play")
            #expect(sent.first?.body.contains("Mia asked for Puzzle Play") == true)
            #expect(sent.first?.body.contains("\"jigsaws please\"") == true)
        }
    }
}
