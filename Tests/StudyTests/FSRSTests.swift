import Foundation
import Testing
@testable import Study

/// FSRS-6 against the answers py-fsrs 6 gave (Fixtures/fsrs-vectors.json, made by
/// Fixtures/fsrs-vectors.py): the card after every review — state, step, stability, difficulty, due —
/// and the retrievability before it, for mirrorbuddy.md §4.3's two sequences, random walks under
/// several schedulers, and fuzzed intervals drawn from the same random numbers.
@Suite struct FSRSTests {
    struct Vectors: Decodable {
        let generator: String
        let cases: [Case]
    }

    struct Case: Decodable {
        struct Scheduler: Decodable {
            let parameters: [Double]
            let desiredRetention: Double
            let learningSteps: [Double]
            let relearningSteps: [Double]
            let maximumInterval: Int
            let fuzzing: Bool
        }
        struct Review: Decodable {
            struct Card: Decodable {
                let state: Int
                let step: Int?
                let stability: Double
                let difficulty: Double
                let due: Double
                let lastReview: Double
            }
            let at: Double
            let rating: Int
            let retrievabilityBefore: Double
            let card: Card
        }
        let name: String
        let scheduler: Scheduler
        let start: Double
        let reviews: [Review]
        let random: [Double]?
    }

    static let vectors: Vectors = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/fsrs-vectors.json")
        return try! JSONDecoder().decode(Vectors.self, from: Data(contentsOf: url))
    }()

    /// The same number to the last bit: the same operations in the same order as py-fsrs.
    static func close(_ a: Double, _ b: Double) -> Bool { a == b }

    @Test(arguments: vectors.cases.map(\.name))
    func everyReviewMatchesPyFSRS(_ name: String) throws {
        let vector = try #require(Self.vectors.cases.first { $0.name == name })
        let settings = vector.scheduler
        let scheduler = try FSRSScheduler(parameters: settings.parameters, desiredRetention: settings.desiredRetention,
                                          learningSteps: settings.learningSteps, relearningSteps: settings.relearningSteps,
                                          maximumInterval: settings.maximumInterval, fuzzing: settings.fuzzing)
        var numbers = vector.random ?? []
        var card = FSRSCard(due: Date(timeIntervalSince1970: vector.start))
        for (index, review) in vector.reviews.enumerated() {
            let at = Date(timeIntervalSince1970: review.at)
            #expect(Self.close(scheduler.retrievability(of: card, at: at), review.retrievabilityBefore), "\(name) #\(index) R")
            card = scheduler.review(card, try #require(FSRSRating(rawValue: review.rating)), at: at, random: { numbers.removeFirst() })
            let want = review.card
            #expect(card.state.rawValue == want.state && card.step == want.step, "\(name) #\(index) state \(card.state) \(String(describing: card.step))")
            #expect(Self.close(try #require(card.stability), want.stability), "\(name) #\(index) S \(card.stability ?? 0) ≠ \(want.stability)")
            #expect(Self.close(try #require(card.difficulty), want.difficulty), "\(name) #\(index) D \(card.difficulty ?? 0) ≠ \(want.difficulty)")
            #expect(abs(card.due.timeIntervalSince1970 - want.due) < 0.001, "\(name) #\(index) due")
            #expect(card.lastReview?.timeIntervalSince1970 == want.lastReview)
        }
        #expect(numbers.isEmpty, "every random number py-fsrs drew was drawn")
    }

    @Test func theSequencesOfTheReferenceGiveItsIntervalsAndMemory() throws {
        let scheduler = try FSRSScheduler(fuzzing: false)
        var card = FSRSCard(due: Date(timeIntervalSince1970: 1_669_725_000))
        var intervals: [Int] = []
        for rating in [FSRSRating](repeating: .good, count: 6) + [.again, .again] + [FSRSRating](repeating: .good, count: 5) {
            let at = card.due
            card = scheduler.review(card, rating, at: at)
            intervals.append(Int((card.due.timeIntervalSince(at) / 86_400).rounded()))
        }
        #expect(intervals == [0, 2, 11, 46, 163, 498, 0, 0, 2, 4, 7, 12, 21])

        var b = FSRSCard(due: Date(timeIntervalSince1970: 1_669_725_000))
        var at = b.due
        for (rating, gap) in zip([FSRSRating.again, .good, .good, .good, .good, .good], [0.0, 0, 1, 3, 8, 21]) {
            at = at.addingTimeInterval(gap * 86_400)
            b = scheduler.review(b, rating, at: at)
        }
        #expect(abs((b.stability ?? 0) - 53.62691) < 1e-4 && abs((b.difficulty ?? 0) - 6.3574867) < 1e-4)
    }

    @Test func stepsAndPreviewsForANewCard() throws {
        let scheduler = try FSRSScheduler()
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let previews = scheduler.previews(FSRSCard(due: now), at: now)
        #expect(previews[.again] == 60 && previews[.hard] == 330 && previews[.good] == 600 && previews[.easy] == 8 * 86_400)
        #expect(scheduler.fuzzing, "previews leave the scheduler's fuzzing as it was")
    }

    @Test func badSettingsAreRefused() {
        #expect(throws: FSRSError.parameterCount(3)) { try FSRSScheduler(parameters: [1, 2, 3]) }
        var parameters = FSRSScheduler.defaultParameters
        parameters[4] = 11
        #expect(throws: FSRSError.parameterOutOfBounds(index: 4, value: 11)) { try FSRSScheduler(parameters: parameters) }
        #expect(throws: FSRSError.retention(1)) { try FSRSScheduler(desiredRetention: 1) }
        #expect(throws: FSRSError.maximumInterval(0)) { try FSRSScheduler(maximumInterval: 0) }
        #expect(throws: FSRSError.steps) { try FSRSScheduler(learningSteps: [0]) }
    }

    @Test func retrievabilityIsZeroBeforeTheFirstReviewAndNinetyPercentAfterOneStability() throws {
        let scheduler = try FSRSScheduler()
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(scheduler.retrievability(of: FSRSCard(due: start), at: start) == 0)
        let card = FSRSCard(due: start, state: .review, step: nil, stability: 10, difficulty: 5, lastReview: start)
        #expect(abs(scheduler.retrievability(of: card, at: start.addingTimeInterval(10 * 86_400)) - 0.9) < 1e-12)
        // Whole days only: 9 days and 23 hours is 9 days.
        #expect(scheduler.retrievability(of: card, at: start.addingTimeInterval(10 * 86_400 - 3_600))
                == scheduler.retrievability(of: card, at: start.addingTimeInterval(9 * 86_400)))
    }
}
