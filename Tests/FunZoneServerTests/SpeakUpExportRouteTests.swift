import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Speech
import SpeechCoach
import Storage
import TestSupport
import Testing
@testable import FunZoneServer

/// The journal PDF and the score card on both databases: behind the parent gate (a pass buys one
/// file), bad ranges, themes and bodies refused with the error shape and the pass kept, another
/// family's take not found, and the files real (a PDF pdftotext reads, a PNG of 1200 × 1560).
@Suite struct SpeakUpExportRouteTests {
    @Test(arguments: TestDatabase.all)
    func theJournalIsAPDFBehindTheGate(_ db: TestDatabase) async throws {
        let script = [SpeakUpCourseRouteTests.words(40) + " um so like", SpeakUpCourseRouteTests.words(50)]
        let speech = SpeechServices(recognizer: ScriptedRecognizer(script: script), speaker: ScriptedSpeaker())
        try await TestApp.run(db, installed: ["speakup"], openSignup: true, speech: speech) { app in
            let (tablet, _) = try await SpeakUpRouteTests.speaker(app)
            _ = try await SpeakUpRouteTests.record(tablet, wav: toneWAV(seconds: 30))
            app.clock.advance(by: 3_600)
            _ = try await SpeakUpRouteTests.record(tablet, wav: toneWAV(seconds: 30), prompt: nil)

            try await tablet.expectError(.post, "/api/speakup/journal", ["range": "week"], status: .forbidden, code: "gate_required")
            try await app.passGate(tablet)
            // Bad requests keep the pass: nothing was made.
            for (body, field) in [(["range": "year"], "range"), (["from": "2027-01-10", "to": "2027-01-09"], "to"), (["from": "2027-02-01"], "from"),
                                  (["from": "2027-02-30"], "from"), (["paper": "a3"], "paper"), (["tz": "Mars/Olympus"], "tz")] {
                let response = try await tablet.request(.post, "/api/speakup/journal", json: body)
                try expectErrorShape(response, status: .unprocessableContent, code: "invalid_field")
                #expect((try response.jsonObject()["error"] as? [String: Any]).flatMap { $0["details"] as? [String: String] }?["field"] == field)
            }
            let binary = try await tablet.request(.post, "/api/speakup/journal", body: ByteBuffer(bytes: [0xFF, 0x00, 0x89, 0x50]),
                                                  headers: [.contentType: "application/json"])
            try expectErrorShape(binary, status: .badRequest, code: "malformed_json")

            let journal = try await tablet.request(.post, "/api/speakup/journal", json: ["range": "week", "tz": "Europe/Rome"])
            #expect(journal.status == .ok && journal.headers[.contentType] == "application/pdf")
            #expect(journal.headers[.contentDisposition] == "attachment; filename=\"speakup-journal-leo-2027-01-15.pdf\"")
            #expect(Data(buffer: journal.body).starts(with: Array("%PDF-".utf8)))
            let text = try PDFText.read(Data(buffer: journal.body))
            for expected in ["SpeakUp journal", "Leo", "Takes: 2", "First Steps", "Every take", "favourite place"] {
                #expect(text.contains(expected), "missing \(expected)")
            }
            // The pass bought one file.
            try await tablet.expectError(.post, "/api/speakup/journal", ["range": "week"], status: .forbidden, code: "gate_required")

            // Days in the speaker's zone: a period before the takes has none of them.
            try await app.passGate(tablet)
            let empty = try await tablet.request(.post, "/api/speakup/journal", json: ["from": "2026-12-01", "to": "2026-12-31", "achievements": "no"])
            try expectErrorShape(empty, status: .unprocessableContent, code: "invalid_field")
            let before = try await tablet.request(.post, "/api/speakup/journal", json: JournalBody(from: "2026-12-01", to: "2026-12-31", achievements: false))
            #expect(before.status == .ok)
            let beforeText = try PDFText.read(Data(buffer: before.body))
            #expect(beforeText.contains("No takes in this period yet.") && !beforeText.contains("First Steps"))
        }
    }

