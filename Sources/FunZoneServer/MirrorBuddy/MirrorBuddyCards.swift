import Foundation
import Hummingbird
import Storage
import Study

/// The student's flashcards: written by hand or kept from the server's suggestions for a material,
/// edited, deleted, and reviewed on FSRS's schedule (`Study.FSRSScheduler` at the retention the
/// student chose), each answer kept as the card's history.
struct MirrorBuddyCards {
    let services: Services

    func addRoutes(to kid: AccessGroup<Kid>) {
        kid.get("cards", use: list)
        kid.post("cards", use: add)
        kid.get("cards/settings", use: settings)
        kid.put("cards/settings", use: saveSettings)
        kid.get("cards/:cardId", use: card)
        kid.patch("cards/:cardId", use: update)
        kid.delete("cards/:cardId", use: delete)
        kid.post("cards/:cardId/review", use: review)
        kid.get("review", use: session)
        kid.post("materials/:materialId/card-suggestions", use: suggestions)
    }

    struct ListResponse: Codable {
        let cards: [MirrorBuddyView.CardView]
        /// How many of them are due now.
        let due: Int
    }

    @Sendable func list(_ request: Request, caller: Kid) async throws -> Reply<ListResponse> {
        let (subjectId, materialId) = Self.filters(request)
        let now = services.clock.now()
        let scheduler = try await scheduler(for: caller)
        let cards = try await services.mirrorBuddy.cards(childId: caller.child.id, in: caller.session.scope, subjectId: subjectId, materialId: materialId)
        return Reply(ListResponse(cards: cards.map { MirrorBuddyView.CardView($0, now: now, scheduler: scheduler) },
                                  due: cards.filter { $0.memory.due <= now }.count))
    }

    struct CardSides: Codable {
        let front: String
        let back: String
        let source: Flashcard.Source?
    }

    struct AddRequest: Codable {
        let subjectId: String?
        let materialId: String?
        let cards: [CardSides]
    }

    struct AddResponse: Codable { let cards: [MirrorBuddyView.CardView] }

    /// One card or a batch (the suggestions the student kept), all or none.
    @Sendable func add(_ request: Request, caller: Kid) async throws -> Reply<AddResponse> {
        let body = try await request.decodeJSON(AddRequest.self, context: caller.context, limit: 256 * 1024)
        guard (1...Flashcards.batchLimit).contains(body.cards.count) else {
            throw APIError.invalid("cards", "Send 1 to \(Flashcards.batchLimit) cards at a time.")
        }
        let (child, scope, now) = (caller.child, caller.session.scope, services.clock.now())
        var subjectId = try await MirrorBuddySubjects.existing(body.subjectId.map { String($0.prefix(80)) }, caller: caller, services: services)
        var materialId: String? = nil
        if let id = body.materialId {
            guard let material = try await services.mirrorBuddy.summary(id: String(id.prefix(80)), childId: child.id, in: scope) else {
                throw APIError.invalid("materialId", "There is no material with that id.")
            }
            materialId = material.id
            if body.subjectId == nil { subjectId = material.subjectId }
        }
        // A millisecond apart, so a batch is reviewed in the order it was sent (new cards go oldest first).
        let cards = try body.cards.enumerated().map { index, sides in
            Flashcard(id: services.ids.next(), subjectId: subjectId, materialId: materialId, front: try Flashcards.cleanFront(sides.front),
                      back: try Flashcards.cleanBack(sides.back), source: sides.source ?? .hand,
                      createdAt: now.addingTimeInterval(Double(index) / 1_000), memory: FSRSCard(due: now))
        }
        do {
            try await services.mirrorBuddy.addCards(cards, childId: child.id, in: scope)
        } catch StorageError.limitReached {
            throw APIError(.studyFull, "A student can keep at most \(Flashcards.limit) flashcards. Delete some first.")
        }
        let scheduler = try await scheduler(for: caller)
        return Reply(AddResponse(cards: cards.map { MirrorBuddyView.CardView($0, now: now, scheduler: scheduler) }), status: .created)
    }

    struct CardResponse: Codable {
        let card: MirrorBuddyView.CardView
        let history: [MirrorBuddyView.ReviewView]
    }

