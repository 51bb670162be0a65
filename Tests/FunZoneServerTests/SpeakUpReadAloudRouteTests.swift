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

/// Read-aloud on both databases: a reading sent whole is heard, every word of the passage marked
/// read, misread or skipped, and the result kept in the practice log; an unknown passage, a
/// recording far too long and silence are refused with the error shape, and nothing is kept.
@Suite struct SpeakUpReadAloudRouteTests {
    static func read(_ device: Browser, _ passage: String, wav: Data = toneWAV(seconds: 20)) async throws -> TestResponse {
        try await device.request(.post, "/api/speakup/read-aloud/\(passage)", body: ByteBuffer(bytes: wav), headers: [.contentType: "audio/wav"])
    }

    @Test(arguments: TestDatabase.all)
    func aReadingIsMarkedWordByWordAndKept(_ db: TestDatabase) async throws {
        let kite = try #require(ReadAloud.passage(id: "the-lost-kite"))
        let words = kite.words.map { ReadAloud.key($0) }
        // Read whole; then with "ran and ran" read once, "kite" heard as "kit", and the last sentence left out.
        var second = words.prefix(kite.words.count - 9).joined(separator: " ")
        second = second.replacingOccurrences(of: "sam ran and ran", with: "sam ran").replacingOccurrences(of: "red kite", with: "red kit")
        // Each reading is heard twice: openly (which hears the first "sam" as "some"), then with the passage's words.
        let open = words.joined(separator: " ").replacingOccurrences(of: "sam had", with: "some had")
        let recognizer = ScriptedRecognizer(script: [open, words.joined(separator: " "), second, second])
        let speech = SpeechServices(recognizer: recognizer, speaker: ScriptedSpeaker())
        try await TestApp.run(db, installed: ["speakup"], speech: speech) { app in
            let (tablet, _) = try await SpeakUpRouteTests.speaker(app)
            let catalogue = try await tablet.decoded(SpeakUpPracticeController.ExercisesResponse.self, .get, "/api/speakup/exercises")
            #expect(catalogue.passages.count >= 12)

            let whole = try await Self.read(tablet, "the-lost-kite").decoded(SpeakUpPracticeController.Item.self)
            #expect(whole.kind == .readAloud && whole.itemId == "the-lost-kite" && whole.drill == nil)
            let reading = try #require(whole.reading)
            #expect(reading.score == 100 && reading.passed && reading.read == kite.words.count && reading.words.allSatisfy { $0.mark == .read })
            let requests = await recognizer.requests
            guard case .grammar(let grammar, _) = requests[1] else { Issue.record("no second hearing: \(requests)"); return }
            #expect(grammar == ReadAloud.grammar(kite, heard: open.split(separator: " ").map(String.init)) && grammar.contains("| some |"))

            let partial = try #require(try await Self.read(tablet, "the-lost-kite").decoded(SpeakUpPracticeController.Item.self).reading)
            #expect(partial.misread == 1 && partial.skipped == 9 + 2 && !partial.passed)
            #expect(partial.words.first { $0.mark == .misread }?.heardAs == "kit")
            #expect(partial.score == Int((Double(kite.words.count - 12) / Double(kite.words.count) * 100).rounded()))

            let log = try await SpeakUpDrillRouteTests.practice(tablet)
            #expect(log.items.count == 2 && log.items.first?.reading == partial && log.counts["readAloud:the-lost-kite"] == 2)
        }
    }

    @Test(arguments: TestDatabase.all)
    func badReadingsAreRefusedAndNothingIsKept(_ db: TestDatabase) async throws {
        let speech = SpeechServices(recognizer: ScriptedRecognizer(script: ["sam had a red kite"]), speaker: ScriptedSpeaker())
        try await TestApp.run(db, installed: ["speakup"], speech: speech) { app in
            let (tablet, _) = try await SpeakUpRouteTests.speaker(app)
            try expectErrorShape(try await Self.read(tablet, "war-and-peace"), status: .unprocessableContent, code: "invalid_field")
            // The kite is 49 words: about 104 s at most.
            try expectErrorShape(try await Self.read(tablet, "the-lost-kite", wav: toneWAV(seconds: 130, rate: 8000)), status: .contentTooLarge,
                                 code: "audio_too_long")
            try expectErrorShape(try await Self.read(tablet, "the-lost-kite", wav: silentWAV(seconds: 5)), status: .unprocessableContent, code: "no_speech")
            let reported = try await tablet.request(.post, "/api/speakup/practice",
                                                    json: SpeakUpPracticeRouteTests.AddBody(kind: "readAloud", itemId: "the-lost-kite", seconds: 30))
            try expectErrorShape(reported, status: .unprocessableContent, code: "invalid_field")
            #expect(try await SpeakUpDrillRouteTests.practice(tablet).items.isEmpty)
        }
    }

    @Test("every word of every passage is in the recogniser's dictionary (a word it cannot say can never be read)")
    func everyPassageWordCanBeHeard() throws {
        let dictionary = try String(contentsOfFile: "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict", encoding: .isoLatin1)
        let known = Set(dictionary.split(separator: "\n").compactMap { $0.split(separator: " ").first.map { ReadAloud.key(String($0.prefix { $0 != "(" })) } })
        let missing = ReadAloud.passages.flatMap { passage in passage.words.map(ReadAloud.key).filter { !$0.isEmpty && !known.contains($0) } }
        #expect(missing.isEmpty, "\(missing)")
    }
}
