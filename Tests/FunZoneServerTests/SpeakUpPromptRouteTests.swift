import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Speech
import SpeechCoach
import Storage
import TestSupport
import Testing
@testable import FunZoneServer

/// SpeakUp's prompt library on both databases: the speaker's kind of prompts with answered marks and
/// counts, their own prompts added, used for a take, exported and imported as CSV (all or nothing,
/// bad rows named) behind the parent gate, deleted; another family's prompt and bad files refused
/// with nothing changed.
@Suite struct SpeakUpPromptRouteTests {
    typealias Library = SpeakUpPromptsController.LibraryResponse

    static func library(_ device: Browser) async throws -> Library {
        try await device.decoded(Library.self, .get, "/api/speakup/prompts")
    }

    static func importCSV(_ device: Browser, _ text: String, type: String = "text/csv") async throws -> TestResponse {
        try await device.request(.post, "/api/speakup/prompts/import", body: ByteBuffer(string: text), headers: [.contentType: type])
    }

    @Test(arguments: TestDatabase.all)
    func ownPromptsAreAddedUsedExportedImportedAndDeleted(_ db: TestDatabase) async throws {
        let speech = SpeechServices(recognizer: ScriptedRecognizer(script: [SpeakUpRouteTests.script]), speaker: ScriptedSpeaker())
        try await TestApp.run(db, installed: ["speakup"], speech: speech) { app in
            let (tablet, _) = try await SpeakUpRouteTests.speaker(app)
            var library = try await Self.library(tablet)
            #expect(library.prompts.count == PromptLibrary.standard.prompts.filter { !$0.forKids }.count)
            #expect(library.categories.count == 12 && library.categories.allSatisfy { $0.total >= 20 && $0.answered == 0 })
            #expect(library.customCount == 0 && library.customLimit == 1_000)

            // A take at a prompt marks it answered and counts in its category.
            _ = try await SpeakUpRouteTests.record(tablet, prompt: "storytelling-01")
            library = try await Self.library(tablet)
            #expect(library.prompts.first { $0.id == "storytelling-01" }?.answered == true)
            #expect(library.categories.first { $0.id == "storytelling" }?.answered == 1)

            // One of their own: checked, then kept, listed and usable for a take.
            try await tablet.expectError(.post, "/api/speakup/prompts", ["text": "hi"], status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.post, "/api/speakup/prompts", ["text": "Tell us about your pet", "category": "Tell a Story"],
                                         status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.post, "/api/speakup/prompts", ["text": "Tell us about your pet", "difficulty": "extreme"],
                                         status: .unprocessableContent, code: "invalid_field")
            let mine = try await tablet.decoded(Library.Item.self, .post, "/api/speakup/prompts",
                                                ["text": "  Explain how  a bicycle stays up ", "category": "Describe & Explain", "difficulty": "hard"],
                                                expect: .created)
            #expect(mine.text == "Explain how a bicycle stays up" && mine.category == "describe-explain" && mine.custom && mine.seconds == 90)
            try await tablet.expectError(.post, "/api/speakup/prompts", ["text": "explain how a bicycle stays up!"], status: .conflict, code: "prompt_exists")
            let fallback = try await tablet.decoded(Library.Item.self, .post, "/api/speakup/prompts", ["text": "What makes a good friend?"], expect: .created)
            #expect(fallback.category == "personal-growth" && fallback.difficulty == .medium)
            library = try await Self.library(tablet)
            #expect(library.customCount == 2 && library.prompts.suffix(2).map(\.id) == [mine.id, fallback.id])
            let take = try await SpeakUpRouteTests.record(tablet, prompt: mine.id).decoded(SpeakUpView.Take.self)
            #expect(take.prompt?.text == mine.text && take.promptId == mine.id)
            #expect(try await Self.library(tablet).prompts.first { $0.id == mine.id }?.answered == true)

            // Export and import sit behind the parent gate; a failed import keeps the pass.
            try await tablet.expectError(.post, "/api/speakup/prompts/export", status: .forbidden, code: "gate_required")
            try expectErrorShape(try await Self.importCSV(tablet, "Tell a tale,storytelling"), status: .forbidden, code: "gate_required")
            try await app.passGate(tablet)
            let exported = try await tablet.request(.post, "/api/speakup/prompts/export")
            #expect(exported.status == .ok && exported.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(exported.headers[.contentDisposition]?.contains("speakup-prompts.csv") == true)
            #expect(String(buffer: exported.body) == "text,category,difficulty\r\nExplain how a bicycle stays up,describe-explain,hard\r\nWhat makes a good friend?,personal-growth,medium\r\n")
            try await tablet.expectError(.post, "/api/speakup/prompts/export", status: .forbidden, code: "gate_required")

            try await app.passGate(tablet)
            let bad = try await Self.importCSV(tablet, "text,category,difficulty\nA fine prompt to try,opinions,easy\nno,opinions,easy\nAnother one here,opinions,extreme\n")
            try expectErrorShape(bad, status: .unprocessableContent, code: "invalid_csv")
            let message = try #require(((try bad.jsonObject())["error"] as? [String: Any])?["message"] as? String)
            #expect(message.contains("row 3: the prompt is shorter than 5 characters") && message.contains("row 4: the difficulty \"extreme\""), "\(message)")
            #expect(try await Self.library(tablet).customCount == 2, "nothing of a bad file is added")
            let imported = try await Self.importCSV(tablet, "text,category,difficulty\nA fine prompt to try,opinions,easy\n"
                + "\"Explain how a bicycle stays up\",describe-explain,hard\nTalk about a hobby you love,Hobbies,\n")
            #expect(imported.status == .created, "\(String(buffer: imported.body))")
            let summary = try imported.decoded(SpeakUpPromptsController.ImportResponse.self)
            #expect(summary.added == 2 && summary.skipped == [3] && summary.refiled == [4] && summary.refiledTo == "Personal Growth")
            #expect(try await Self.library(tablet).customCount == 4)
            try expectErrorShape(try await Self.importCSV(tablet, "Yet another prompt,opinions"), status: .forbidden, code: "gate_required")

            // Deleting: their own only.
            _ = try await tablet.json(.delete, "/api/speakup/prompts/\(fallback.id)", expect: .noContent)
            try await tablet.expectError(.delete, "/api/speakup/prompts/\(fallback.id)", status: .notFound, code: "not_found")
            try await tablet.expectError(.delete, "/api/speakup/prompts/storytelling-01", status: .notFound, code: "not_found")
            #expect(try await Self.library(tablet).customCount == 3)
            // A take still shows its prompt's title after that prompt is gone; it just has no prompt to show.
            _ = try await tablet.json(.delete, "/api/speakup/prompts/\(mine.id)", expect: .noContent)
            let again = try await tablet.decoded(SpeakUpView.Take.self, .get, "/api/speakup/takes/\(take.id.rawValue)")
            #expect(again.prompt == nil && again.title == take.title)
        }
    }

