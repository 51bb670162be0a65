import Foundation
import Testing
@testable import SpeechCoach

/// Family challenges: the bar a take sets (score, or Show & Tell's stars), a take measured in the
/// challenger's measure, the outcome, and which takes answer a challenge.
@Suite("family challenges")
struct FamilyChallengeTests {
    static let start = Date(timeIntervalSince1970: 1_773_565_200)

    static func analysis(overall: Int, delivery: Int = 90, duration: Double = 45, gated: Bool = false) throws -> TakeAnalysis {
        var analysis = try Script("we walked to the river and we saw a heron standing in the water").analyze(duration: duration)
        analysis.scores.overall = overall
        analysis.scores.zeroGated = gated
        analysis.scores.subscores = Subscores()
        for dimension in [Dimension.fillers, .pace, .pauses, .delivery, .vocalVariety] { analysis.scores.subscores[dimension] = delivery }
        return analysis
    }

    static func challenge(measure: FamilyChallenge.Measure = .score, target: Int = 70, beatenAt: Date? = nil) -> FamilyChallenge {
        FamilyChallenge(id: "c", fromChildId: "leo", toChildId: "ava", promptId: "storytelling-01", fromTakeId: "t", measure: measure,
                        target: target, createdAt: start, expiresAt: start.addingTimeInterval(FamilyChallenges.lifetime), beatenAt: beatenAt)
    }

    @Test("a coach's take sets its score; a Show & Tell take its stars; no prompt or no score, no bar")
    func bars() throws {
        let scored = try Self.analysis(overall: 72)
        #expect(try FamilyChallenges.bar(promptId: "p", analysis: scored, stars: nil) == (.score, 72))
        #expect(try FamilyChallenges.bar(promptId: "p", analysis: scored, stars: 4) == (.stars, 4))
        #expect(throws: FamilyChallenges.Refusal.noPrompt) { try FamilyChallenges.bar(promptId: nil, analysis: scored, stars: nil) }
        #expect(throws: FamilyChallenges.Refusal.notScored) {
            try FamilyChallenges.bar(promptId: "p", analysis: try Self.analysis(overall: 12, gated: true), stars: nil)
        }
        // A Show & Tell take always has its stars, even one the coach could not score.
        #expect(try FamilyChallenges.bar(promptId: "p", analysis: try Self.analysis(overall: 0, gated: true), stars: 1) == (.stars, 1))
    }

    @Test("a take in the challenger's measure: the score (0 unscored), its stars, or the stars Show & Tell would give a coach's take")
    func values() throws {
        #expect(FamilyChallenges.value(of: try Self.analysis(overall: 81), stars: nil, in: .score) == 81)
        #expect(FamilyChallenges.value(of: try Self.analysis(overall: 81, gated: true), stars: nil, in: .score) == 0)
        #expect(FamilyChallenges.value(of: try Self.analysis(overall: 40), stars: 2, in: .stars) == 2)
        // A parent answering a child's stars: delivery 90 is five stars, 55 three, a 20-second take at most three.
        #expect(FamilyChallenges.value(of: try Self.analysis(overall: 70, delivery: 90), stars: nil, in: .stars) == 5)
        #expect(FamilyChallenges.value(of: try Self.analysis(overall: 70, delivery: 55), stars: nil, in: .stars) == 3)
        #expect(FamilyChallenges.value(of: try Self.analysis(overall: 70, delivery: 90, duration: 20), stars: nil, in: .stars) == 3)
        // A child answering a coach's score is judged on the score their take has (the page shows no number).
        #expect(FamilyChallenges.value(of: try Self.analysis(overall: 66), stars: 4, in: .score) == 66)
    }

    @Test("more than the bar beats it; the same is a tie; less is not yet", arguments: [(71, ChallengeOutcome.beaten), (70, .tied), (69, .notYet), (0, .notYet)])
    func outcomes(value: Int, outcome: ChallengeOutcome) {
        #expect(FamilyChallenges.outcome(value, against: 70) == outcome)
    }

    @Test("a take answers when it is the challenged speaker's, on the prompt, while the challenge is open")
    func answering() {
        let open = Self.challenge()
        let later = Self.start.addingTimeInterval(3_600)
        #expect(FamilyChallenges.answers(open, childId: "ava", promptId: "storytelling-01", at: later))
        #expect(!FamilyChallenges.answers(open, childId: "leo", promptId: "storytelling-01", at: later), "the challenger's own takes")
        #expect(!FamilyChallenges.answers(open, childId: "ava", promptId: "storytelling-02", at: later), "another prompt")
        #expect(!FamilyChallenges.answers(open, childId: "ava", promptId: nil, at: later), "free practice")
        #expect(!FamilyChallenges.answers(open, childId: "ava", promptId: "storytelling-01", at: Self.start.addingTimeInterval(-1)), "before it was sent")
        #expect(!FamilyChallenges.answers(open, childId: "ava", promptId: "storytelling-01", at: open.expiresAt), "expired")
        #expect(!FamilyChallenges.answers(Self.challenge(beatenAt: later), childId: "ava", promptId: "storytelling-01", at: later.addingTimeInterval(60)),
                "already beaten")
    }

    @Test("open, beaten or expired")
    func status() {
        #expect(Self.challenge().status(at: Self.start) == .open)
        #expect(Self.challenge().status(at: Self.start.addingTimeInterval(FamilyChallenges.lifetime)) == .expired)
        #expect(Self.challenge(beatenAt: Self.start).status(at: Self.start.addingTimeInterval(FamilyChallenges.lifetime * 2)) == .beaten)
    }
}
