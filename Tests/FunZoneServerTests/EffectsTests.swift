import Foundation
import Synchronization
import Testing
@testable import FunZoneServer

/// The effects the server takes from outside: ids and randomness are injected, so tests decide them.
@Suite struct EffectsTests {
    @Test func countingIdsAreUniqueEvenWhenMadeConcurrently() async {
        let ids = IDGenerator.counting(prefix: "t")
        let made = await withTaskGroup(of: String.self) { group in
            for _ in 0..<500 { group.addTask { ids.next() } }
            return await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(Set(made).count == 500)
        #expect(Set(made) == Set((1...500).map { "t-\($0)" }))
    }

    @Test func seededRandomnessRepeatsForItsSeedOnly() {
        let first = Randomness.seeded(7), again = Randomness.seeded(7), other = Randomness.seeded(8)
        let a = (0..<5).map { _ in first.next() }
        #expect(a == (0..<5).map { _ in again.next() })
        #expect(a != (0..<5).map { _ in other.next() })
    }

    @Test(arguments: TestDatabase.all)
    func routesMakeTheirIdsAndGateQuestionsFromTheInjectedEffects(_ db: TestDatabase) async throws {
        let questions = Mutex<[String]>([])
        for _ in 0..<2 {
            try await TestApp.run(db) { app in
                let parent = try await app.setUpFamily()
                let child = try await app.addChild(parent)
                #expect(child.hasPrefix("id-"))  // TestApp counts its ids
                let question = try await parent.decoded(ParentGateController.ChallengeResponse.self, .post, "/api/gate/challenge", expect: .created)
                let asked = "\(question.left)×\(question.right)"
                questions.withLock { $0.append(asked) }
            }
        }
        let asked = questions.withLock { $0 }
        #expect(asked.count == 2 && asked[0] == asked[1])  // the same seed asks the same question
    }
}