    @Test(arguments: TestDatabase.all)
    func badFilesAndOtherFamiliesPromptsAreRefusedAndNothingChanges(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["speakup"], openSignup: true) { app in
            let (tablet, _) = try await SpeakUpRouteTests.speaker(app)
            let mine = try await tablet.decoded(Library.Item.self, .post, "/api/speakup/prompts", ["text": "Describe your street"], expect: .created)

            // 10,000 rows, binary, the wrong type, over 256 KB: refused whole.
            try await app.passGate(tablet)
            let many = (1...10_000).map { "Prompt number \($0),opinions,easy" }.joined(separator: "\n")
            try expectErrorShape(try await Self.importCSV(tablet, many), status: .contentTooLarge, code: "body_too_large")
            let rows = (1...600).map { "Prompt \($0),opinions" }.joined(separator: "\n")
            try expectErrorShape(try await Self.importCSV(tablet, rows), status: .unprocessableContent, code: "invalid_csv")
            let png = try await tablet.request(.post, "/api/speakup/prompts/import", body: ByteBuffer(bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]),
                                               headers: [.contentType: "text/csv"])
            try expectErrorShape(png, status: .unprocessableContent, code: "invalid_csv")
            try expectErrorShape(try await Self.importCSV(tablet, "{\"text\": \"x\"}", type: "application/json"), status: .unsupportedMediaType, code: "unsupported_media_type")
            let empty = try await Self.importCSV(tablet, "")
            let emptySummary = try empty.decoded(SpeakUpPromptsController.ImportResponse.self)
            #expect(empty.status == .created && emptySummary.added == 0)
            #expect(try await Self.library(tablet).customCount == 1)

