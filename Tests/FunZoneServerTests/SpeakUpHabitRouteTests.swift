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

/// Goals, today's challenge, the streak and achievements on both databases: judged from the takes
/// the server kept; a goal of a kind at a time; listening back noted for the speaker's own takes only.
@Suite struct SpeakUpHabitRouteTests {
    static func habits(_ device: Browser) async throws -> SpeakUpHabits.HabitsResponse {
        try await device.decoded(SpeakUpHabits.HabitsResponse.self, .get, "/api/speakup/habits?tz=Europe/Rome")
    }

    static func unlocked(_ habits: SpeakUpHabits.HabitsResponse) -> [Achievement.ID] {
        habits.achievements.filter { $0.state.unlockedAt != nil }.map(\.achievement.id)
    }

    @Test(arguments: TestDatabase.all)
    func goalsAchievementsAndListeningBack(_ db: TestDatabase) async throws {
        let speech = SpeechServices(recognizer: ScriptedRecognizer(script: [SpeakUpCourseRouteTests.words(60)]), speaker: ScriptedSpeaker())
        try await TestApp.run(db, installed: ["speakup"], openSignup: true, speech: speech) { app in
            let (tablet, _) = try await SpeakUpRouteTests.speaker(app)
            let start = try await Self.habits(tablet)
            #expect(start.templates.map(\.id) == GoalTemplate.Kind.allCases && start.goals.isEmpty && start.streak.current == 0)
            #expect(start.achievements.count >= 13 && Self.unlocked(start).isEmpty)
            #expect(start.challenge?.takeId == nil && start.challenge?.day == "2027-01-15")

            // A goal, then a take: the goal counts it, First Steps is won, the streak starts.
            let goal = try await tablet.decoded(SpeakUpHabits.GoalView.self, .post, "/api/speakup/goals", ["kind": "weeklyPractice"], expect: .created)
            #expect(goal.progress.current == 0 && goal.progress.target == 5 && goal.progress.status == .active && goal.progress.reachedAt == nil)
            app.clock.advance(by: 60)
            let take = try await SpeakUpRouteTests.record(tablet, wav: toneWAV(seconds: 40)).decoded(SpeakUpView.Take.self)
            let after = try await Self.habits(tablet)
            #expect(after.goals.map(\.id) == [goal.id] && after.goals[0].progress.current == 1)
            #expect(Self.unlocked(after) == [.firstTake, .cleanSpeech] && after.streak.current == 1)  // 60 words, no filler

            // One goal of a kind at a time; bad kinds and bodies are refused.
            try await tablet.expectError(.post, "/api/speakup/goals", ["kind": "weeklyPractice"], status: .conflict, code: "goal_active")
            try await tablet.expectError(.post, "/api/speakup/goals", ["kind": "fly"], status: .unprocessableContent, code: "invalid_field")
            _ = try await tablet.decoded(SpeakUpHabits.GoalView.self, .post, "/api/speakup/goals", ["kind": "practiceTime"], expect: .created)

            // Listening back wins Brave Listener, for the speaker's own take only.
            #expect(try await tablet.request(.post, "/api/speakup/takes/\(take.id)/listened").status == .noContent)
            #expect(Self.unlocked(try await Self.habits(tablet)).contains(.braveListener))
            try await tablet.expectError(.post, "/api/speakup/takes/nope/listened", status: .notFound, code: "not_found")
            let other = try await app.setUpFamily(email: "bo@example.org", family: "Bianchi")
            let bo = try await app.addChild(other, name: "Bo", grade: 8)
            _ = try await other.json(.post, "/api/kids/select", ["childId": bo], expect: .ok)
            try await other.expectError(.post, "/api/speakup/takes/\(take.id)/listened", status: .notFound, code: "not_found")
            try await other.expectError(.delete, "/api/speakup/goals/\(goal.id)", status: .notFound, code: "not_found")
            #expect(try await Self.habits(other).goals.isEmpty)

            // A goal given up is gone.
            #expect(try await tablet.request(.delete, "/api/speakup/goals/\(goal.id)").status == .noContent)
            try await tablet.expectError(.delete, "/api/speakup/goals/\(goal.id)", status: .notFound, code: "not_found")
            #expect(try await Self.habits(tablet).goals.map(\.kind) == [.practiceTime])
        }
    }

    @Test(arguments: TestDatabase.all)
    func showAndTellHasItsOwnAchievementsAndNoChallenge(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["speakup"]) { app in
            let (tablet, _) = try await SpeakUpRouteTests.speaker(app, grade: 2)
            let habits = try await Self.habits(tablet)
            #expect(habits.challenge == nil)
            let ids = habits.achievements.map(\.achievement.id)
            #expect(ids.contains(.fiveStars) && !ids.contains(.score80) && !ids.contains(.drillPassed))
            #expect(habits.achievements.first { $0.achievement.id == .wellRounded }?.achievement.target == 5)
            try await tablet.expectError(.get, "/api/speakup/habits?tz=Mars/Olympus", status: .unprocessableContent, code: "invalid_field")
        }
    }
}
