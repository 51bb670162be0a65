import Foundation
import Study
import Testing

/// Flashcards' rules: sides cleaned and bounded, the retention a student may choose, the review
/// session's order, and counts kept by each answer (the schedule itself is FSRSTests').
@Suite struct FlashcardTests {
    static let made = Date(timeIntervalSince1970: 1_800_000_000)

    static func card(_ id: String, at: Date = made) -> Flashcard {
        Flashcard(id: id, subjectId: "scienze", materialId: nil, front: "Che cos'è la clorofilla?", back: "Il pigmento verde.", source: .hand, createdAt: at)
    }

    @Test func sidesAreCleanedAndBounded() throws {
        #expect(try Flashcards.cleanFront("  Che cos'è\u{0007} la linfa?\n\n\n\nDimmi  ") == "Che cos'è la linfa?\n\nDimmi")
        #expect(try Flashcards.cleanFront("e\u{301}") == "é", "NFC")
        #expect(throws: FlashcardRuleError.emptyFront) { try Flashcards.cleanFront(" \n\t") }
        #expect(throws: FlashcardRuleError.emptyBack) { try Flashcards.cleanBack("") }
        #expect(throws: FlashcardRuleError.frontTooLong) { try Flashcards.cleanFront(String(repeating: "a", count: 1_001)) }
        #expect(try Flashcards.cleanFront(String(repeating: "a", count: 1_000)).count == 1_000)
        #expect(throws: FlashcardRuleError.backTooLong) { try Flashcards.cleanBack(String(repeating: "b", count: 2_001)) }
    }

    @Test func retentionIsAChoiceFrom80To97Percent() throws {
        for value in [0.8, 0.9, 0.97] { try Flashcards.checkRetention(value) }
        for value in [0.79, 0.98, 1, .nan, .infinity] {
            #expect(throws: FlashcardRuleError.self) { try Flashcards.checkRetention(value) }
        }
        #expect(try Flashcards.scheduler(retention: 0.5).desiredRetention == 0.8, "a stored value out of range is held to it")
        #expect(try Flashcards.scheduler(retention: .nan).desiredRetention == Flashcards.defaultRetention)
        // Higher retention: a card comes back sooner.
        let card = Self.card("c").answered(.good, at: Self.made, scheduler: try Flashcards.scheduler(retention: 0.9)).memory
        let later = Self.made.addingTimeInterval(86_400)
        let loose = try FSRSScheduler(desiredRetention: 0.8, fuzzing: false).previews(card, at: later)[.good]!
        let strict = try FSRSScheduler(desiredRetention: 0.97, fuzzing: false).previews(card, at: later)[.good]!
        #expect(strict < loose)
    }

    @Test func eachAnswerCountsAndAForgottenReviewCardIsALapse() throws {
        let scheduler = try FSRSScheduler(fuzzing: false)
        var card = Self.card("c")
        #expect(card.stage == .new && card.memory.due == Self.made)
        card = card.answered(.good, at: Self.made, scheduler: scheduler)
        #expect(card.stage == .learning && card.reps == 1 && card.lapses == 0)
        card = card.answered(.good, at: card.memory.due, scheduler: scheduler)
        #expect(card.stage == .review && card.reps == 2)
        card = card.answered(.again, at: card.memory.due, scheduler: scheduler)
        #expect(card.stage == .relearning && card.lapses == 1, "forgotten in Review")
        card = card.answered(.again, at: card.memory.due, scheduler: scheduler)
        #expect(card.lapses == 1, "forgetting again while relearning is not another lapse")
    }

    @Test func aSessionTakesTheLongestOverdueThenNewCardsUpTo20() throws {
        let scheduler = try FSRSScheduler(fuzzing: false)
        let now = Self.made.addingTimeInterval(30 * 86_400)
        var cards: [Flashcard] = []
        for index in 0..<15 {  // reviewed, due on different days
            var card = Self.card("seen\(index)").answered(.easy, at: Self.made, scheduler: scheduler)
            card.memory.due = Self.made.addingTimeInterval(Double(index) * 3_600)
            cards.append(card)
        }
        for index in 0..<10 { cards.append(Self.card("new\(index)", at: Self.made.addingTimeInterval(Double(10 - index)))) }
        var notYet = Self.card("later").answered(.easy, at: now, scheduler: scheduler)
        notYet.memory.due = now.addingTimeInterval(60)
        cards.append(notYet)
        let (session, remaining) = Flashcards.session(cards.shuffled(), now: now)
        #expect(session.count == 20 && remaining == 5)
        #expect(session.prefix(15).map(\.id) == (0..<15).map { "seen\($0)" }, "the longest overdue first")
        #expect(session.suffix(5).map(\.id) == ["new9", "new8", "new7", "new6", "new5"], "then new cards, oldest first")
        #expect(!session.contains { $0.id == "later" })
        #expect(Flashcards.session([], now: now).cards.isEmpty)
    }
}
