import Coloring
import Foundation
import HTTPTypes
import Hub
import Hummingbird
import NIOCore
import Storage

/// Coloring Fun for the child playing: the gallery (autosave with revisions, duplicate, delete),
/// thumbnails and PNG export rendered here, the colouring pages, stamp pictures and Kids Mode.
/// Everything is scoped to the child picked on this device.
struct ColoringController {
    let services: Services

    /// 200,000 points of JSON fit well inside this.
    static let uploadLimit = 4 * 1024 * 1024
    /// Pictures a child keeps; more asks them to delete some first.
    static let galleryLimit = 500
    static let thumbnailSize = (width: 256, height: 192)
    static let exports = RateLimit(limit: 30, window: 60)

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        let api = api.app("coloring", services: services)
        let kid = api.kid(services)
        kid.get("me", use: me)
        kid.put("kids-mode", use: kidsMode)
        let signedIn = api.signedIn()
        signedIn.get("pages/:pageId", use: page)
        signedIn.get("stamps/:emoji", use: stamp)
        kid.get("drawings", use: list)
        kid.post("drawings", use: create)
        kid.get("drawings/:drawingId", use: drawing)
        kid.put("drawings/:drawingId", use: save)
        kid.patch("drawings/:drawingId", use: saveChanges)
        kid.delete("drawings/:drawingId", use: delete)
        kid.post("drawings/:drawingId/duplicate", use: duplicate)
        kid.get("drawings/:drawingId/thumbnail", use: thumbnail)
        kid.get("drawings/:drawingId/export", use: export)
    }

    struct PageSummary: Codable { let id: String; let name: String }

    struct MeResponse: Codable {
        let settings: ColoringSettingsView
        /// The picture to reopen (the one changed last), if any.
        let lastDrawingId: DrawingID?
        let stamps: [StampCategory]
        let pages: [PageSummary]
        let colors: [String]
        let galleryLimit: Int
    }

    @Sendable func me(_ request: Request, caller: Kid) async throws -> Reply<MeResponse> {
        let (session, child) = (caller.session, caller.child)
        let settings = try await services.coloring.settings(childId: child.id, in: session.scope)
        let drawings = try await services.coloring.drawings(childId: child.id, in: session.scope)
        return Reply(MeResponse(settings: ColoringSettingsView(settings), lastDrawingId: drawings.first?.id,
                                                stamps: settings.stamps ? StampCatalog.categories : [],
                                                pages: PageCatalog.pages.map { PageSummary(id: $0.id, name: $0.name) },
                                                colors: RGBA.crayons.map(\.hex), galleryLimit: Self.galleryLimit))
    }

    struct KidsModeRequest: Codable { let on: Bool }

    /// The child switches Kids Mode (bigger buttons, fewer tools) on or off.
    @Sendable func kidsMode(_ request: Request, caller: Kid) async throws -> Reply<ColoringSettingsView> {
        let (session, child) = (caller.session, caller.child)
        let body = try await request.decodeJSON(KidsModeRequest.self, context: caller.context)
        var settings = try await services.coloring.settings(childId: child.id, in: session.scope)
        settings.kidsMode = body.on
        try await services.coloring.saveSettings(settings, childId: child.id, in: session.scope, now: services.clock.now())
        return Reply(ColoringSettingsView(settings))
    }

    struct PageResponse: Codable {
        let id: String
        let name: String
        let width: Int
        let height: Int
        let outline: [ColoringAction]
    }

    /// A colouring page's line art, as actions the page draws on its outline layer.
    @Sendable func page(_ request: Request, caller: SignedIn) async throws -> Reply<PageResponse> {
        guard let page = PageCatalog.page(try caller.context.parameters.require("pageId")) else { throw APIError.notFound("colouring page") }
        return Reply(PageResponse(id: page.id, name: page.name, width: PageCatalog.width, height: PageCatalog.height, outline: page.outline))
            .with(.cacheControl, "private, max-age=86400")
    }

    /// A stamp's picture (PNG), the same one the server renders with, so screen and export match.
    @Sendable func stamp(_ request: Request, caller: SignedIn) async throws -> Response {
        let emoji = try caller.context.parameters.require("emoji").removingPercentEncoding ?? ""
        guard let stamp = StampCatalog.stamp(emoji), let font = Services.emojiFont, let image = font.image(for: stamp.emoji) else {
            throw APIError.notFound("stamp")
        }
        let png = try await rendering(in: services.renders) { _ in try PNGEncoder.encode(image.unpremultiplied, opaque: false) }
        return Response(status: .ok, headers: [.contentType: "image/png", .cacheControl: "private, max-age=604800"],
                        body: .init(byteBuffer: ByteBuffer(bytes: png)))
    }

    // MARK: - Gallery

    struct DrawingView: Codable {
        let id: DrawingID
        let page: String?
        let revision: Int
        let createdAt: Date
        let updatedAt: Date

        init(_ summary: DrawingSummary) {
            id = summary.id
            page = summary.page
            revision = summary.revision
            createdAt = summary.createdAt
            updatedAt = summary.updatedAt
        }

        init(_ drawing: Drawing) { self.init(drawing.summary) }
    }

    struct DrawingList: Codable { let drawings: [DrawingView] }

    @Sendable func list(_ request: Request, caller: Kid) async throws -> Reply<DrawingList> {
        let (session, child) = (caller.session, caller.child)
        let drawings = try await services.coloring.drawings(childId: child.id, in: session.scope)
        return Reply(DrawingList(drawings: drawings.map(DrawingView.init)))
    }

    /// A new picture (the body is the drawing's JSON document).
    @Sendable func create(_ request: Request, caller: Kid) async throws -> Reply<DrawingView> {
        let (session, child) = (caller.session, caller.child)
        let settings = try await services.coloring.settings(childId: child.id, in: session.scope)
        guard settings.saving else { throw Self.savingOff }
        let document = try await Self.document(request, context: caller.context)
        if !settings.stamps && document.stampCount > 0 { throw Self.stampsOff }
        let drawing = try await insert(document, childId: child.id, in: session.scope)
        return Reply(DrawingView(drawing), status: .created)
    }

    /// One picture: `{id, page, revision, createdAt, updatedAt, document}`, with its revision as ETag.
    @Sendable func drawing(_ request: Request, caller: Kid) async throws -> Response {
        let drawing = try await ownDrawing(caller)
        var body = try JSONEncoder.api.encode(DrawingView(drawing))
        body.removeLast()  // the closing brace: the stored document (checked when saved) goes in as it is
        body.append(contentsOf: Data(",\"document\":".utf8) + Data(drawing.document.utf8) + Data("}".utf8))
        return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8", .eTag: Self.etag(drawing.revision),
                                               .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// Autosave: replaces the document. `If-Match: "<revision>"` makes it fail with 412 when the
    /// picture changed elsewhere meanwhile (the page then keeps its work as a copy).
    @Sendable func save(_ request: Request, caller: Kid) async throws -> Reply<DrawingView> {
        let (session, child) = (caller.session, caller.child)
        let id: DrawingID = try caller.context.parameters.id("drawingId")
        let settings = try await services.coloring.settings(childId: child.id, in: session.scope)
        guard settings.saving else { throw Self.savingOff }
        let baseRevision = try Self.baseRevision(request)
        let document = try await Self.document(request, context: caller.context)
        guard let current = try await services.coloring.drawing(id: id, childId: child.id, in: session.scope) else {
            throw APIError.notFound("drawing")
        }
        let previousStamps = (try? ColoringDocument.decode(Data(current.document.utf8)).stampCount) ?? 0
        return try await replace(current, previousStamps: previousStamps, with: document, settings: settings, baseRevision: baseRevision)
    }

    /// What changed since the revision the device last saved: its first `keep` actions are the
    /// server's, then come `actions`; `undone` replaces the redo list. Autosave sends this instead
    /// of the whole drawing, so a save costs the new strokes, not the picture.
    struct ChangesRequest: Codable {
        let keep: Int
        let actions: [ColoringAction]
        let undone: [ColoringAction]
    }

    @Sendable func saveChanges(_ request: Request, caller: Kid) async throws -> Reply<DrawingView> {
        let (session, child) = (caller.session, caller.child)
        let id: DrawingID = try caller.context.parameters.id("drawingId")
        let settings = try await services.coloring.settings(childId: child.id, in: session.scope)
        guard settings.saving else { throw Self.savingOff }
        guard let baseRevision = try Self.baseRevision(request) else {
            throw APIError(.revisionRequired)
        }
        let changes = try await request.decodeJSON(ChangesRequest.self, context: caller.context, limit: Self.uploadLimit)
        guard let current = try await services.coloring.drawing(id: id, childId: child.id, in: session.scope) else {
            throw APIError.notFound("drawing")
        }
        guard current.revision == baseRevision else { throw Self.changedElsewhere }
        let stored = try ColoringDocument.decode(Data(current.document.utf8))
        guard (0...stored.actions.count).contains(changes.keep) else {
            throw APIError.invalid("keep", "keep must be 0 to \(stored.actions.count), the actions this drawing has.")
        }
        let document = try ColoringDocument(width: stored.width, height: stored.height, page: stored.page,
                                            actions: Array(stored.actions.prefix(changes.keep)) + changes.actions,
                                            undone: changes.undone).validated().withinRenderCost()
        return try await replace(current, previousStamps: stored.stampCount, with: document, settings: settings, baseRevision: baseRevision)
    }

    /// Saves `document` over `current` if the drawing is still at `baseRevision` (any revision when
    /// nil): a stamp added while stamps are off is refused, the old thumbnail goes, and the answer
    /// carries the new revision as its ETag.
    private func replace(_ current: Drawing, previousStamps: Int, with document: ColoringDocument, settings: ColoringSettings,
                         baseRevision: Int?) async throws -> Reply<DrawingView> {
        if !settings.stamps && document.stampCount > previousStamps { throw Self.stampsOff }
        try services.diskRoom.require()
        let encoded = String(decoding: document.encoded(), as: UTF8.self)
        // Only growth counts: a family past its quota can still save a drawing that got no bigger
        // (undone strokes, a cleared page) and delete pictures.
        try await services.quota.require(Int64(encoded.utf8.count - current.document.utf8.count), in: current.scope)
        let now = services.clock.now()
        guard let revision = try await services.coloring.save(id: current.id, childId: current.childId, in: current.scope,
                                                             page: document.page, document: encoded,
                                                             baseRevision: baseRevision, now: now) else { throw Self.changedElsewhere }
        try? await services.blobs.delete(key: Self.thumbnailKey(current.id, current.revision))
        return Reply(DrawingView(DrawingSummary(id: current.id, page: document.page, revision: revision,
                                                createdAt: current.createdAt, updatedAt: now)))
            .with(.eTag, Self.etag(revision))
    }

    @Sendable func delete(_ request: Request, caller: Kid) async throws -> NoContent {
        let drawing = try await ownDrawing(caller)
        guard try await services.coloring.delete(id: drawing.id, childId: drawing.childId, in: drawing.scope) else {
            throw APIError.notFound("drawing")
        }
        try? await services.blobs.delete(key: Self.thumbnailKey(drawing.id, drawing.revision))
        return NoContent()
    }

    @Sendable func duplicate(_ request: Request, caller: Kid) async throws -> Reply<DrawingView> {
        let drawing = try await ownDrawing(caller)
        let settings = try await services.coloring.settings(childId: drawing.childId, in: drawing.scope)
        guard settings.saving else { throw Self.savingOff }
        let copy = try await insert(try ColoringDocument.decode(Data(drawing.document.utf8)), childId: drawing.childId, in: drawing.scope)
        return Reply(DrawingView(copy), status: .created)
    }

    /// A small PNG for the gallery grid, rendered once per revision and kept.
    @Sendable func thumbnail(_ request: Request, caller: Kid) async throws -> Response {
        let drawing = try await ownDrawing(caller)
        let etag = Self.etag(drawing.revision)
        if request.headers[.ifNoneMatch] == etag { return Response(status: .notModified, headers: [.eTag: etag]) }
        let key = Self.thumbnailKey(drawing.id, drawing.revision)
        var png = try await services.blobs.get(key: key)
        if png == nil {
            let document = try ColoringDocument.decode(Data(drawing.document.utf8))
            let renderer = services.drawingRenderer
            let made = try await rendering(in: services.renders) { shouldStop in
                try PNGEncoder.encode(renderer.render(document, stoppingWhen: shouldStop)
                    .thumbnail(maxWidth: Self.thumbnailSize.width, maxHeight: Self.thumbnailSize.height))
            }
            // A thumbnail is only a copy: on a disk at its reserve it is drawn again next time instead.
            if services.diskRoom.hasRoom { try await services.blobs.put(made, key: key) }
            png = made
        }
        return Response(status: .ok, headers: [.contentType: "image/png", .eTag: etag, .cacheControl: "private, no-cache"],
                        body: .init(byteBuffer: ByteBuffer(bytes: png!)))
    }

    /// The picture at full size as a PNG download (if the parent allows export).
    @Sendable func export(_ request: Request, caller: Kid) async throws -> Response {
        let drawing = try await ownDrawing(caller)
        let settings = try await services.coloring.settings(childId: drawing.childId, in: drawing.scope)
        guard settings.export else {
            throw APIError(.exportOff)
        }
        try await services.countAttempt("coloring-export:\(drawing.familyId)", limit: Self.exports)
        let document = try ColoringDocument.decode(Data(drawing.document.utf8))
        let renderer = services.drawingRenderer
        let png = try await rendering(in: services.renders) { shouldStop in try PNGEncoder.encode(renderer.render(document, stoppingWhen: shouldStop)) }
        return Response(status: .ok, headers: [.contentType: "image/png", .contentDisposition: "attachment; filename=\"my-picture.png\"",
                                               .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(bytes: png)))
    }

    // MARK: - Helpers

    static let savingOff = APIError(.savingOff)
    static let stampsOff = APIError(.stampsOff)
    static let changedElsewhere = APIError(.drawingChanged)

    private func ownDrawing(_ caller: Kid) async throws -> Drawing {
        guard let drawing = try await services.coloring.drawing(id: try caller.context.parameters.id("drawingId"), childId: caller.child.id,
                                                                in: caller.session.scope) else { throw APIError.notFound("drawing") }
        return drawing
    }

    private func insert(_ document: ColoringDocument, childId: ChildID, in scope: FamilyScope) async throws -> Drawing {
        try services.diskRoom.require()
        guard try await services.coloring.count(childId: childId, in: scope) < Self.galleryLimit else {
            throw APIError(.galleryFull, "The gallery is full (\(Self.galleryLimit) pictures). Delete some to save new ones.")
        }
        let encoded = String(decoding: document.encoded(), as: UTF8.self)
        try await services.quota.require(Int64(encoded.utf8.count), in: scope)
        let now = services.clock.now()
        let drawing = Drawing(id: services.ids.make(), familyId: scope.familyId, childId: childId, page: document.page,
                              document: encoded, revision: 1, createdAt: now, updatedAt: now)
        try await services.coloring.insert(drawing, in: scope)
        return drawing
    }

    /// The request's body as a checked drawing.
    static func document(_ request: Request, context: AppRequestContext) async throws -> ColoringDocument {
        try request.requireJSON("Send the drawing as JSON (Content-Type: application/json).")
        return try ColoringDocument.decode(Data(buffer: try await request.collectBody(upTo: uploadLimit))).withinRenderCost()
    }

    static func baseRevision(_ request: Request) throws -> Int? {
        guard let header = request.headers[.ifMatch] else { return nil }
        guard let revision = Int(header.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))) else {
            throw APIError.invalid("If-Match", "If-Match is the drawing's revision in quotes, like \"3\".")
        }
        return revision
    }

    static func etag(_ revision: Int) -> String { "\"\(revision)\"" }
    static func thumbnailKey(_ id: DrawingID, _ revision: Int) -> String { "coloring/\(id)/thumbnail-\(revision).png" }
}

extension ColoringDocument {
    var stampCount: Int { actions.filter { if case .stamp = $0 { true } else { false } }.count }
}