    @Sendable func card(_ request: Request, caller: Kid) async throws -> Reply<CardResponse> {
        let card = try await existing(request, caller: caller)
        let history = try await services.mirrorBuddy.cardHistory(id: card.id, childId: caller.child.id, in: caller.session.scope)
        return Reply(CardResponse(card: MirrorBuddyView.CardView(card, now: services.clock.now(), scheduler: try await scheduler(for: caller)),
                                  history: history.map(MirrorBuddyView.ReviewView.init)))
    }

    /// A card's sides or subject; a field left out stays, `subjectId: null` unfiles it.
    struct UpdateRequest: Decodable {
        let front: String?
        let back: String?
        let subjectId: String??

        enum CodingKeys: String, CodingKey { case front, back, subjectId }
        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            front = try c.decodeIfPresent(String.self, forKey: .front)
            back = try c.decodeIfPresent(String.self, forKey: .back)
            subjectId = c.contains(.subjectId) ? .some(try c.decodeNil(forKey: .subjectId) ? nil : try c.decode(String.self, forKey: .subjectId)) : .none
        }
    }

    @Sendable func update(_ request: Request, caller: Kid) async throws -> Reply<MirrorBuddyView.CardView> {
        let body = try await request.decodeJSON(UpdateRequest.self, context: caller.context, limit: 16 * 1024)
        var card = try await existing(request, caller: caller)
        if let front = body.front { card.front = try Flashcards.cleanFront(front) }
        if let back = body.back { card.back = try Flashcards.cleanBack(back) }
        if let subjectId = body.subjectId {
            card.subjectId = try await MirrorBuddySubjects.existing(subjectId.map { String($0.prefix(80)) }, caller: caller, services: services)
        }
        guard try await services.mirrorBuddy.updateCard(card, childId: caller.child.id, in: caller.session.scope) else { throw APIError.notFound("card") }
        return Reply(MirrorBuddyView.CardView(card, now: services.clock.now(), scheduler: try await scheduler(for: caller)))
    }

    @Sendable func delete(_ request: Request, caller: Kid) async throws -> Response {
        let id = String(try caller.context.parameters.require("cardId").prefix(80))
        guard try await services.mirrorBuddy.deleteCard(id: id, childId: caller.child.id, in: caller.session.scope) else { throw APIError.notFound("card") }
        return Response(status: .noContent)
    }

    // MARK: - Reviewing

    struct SessionResponse: Codable {
        let cards: [MirrorBuddyView.ReviewCardView]
        /// Cards due now beyond this session's.
        let remaining: Int
        /// When the first card not due yet comes back.
        let nextDue: Date?
    }

    /// Up to 20 cards due now: the longest overdue first, then new ones, each with what each answer would give.
    @Sendable func session(_ request: Request, caller: Kid) async throws -> Reply<SessionResponse> {
        let (subjectId, materialId) = Self.filters(request)
        let now = services.clock.now()
        let scheduler = try await scheduler(for: caller)
        let (due, nextDue) = try await services.mirrorBuddy.dueCards(childId: caller.child.id, in: caller.session.scope, now: now,
                                                                    subjectId: subjectId, materialId: materialId)
        let (chosen, remaining) = Flashcards.session(due, now: now)
        return Reply(SessionResponse(cards: chosen.map { MirrorBuddyView.ReviewCardView($0, now: now, scheduler: scheduler) }, remaining: remaining,
                                     nextDue: nextDue))
    }

    struct ReviewRequest: Codable {
        let rating: String
        /// The card's review count as the page showed it (a second answer from another device is stale).
        let reps: Int
    }

    struct ReviewResponse: Codable {
        let card: MirrorBuddyView.ReviewCardView
        /// Seconds until the card is due again.
        let interval: Double
        let xp: Int
        let progress: MirrorBuddyView.Progress
    }

    @Sendable func review(_ request: Request, caller: Kid) async throws -> Reply<ReviewResponse> {
        let body = try await request.decodeJSON(ReviewRequest.self, context: caller.context, limit: 1024)
        guard let rating = MirrorBuddyView.rating(body.rating) else {
            throw APIError.invalid("rating", "rating must be one of again, hard, good, easy.")
        }
        let id = String(try caller.context.parameters.require("cardId").prefix(80))
        // The moment as stored (whole milliseconds), so the answer's days since the last review are
        // the ones the next answer will read.
        let now = Date(millis: services.clock.now().millis)
        let (child, scope) = (caller.child, caller.session.scope)
        let days = try MirrorBuddyView.days(request.uri.queryParameters.get("tz"), now: now)
        let scheduler = try await scheduler(for: caller)
        let random = services.random
        var outcome = CardReviewOutcome.notFound
        let earned = try await MirrorBuddyController.earning(caller: caller, days: days, services: services) {
            outcome = try await services.mirrorBuddy.reviewCard(
                id: id, childId: child.id, in: scope, seenReps: body.reps, reviewId: services.ids.next(), at: now, rating: rating,
                answer: { $0.answered(rating, at: now, scheduler: scheduler, random: { random.unitInterval() }) },
                retrievability: { $0.memory.lastReview == nil ? nil : scheduler.retrievability(of: $0.memory, at: now) })
        }
        switch outcome {
        case .notFound: throw APIError.notFound("card")
        case .stale(let card):
            throw APIError(.reviewStale, "This card was answered meanwhile (on another device?): it now has \(card.reps) review(s).")
        case .reviewed(let card):
            return Reply(ReviewResponse(card: MirrorBuddyView.ReviewCardView(card, now: now, scheduler: scheduler),
                                        interval: card.memory.due.timeIntervalSince(now), xp: earned.xp, progress: earned.progress))
        }
    }

    // MARK: - Suggestions and settings

    struct SuggestionsResponse: Codable {
        let suggestions: [CardSuggestion]
        let words: Int
    }

    /// Cards from a material's text, not stored: the student keeps the ones they want.
    @Sendable func suggestions(_ request: Request, caller: Kid) async throws -> Reply<SuggestionsResponse> {
        let id = String(try caller.context.parameters.require("materialId").prefix(80))
        guard let material = try await services.mirrorBuddy.material(id: id, childId: caller.child.id, in: caller.session.scope) else {
            throw APIError.notFound("material")
        }
        let text = material.text
        // Not the cards the student already has (the panel opened a second time).
        let kept = Set(try await services.mirrorBuddy.cards(childId: caller.child.id, in: caller.session.scope).map { $0.front.lowercased() })
        let suggestions = CardSuggestions.suggest(from: text, language: material.language).filter { !kept.contains($0.front.lowercased()) }
        return Reply(SuggestionsResponse(suggestions: suggestions, words: ReadingText.words(text).count))
    }

    struct SettingsBody: Codable { let desiredRetention: Double }

    @Sendable func settings(_ request: Request, caller: Kid) async throws -> Reply<SettingsBody> {
        Reply(SettingsBody(desiredRetention: try await retention(for: caller)))
    }

    @Sendable func saveSettings(_ request: Request, caller: Kid) async throws -> Reply<SettingsBody> {
        let body = try await request.decodeJSON(SettingsBody.self, context: caller.context, limit: 256)
        try Flashcards.checkRetention(body.desiredRetention)
        try await services.mirrorBuddy.saveDesiredRetention(body.desiredRetention, childId: caller.child.id, in: caller.session.scope,
                                                            now: services.clock.now())
        return Reply(body)
    }

    // MARK: - Helpers

    func retention(for caller: Kid) async throws -> Double {
        try await services.mirrorBuddy.desiredRetention(childId: caller.child.id, in: caller.session.scope) ?? Flashcards.defaultRetention
    }

    func scheduler(for caller: Kid) async throws -> FSRSScheduler {
        try Flashcards.scheduler(retention: try await retention(for: caller))
    }

    func existing(_ request: Request, caller: Kid) async throws -> Flashcard {
        let id = String(try caller.context.parameters.require("cardId").prefix(80))
        guard let card = try await services.mirrorBuddy.card(id: id, childId: caller.child.id, in: caller.session.scope) else {
            throw APIError.notFound("card")
        }
        return card
    }

    static func filters(_ request: Request) -> (subjectId: String?, materialId: String?) {
        let query = request.uri.queryParameters
        let value = { (name: String) in query.get(name).flatMap { $0.isEmpty ? nil : String($0.prefix(80)) } }
        return (value("subjectId"), value("materialId"))
    }
}
