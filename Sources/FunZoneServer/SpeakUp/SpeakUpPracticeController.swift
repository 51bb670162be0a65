import Foundation
import Hub
import Hummingbird
import SpeechCoach
import Storage

/// SpeakUp's practice between talks: the warm-ups, calm exercises and drills (the same catalogue for
/// every speaker), and what the speaker has done of them, kept so that History and the curriculum
/// can count it.
struct SpeakUpPracticeController {
    let services: Services

    /// Practice records a profile may add in an hour (a warm-up lasts at least 25 s).
    static let recordsPerHour = RateLimit(limit: 120, window: 3_600)

    func addRoutes(to kid: AccessGroup<Kid>) {
        kid.get("exercises", use: exercises)
        kid.get("practice", use: list)
        kid.post("practice", use: add)
        SpeakUpDrills(services: services).addRoutes(to: kid)
        SpeakUpReadAloud(services: services).addRoutes(to: kid)
    }

    struct ExercisesResponse: Codable {
        let warmUps: [WarmUp]
        let calm: [CalmExercise]
        let drills: [Drill]
        /// Impromptu Sprint's topics (the page picks one and sends its index).
        let topics: [String]
        let passages: [ReadAloudPassage]
    }

    @Sendable func exercises(_ request: Request, caller: Kid) async throws -> Reply<ExercisesResponse> {
        Reply(ExercisesResponse(warmUps: PracticeCatalogue.warmUps, calm: PracticeCatalogue.calm, drills: Drills.all, topics: Drills.topics,
                                passages: ReadAloud.passages))
    }

    struct Item: Codable {
        let id: String
        let kind: PracticeKind
        let itemId: String
        let createdAt: Date
        let seconds: Double
        /// A drill's result.
        let drill: DrillResult?
        /// A reading's result.
        let reading: ReadAloudResult?

        init(_ practice: SpeakUpPractice) {
            (id, kind, itemId, createdAt, seconds) = (practice.id, practice.kind, practice.itemId, practice.createdAt, practice.seconds)
            (drill, reading) = (practice.drill, practice.reading)
        }
    }

    struct ListResponse: Codable {
        /// The newest 200.
        let items: [Item]
        /// How many times each exercise was done ("warmUp:box-breathing": 3).
        let counts: [String: Int]
    }

    @Sendable func list(_ request: Request, caller: Kid) async throws -> Reply<ListResponse> {
        let items = try await services.speakUp.practice(childId: caller.child.id, in: caller.session.scope)
        var counts: [String: Int] = [:]
        for item in items { counts["\(item.kind.rawValue):\(item.itemId)", default: 0] += 1 }
        return Reply(ListResponse(items: items.map(Item.init), counts: counts))
    }

    struct AddRequest: Codable {
        let kind: String
        let itemId: String
        let seconds: Double
    }

    /// One exercise done: its kind and id must be the catalogue's, its length 0–3600 s.
    @Sendable func add(_ request: Request, caller: Kid) async throws -> Reply<Item> {
        let body = try await request.decodeJSON(AddRequest.self, context: caller.context)
        guard let kind = PracticeKind(rawValue: body.kind), kind == .warmUp || kind == .calm else {
            throw APIError.invalid("kind", "kind must be warmUp or calm (a drill or a reading is judged on its recording).")
        }
        guard PracticeCatalogue.contains(kind, id: body.itemId) else {
            throw APIError.invalid("itemId", "There is no \(kind.rawValue) \"\(body.itemId.prefix(40))\".")
        }
        guard body.seconds.isFinite, (0...3_600).contains(body.seconds) else { throw APIError.invalid("seconds", "seconds must be 0 to 3600.") }
        try await services.countAttempt("speakup-practice:\(caller.child.id)", limit: Self.recordsPerHour)
        let practice = SpeakUpPractice(id: services.ids.next(), kind: kind, itemId: body.itemId, createdAt: services.clock.now(),
                                       seconds: (body.seconds * 10).rounded() / 10)
        try await services.speakUp.addPractice(practice, childId: caller.child.id, in: caller.session.scope)
        return Reply(Item(practice), status: .created)
    }
}
