import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import FunZoneServer

/// Prompts pasted one a line, on both databases: added together, duplicates skipped by line; a bad
/// line, too many lines or an unknown category adds nothing.
@Suite struct SpeakUpPromptBatchRouteTests {
    @Test(arguments: TestDatabase.all)
    func pastedPromptsAreAddedTogetherOrNotAtAll(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["speakup"]) { app in
            let (tablet, _) = try await SpeakUpRouteTests.speaker(app)
            let count = { try await tablet.decoded(SpeakUpPromptsController.LibraryResponse.self, .get, "/api/speakup/prompts").customCount }
            try await tablet.expectError(.post, "/api/speakup/prompts/batch", ["text": "A fine prompt\nno\n"], status: .unprocessableContent,
                                         code: "invalid_field")
            try await tablet.expectError(.post, "/api/speakup/prompts/batch", ["text": "A fine prompt", "category": "Cooking"],
                                         status: .unprocessableContent, code: "invalid_field")
            let many = (1...51).map { "Prompt number \($0)" }.joined(separator: "\n")
            try await tablet.expectError(.post, "/api/speakup/prompts/batch", ["text": many], status: .unprocessableContent, code: "invalid_field")
            #expect(try await count() == 0, "nothing of a refused batch is added")

            let added = try await tablet.decoded(SpeakUpPromptsController.BatchResponse.self, .post, "/api/speakup/prompts/batch",
                                                 ["text": "Tell us about your garden\nWhat makes a good friend?\n\nTell us about your garden",
                                                  "category": "Storytelling", "difficulty": "hard"], expect: .created)
            #expect(added.added == 2 && added.skipped == [4])
            let library = try await tablet.decoded(SpeakUpPromptsController.LibraryResponse.self, .get, "/api/speakup/prompts")
            let mine = library.prompts.filter(\.custom)
            #expect(mine.count == 2 && mine.allSatisfy { $0.category == "storytelling" && $0.difficulty == .hard })
            let again = try await tablet.decoded(SpeakUpPromptsController.BatchResponse.self, .post, "/api/speakup/prompts/batch",
                                                 ["text": "what makes a good friend"], expect: .created)
            #expect(again.added == 0 && again.skipped == [1])
        }
    }
}
