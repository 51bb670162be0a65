import Foundation
import Testing
@testable import Hub

@Suite struct ParentGateTests {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func questionsAreMultiplicationsOfSixToTwelveByFourToNine() throws {
        var generator = SeededGenerator(seed: 7)
        var lefts = Set<Int>(), rights = Set<Int>()
        for _ in 0..<2000 {
            let challenge = try ParentGate.challenge(state: .init(), now: t0, using: &generator)
            lefts.insert(challenge.left)
            rights.insert(challenge.right)
            #expect(challenge.question == "What is \(challenge.left) × \(challenge.right)?")
            #expect(challenge.answer == challenge.left * challenge.right)
        }
        #expect(lefts == Set(6...12))
        #expect(rights == Set(4...9))
    }

    @Test func theRightAnswerPassesAndClearsFailures() throws {
        let challenge = ParentGate.Challenge(left: 7, right: 8, issuedAt: t0)
        let (outcome, state) = try ParentGate.answer(56, to: challenge, state: .init(failures: 2), now: t0 + 10)
        #expect(outcome == .passed)
        #expect(state == .init())
    }

    @Test func threeWrongAnswersLockForAMinute() throws {
        var state = ParentGate.State()
        var outcomes: [ParentGate.Outcome] = []
        for attempt in 0..<3 {
            let challenge = ParentGate.Challenge(left: 6, right: 4, issuedAt: t0 + Double(attempt))
            let (outcome, next) = try ParentGate.answer(23, to: challenge, state: state, now: t0 + Double(attempt))
            outcomes.append(outcome)
            state = next
        }
        #expect(outcomes == [.wrong(attemptsLeft: 2), .wrong(attemptsLeft: 1), .locked(until: t0 + 2 + 60)])
        var generator = SeededGenerator(seed: 1)
        #expect(throws: HubError.gateLocked(until: t0 + 62)) { try ParentGate.challenge(state: state, now: t0 + 61.9, using: &generator) }
        // Even the right answer is refused while locked.
        let challenge = ParentGate.Challenge(left: 6, right: 4, issuedAt: t0 + 30)
        #expect(throws: HubError.gateLocked(until: t0 + 62)) { try ParentGate.answer(24, to: challenge, state: state, now: t0 + 31) }
        // After the minute the gate asks again, with a fresh count.
        let fresh = try ParentGate.challenge(state: state, now: t0 + 62, using: &generator)
        let (outcome, _) = try ParentGate.answer(fresh.answer, to: fresh, state: state, now: t0 + 63)
        #expect(outcome == .passed)
        #expect(!state.isLocked(at: t0 + 62))
        #expect(state.isLocked(at: t0 + 61))
    }

    @Test func expiredQuestionsAreRefused() {
        let challenge = ParentGate.Challenge(left: 9, right: 9, issuedAt: t0)
        #expect(throws: HubError.gateChallengeExpired) { try ParentGate.answer(81, to: challenge, state: .init(), now: t0 + 301) }
        #expect((try? ParentGate.answer(81, to: challenge, state: .init(), now: t0 + 300))?.0 == .passed)
    }
}

@Suite struct ParentAccessTests {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    @Test(arguments: [(nil, false), (0.0, true), (899.0, true), (900.0, false), (-5.0, false)] as [(Double?, Bool)])
    func parentAreaClosesAfterFifteenIdleMinutes(idle: Double?, open: Bool) {
        let last = idle.map { t0.addingTimeInterval(-$0) }
        #expect(ParentAccess.isUnlocked(lastActivity: last, now: t0) == open)
    }

    @Test func gatePassesLastFiveMinutes() {
        #expect(ParentAccess.isGatePassValid(passedAt: t0, now: t0 + 299))
        #expect(!ParentAccess.isGatePassValid(passedAt: t0, now: t0 + 300))
        #expect(!ParentAccess.isGatePassValid(passedAt: nil, now: t0))
    }
}

@Suite struct RateLimitTests {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func retryAfterOnlyOnceTheLimitIsReachedInTheCurrentWindow() {
        let limit = RateLimit(limit: 5, window: 900)
        #expect(limit.retryAfter(count: 4, windowStart: t0, now: t0 + 10) == nil)
        #expect(limit.retryAfter(count: 5, windowStart: t0, now: t0 + 10) == 890)
        #expect(limit.retryAfter(count: 50, windowStart: t0, now: t0 + 900) == nil)
        #expect(limit.retryAfter(count: 6, windowStart: t0, now: t0 + 899.5) == 1)
    }
}

@Suite struct InviteCodeTests {
    @Test func codesAreTenUnambiguousCharactersInTwoGroups() throws {
        var generator = SeededGenerator(seed: 3)
        for _ in 0..<200 {
            let code = InviteCode.make(using: &generator)
            #expect(code.count == 11)
            #expect(Array(code)[5] == "-")
            #expect(try InviteCode.normalized(code).count == 10)
            #expect(!code.contains { "01ILO".contains($0) })
        }
    }

    @Test(arguments: [("abcde-fghjk", "ABCDEFGHJK"), (" ABCDE FGHJK ", "ABCDEFGHJK"), ("abcdefghjk", "ABCDEFGHJK")])
    func normalises(raw: String, expected: String) throws {
        #expect(try InviteCode.normalized(raw) == expected)
    }

    @Test(arguments: ["", "ABCDE", "ABCDE-FGHJK-2", "ABCDE-FGHI0", "ÀBCDE-FGHJK"])
    func rejects(raw: String) {
        #expect(throws: HubError.invalidInviteCode) { try InviteCode.normalized(raw) }
    }
}

@Suite struct StoreTests {
    @Test func removeAdsIsANinetyNineCentNonConsumable() throws {
        let product = try Store.product(id: "remove_ads")
        #expect(product.displayPrice == "$0.99")
        #expect(product.kind == .nonConsumable)
        #expect(throws: HubError.unknownProduct("gems")) { try Store.product(id: "gems") }
        #expect(Entitlements(owned: ["remove_ads"]).adsRemoved)
        #expect(!Entitlements().adsRemoved)
    }
}
