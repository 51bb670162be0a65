import Foundation
import Hummingbird
import Storage
import Study

/// The student's subjects: the defaults plus their own; add, rename, recolour, reorder, hide, and
/// delete one of their own that holds nothing.
struct MirrorBuddySubjects {
    let services: Services

    func addRoutes(to kid: AccessGroup<Kid>) {
        kid.post("subjects", use: add)
        kid.put("subjects/order", use: reorder)
        kid.patch("subjects/:subjectId", use: update)
        kid.delete("subjects/:subjectId", use: delete)
    }

    /// `id` when it names one of the student's subjects (nil stays nil); 422 otherwise.
    static func existing(_ id: String?, caller: Kid, services: Services) async throws -> String? {
        guard let id else { return nil }
        let subjects = try await services.mirrorBuddy.subjects(childId: caller.child.id, in: caller.session.scope)
        guard subjects.contains(where: { $0.id == id }) else { throw APIError.invalid("subjectId", "There is no subject \"\(id.prefix(40))\".") }
        return id
    }

    struct AddRequest: Codable {
        let name: String
        let colour: String
        let emoji: String?
    }

    @Sendable func add(_ request: Request, caller: Kid) async throws -> Reply<MirrorBuddyView.SubjectView> {
        let body = try await request.decodeJSON(AddRequest.self, context: caller.context, limit: 1024)
        let name = try Subjects.cleanName(body.name)
        let subject = Subject(id: "own-" + services.ids.next(), names: .init(it: name, en: name), colour: try Subjects.cleanColour(body.colour),
                              emoji: try Self.emoji(body.emoji), order: 0)
        do {
            let added = try await services.mirrorBuddy.addSubject(subject, childId: caller.child.id, in: caller.session.scope)
            return Reply(MirrorBuddyView.SubjectView(added, counts: nil), status: .created)
        } catch StorageError.limitReached {
            throw APIError(subject: .tooMany(limit: Subjects.limit))
        }
    }

    /// One emoji (or a short symbol), 📘 when none is given.
    static func emoji(_ raw: String?) throws -> String {
        let emoji = (raw ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !emoji.isEmpty else { return "📘" }
        guard emoji.count <= 2, emoji.unicodeScalars.count <= 12 else { throw APIError.invalid("emoji", "Pick one emoji.") }
        return emoji
    }

    struct UpdateRequest: Codable {
        let name: String?
        let colour: String?
        let emoji: String?
        let hidden: Bool?
    }

    /// Renames (both languages' names become the one given), recolours, changes the emoji or hides/shows.
    @Sendable func update(_ request: Request, caller: Kid) async throws -> Reply<MirrorBuddyView.SubjectView> {
        let body = try await request.decodeJSON(UpdateRequest.self, context: caller.context, limit: 1024)
        let (child, scope) = (caller.child, caller.session.scope)
        let id = try caller.context.parameters.require("subjectId")
        guard var subject = try await services.mirrorBuddy.subjects(childId: child.id, in: scope).first(where: { $0.id == id }) else {
            throw APIError.notFound("subject")
        }
        if let name = body.name {
            let clean = try Subjects.cleanName(name)
            if clean != subject.names.named(.it) && clean != subject.names.named(.en) { subject.names = .init(it: clean, en: clean) }
        }
        if let colour = body.colour { subject.colour = try Subjects.cleanColour(colour) }
        if let emoji = body.emoji { subject.emoji = try Self.emoji(emoji) }
        if let hidden = body.hidden { subject.hidden = hidden }
        guard try await services.mirrorBuddy.updateSubject(subject, childId: child.id, in: scope) else { throw APIError.notFound("subject") }
        let counts = try await services.mirrorBuddy.subjectCounts(childId: child.id, in: scope)
        return Reply(MirrorBuddyView.SubjectView(subject, counts: counts[subject.id]))
    }

    struct OrderRequest: Codable { let ids: [String] }
    struct SubjectsResponse: Codable { let subjects: [MirrorBuddyView.SubjectView] }

    @Sendable func reorder(_ request: Request, caller: Kid) async throws -> Reply<SubjectsResponse> {
        let body = try await request.decodeJSON(OrderRequest.self, context: caller.context, limit: 8192)
        guard body.ids.count <= Subjects.limit else { throw APIError.invalid("ids", "At most \(Subjects.limit) subjects.") }
        let (child, scope) = (caller.child, caller.session.scope)
        let ordered = try await services.mirrorBuddy.reorderSubjects(ids: body.ids, childId: child.id, in: scope)
        let counts = try await services.mirrorBuddy.subjectCounts(childId: child.id, in: scope)
        return Reply(SubjectsResponse(subjects: ordered.map { MirrorBuddyView.SubjectView($0, counts: counts[$0.id]) }))
    }

    @Sendable func delete(_ request: Request, caller: Kid) async throws -> Response {
        let id = try caller.context.parameters.require("subjectId")
        _ = try await services.mirrorBuddy.subjects(childId: caller.child.id, in: caller.session.scope)
        guard try await services.mirrorBuddy.deleteSubject(id: id, childId: caller.child.id, in: caller.session.scope) else {
            throw APIError.notFound("subject")
        }
        return Response(status: .noContent)
    }
}
