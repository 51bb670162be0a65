import Foundation
import Hummingbird
import Storage
import Study

/// A student's MirrorBuddy data in the parent's hands: all of it as one JSON file, and deleting all
/// of it (the child's profile and the other apps stay).
struct MirrorBuddyStudentData {
    let services: Services

    func addRoutes(to parentArea: AccessGroup<Parent>) {
        parentArea.get("parent/mirrorbuddy/children/:childId/export", use: export)
        parentArea.delete("parent/mirrorbuddy/children/:childId", use: erase)
    }

    /// The file: what the student wrote, read, made and did, in the server's own shapes.
    struct Export: Codable {
        struct Card: Codable {
            let card: Flashcard
            let history: [FlashcardReview]
        }
        struct Map: Codable {
            let id: String
            let materialId: String?
            let subjectId: String?
            let map: MindMap
            let createdAt: Date
            let updatedAt: Date
        }
        struct Quiz: Codable {
            let id: String
            let title: String
            let subjectId: String?
            let materialId: String?
            let createdAt: Date
            let finishedAt: Date?
            let questions: [QuizQuestion]
            let answers: [QuizAnswer]
            let hinted: [Int]
            let xp: Int
        }
        let format: String
        let version: Int
        let exportedAt: Date
        let child: String
        /// The photos and PDFs a material was read from are not in the file; the text read from them is.
        let note: String
        let settings: ReadingSettings?
        let subjects: [Subject]
        let materials: [StudyMaterial]
        let tasks: [StudyTask]
        let cards: [Card]
        let maps: [Map]
        let quizzes: [Quiz]
        let activity: [StudyActivity]
    }

    /// Everything but the materials, which the body writes one at a time after it (a student may
    /// keep 2,000 materials of 200,000 characters: never all in memory at once).
    struct Head: Encodable {
        let format: String
        let version: Int
        let exportedAt: Date
        let child: String
        let note: String
        let settings: ReadingSettings?
        let subjects: [Subject]
        let tasks: [StudyTask]
        let cards: [Export.Card]
        let maps: [Export.Map]
        let quizzes: [Export.Quiz]
        let activity: [StudyActivity]
    }

    @Sendable func export(_ request: Request, caller: Parent) async throws -> Response {
        let (scope, child) = try await child(caller)
        let store = services.mirrorBuddy
        var maps: [Export.Map] = []
        for summary in try await store.maps(childId: child.id, in: scope) {
            guard let stored = try await store.map(id: summary.id, childId: child.id, in: scope) else { continue }
            maps.append(.init(id: stored.id, materialId: stored.materialId, subjectId: stored.subjectId, map: stored.map,
                              createdAt: stored.createdAt, updatedAt: stored.updatedAt))
        }
        let history = try await store.allCardReviews(childId: child.id, in: scope)
        let head = Head(
            format: "funzone-mirrorbuddy", version: 1, exportedAt: services.clock.now(), child: child.name,
            note: "Photos and PDFs are not in this file; the text read from them is, in each material's pages.",
            settings: try await store.settings(childId: child.id, in: scope), subjects: try await store.subjects(childId: child.id, in: scope),
            tasks: try await store.tasks(childId: child.id, in: scope),
            cards: try await store.cards(childId: child.id, in: scope).reversed().map { .init(card: $0, history: history[$0.id] ?? []) },
            maps: maps.reversed(),
            quizzes: try await store.allQuizzes(childId: child.id, in: scope).map {
                .init(id: $0.id, title: $0.title, subjectId: $0.subjectId, materialId: $0.materialId, createdAt: $0.createdAt,
                      finishedAt: $0.finishedAt, questions: $0.questions, answers: $0.answers, hinted: $0.hinted.sorted(), xp: $0.xp)
            },
            activity: try await store.activity(childId: child.id, in: scope))
        var filter = MaterialFilter()
        filter.limit = StudyMaterials.limit
        let ids = try await store.materials(childId: child.id, in: scope, filter: filter).map(\.id).reversed()
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // {"activity":…,"version":1, "materials":[…]}: the head's object, opened again for the materials.
        var opening = try encoder.encode(head)
        opening.removeLast()
        opening.append(contentsOf: Data(#","materials":["#.utf8))
        let start = opening
        let day = String(ISO8601DateFormatter().string(from: services.clock.now()).prefix(10))
        let name = "mirrorbuddy-\(Self.fileSafe(child.name))-\(day).json"
        let body = ResponseBody { [store] writer in
            try await writer.write(ByteBuffer(data: start))
            var first = true
            for id in ids {
                guard let material = try await store.material(id: id, childId: child.id, in: scope) else { continue }
                var piece = first ? Data() : Data(",".utf8)
                piece.append(try encoder.encode(material))
                try await writer.write(ByteBuffer(data: piece))
                first = false
            }
            try await writer.write(ByteBuffer(string: "]}"))
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8", .contentDisposition: "attachment; filename=\"\(name)\"",
                                               .cacheControl: "no-store"], body: body)
    }

    struct EraseRequest: Codable { let confirm: Bool }
    struct Erased: Codable {
        /// Rows deleted (subjects, materials, tasks, cards and their answers, maps, quizzes, the ledger, settings).
        let rows: Int
        /// Stored photos and PDFs deleted (after the rows; one that could not be is logged).
        let files: Int
    }

    /// Deletes all of the student's MirrorBuddy data; the body must say `{"confirm": true}`.
    @Sendable func erase(_ request: Request, caller: Parent) async throws -> Reply<Erased> {
        let body = try await request.decodeJSON(EraseRequest.self, context: caller.context, limit: 256)
        guard body.confirm else {
            throw APIError.invalid("confirm", "This deletes all of the child's MirrorBuddy data; send {\"confirm\": true}.")
        }
        let (scope, child) = try await child(caller)
        let (rows, materialIds, keys) = try await services.mirrorBuddy.eraseStudent(childId: child.id, in: scope)
        // A photo or PDF still being read stops (and gives back the family's reading slot).
        for id in materialIds { await services.reading.cancel(materialId: id) }
        var deleted = 0
        for key in keys {
            do {
                try await services.blobs.delete(key: key)
                deleted += 1
            } catch {
                services.log.warning("could not delete a stored file after erasing a student", metadata: ["error": "\(error)"])
            }
        }
        return Reply(Erased(rows: rows, files: deleted))
    }

    private func child(_ caller: Parent) async throws -> (FamilyScope, Child) {
        let scope = caller.session.scope
        guard let child = try await services.children.child(id: try caller.context.parameters.id("childId"), in: scope) else {
            throw APIError.notFound("child")
        }
        return (scope, child)
    }

    /// A name as a file name's part: ASCII letters and digits (accents dropped), the rest a dash.
    static func fileSafe(_ name: String) -> String {
        let kept = name.lowercased().folding(options: .diacriticInsensitive, locale: nil).map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" }
        return String(String(kept).split(separator: "-").joined(separator: "-").prefix(40)).nilIfEmpty ?? "student"
    }
}

private extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
