import Foundation
import HTTPTypes
import SpeechCoach
import Testing
@testable import FunZoneServer

/// SpeakUp's practice on both databases: the catalogue, a warm-up and a calm exercise done and
/// counted, bad records refused with nothing kept, another family's speaker sees none of it.
@Suite struct SpeakUpPracticeRouteTests {
    typealias List = SpeakUpPracticeController.ListResponse

    @Test(arguments: TestDatabase.all)
    func practiceIsKeptCountedAndChecked(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["speakup"], openSignup: true) { app in
            let (tablet, _) = try await SpeakUpRouteTests.speaker(app)
            let catalogue = try await tablet.decoded(SpeakUpPracticeController.ExercisesResponse.self, .get, "/api/speakup/exercises")
            #expect(catalogue.warmUps.count == PracticeCatalogue.warmUps.count && catalogue.calm.count == PracticeCatalogue.calm.count)

            let done = try await tablet.decoded(SpeakUpPracticeController.Item.self, .post, "/api/speakup/practice",
                                                AddBody(kind: "warmUp", itemId: "box-breathing", seconds: 48.04),
                                                expect: .created)
            #expect(done.kind == .warmUp && done.itemId == "box-breathing" && done.seconds == 48)
            app.clock.advance(by: 60)
            _ = try await tablet.json(.post, "/api/speakup/practice", AddBody(kind: "calm", itemId: "power-words", seconds: 120), expect: .created)
            app.clock.advance(by: 60)
            _ = try await tablet.json(.post, "/api/speakup/practice", AddBody(kind: "warmUp", itemId: "box-breathing", seconds: 30), expect: .created)
            let list = try await tablet.decoded(List.self, .get, "/api/speakup/practice")
            #expect(list.items.map(\.itemId) == ["box-breathing", "power-words", "box-breathing"])
            #expect(list.counts == ["warmUp:box-breathing": 2, "calm:power-words": 1])

            for (body, field) in [(AddBody(kind: "drill", itemId: "x", seconds: 1), "kind"),
                                  (AddBody(kind: "warmUp", itemId: "power-words", seconds: 1), "itemId"),
                                  (AddBody(kind: "calm", itemId: "safe-place", seconds: 4_000), "seconds"),
                                  (AddBody(kind: "calm", itemId: "safe-place", seconds: -1), "seconds")] {
                let response = try await tablet.request(.post, "/api/speakup/practice", json: body)
                try expectErrorShape(response, status: .unprocessableContent, code: "invalid_field")
                #expect(((try response.jsonObject()["error"] as? [String: Any])?["details"] as? [String: String])?["field"] == field)
            }
            #expect(try await tablet.decoded(List.self, .get, "/api/speakup/practice").items.count == 3)

            let other = try await app.setUpFamily(email: "bo@example.org", family: "Bianchi")
            let bo = try await app.addChild(other, name: "Bo", grade: 6)
            _ = try await other.json(.post, "/api/kids/select", ["childId": bo], expect: .ok)
            #expect(try await other.decoded(List.self, .get, "/api/speakup/practice").items.isEmpty)
        }
    }

    struct AddBody: Encodable { let kind: String; let itemId: String; let seconds: Double }
}
