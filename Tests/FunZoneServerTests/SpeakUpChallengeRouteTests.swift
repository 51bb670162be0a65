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

/// Family challenges on both databases: Leo sends his take as a bar to beat, his sister's takes on the
/// same prompt answer it (each says how it did) until one beats it; bad requests (his own prompt, no
/// prompt, himself, someone of another family, the same challenge twice) change nothing.
@Suite struct SpeakUpChallengeRouteTests {
    static func list(_ device: Browser) async throws -> SpeakUpChallenges.ListResponse {
        try await device.decoded(SpeakUpChallenges.ListResponse.self, .get, "/api/speakup/challenges")
    }

    /// A family of two: the tablet plays as the first.
    static func family(_ app: TestApp, _ first: (String, Int), _ second: (String, Int)) async throws -> (Browser, String, String) {
        let tablet = try await app.setUpFamily()
        let one = try await app.addChild(tablet, name: first.0, grade: first.1)
        let two = try await app.addChild(tablet, name: second.0, grade: second.1)
        _ = try await tablet.json(.post, "/api/kids/select", ["childId": one], expect: .ok)
        return (tablet, one, two)
    }

    static func take(_ device: Browser, prompt: String? = "storytelling-01") async throws -> SpeakUpView.Take {
        try await SpeakUpRouteTests.record(device, wav: toneWAV(seconds: 40), prompt: prompt).decoded(SpeakUpView.Take.self)
    }

    @Test(arguments: TestDatabase.all)
    func aChallengeIsAnsweredOnTheSamePromptUntilItIsBeaten(_ db: TestDatabase) async throws {
        let words = SpeakUpCourseRouteTests.words
        // Leo's take is halting, full of fillers; his sister's first is a few words, her second a fluent 40 seconds.
        let halting = "um so um like " + words(10) + " uh um you know um"
        let script = [halting, "my own idea " + words(12), "um " + words(4) + " uh", words(95), words(95)]
        let speech = SpeechServices(recognizer: ScriptedRecognizer(script: script), speaker: ScriptedSpeaker())
        try await TestApp.run(db, installed: ["speakup"], openSignup: true, speech: speech) { app in
            let (tablet, leo, ava) = try await Self.family(app, ("Leo", 6), ("Ava", 8))
            let leoTake = try await Self.take(tablet)
            let bar = try #require(leoTake.score)

            // Bad requests first: none of them adds a challenge.
            let custom = try await tablet.decoded(SpeakUpPromptsController.LibraryResponse.Item.self, .post, "/api/speakup/prompts",
                                                  ["text": "Tell us about your garden"], expect: .created)
            let ownPrompt = try await Self.take(tablet, prompt: custom.id)
            try await tablet.expectError(.post, "/api/speakup/challenges", ["takeId": ownPrompt.id.rawValue, "toChildId": ava],
                                         status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.post, "/api/speakup/challenges", ["takeId": leoTake.id.rawValue, "toChildId": leo],
                                         status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.post, "/api/speakup/challenges", ["takeId": leoTake.id.rawValue, "toChildId": "nobody"],
                                         status: .notFound, code: "not_found")
            try await tablet.expectError(.post, "/api/speakup/challenges", ["takeId": "nope", "toChildId": ava], status: .notFound, code: "not_found")
            try await tablet.expectError(.post, "/api/speakup/challenges", ["takeId": leoTake.id.rawValue], status: .unprocessableContent, code: "invalid_field")
            #expect(try await Self.list(tablet).sent.isEmpty)

            let sent = try await tablet.decoded(SpeakUpChallenges.ChallengeView.self, .post, "/api/speakup/challenges",
                                                ["takeId": leoTake.id.rawValue, "toChildId": ava], expect: .created)
            #expect(sent.measure == .score && sent.target == bar && sent.status == .open && sent.tries == 0)
            #expect(sent.from?.name == "Leo" && sent.to?.name == "Ava" && sent.promptText != nil)
            try await tablet.expectError(.post, "/api/speakup/challenges", ["takeId": leoTake.id.rawValue, "toChildId": ava],
                                         status: .conflict, code: "challenge_open")
            let leoList = try await Self.list(tablet)
            #expect(leoList.people.map(\.name) == ["Ava"] && leoList.sent.map(\.id) == [sent.id] && leoList.incoming.isEmpty)

            // Another family can neither see nor take it back, nor be challenged.
            let other = try await app.setUpFamily(email: "bo@example.org", family: "Bianchi")
            let bo = try await app.addChild(other, name: "Bo", grade: 8)
            _ = try await other.json(.post, "/api/kids/select", ["childId": bo], expect: .ok)
            #expect(try await Self.list(other).incoming.isEmpty)
            try await other.expectError(.delete, "/api/speakup/challenges/\(sent.id)", status: .notFound, code: "not_found")
            try await tablet.expectError(.post, "/api/speakup/challenges", ["takeId": leoTake.id.rawValue, "toChildId": bo],
                                         status: .notFound, code: "not_found")

            // Ava on the same tablet: she sees it, a free take does not answer it, a short take tries, a full one beats it.
            try await app.passGate(tablet)
            _ = try await tablet.json(.post, "/api/kids/select", ["childId": ava], expect: .ok)
            let incoming = try await Self.list(tablet).incoming
            #expect(incoming.map(\.id) == [sent.id] && incoming[0].status == .open)
            app.clock.advance(by: 60)
            let short = try await Self.take(tablet)
            let shortAnswer = try #require(short.challenges.first)
            #expect(short.challenges.count == 1)
            #expect(shortAnswer.id == sent.id && shortAnswer.from?.name == "Leo" && shortAnswer.target == bar)
            #expect(shortAnswer.value == short.score && shortAnswer.outcome == FamilyChallenges.outcome(shortAnswer.value, against: bar))
            #expect(shortAnswer.outcome != .beaten, "a few halting words do not beat his take (\(shortAnswer.value) vs \(bar))")
            app.clock.advance(by: 60)
            let full = try await Self.take(tablet)
            #expect(full.challenges.map(\.outcome) == [.beaten], "\(full.challenges) vs \(bar)")
            let after = try await Self.list(tablet).incoming[0]
            #expect(after.status == .beaten && after.tries == 2 && after.best == full.score)
            // Beaten, it is closed: the next take on the prompt answers nothing; the page still says how each take did.
            app.clock.advance(by: 60)
            #expect(try await Self.take(tablet).challenges.isEmpty)
            let again = try await tablet.decoded(SpeakUpView.Take.self, .get, "/api/speakup/takes/\(short.id)")
            #expect(again.challenges.map(\.outcome) == [shortAnswer.outcome])
            // The beating take deleted: the challenge stays beaten, its best and tries kept.
            #expect(try await tablet.request(.delete, "/api/speakup/takes/\(full.id)").status == .noContent)
            let kept = try await Self.list(tablet).incoming[0]
            #expect(kept.status == .beaten && kept.tries == 2 && kept.best == full.score)

            // She turns down nothing more; Leo sees how it went, then clears it.
            try await app.passGate(tablet)
            _ = try await tablet.json(.post, "/api/kids/select", ["childId": leo], expect: .ok)
            #expect(try await Self.list(tablet).sent.first?.status == .beaten)
            #expect(try await tablet.request(.delete, "/api/speakup/challenges/\(sent.id)").status == .noContent)
            #expect(try await Self.list(tablet).sent.isEmpty)
        }
    }

