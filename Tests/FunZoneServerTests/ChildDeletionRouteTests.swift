import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Storage
import Testing
@testable import FunZoneServer

/// Deleting a child removes the files their rows pointed at too, not only the rows: a drawing's
/// thumbnail and a SpeakUp take's recording stayed on disk before.
@Suite struct ChildDeletionRouteTests {
    struct ConfirmBody: Encodable { let confirm: Bool }

    @Test(arguments: TestDatabase.all)
    func deletingAChildRemovesTheirThumbnailsAndRecordings(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["speakup"]) { app in
            let (tablet, leo) = try await SpeakUpRouteTests.speaker(app)
            let take = try await SpeakUpRouteTests.record(tablet)
            let takeId = try #require(try take.jsonObject()["id"] as? String)
            let recordings = try FileManager.default.subpathsOfDirectory(atPath: app.blobRoot.path).filter { $0.hasPrefix("speakup/") && $0.contains(takeId) }
            #expect(recordings.count == 1)

            let created = try await ColoringRouteTests.upload(tablet, .post, "/api/coloring/drawings", try ColoringRouteTests.drawing([ColoringRouteTests.scribble], page: "cat"))
            let drawing = try created.decoded(ColoringController.DrawingView.self)
            #expect(try await tablet.request(.get, "/api/coloring/drawings/\(drawing.id)/thumbnail").status == .ok)
            let thumbnail = ColoringController.thumbnailKey(drawing.id, drawing.revision)
            #expect(try await app.services.blobs.get(key: thumbnail) != nil)

            try await app.passGate(tablet)
            _ = try await tablet.json(.post, "/api/parent/unlock", ["password": TestApp.password], expect: .noContent)
            _ = try await tablet.json(.delete, "/api/parent/children/\(leo)", ConfirmBody(confirm: true), expect: .noContent)
            #expect(try await app.services.blobs.get(key: thumbnail) == nil)
            #expect(try await app.services.blobs.get(key: recordings[0]) == nil)
        }
    }
}
