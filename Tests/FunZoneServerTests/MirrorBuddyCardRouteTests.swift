import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Storage
import Study
import TestSupport
import Testing
@testable import FunZoneServer

/// MirrorBuddy's flashcards on both databases: Mario keeps the cards the server suggests from his
/// science notes, writes one by hand, reviews them on FSRS's schedule (each button's interval shown
/// before he answers, the card back in minutes after "again" and in days after "good"), and sees each
/// card's history. A second answer from another device is stale; bad input and another family change nothing.
@Suite struct MirrorBuddyCardRouteTests {
    typealias NewMaterial = MirrorBuddyRouteTests.NewMaterial
    static let zone = MirrorBuddyRouteTests.zone

    struct Sides: Encodable { let front: String; let back: String; var source: String? = nil }
    struct NewCards: Encodable { var subjectId: String? = nil; var materialId: String? = nil; let cards: [Sides] }
    struct Answer: Encodable { let rating: String; let reps: Int }
    struct Retention: Encodable { let desiredRetention: Double }

    static func list(_ device: Browser, _ query: String = "") async throws -> MirrorBuddyCards.ListResponse {
        try await device.decoded(MirrorBuddyCards.ListResponse.self, .get, "/api/mirrorbuddy/cards?\(zone)\(query)")
    }

    static func session(_ device: Browser, _ query: String = "") async throws -> MirrorBuddyCards.SessionResponse {
        try await device.decoded(MirrorBuddyCards.SessionResponse.self, .get, "/api/mirrorbuddy/review?\(zone)\(query)")
    }

    static func answer(_ device: Browser, _ card: MirrorBuddyView.ReviewCardView, _ rating: String) async throws -> MirrorBuddyCards.ReviewResponse {
        try await device.decoded(MirrorBuddyCards.ReviewResponse.self, .post, "/api/mirrorbuddy/cards/\(card.card.id)/review?\(zone)",
                                 Answer(rating: rating, reps: card.card.reps))
    }

    @Test(arguments: TestDatabase.all)
    func suggestedAndHandMadeCardsAreReviewedOnTheirSchedule(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["mirrorbuddy"], openSignup: true) { app in
            let tablet = try await MirrorBuddyRouteTests.mario(app)
            let notes = try await tablet.decoded(MirrorBuddyView.MaterialView.self, .post, "/api/mirrorbuddy/materials",
                                                 NewMaterial(subjectId: "scienze-naturali", text: StudyNotes.italian), expect: .created)
            let suggested = try await tablet.decoded(MirrorBuddyCards.SuggestionsResponse.self, .post,
                                                     "/api/mirrorbuddy/materials/\(notes.id)/card-suggestions")
            #expect(suggested.suggestions.count == 5 && suggested.words > 50)
            #expect(suggested.suggestions.first?.front == "Che cos'è la fotosintesi clorofilliana?")
            #expect(try await Self.list(tablet).cards.isEmpty, "suggestions are not kept until chosen")

            // He keeps three suggestions (one edited) and writes one by hand.
            let kept = suggested.suggestions.prefix(3).enumerated().map { index, card in
                Sides(front: card.front, back: index == 2 ? "Il pigmento verde." : card.back, source: "suggested")
            }
            let added = try await tablet.decoded(MirrorBuddyCards.AddResponse.self, .post, "/api/mirrorbuddy/cards",
                                                 NewCards(materialId: notes.id, cards: kept), expect: .created)
            #expect(added.cards.count == 3 && added.cards.allSatisfy { $0.subjectId == "scienze-naturali" && $0.materialId == notes.id })
            #expect(added.cards.allSatisfy { $0.state == .new && $0.source == .suggested && $0.retrievability == nil })
            app.clock.advance(by: 1)
            let byHand = try await tablet.decoded(MirrorBuddyCards.AddResponse.self, .post, "/api/mirrorbuddy/cards",
                                                  NewCards(subjectId: "storia-geografia", cards: [Sides(front: "In che anno cadde la Bastiglia?", back: "1789")]),
                                                  expect: .created).cards[0]
            #expect(byHand.source == .hand && byHand.materialId == nil)
            let all = try await Self.list(tablet)
            #expect(all.cards.map(\.id) == [byHand.id] + added.cards.reversed().map(\.id) && all.due == 4, "newest first; new cards are due")
            #expect(try await Self.list(tablet, "&materialId=\(notes.id)").cards.count == 3)
            #expect(try await Self.list(tablet, "&subjectId=storia-geografia").cards.map(\.id) == [byHand.id])

            // A session: new cards oldest first, each button's interval shown before he answers.
            let xpBefore = try await MirrorBuddyRouteTests.me(tablet).progress.xp
            var session = try await Self.session(tablet)
            #expect(session.cards.map(\.card.id) == added.cards.map(\.id) + [byHand.id] && session.remaining == 0)
            let first = session.cards[0]
            #expect(first.previews.again == 60 && first.previews.hard == 330 && first.previews.good == 600, "FSRS-6's learning steps: 1 and 10 minutes")
            #expect(first.previews.easy >= 86_400, "easy leaves the steps at once")
            let again = try await Self.answer(tablet, first, "again")
            #expect(again.interval == 60 && again.card.card.state == .learning && again.card.card.reps == 1)
            #expect(again.xp == 2, "an honest 'again' earns as much as 'easy'")
            let good = try await Self.answer(tablet, session.cards[1], "good")
            #expect(good.interval == 600)
            let easy = try await Self.answer(tablet, session.cards[2], "easy")
            #expect(easy.card.card.state == .review && easy.interval >= 86_400 && easy.card.card.stability != nil)

            // The same answer again (a second tap, another device) is stale and changes nothing.
            try await tablet.expectError(.post, "/api/mirrorbuddy/cards/\(first.card.id)/review", Answer(rating: "good", reps: 0),
                                         status: .conflict, code: "review_stale")
            try await tablet.expectError(.post, "/api/mirrorbuddy/cards/\(first.card.id)/review", Answer(rating: "perfect", reps: 1),
                                         status: .unprocessableContent, code: "invalid_field")

            // Two minutes later the "again" card is due again; the "easy" one is not.
            app.clock.advance(by: 120)
            session = try await Self.session(tablet)
            #expect(session.cards.map(\.card.id) == [first.card.id, byHand.id])
            #expect(session.nextDue != nil)
            let relearnt = try await Self.answer(tablet, session.cards[0], "good")
            #expect(relearnt.interval == 600 && relearnt.card.card.reps == 2)

            // Its history: each answer with the memory it left.
            let detail = try await tablet.decoded(MirrorBuddyCards.CardResponse.self, .get, "/api/mirrorbuddy/cards/\(first.card.id)?\(Self.zone)")
            #expect(detail.history.map(\.rating) == ["again", "good"] && detail.history.map(\.state) == [.new, .learning])
            #expect(detail.history.map(\.interval) == [60, 600] && detail.history[0].retrievability == nil)
            #expect(detail.card.reps == 2 && detail.card.lastReview != nil)
            #expect(try await MirrorBuddyRouteTests.me(tablet).progress.xp == xpBefore + 6,
                    "three cards answered when due, 2 XP each; the card sent back earned its XP already today")

