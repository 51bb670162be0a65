import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Speech
import SpeechCoach
import TestSupport
import Testing
@testable import FunZoneServer

/// SpeakUp's drills on both databases: a recording sent whole (the page's fallback when the live
/// stream broke) is heard, judged and kept in the practice log with its result; bad drills, topics,
/// lengths and audio are refused with the error shape and nothing is kept.
@Suite struct SpeakUpDrillRouteTests {
    static let clean = "today I walked to school with my sister and we talked about the big game on saturday night"

    static func drill(_ device: Browser, _ path: String, wav: Data = toneWAV(seconds: 15)) async throws -> TestResponse {
        try await device.request(.post, "/api/speakup/drills/\(path)", body: ByteBuffer(bytes: wav), headers: [.contentType: "audio/wav"])
    }

    static func practice(_ device: Browser) async throws -> SpeakUpPracticeController.ListResponse {
        try await device.decoded(SpeakUpPracticeController.ListResponse.self, .get, "/api/speakup/practice")
    }

    @Test(arguments: TestDatabase.all)
    func aDrillIsHeardJudgedAndKept(_ db: TestDatabase) async throws {
        let speech = SpeechServices(recognizer: ScriptedRecognizer(script: [Self.clean, "um so I think um that uh cats are the best " + Self.clean]),
                                    speaker: ScriptedSpeaker())
        try await TestApp.run(db, installed: ["speakup"], speech: speech) { app in
            let (tablet, _) = try await SpeakUpRouteTests.speaker(app)
            let catalogue = try await tablet.decoded(SpeakUpPracticeController.ExercisesResponse.self, .get, "/api/speakup/exercises")
            #expect(catalogue.drills.map(\.id) == Drill.Kind.allCases && catalogue.topics.count >= 18)

            let passed = try await Self.drill(tablet, "filler-elimination").decoded(SpeakUpPracticeController.Item.self)
            #expect(passed.kind == .drill && passed.itemId == "filler-elimination" && passed.seconds == 15)
            #expect(passed.drill?.passed == true && passed.drill?.score == 100 && passed.drill?.words == 18 && passed.drill?.fillers == 0)

            let response = try await Self.drill(tablet, "impromptu-sprint?topic=4", wav: toneWAV(seconds: 30))
            #expect(response.status == .created)
            let sprint = try response.decoded(SpeakUpPracticeController.Item.self)
            #expect(sprint.drill?.topic == Drills.topics[4] && sprint.drill?.fillers == 3 && sprint.drill?.score == 70 && sprint.drill?.passed == false)
            #expect(sprint.drill?.fillerWords == ["um", "um", "uh"])

            // Both are in the practice log (History), newest first, with their results; no take was made.
            let log = try await Self.practice(tablet)
            #expect(log.items.map(\.id) == [sprint.id, passed.id] && log.items.first?.drill == sprint.drill)
            #expect(log.counts["drill:filler-elimination"] == 1 && log.counts["drill:impromptu-sprint"] == 1)
            #expect(try await SpeakUpRouteTests.list(tablet).isEmpty)
        }
    }

    @Test(arguments: TestDatabase.all)
    func badDrillsAreRefusedAndNothingIsKept(_ db: TestDatabase) async throws {
        let speech = SpeechServices(recognizer: ScriptedRecognizer(script: [Self.clean]), speaker: ScriptedSpeaker())
        try await TestApp.run(db, installed: ["speakup"], speech: speech) { app in
            let (tablet, _) = try await SpeakUpRouteTests.speaker(app)
            try expectErrorShape(try await Self.drill(tablet, "juggling"), status: .unprocessableContent, code: "invalid_field")
            try expectErrorShape(try await Self.drill(tablet, "impromptu-sprint"), status: .unprocessableContent, code: "invalid_field")
            try expectErrorShape(try await Self.drill(tablet, "impromptu-sprint?topic=999"), status: .unprocessableContent, code: "invalid_field")
            try expectErrorShape(try await Self.drill(tablet, "impromptu-sprint?topic=-1"), status: .unprocessableContent, code: "invalid_field")
            // 15 s and a few seconds of slack; 25 s is not this drill.
            try expectErrorShape(try await Self.drill(tablet, "filler-elimination", wav: toneWAV(seconds: 25)), status: .contentTooLarge, code: "audio_too_long")
            try expectErrorShape(try await Self.drill(tablet, "filler-elimination", wav: Data("RIFF0000WAVEjunk".utf8)), status: .unprocessableContent,
                                 code: "bad_audio")
            try expectErrorShape(try await Self.drill(tablet, "filler-elimination", wav: silentWAV(seconds: 10)), status: .unprocessableContent, code: "no_speech")
            let json = try await tablet.request(.post, "/api/speakup/drills/filler-elimination", body: ByteBuffer(string: "{}"),
                                                headers: [.contentType: "application/json"])
            try expectErrorShape(json, status: .unsupportedMediaType, code: "unsupported_audio")
            // The page cannot report a drill as done: the server judges it on the recording.
            let reported = try await tablet.request(.post, "/api/speakup/practice",
                                                    json: SpeakUpPracticeRouteTests.AddBody(kind: "drill", itemId: "filler-elimination", seconds: 15))
            try expectErrorShape(reported, status: .unprocessableContent, code: "invalid_field")
            #expect(try await Self.practice(tablet).items.isEmpty)
            // A device that is not signed in has no drills.
            try await app.user().expectError(.post, "/api/speakup/drills/filler-elimination", status: .unauthorized, code: "not_signed_in")
        }
    }
}
