import Foundation
import Hummingbird
import NIOCore
import Storage
import Study

/// The student's materials: made from typed or pasted text (PDFs and photos come through the
/// reading pipeline), listed newest first with search over title and text, filtered by subject and
/// by the days they were added; read, renamed, refiled, deleted.
struct MirrorBuddyMaterials {
    let services: Services

    func addRoutes(to kid: AccessGroup<Kid>) {
        kid.post("materials", use: add)
        kid.get("materials", use: list)
        kid.get("materials/:materialId", use: material)
        kid.get("materials/:materialId/file", use: file)
        kid.patch("materials/:materialId", use: update)
        kid.delete("materials/:materialId", use: delete)
    }

    /// The largest text body: the text limit in the widest UTF-8 (a character can take 4 bytes) and the JSON around it.
    static let bodyLimit = StudyMaterials.textLimit * 4 + 16_384

    struct AddRequest: Codable {
        let title: String?
        let subjectId: String?
        let text: String
        let language: StudyLanguage?
    }

    /// A material from text: ready at once. Without a title, the text's first line names it; without a
    /// language, the text's own is found.
    @Sendable func add(_ request: Request, caller: Kid) async throws -> Reply<MirrorBuddyView.MaterialView> {
        let body = try await request.decodeJSON(AddRequest.self, context: caller.context, limit: Self.bodyLimit)
        let text = try StudyMaterials.cleanText(body.text)
        let title = try StudyMaterials.cleanTitle(body.title.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
                                                  ?? StudyMaterials.title(from: text))
        let subjectId = try await MirrorBuddySubjects.existing(body.subjectId, caller: caller, services: services)
        let material = StudyMaterial(id: services.ids.next(), title: title, subjectId: subjectId, source: .text, status: .ready,
                                     language: body.language ?? ReadingText.language(of: text), pages: [text],
                                     createdAt: services.clock.now())
        do {
            try await services.mirrorBuddy.addMaterial(material, childId: caller.child.id, in: caller.session.scope, activityId: services.ids.next())
        } catch StorageError.limitReached {
            throw APIError(.studyFull, "A student can keep at most \(StudyMaterials.limit) materials. Delete some first.")
        }
        return Reply(MirrorBuddyView.MaterialView(material), status: .created)
    }

    struct ListResponse: Codable { let materials: [MirrorBuddyView.MaterialSummaryView] }

    /// `q` (words of the title or text), `subject`, `since` and `until` (days, "2026-11-01", on the
    /// student's calendar from `tz`, both included).
    @Sendable func list(_ request: Request, caller: Kid) async throws -> Reply<ListResponse> {
        let query = request.uri.queryParameters
        let days = try MirrorBuddyView.days(query.get("tz"), now: services.clock.now())
        var filter = MaterialFilter(query: query.get("q").flatMap { SearchQuery(String($0.prefix(200))) })
        if let subject = query.get("subject"), !subject.isEmpty { filter.subjectId = String(subject.prefix(80)) }
        if let since = query.get("since"), !since.isEmpty { filter.since = try Self.dayStart(since, field: "since", days: days) }
        if let until = query.get("until"), !until.isEmpty {
            filter.until = days.calendar.date(byAdding: .day, value: 1, to: try Self.dayStart(until, field: "until", days: days))
        }
        let materials = try await services.mirrorBuddy.materials(childId: caller.child.id, in: caller.session.scope, filter: filter)
        return Reply(ListResponse(materials: materials.map(MirrorBuddyView.MaterialSummaryView.init)))
    }

