import Foundation
import Hummingbird
import NIOCore
import Storage
import Study

/// The student's mind maps: made from a material in one tap (`Study.MindMapBuilder`, no model),
/// edited by hand in the page and saved whole at the revision it read, exported as Markdown, OPML or SVG.
struct MirrorBuddyMaps {
    let services: Services

    func addRoutes(to kid: AccessGroup<Kid>) {
        kid.post("materials/:materialId/mind-map", use: make)
        kid.get("maps", use: list)
        kid.get("maps/:mapId", use: map)
        kid.put("maps/:mapId", use: save)
        kid.delete("maps/:mapId", use: delete)
        kid.get("maps/:mapId/export", use: export)
    }

    struct MapView: Codable {
        let id: String
        let title: String
        let materialId: String?
        let subjectId: String?
        let revision: Int
        let nodes: [MindMap.Node]
        let createdAt: Date
        let updatedAt: Date

        init(_ stored: StoredMindMap) {
            (id, title, materialId, subjectId, revision) = (stored.id, stored.map.title, stored.materialId, stored.subjectId, stored.revision)
            (nodes, createdAt, updatedAt) = (stored.map.nodes, stored.createdAt, stored.updatedAt)
        }
    }

    struct SummaryView: Codable {
        let id: String
        let title: String
        let materialId: String?
        let subjectId: String?
        let nodes: Int
        let updatedAt: Date
    }

    struct ListResponse: Codable { let maps: [SummaryView] }

    /// The material's map: made now from its text (or made again with `rebuild=true`), or the one it has.
    @Sendable func make(_ request: Request, caller: Kid) async throws -> Reply<MapView> {
        let (child, scope, now) = (caller.child, caller.session.scope, services.clock.now())
        let id = String(try caller.context.parameters.require("materialId").prefix(80))
        guard let material = try await services.mirrorBuddy.material(id: id, childId: child.id, in: scope), material.status == .ready else {
            throw APIError.notFound("material")
        }
        let rebuild = request.uri.queryParameters.get("rebuild") == "true"
        if !rebuild, let existing = try await services.mirrorBuddy.map(materialId: material.id, childId: child.id, in: scope) {
            return Reply(MapView(existing))
        }
        let map = try MindMaps.checked(MindMapBuilder.build(title: material.title, text: material.text, language: material.language))
        let stored = StoredMindMap(id: services.ids.next(), materialId: material.id, subjectId: material.subjectId, map: map, revision: 1,
                                   createdAt: now, updatedAt: now)
        let kept: StoredMindMap
        do {
            kept = try await services.mirrorBuddy.addMap(stored, childId: child.id, in: scope, replacingMaterialMaps: rebuild)
        } catch StorageError.limitReached {
            throw APIError(.studyFull, "A student can keep at most \(MindMaps.limit) mind maps. Delete some first.")
        }
        return Reply(MapView(kept), status: kept.id == stored.id ? .created : .ok)
    }

    @Sendable func list(_ request: Request, caller: Kid) async throws -> Reply<ListResponse> {
        let materialId = request.uri.queryParameters.get("materialId").flatMap { $0.isEmpty ? nil : String($0.prefix(80)) }
        let maps = try await services.mirrorBuddy.maps(childId: caller.child.id, in: caller.session.scope, materialId: materialId)
        return Reply(ListResponse(maps: maps.map {
            SummaryView(id: $0.id, title: $0.title, materialId: $0.materialId, subjectId: $0.subjectId, nodes: $0.nodes, updatedAt: $0.updatedAt)
        }))
    }

    @Sendable func map(_ request: Request, caller: Kid) async throws -> Reply<MapView> {
        Reply(MapView(try await existing(request, caller: caller)))
    }

    struct SaveRequest: Codable {
        let revision: Int
        let title: String?
        let nodes: [MindMap.Node]
    }

    /// The whole tree as the page has it, checked, at the revision the page read (map_changed otherwise).
    @Sendable func save(_ request: Request, caller: Kid) async throws -> Reply<MapView> {
        // 500 nodes of 80 characters (4 bytes each at most) with their ids, parents and colours.
        let body = try await request.decodeJSON(SaveRequest.self, context: caller.context, limit: 512 * 1024)
        let old = try await existing(request, caller: caller)
        let map = try MindMaps.checked(MindMap(title: body.title ?? old.map.title, nodes: body.nodes))
        switch try await services.mirrorBuddy.saveMap(id: old.id, map, revision: body.revision, childId: caller.child.id, in: caller.session.scope,
                                                     now: services.clock.now()) {
        case .saved(let stored): return Reply(MapView(stored))
        case .notFound: throw APIError.notFound("mind map")
        case .changed(let current):
            throw APIError(.mapChanged, "This map was saved meanwhile (on another device?): it is at revision \(current), not \(body.revision).",
                           details: ["revision": String(current)])
        }
    }

    @Sendable func delete(_ request: Request, caller: Kid) async throws -> Response {
        let id = String(try caller.context.parameters.require("mapId").prefix(80))
        guard try await services.mirrorBuddy.deleteMap(id: id, childId: caller.child.id, in: caller.session.scope) else { throw APIError.notFound("mind map") }
        return Response(status: .noContent)
    }

    /// The map as a file: `format` markdown, opml or svg.
    @Sendable func export(_ request: Request, caller: Kid) async throws -> Response {
        let stored = try await existing(request, caller: caller)
        let name = Self.fileName(stored.map.title)
        switch request.uri.queryParameters.get("format") ?? "markdown" {
        case "markdown": return SpeakUpExports.file(Data(MindMapExport.markdown(stored.map).utf8), type: "text/markdown; charset=utf-8", name: "\(name).md")
        case "opml": return SpeakUpExports.file(Data(MindMapExport.opml(stored.map, created: stored.createdAt).utf8), type: "text/x-opml; charset=utf-8",
                                                name: "\(name).opml")
        case "svg": return SpeakUpExports.file(Data(MindMapExport.svg(stored.map).utf8), type: "image/svg+xml", name: "\(name).svg")
        default: throw APIError.invalid("format", "format must be markdown, opml or svg.")
        }
    }

    /// A file name from the title: letters, digits and dashes (ASCII, for every browser's download).
    static func fileName(_ title: String) -> String {
        let folded = title.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
        let kept = folded.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" }
        let name = String(kept).split(separator: "-").joined(separator: "-").prefix(60)
        return name.isEmpty ? "mappa" : String(name)
    }

    func existing(_ request: Request, caller: Kid) async throws -> StoredMindMap {
        let id = String(try caller.context.parameters.require("mapId").prefix(80))
        guard let stored = try await services.mirrorBuddy.map(id: id, childId: caller.child.id, in: caller.session.scope) else {
            throw APIError.notFound("mind map")
        }
        return stored
    }
}
