import Coloring
import Foundation
import HTTPTypes
import NIOCore
import Storage
import Testing
@testable import FunZoneServer

/// A family's storage: what it keeps against its quota, uploads refused past the quota (and only
/// that family's), and phone reports and answered requests deleted once older than the parents chose.
@Suite struct FamilyStorageRouteTests {
    static let storage = "/api/parent/storage"

    @Test(arguments: TestDatabase.all)
    func theParentSeesWhatTheFamilyKeepsAndOldReportsAndAnsweredRequestsGo(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["coloring"]) { app in
            let (parent, _, code) = try await SpotCheckRouteTests.enroll(app)
            let phone = try await Phone.pair(app, code: code)
            for _ in 0..<3 { #expect(try await phone.send(.post, "/events", body: SpotCheckRouteTests.shortcutRun).status == .created) }
            let mia = try await app.addChild(parent)
            _ = try await parent.json(.post, "/api/kids/select", ["childId": mia], expect: .ok)
            let wav = toneWAV(seconds: 1)
            let music = try await parent.decoded(AppRequestsController.RequestView.self, .post, "/api/requests",
                                                 RequestBody(appId: "music", text: "songs", audioWav: wav.base64EncodedString()), expect: .created)
            _ = try await parent.json(.post, "/api/requests", RequestBody(appId: "stories", text: "dragons", audioWav: nil), expect: .created)
            let drawing = try await ColoringRouteTests.upload(parent, .post, "/api/coloring/drawings", try ColoringRouteTests.drawing([ColoringRouteTests.scribble]))
            #expect(drawing.status == .created)

            try await SpotCheckRouteTests.reopen(app, parent)
            let seen = try await parent.decoded(FamilyStorageController.StorageResponse.self, .get, Self.storage)
            #expect(seen.parts.requests == FamilyUsage.Part(bytes: Int64(wav.count), count: 1), "only the spoken request has a recording")
            #expect(seen.parts.drawings.count == 1 && seen.parts.drawings.bytes > 50)
            #expect(seen.parts.phoneEvents.count == 4 && seen.parts.phoneEvents.bytes > 4 * 160, "the pairing and three reports")
            #expect(seen.parts.recordings == FamilyUsage.Part(bytes: 0, count: 0) && seen.parts.materials == FamilyUsage.Part(bytes: 0, count: 0))
            #expect(seen.usedBytes == seen.parts.totalBytes && seen.quotaBytes == 2048 * 1_048_576)
            #expect(seen.retention == .standard && seen.retentionChoices == Retention.choices)

            // Retention: only the offered choices; a week for both.
            try await parent.expectError(.put, Self.storage + "/retention", Retention(phoneEventDays: 5, answeredRequestDays: 7),
                                         status: .unprocessableContent, code: "invalid_field")
            #expect(try await parent.decoded(Retention.self, .put, Self.storage + "/retention", Retention(phoneEventDays: 7, answeredRequestDays: 7))
                    == Retention(phoneEventDays: 7, answeredRequestDays: 7))
            _ = try await parent.decoded(AppRequestsController.RequestView.self, .post, "/api/parent/requests/\(music.id)/decision", ["status": "approved"])
            let family = try #require(try await parent.decoded(AccountController.SessionResponse.self, .get, "/api/session").family)
            let audioFile = app.blobRoot.appendingPathComponent("requests/\(family.id)/\(music.id).wav")
            #expect(FileManager.default.fileExists(atPath: audioFile.path))

            // Eight days on: a report of today stays, the week-old ones and the answered request (and its recording) go; the pending one stays.
            app.clock.advance(by: 8 * 86_400)
            #expect(try await phone.send(.post, "/events", body: SpotCheckRouteTests.shortcutRun).status == .created)
            await MaintenanceService(services: app.services, logger: .init(label: "test")).sweep()
            try await SpotCheckRouteTests.reopen(app, parent)
            let after = try await parent.decoded(FamilyStorageController.StorageResponse.self, .get, Self.storage)
            #expect(after.parts.phoneEvents.count == 1 && after.parts.requests == FamilyUsage.Part(bytes: 0, count: 0))
            #expect(!FileManager.default.fileExists(atPath: audioFile.path))
            let inbox = try await parent.decoded(AppRequestsController.InboxResponse.self, .get, "/api/parent/requests")
            #expect(inbox.requests.map { $0.app?.id } == ["stories"])

            // "Always": nothing goes, however old.
            _ = try await parent.decoded(Retention.self, .put, Self.storage + "/retention", Retention(phoneEventDays: 0, answeredRequestDays: 0))
            app.clock.advance(by: 800 * 86_400)
            await MaintenanceService(services: app.services, logger: .init(label: "test")).sweep()
            // (The parent's session has long expired: the store is asked directly.)
            #expect(try await app.services.storage.usage(in: FamilyScope(familyId: family.id)).phoneEvents.count == 1)
        }
    }

    @Test(arguments: TestDatabase.all)
    func pastItsQuotaAFamilyCannotUploadMoreButCanShrinkAndAnotherFamilyCan(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["coloring"], openSignup: true, familyQuotaMB: 1) { app in
            let tablet = try await app.setUpFamily()
            let mia = try await app.addChild(tablet)
            _ = try await tablet.json(.post, "/api/kids/select", ["childId": mia], expect: .ok)
            // 13 s of audio is 416 KB: two fit in a megabyte, the third does not.
            let wav = toneWAV(seconds: 13)
            for _ in 0..<2 {
                _ = try await tablet.json(.post, "/api/requests", RequestBody(appId: "music", text: "songs", audioWav: wav.base64EncodedString()), expect: .created)
            }
            // Past it a spoken wish still reaches the parent in words, its recording not kept; a recording alone is refused.
            let words = try await tablet.decoded(AppRequestsController.RequestView.self, .post, "/api/requests",
                                                 RequestBody(appId: "music", text: "songs", audioWav: wav.base64EncodedString()), expect: .created)
            #expect(words.text == "songs" && !words.hasAudio)
            let full = try await tablet.request(.post, "/api/requests", json: RequestBody(appId: "music", text: " ", audioWav: wav.base64EncodedString()))
            try expectErrorShape(full, status: HTTPResponse.Status(code: 507), code: "storage_quota_full")
            #expect(String(buffer: full.body).contains("813 KB of 1 MB used"), "\(String(buffer: full.body))")
            // Words alone still go; a small drawing still fits, a drawing that would not fit is refused, and shrinking one always works.
            _ = try await tablet.json(.post, "/api/requests", RequestBody(appId: "stories", text: "dragons", audioWav: nil), expect: .created)
            let small = try await ColoringRouteTests.upload(tablet, .post, "/api/coloring/drawings", try ColoringRouteTests.drawing([ColoringRouteTests.scribble]))
            #expect(small.status == .created)
            // Twenty long strokes: about 290 KB stored, more than is left.
            let long = (0..<20).map { (stroke: Int) -> ColoringAction in
                let points: [Point] = (0..<2_000).map { (index: Int) -> Point in Point(Double((index * 7 + stroke) % 320), Double((index * 13) % 240)) }
                return ColoringAction.stroke(brush: .crayon, color: RGBA(237, 10, 63), size: 12, points: points, seed: UInt32(stroke))
            }
            let document = try ColoringRouteTests.drawing(long)
            #expect(document.encoded().count > 200_000, "\(document.encoded().count) bytes")
            let big = try await ColoringRouteTests.upload(tablet, .post, "/api/coloring/drawings", document)
            try expectErrorShape(big, status: HTTPResponse.Status(code: 507), code: "storage_quota_full")
            let id = try small.decoded(ColoringController.DrawingView.self).id
            #expect(try await ColoringRouteTests.upload(tablet, .put, "/api/coloring/drawings/\(id)", try ColoringRouteTests.drawing([]), ifMatch: "\"1\"").status == .ok)

            // Another family on the same server is not held up.
            let other = try await app.setUpFamily(email: "bo@example.org", family: "Bianchi")
            let leo = try await app.addChild(other, name: "Leo")
            _ = try await other.json(.post, "/api/kids/select", ["childId": leo], expect: .ok)
            _ = try await other.json(.post, "/api/requests", RequestBody(appId: "music", text: "songs", audioWav: wav.base64EncodedString()), expect: .created)
        }
    }
}

@Suite struct ByteCountTests {
    @Test("sizes read as a person says them, as the parent page words them too", arguments: [
        (Int64(0), "0 bytes"), (1023, "1023 bytes"), (832_088, "813 KB"), (1_048_576, "1 MB"), (1_310_720, "1.3 MB"),
        (13_107_200, "13 MB"), (2_147_483_648, "2 GB"),
    ])
    func sizes(_ bytes: Int64, _ text: String) {
        #expect(ByteCount.text(bytes) == text)
    }
}
