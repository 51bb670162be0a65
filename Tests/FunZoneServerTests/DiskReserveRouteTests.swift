import Foundation
import HTTPTypes
import NIOCore
import Speech
import Testing
import TestSupport
@testable import FunZoneServer

/// A disk at its reserve: new uploads are refused with 507, and everything else goes on.
@Suite struct DiskReserveRouteTests {
    @Test(arguments: TestDatabase.all)
    func aDiskAtItsReserveRefusesNewUploadsButNotReadsSignInOrPlay(_ db: TestDatabase) async throws {
        let folder = FileManager.default.temporaryDirectory.path
        let free = try #require(HealthProbe.freeBytes(folder)) / 1_048_576
        try await TestApp.run(db, installed: ["coloring"], dataFolder: folder, diskReserveMB: Int(free) + 100_000) { app in
            let tablet = try await app.setUpFamily()
            let mia = try await app.addChild(tablet)
            _ = try await tablet.json(.post, "/api/kids/select", ["childId": mia], expect: .ok)

            let drawing = try await ColoringRouteTests.upload(tablet, .post, "/api/coloring/drawings", try ColoringRouteTests.drawing([ColoringRouteTests.scribble]))
            try expectErrorShape(drawing, status: HTTPResponse.Status(code: 507), code: "disk_full")
            #expect(String(buffer: drawing.body).contains("What is already saved is safe"))
            let voice = try await tablet.request(.post, "/api/requests", json: RequestBody(appId: "music", text: "songs", audioWav: toneWAV(seconds: 1).base64EncodedString()))
            try expectErrorShape(voice, status: HTTPResponse.Status(code: 507), code: "disk_full")

            // A request in words, reads, and signing in again all still work.
            _ = try await tablet.json(.post, "/api/requests", RequestBody(appId: "stories", text: "dragons", audioWav: nil), expect: .created)
            #expect(try await tablet.decoded(ColoringController.DrawingList.self, .get, "/api/coloring/drawings").drawings.isEmpty)
            _ = try await app.user().json(.post, "/api/signin", ["email": "ada@example.org", "password": TestApp.password], expect: .ok)
            #expect(try await app.user().request(.get, "/healthz").status == .serviceUnavailable)
        }
    }
}

extension DiskReserveRouteTests {
    @Test(arguments: TestDatabase.all)
    func aTakeOnAFullDiskIsStillScoredItsRecordingIsNotKept(_ db: TestDatabase) async throws {
        let folder = FileManager.default.temporaryDirectory.path
        let free = try #require(HealthProbe.freeBytes(folder)) / 1_048_576
        let speech = SpeechServices(recognizer: ScriptedRecognizer(script: [SpeakUpRouteTests.script]), speaker: ScriptedSpeaker())
        try await TestApp.run(db, installed: ["speakup"], openSignup: true, speech: speech, dataFolder: folder, diskReserveMB: Int(free) + 100_000) { app in
            let (tablet, _) = try await SpeakUpRouteTests.speaker(app)
            let take = try await SpeakUpRouteTests.record(tablet).decoded(SpeakUpView.Take.self)
            #expect(take.wordCount == 20 && take.score != nil && !take.hasAudio)
        }
    }
}