            // Edited and deleted; a deleted material leaves its cards.
            let edited = try await tablet.decoded(MirrorBuddyView.CardView.self, .patch, "/api/mirrorbuddy/cards/\(byHand.id)",
                                                  ["back": "Nel 1789, il 14 luglio."])
            #expect(edited.back == "Nel 1789, il 14 luglio." && edited.front == byHand.front)
            #expect(try await tablet.request(.delete, "/api/mirrorbuddy/materials/\(notes.id)").status == .noContent)
            #expect(try await Self.list(tablet).cards.filter { $0.materialId == nil }.count == 4)
            #expect(try await tablet.request(.delete, "/api/mirrorbuddy/cards/\(byHand.id)").status == .noContent)
            try await tablet.expectError(.get, "/api/mirrorbuddy/cards/\(byHand.id)", status: .notFound, code: "not_found")
            #expect(try await Self.list(tablet).cards.count == 3)
        }
    }

    @Test(arguments: TestDatabase.all)
    func aCardSentBackAgainAndAgainOrAnsweredBeforeItIsDueEarnsOnce(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["mirrorbuddy"], openSignup: true) { app in
            let tablet = try await MirrorBuddyRouteTests.mario(app)
            _ = try await tablet.decoded(MirrorBuddyCards.AddResponse.self, .post, "/api/mirrorbuddy/cards",
                                         NewCards(cards: [Sides(front: "7 × 8?", back: "56")]), expect: .created)
            var card = try await Self.session(tablet).cards[0]
            var earned: [Int] = []
            for _ in 0..<5 {
                let answer = try await Self.answer(tablet, card, "again")
                earned.append(answer.xp)
                app.clock.advance(by: 61)
                card = answer.card
            }
            #expect(earned == [2, 0, 0, 0, 0], "once a day")
            // Answered again long before it is due (the next day, "again" → back in a minute, then at once): nothing.
            app.clock.advance(by: 86_400)
            card = try await Self.session(tablet).cards[0]
            #expect(try await Self.answer(tablet, card, "easy").xp == 2, "due on a new day")
            let early = try await tablet.decoded(MirrorBuddyCards.CardResponse.self, .get, "/api/mirrorbuddy/cards/\(card.card.id)")
            #expect(early.card.due > app.clock.now)
            let answer = try await tablet.decoded(MirrorBuddyCards.ReviewResponse.self, .post, "/api/mirrorbuddy/cards/\(card.card.id)/review",
                                                  Answer(rating: "good", reps: early.card.reps))
            #expect(answer.xp == 0 && answer.card.card.reps == early.card.reps + 1, "answered, but not due yet: no XP")
        }
    }

    @Test(arguments: TestDatabase.all)
    func retentionIsTheStudentsChoiceWithinBounds(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["mirrorbuddy"], openSignup: true) { app in
            let tablet = try await MirrorBuddyRouteTests.mario(app)
            typealias Body = MirrorBuddyCards.SettingsBody
            #expect(try await tablet.decoded(Body.self, .get, "/api/mirrorbuddy/cards/settings").desiredRetention == 0.9)
            for bad in [0.79, 0.98, 1.5] {
                try await tablet.expectError(.put, "/api/mirrorbuddy/cards/settings", Retention(desiredRetention: bad),
                                             status: .unprocessableContent, code: "invalid_field")
            }
            #expect(try await tablet.decoded(Body.self, .get, "/api/mirrorbuddy/cards/settings").desiredRetention == 0.9)
            // A card learnt, then the "good" interval at 0.80 and at 0.97: higher retention, sooner back.
            let card = try await tablet.decoded(MirrorBuddyCards.AddResponse.self, .post, "/api/mirrorbuddy/cards",
                                                NewCards(cards: [Sides(front: "Capitale d'Italia?", back: "Roma")]), expect: .created).cards[0]
            var review = try await Self.session(tablet).cards[0]
            review = try await Self.answer(tablet, review, "easy").card
            app.clock.advance(by: review.card.due.timeIntervalSince(app.clock.now) + 86_400 * 3)
            var goods: [Double] = []
            for value in [0.8, 0.97] {
                #expect(try await tablet.decoded(Body.self, .put, "/api/mirrorbuddy/cards/settings", Retention(desiredRetention: value))
                    .desiredRetention == value)
                goods.append(try await Self.session(tablet).cards.first { $0.card.id == card.id }!.previews.good)
            }
            #expect(goods[1] < goods[0])
        }
    }

    @Test(arguments: TestDatabase.all)
    func badInputAndAnotherFamilyChangeNothing(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["mirrorbuddy"], openSignup: true) { app in
            let tablet = try await MirrorBuddyRouteTests.mario(app)
            let card = try await tablet.decoded(MirrorBuddyCards.AddResponse.self, .post, "/api/mirrorbuddy/cards",
                                                NewCards(cards: [Sides(front: "Che cos'è la linfa?", back: "Il liquido delle piante.")]),
                                                expect: .created).cards[0]
            let invalid = { (body: NewCards) in
                try await tablet.expectError(.post, "/api/mirrorbuddy/cards", body, status: .unprocessableContent, code: "invalid_field")
            }
            try await invalid(NewCards(cards: []))
            try await invalid(NewCards(cards: Array(repeating: Sides(front: "a", back: "b"), count: 51)))
            try await invalid(NewCards(cards: [Sides(front: "ok", back: "ok"), Sides(front: " ", back: "b")]))
            try await invalid(NewCards(cards: [Sides(front: String(repeating: "a", count: 1_001), back: "b")]))
            try await invalid(NewCards(cards: [Sides(front: "a", back: String(repeating: "b", count: 2_001))]))
            try await invalid(NewCards(subjectId: "nope", cards: [Sides(front: "a", back: "b")]))
            try await invalid(NewCards(materialId: "nope", cards: [Sides(front: "a", back: "b")]))
            try await tablet.expectError(.post, "/api/mirrorbuddy/cards", ["cards": [["front": "a", "back": "b", "source": "robot"]]],
                                         status: .unprocessableContent, code: "invalid_field")
            #expect(try await Self.list(tablet).cards.map(\.id) == [card.id], "a batch with one bad card adds none")
            try await tablet.expectError(.post, "/api/mirrorbuddy/materials/nope/card-suggestions", status: .notFound, code: "not_found")
            try await tablet.expectError(.post, "/api/mirrorbuddy/cards/nope/review", Answer(rating: "good", reps: 0), status: .notFound, code: "not_found")

            // Bo's family sees and touches nothing of Mario's.
            let other = try await MirrorBuddyRouteTests.stranger(app)
            #expect(try await Self.list(other).cards.isEmpty)
            #expect(try await Self.session(other).cards.isEmpty)
            try await other.expectError(.get, "/api/mirrorbuddy/cards/\(card.id)", status: .notFound, code: "not_found")
            try await other.expectError(.patch, "/api/mirrorbuddy/cards/\(card.id)", ["front": "mio"], status: .notFound, code: "not_found")
            try await other.expectError(.post, "/api/mirrorbuddy/cards/\(card.id)/review", Answer(rating: "easy", reps: 0),
                                        status: .notFound, code: "not_found")
            try await other.expectError(.delete, "/api/mirrorbuddy/cards/\(card.id)", status: .notFound, code: "not_found")
            let mine = try await Self.list(tablet).cards
            #expect(mine.count == 1 && mine[0].front == card.front && mine[0].reps == 0)
        }
    }
}
