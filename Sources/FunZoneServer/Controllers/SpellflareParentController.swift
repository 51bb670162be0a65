import Foundation
import Hummingbird
import Spelling
import Storage

/// Spellflare in the parent area: custom word lists, which child practises them, and each child's report.
struct SpellflareParentController {
    let services: Services

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        let parentArea = api.parentArea(services)
        parentArea.get("parent/spellflare/lists", use: lists)
        parentArea.post("parent/spellflare/lists", use: createList)
        parentArea.delete("parent/spellflare/lists/:listId", use: deleteList)
        parentArea.put("parent/spellflare/children/:childId/lists", use: assign)
        parentArea.get("parent/spellflare/children/:childId/report", use: report)
    }

    struct ListView: Codable {
        let id: String
        let name: String
        let words: [String]
        let createdAt: Date
        /// Children this list is assigned to.
        let childIds: [ChildID]
    }

    struct WordLists: Codable { let lists: [ListView] }

    @Sendable func lists(_ request: Request, caller: Parent) async throws -> Reply<WordLists> {
        let session = caller.session
        let lists = try await services.spelling.lists(in: session.scope)
        var assigned: [String: [ChildID]] = [:]
        for child in try await services.children.children(in: session.scope) {
            for listId in try await services.spelling.assignedListIds(childId: child.id, in: session.scope) {
                assigned[listId, default: []].append(child.id)
            }
        }
        return Reply(WordLists(lists: lists.map { view($0, childIds: assigned[$0.id] ?? []) }))
    }

    struct CreateListRequest: Codable {
        let name: String
        /// One word per line, or a CSV file's text.
        let text: String
    }

    /// A pasted or uploaded list, validated whole: one bad line and nothing is saved.
    @Sendable func createList(_ request: Request, caller: Parent) async throws -> Reply<ListView> {
        let session = caller.session
        let body = try await request.decodeJSON(CreateListRequest.self, context: caller.context, limit: 4 * WordList.maximumTextBytes)
        let list = try WordList.parse(name: body.name, text: body.text)
        let stored = SpellingList(id: services.ids.next(), familyId: session.familyId, name: list.name, words: list.words,
                                  createdAt: services.clock.now())
        try await services.spelling.insertList(stored, in: session.scope)
        return Reply(view(stored, childIds: []), status: .created)
    }

    @Sendable func deleteList(_ request: Request, caller: Parent) async throws -> NoContent {
        let session = caller.session
        let id = try caller.context.parameters.require("listId")
        guard try await services.spelling.deleteList(id: id, in: session.scope) else { throw APIError.notFound("word list") }
        return NoContent()
    }

    struct AssignRequest: Codable { let listIds: [String] }

    /// Sets the lists a child practises (their words come before the word bank's in each game).
    struct AssignedLists: Codable { let listIds: [String] }

    @Sendable func assign(_ request: Request, caller: Parent) async throws -> Reply<AssignedLists> {
        let session = caller.session
        let childId: ChildID = try caller.context.parameters.id("childId")
        guard try await services.children.child(id: childId, in: session.scope) != nil else { throw APIError.notFound("child") }
        let body = try await request.decodeJSON(AssignRequest.self, context: caller.context)
        let known = Set(try await services.spelling.lists(in: session.scope).map(\.id))
        guard body.listIds.allSatisfy(known.contains) else { throw APIError.notFound("word list") }
        try await services.spelling.assign(listIds: body.listIds, childId: childId, in: session.scope)
        return Reply(AssignedLists(listIds: try await services.spelling.assignedListIds(childId: childId, in: session.scope)))
    }

    struct ReportView: Codable {
        struct Tally: Codable {
            let answered: Int
            let firstTry: Int
            let accuracy: Double
            init(_ tally: SpellingReport.Tally) {
                answered = tally.answered
                firstTry = tally.firstTry
                accuracy = tally.accuracy
            }
        }
        struct GradeTally: Codable { let grade: Int; let tally: Tally }
        struct LevelTally: Codable { let grade: Int; let level: Int; let tally: Tally }

        let childId: ChildID
        let overall: Tally
        let byGrade: [GradeTally]
        let byLevel: [LevelTally]
        let troubleWords: [SpellingReport.TroubleWord]
        let secondsPractised: Double
        let streakDays: Int
        let lastPractised: Date?
        let timeZone: String
        let progress: ProgressView
    }

    /// Accuracy by grade and level, trouble words, time practised and the streak, in the parent's time zone.
    @Sendable func report(_ request: Request, caller: Parent) async throws -> Reply<ReportView> {
        let session = caller.session
        let childId: ChildID = try caller.context.parameters.id("childId")
        guard try await services.children.child(id: childId, in: session.scope) != nil else { throw APIError.notFound("child") }
        let zoneName = request.uri.queryParameters.get("timeZone") ?? "UTC"
        guard let timeZone = TimeZone(identifier: zoneName) else {
            throw APIError.invalid("timeZone", "\"\(zoneName.prefix(40))\" is not a time zone (for example Europe/Rome).")
        }
        let results = try await services.spelling.results(childId: childId, in: session.scope)
        let report = SpellingReport(results: results, now: services.clock.now(), timeZone: timeZone)
        return Reply(ReportView(
            childId: childId, overall: .init(report.overall),
            byGrade: report.byGrade.keys.sorted().map { .init(grade: $0, tally: .init(report.byGrade[$0]!)) },
            byLevel: report.byLevel.map { .init(grade: $0.grade, level: $0.level, tally: .init($0.tally)) },
            troubleWords: report.troubleWords, secondsPractised: report.secondsPractised, streakDays: report.streakDays,
            lastPractised: report.lastPractised, timeZone: timeZone.identifier,
            progress: ProgressView(try await services.spelling.progress(childId: childId, in: session.scope))))
    }

    private func view(_ list: SpellingList, childIds: [ChildID]) -> ListView {
        ListView(id: list.id, name: list.name, words: list.words, createdAt: list.createdAt, childIds: childIds.sorted())
    }
}