            // Another family cannot see, use or delete it.
            let stranger = try await app.setUpFamily(email: "bea@example.org", family: "Bianchi")
            let strangerChild = try await app.addChild(stranger, name: "Ugo", grade: 6)
            _ = try await stranger.json(.post, "/api/kids/select", ["childId": strangerChild], expect: .ok)
            #expect(try await Self.library(stranger).prompts.allSatisfy { !$0.custom })
            try await stranger.expectError(.delete, "/api/speakup/prompts/\(mine.id)", status: .notFound, code: "not_found")
            try await stranger.expectError(.post, "/api/speakup/takes?promptId=\(mine.id)", status: .unprocessableContent, code: "invalid_field")
            #expect(try await Self.library(tablet).customCount == 1)
        }
    }

    @Test(arguments: TestDatabase.all)
    func showAndTellGetsChildrensPromptsAndItsOwnFallback(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["speakup"]) { app in
            let (tablet, _) = try await SpeakUpRouteTests.speaker(app, grade: 2)
            let library = try await Self.library(tablet)
            #expect(library.prompts.count >= 60 && library.prompts.allSatisfy { $0.emoji != nil })
            #expect(library.categories.map(\.id) == PromptLibrary.standard.categories(forKids: true).map(\.id))
            let mine = try await tablet.decoded(Library.Item.self, .post, "/api/speakup/prompts", ["text": "Tell us about grandma's garden"], expect: .created)
            #expect(mine.category == "kids-aboutme" && mine.emoji == "⭐")
            try await tablet.expectError(.post, "/api/speakup/prompts", ["text": "Tell us about school", "category": "storytelling"],
                                         status: .unprocessableContent, code: "invalid_field")
        }
    }

    /// `count` prompts "Prompt number N" from `from`, as a CSV file.
    static func numbered(_ from: Int, _ count: Int) -> String {
        (from..<from + count).map { "Prompt number \($0),opinions" }.joined(separator: "\n")
    }

    @Test(arguments: TestDatabase.all)
    func theLibraryStopsAtAThousandOwnPromptsEvenWhenTwoImportsRace(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["speakup"]) { app in
            let (tablet, child) = try await SpeakUpRouteTests.speaker(app)
            for (from, count) in [(0, 500), (500, 400)] {
                try await app.passGate(tablet)
                #expect(try await Self.importCSV(tablet, Self.numbered(from, count)).status == .created)
            }
            // 900 kept: two batches of 100 arrive together; one fits, the other would pass 1,000.
            let (store, scope) = (app.services.speakUp, FamilyScope(familyId: try await familyId(app)))
            let batch = { (from: Int) in (from..<from + 100).map { CustomPrompts.prompt(id: "custom-race-\($0)", draft: PromptDraft(text: "Race prompt \($0)", category: "opinions", difficulty: .easy), forKids: false) } }
            let (first, second) = (batch(1_000), batch(2_000))
            async let a: Bool = (try? await store.addPrompts(first, childId: ChildID(child), in: scope, now: Date(), limit: CustomPrompts.perProfile)) != nil
            async let b: Bool = (try? await store.addPrompts(second, childId: ChildID(child), in: scope, now: Date(), limit: CustomPrompts.perProfile)) != nil
            let added = await [a, b]
            #expect(added.filter { $0 }.count == 1)
            #expect(try await Self.library(tablet).customCount == 1_000)
            // Full: an import and a single prompt are refused with the reason, and nothing is added.
            try await app.passGate(tablet)
            try expectErrorShape(try await Self.importCSV(tablet, Self.numbered(3_000, 1)), status: .conflict, code: "prompt_library_full")
            try await tablet.expectError(.post, "/api/speakup/prompts", ["text": "One more of my own"], status: .conflict, code: "prompt_library_full")
            #expect(try await Self.library(tablet).customCount == 1_000)
        }
    }
}