    /// The start of a "YYYY-MM-DD" day on the student's calendar.
    static func dayStart(_ raw: String, field: String, days: StudyDays) throws -> Date {
        let parts = raw.split(separator: "-").compactMap { Int($0) }
        guard raw.count == 10, parts.count == 3,
              let date = days.calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])),
              days.key(date) == raw else {
            throw APIError.invalid(field, "\(field) must be a day such as 2026-03-15.")
        }
        return date
    }

    @Sendable func material(_ request: Request, caller: Kid) async throws -> Reply<MirrorBuddyView.MaterialView> {
        let id = try caller.context.parameters.require("materialId")
        guard let material = try await services.mirrorBuddy.material(id: id, childId: caller.child.id, in: caller.session.scope) else {
            throw APIError.notFound("material")
        }
        return Reply(MirrorBuddyView.MaterialView(material))
    }

    /// The PDF a material was made from, or one of its photos (`page`, from 1), as the student sent it.
    @Sendable func file(_ request: Request, caller: Kid) async throws -> Response {
        let id = try caller.context.parameters.require("materialId")
        let (child, scope) = (caller.child, caller.session.scope)
        guard let summary = try await services.mirrorBuddy.summary(id: id, childId: child.id, in: scope) else { throw APIError.notFound("material") }
        let keys = try await services.mirrorBuddy.fileKeys(id: id, childId: child.id, in: scope)
        let page = request.uri.queryParameters.get("page").flatMap { Int($0) } ?? 1
        guard summary.source != .text, keys.indices.contains(page - 1), let data = try await services.blobs.get(key: keys[page - 1]) else {
            throw APIError.notFound("file")
        }
        let type = switch keys[page - 1].split(separator: ".").last ?? "" {
        case "pdf": "application/pdf"
        case "png": "image/png"
        case "webp": "image/webp"
        default: "image/jpeg"
        }
        return Response(status: .ok, headers: [.contentType: type, .cacheControl: "private, no-cache",
                                               .contentDisposition: "inline", .init("X-Content-Type-Options")!: "nosniff"],
                        body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    struct UpdateRequest: Decodable {
        let title: String?
        /// Absent: unchanged; null: filed under no subject.
        let subjectId: String??
        let language: StudyLanguage?

        enum CodingKeys: String, CodingKey { case title, subjectId, language }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            title = try container.decodeIfPresent(String.self, forKey: .title)
            subjectId = container.contains(.subjectId) ? .some(try container.decodeNil(forKey: .subjectId) ? nil
                                                                : try container.decode(String.self, forKey: .subjectId)) : .none
            language = try container.decodeIfPresent(StudyLanguage.self, forKey: .language)
        }
    }

    @Sendable func update(_ request: Request, caller: Kid) async throws -> Reply<MirrorBuddyView.MaterialSummaryView> {
        let body = try await request.decodeJSON(UpdateRequest.self, context: caller.context, limit: 1024)
        let (child, scope) = (caller.child, caller.session.scope)
        let id = try caller.context.parameters.require("materialId")
        guard let old = try await services.mirrorBuddy.summary(id: id, childId: child.id, in: scope) else { throw APIError.notFound("material") }
        let title = try body.title.map(StudyMaterials.cleanTitle) ?? old.title
        var subjectId = old.subjectId
        if let asked = body.subjectId { subjectId = try await MirrorBuddySubjects.existing(asked, caller: caller, services: services) }
        guard try await services.mirrorBuddy.updateMaterial(id: id, childId: child.id, in: scope, title: title, subjectId: subjectId,
                                                              language: body.language ?? old.language, now: services.clock.now()),
              let updated = try await services.mirrorBuddy.summary(id: id, childId: child.id, in: scope) else {
            throw APIError.notFound("material")
        }
        return Reply(MirrorBuddyView.MaterialSummaryView(updated))
    }

    @Sendable func delete(_ request: Request, caller: Kid) async throws -> Response {
        let id = try caller.context.parameters.require("materialId")
        let result = try await services.mirrorBuddy.deleteMaterial(id: id, childId: caller.child.id, in: caller.session.scope, now: services.clock.now())
        guard result.deleted else { throw APIError.notFound("material") }
        await services.reading.cancel(materialId: id)
        for key in result.fileKeys { try? await services.blobs.delete(key: key) }
        return Response(status: .noContent)
    }
}