    @Test(arguments: TestDatabase.all)
    func aChallengeExpiresAfterTwoWeeks(_ db: TestDatabase) async throws {
        let words = SpeakUpCourseRouteTests.words
        let speech = SpeechServices(recognizer: ScriptedRecognizer(script: [words(40), words(40)]), speaker: ScriptedSpeaker())
        try await TestApp.run(db, installed: ["speakup"], speech: speech) { app in
            let (tablet, _, mia) = try await Self.family(app, ("Leo", 6), ("Mia", 2))
            let take = try await Self.take(tablet)
            let sent = try await tablet.decoded(SpeakUpChallenges.ChallengeView.self, .post, "/api/speakup/challenges",
                                                ["takeId": take.id.rawValue, "toChildId": mia], expect: .created)
            app.clock.advance(by: FamilyChallenges.lifetime + 1)
            #expect(try await Self.list(tablet).sent.first?.status == .expired)
            try await app.passGate(tablet)
            _ = try await tablet.json(.post, "/api/kids/select", ["childId": mia], expect: .ok)
            #expect(try await Self.take(tablet).challenges.isEmpty, "an expired challenge is not answered")
            #expect(try await Self.list(tablet).incoming.map(\.id) == [sent.id])
            // She can turn it down.
            #expect(try await tablet.request(.delete, "/api/speakup/challenges/\(sent.id)").status == .noContent)
            #expect(try await Self.list(tablet).incoming.isEmpty)
        }
    }

    @Test(arguments: TestDatabase.all)
    func oneTakeAnswersEveryChallengeOnItsPromptEachInItsOwnMeasure(_ db: TestDatabase) async throws {
        let words = SpeakUpCourseRouteTests.words
        let speech = SpeechServices(recognizer: ScriptedRecognizer(script: [words(30), words(30), words(60)]), speaker: ScriptedSpeaker())
        try await TestApp.run(db, installed: ["speakup"], speech: speech) { app in
            let tablet = try await app.setUpFamily()
            let (leo, mia, ava) = (try await app.addChild(tablet, name: "Leo", grade: 6), try await app.addChild(tablet, name: "Mia", grade: 2),
                                   try await app.addChild(tablet, name: "Ava", grade: 8))
            for (sender, kind) in [(leo, FamilyChallenge.Measure.score), (mia, .stars)] {
                try await app.passGate(tablet)
                _ = try await tablet.json(.post, "/api/kids/select", ["childId": sender], expect: .ok)
                let take = try await Self.take(tablet)
                let sent = try await tablet.decoded(SpeakUpChallenges.ChallengeView.self, .post, "/api/speakup/challenges",
                                                    ["takeId": take.id.rawValue, "toChildId": ava], expect: .created)
                #expect(sent.measure == kind && sent.target == (kind == .stars ? take.stars : take.score))
                app.clock.advance(by: 60)
            }
            try await app.passGate(tablet)
            _ = try await tablet.json(.post, "/api/kids/select", ["childId": ava], expect: .ok)
            #expect(try await Self.list(tablet).incoming.map(\.from?.name) == ["Mia", "Leo"], "newest first")
            let answer = try await Self.take(tablet)
            // Oldest first: Leo's score, then Mia's stars (the stars Show & Tell would give Ava's take).
            #expect(answer.challenges.map(\.from?.name) == ["Leo", "Mia"] && answer.challenges.map(\.measure) == [.score, .stars])
            #expect(answer.challenges[0].value == answer.score)
            #expect((1...5).contains(answer.challenges[1].value))
            #expect(try await Self.list(tablet).incoming.allSatisfy { $0.tries == 1 })
        }
    }
}