    struct JournalBody: Encodable { let from: String; let to: String; let achievements: Bool }

    @Test(arguments: TestDatabase.all)
    func theScoreCardIsAPNGOfTheTake(_ db: TestDatabase) async throws {
        let speech = SpeechServices(recognizer: ScriptedRecognizer(script: [SpeakUpCourseRouteTests.words(60)]), speaker: ScriptedSpeaker())
        try await TestApp.run(db, installed: ["speakup"], openSignup: true, speech: speech) { app in
            let (tablet, _) = try await SpeakUpRouteTests.speaker(app)
            let take = try await SpeakUpRouteTests.record(tablet, wav: toneWAV(seconds: 30)).decoded(SpeakUpView.Take.self)
            let path = "/api/speakup/takes/\(take.id)/card"
            try await tablet.expectError(.post, path, ["theme": "aurora"], status: .forbidden, code: "gate_required")
            try await app.passGate(tablet)
            try await tablet.expectError(.post, path, ["theme": "neon"], status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.post, "/api/speakup/takes/nope/card", ["theme": "aurora"], status: .notFound, code: "not_found")
            let card = try await tablet.request(.post, path, json: CardBody(theme: "aurora", prompt: true))
            #expect(card.status == .ok && card.headers[.contentType] == "image/png")
            #expect(card.headers[.contentDisposition] == "attachment; filename=\"speakup-card-leo-2027-01-15.png\"")
            let png = Array(Data(buffer: card.body))
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            #expect(png[16..<20].reduce(0) { $0 << 8 | Int($1) } == 1200 && png[20..<24].reduce(0) { $0 << 8 | Int($1) } == 1560)
            // The pass lasts for the next theme tried; once it expires, the gate is asked again.
            let again = try await tablet.request(.post, path, json: CardBody(theme: "sunshine", prompt: false))
            #expect(again.status == .ok && Data(buffer: again.body) != Data(buffer: card.body))
            app.clock.advance(by: 3_600)
            try await tablet.expectError(.post, path, ["theme": "aurora"], status: .forbidden, code: "gate_required")

            // Another family cannot draw this family's take, gate or not.
            let other = try await app.setUpFamily(email: "bo@example.org", family: "Bianchi")
            let bo = try await app.addChild(other, name: "Bo", grade: 8)
            _ = try await other.json(.post, "/api/kids/select", ["childId": bo], expect: .ok)
            try await app.passGate(other)
            try await other.expectError(.post, path, ["theme": "aurora"], status: .notFound, code: "not_found")
        }
    }

    struct CardBody: Encodable { let theme: String; let prompt: Bool }

    @Test func thePrintQueueKeepsOneRenderAFamilyAndWaitsForASlot() async throws {
        let queue = PrintQueue(slots: 1, wait: 0.3)
        let (rossi, bianchi) = (FamilyID(rawValue: "rossi"), FamilyID(rawValue: "bianchi"))
        let slow = Task { try await queue.run(for: rossi) { Thread.sleep(forTimeInterval: 1); return 1 } }
        try await Task.sleep(for: .milliseconds(100))
        // The same family again: refused at once.
        do {
            _ = try await queue.run(for: rossi) { 2 }
            Issue.record("a second render of one family should be refused")
        } catch let error as APIError {
            #expect(error.code == .printBusy)
        }
        // Another family waits for the one slot, then gives up with 503.
        do {
            _ = try await queue.run(for: bianchi) { 3 }
            Issue.record("a full printer should refuse after its wait")
        } catch let error as APIError {
            #expect(error.code == .printBusy && error.status == .serviceUnavailable && error.retryAfter == 5)
        }
        #expect(try await slow.value == 1)
        #expect(try await queue.run(for: bianchi) { 4 } == 4)
        // A render that fails frees its slot and its family.
        struct Broken: Error {}
        await #expect(throws: Broken.self) { try await queue.run(for: rossi) { throw Broken() } }
        #expect(try await queue.run(for: rossi) { 5 } == 5)
    }
}
