import Foundation
import Hub
import NIOCore
import Storage
import TestSupport
import Testing
@testable import FunZoneServer

/// SpeakUp's parent tab on both databases: a child's takes, scores and history, a recording played,
/// the switch that keeps analyses but not recordings, and deleting the recordings already kept.
/// Another family sees none of it; a locked parent area refuses.
@Suite struct SpeakUpParentRouteTests {
    @Test(arguments: TestDatabase.all)
    func aParentSeesTakesAndDecidesAboutRecordings(_ db: TestDatabase) async throws {
        let speech = SpeechServices(recognizer: ScriptedRecognizer(script: [SpeakUpRouteTests.script]), speaker: ScriptedSpeaker())
        try await TestApp.run(db, installed: ["speakup"], openSignup: true, speech: speech) { app in
            let (tablet, leoId) = try await SpeakUpRouteTests.speaker(app)
            let first = try await SpeakUpRouteTests.record(tablet).decoded(SpeakUpView.Take.self)
            app.clock.advance(by: 3_600)
            _ = try await SpeakUpRouteTests.record(tablet, prompt: nil)

            try await app.passGate(tablet)
            _ = try await tablet.json(.post, "/api/parent/unlock", ["password": TestApp.password], expect: .noContent)
            let path = "/api/parent/speakup/children/\(leoId)"
            var overview = try await tablet.decoded(SpeakUpParentController.Overview.self, .get, "\(path)?tz=Europe/Rome")
            #expect(overview.takeCount == 2 && overview.takes.count == 2 && overview.mode == .coach)
            #expect(overview.averageScore != nil && overview.bestScore != nil && overview.history.series.count == 2)
            #expect(overview.storage.keepRecordings && overview.storage.usedBytes > 0)
            let played = try await tablet.request(.get, "\(path)/takes/\(first.id)/audio")
            #expect(played.status == .ok && played.headers[.contentType]?.hasPrefix("audio/ogg") == true)
            try await tablet.expectError(.get, "\(path)?tz=Mars/Base", status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.get, "/api/parent/speakup/children/nobody", status: .notFound, code: "not_found")

            // Analyses only from now on: the next take keeps no recording; those kept stay until deleted.
            let storage = try await tablet.decoded(SpeakUpParentController.Overview.Storage.self, .put, "\(path)/recordings", ["keep": false])
            #expect(!storage.keepRecordings && storage.usedBytes == overview.storage.usedBytes)
            _ = try await tablet.json(.post, "/api/kids/select", ["childId": leoId], expect: .ok)
            let third = try await SpeakUpRouteTests.record(tablet).decoded(SpeakUpView.Take.self)
            #expect(!third.hasAudio && third.score != nil)
            try await app.passGate(tablet)
            _ = try await tablet.json(.post, "/api/parent/unlock", ["password": TestApp.password], expect: .noContent)
            let deleted = try await tablet.decoded(SpeakUpParentController.Deleted.self, .delete, "\(path)/recordings")
            #expect(deleted.deleted == 2 && deleted.freedBytes == overview.storage.usedBytes)
            overview = try await tablet.decoded(SpeakUpParentController.Overview.self, .get, path)
            #expect(overview.takeCount == 3 && overview.storage.usedBytes == 0 && overview.takes.allSatisfy { !$0.hasAudio })
            try await tablet.expectError(.get, "\(path)/takes/\(first.id)/audio", status: .notFound, code: "not_found")
            #expect(try FileManager.default.subpathsOfDirectory(atPath: app.blobRoot.path).filter { $0.hasSuffix(".ogg") }.isEmpty)

            let stranger = try await app.setUpStrangerFamily()
            try await stranger.expectError(.get, path, status: .notFound, code: "not_found")
            try await stranger.expectError(.delete, "\(path)/recordings", status: .notFound, code: "not_found")
            try await app.user().expectError(.get, path, status: .unauthorized, code: "not_signed_in")
        }
    }
}
