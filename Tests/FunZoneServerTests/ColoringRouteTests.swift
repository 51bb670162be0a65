import Coloring
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Storage
import Testing
@testable import FunZoneServer

private typealias DrawingView = ColoringController.DrawingView

/// Coloring Fun's gallery and settings over HTTP, on SQLite and PostgreSQL.
@Suite struct ColoringRouteTests {
    static let json: HTTPFields = [.contentType: "application/json"]

    static func drawing(_ actions: [ColoringAction], page: String? = nil) throws -> ColoringDocument {
        var document = ColoringDocument(width: 320, height: 240, page: page)
        for action in actions { try document.perform(action) }
        return document
    }

    static let scribble = ColoringAction.stroke(brush: .crayon, color: RGBA(237, 10, 63), size: 12, points: [Point(20, 20), Point(200, 120)], seed: 4)
    static let dog = ColoringAction.stamp(emoji: "🐶", at: Point(160, 120), size: 80, rotation: 0, flipped: false)

    static func upload(_ device: Browser, _ method: HTTPRequest.Method, _ uri: String, _ document: ColoringDocument,
                       ifMatch: String? = nil) async throws -> TestResponse {
        var headers = json
        if let ifMatch { headers[.ifMatch] = ifMatch }
        return try await device.request(method, uri, body: ByteBuffer(bytes: document.encoded()), headers: headers)
    }

    /// A picture as GET answers it: its `DrawingView` with the stored document spliced in. The route sends stored bytes, so it
    /// has no response type of its own: the view is decoded, the document read and checked as the server reads drawings.
    fileprivate static func open(_ device: Browser, _ id: DrawingID) async throws -> (view: DrawingView, document: ColoringDocument) {
        let response = try await device.request(.get, "/api/coloring/drawings/\(id)")
        #expect(response.status == .ok, "\(String(buffer: response.body))")
        let document = try #require(try response.jsonObject()["document"])
        return (try response.decoded(DrawingView.self), try ColoringDocument.decode(JSONSerialization.data(withJSONObject: document)))
    }

    static func me(_ device: Browser) async throws -> ColoringController.MeResponse {
        try await device.decoded(ColoringController.MeResponse.self, .get, "/api/coloring/me")
    }

    @Test(arguments: TestDatabase.all)
    func aPictureIsSavedAutosavedReopenedDuplicatedAndDeleted(_ db: TestDatabase) async throws {
        try await TestApp.run(db, openSignup: true) { app in
            let (tablet, _) = try await SpellflareRouteTests.child(app)
            let me = try await Self.me(tablet)
            #expect(me.lastDrawingId == nil)
            #expect(me.colors.count == 20 && me.pages.count == 12)
            #expect(me.stamps.map(\.id) == ["animals", "insects", "plants", "fun", "faces"])

            var document = try Self.drawing([Self.scribble], page: "cat")
            let created = try await Self.upload(tablet, .post, "/api/coloring/drawings", document)
            #expect(created.status == .created, "\(String(buffer: created.body))")
            let id = try created.decoded(DrawingView.self).id
            #expect(try created.decoded(DrawingView.self).revision == 1)

            // Autosave with the revision it was based on; a stale tab's save is refused, nothing lost.
            try document.perform(Self.dog)
            let saved = try await Self.upload(tablet, .put, "/api/coloring/drawings/\(id)", document, ifMatch: "\"1\"")
            #expect(saved.status == .ok && saved.headers[.eTag] == "\"2\"")
            #expect(try saved.decoded(DrawingView.self).revision == 2)
            var stale = try Self.drawing([Self.scribble, .clear])
            stale.page = "cat"
            try expectErrorShape(try await Self.upload(tablet, .put, "/api/coloring/drawings/\(id)", stale, ifMatch: "\"1\""),
                                 status: .preconditionFailed, code: "drawing_changed")

            // Autosave of just what changed: keep the first two actions, add one, set the redo list.
            struct Changes: Encodable { let keep: Int; let actions: [ColoringAction]; let undone: [ColoringAction] }
            let fill = ColoringAction.fill(at: Point(5, 5), color: RGBA(58, 166, 85), tolerance: 48)
            let changes = try JSONEncoder().encode(Changes(keep: 2, actions: [fill], undone: [.clear]))
            func patch(_ body: Data, ifMatch: String?) async throws -> TestResponse {
                var headers = Self.json
                if let ifMatch { headers[.ifMatch] = ifMatch }
                return try await tablet.request(.patch, "/api/coloring/drawings/\(id)", body: ByteBuffer(bytes: body), headers: headers)
            }
            try expectErrorShape(try await patch(changes, ifMatch: nil), status: .preconditionRequired, code: "revision_required")
            try expectErrorShape(try await patch(changes, ifMatch: "\"1\""), status: .preconditionFailed, code: "drawing_changed")
            let tooMany = try JSONEncoder().encode(Changes(keep: 7, actions: [], undone: []))
            try expectErrorShape(try await patch(tooMany, ifMatch: "\"2\""), status: .unprocessableContent, code: "invalid_field")
            let patched = try await patch(changes, ifMatch: "\"2\"")
            #expect(patched.status == .ok)
            #expect(try patched.decoded(DrawingView.self).revision == 3)
            try document.perform(fill)
            try document.perform(.clear)
            try document.undo()
            // Undo back to one action and send that: the server drops the rest.
            let back = try JSONEncoder().encode(Changes(keep: 1, actions: [], undone: [fill, Self.dog]))
            #expect(try await patch(back, ifMatch: "\"3\"").status == .ok)
            #expect(try await Self.open(tablet, id).document.actions.count == 1)
            let redo = try JSONEncoder().encode(Changes(keep: 1, actions: [Self.dog, fill], undone: [.clear]))
            #expect(try await patch(redo, ifMatch: "\"4\"").status == .ok)

            // Reopened as it was saved; it is the one to reopen on return.
            let reopened = try await Self.open(tablet, id)
            #expect(reopened.document == document)
            #expect(try await Self.me(tablet).lastDrawingId == id)

            // Thumbnail and export are PNGs rendered here; the export matches the domain's render exactly.
            let thumbnail = try await tablet.request(.get, "/api/coloring/drawings/\(id)/thumbnail")
            #expect(thumbnail.status == .ok && thumbnail.headers[.contentType] == "image/png")
            let revision = reopened.view.revision
            let small = try PNGDecoder.decode(Data(buffer: thumbnail.body))
            #expect(small.width == 256 && small.height == 192)
            let again = try await tablet.request(.get, "/api/coloring/drawings/\(id)/thumbnail", headers: [.ifNoneMatch: "\"\(revision)\""])
            #expect(again.status == .notModified)
            let export = try await tablet.request(.get, "/api/coloring/drawings/\(id)/export")
            #expect(export.status == .ok && export.headers[.contentDisposition]?.hasPrefix("attachment") == true)
            #expect(try PNGDecoder.decode(Data(buffer: export.body)) == app.services.drawingRenderer.render(document))

            // Duplicate, then delete the original: the copy stays.
            let copyId = try await tablet.decoded(DrawingView.self, .post, "/api/coloring/drawings/\(id)/duplicate", expect: .created).id
            _ = try await tablet.json(.delete, "/api/coloring/drawings/\(id)", expect: .noContent)
            try await tablet.expectError(.get, "/api/coloring/drawings/\(id)", status: .notFound, code: "not_found")
            let gallery = try await tablet.decoded(ColoringController.DrawingList.self, .get, "/api/coloring/drawings").drawings
            #expect(gallery.map(\.id) == [copyId])
        }
    }

    @Test(arguments: TestDatabase.all)
    func badPicturesAreRefusedAndNothingIsKept(_ db: TestDatabase) async throws {
        try await TestApp.run(db, openSignup: true) { app in
            let (tablet, _) = try await SpellflareRouteTests.child(app)
            func post(_ text: String, contentType: String = "application/json") async throws -> TestResponse {
                try await tablet.request(.post, "/api/coloring/drawings", body: ByteBuffer(string: text), headers: [.contentType: contentType])
            }
            try expectErrorShape(try await post("{not json"), status: .unprocessableContent, code: "invalid_drawing")
            try expectErrorShape(try await post(##"{"version": 9, "width": 100, "height": 100, "actions": []}"##),
                                 status: .unprocessableContent, code: "invalid_drawing")
            try expectErrorShape(try await post(##"{"version": 1, "width": -4, "height": 100, "actions": []}"##),
                                 status: .unprocessableContent, code: "invalid_drawing")
            try expectErrorShape(try await post(##"{"version": 1, "width": 100, "height": 100, "page": "dragon", "actions": []}"##),
                                 status: .unprocessableContent, code: "invalid_drawing")
            try expectErrorShape(try await post("{}", contentType: "text/plain"), status: .unsupportedMediaType, code: "unsupported_media_type")
            // 250,000 points: over the drawing's bound (and a body over 4 MB is cut off before it is read).
            let points = Array(repeating: "10,20", count: 125_000).joined(separator: ",")
            let stroke = { (n: Int) in ##"{"type": "stroke", "brush": "crayon", "color": "#ff0000", "size": 10, "points": [\##(points)], "seed": \##(n)}"## }
            let many = ##"{"version": 1, "width": 100, "height": 100, "actions": [\##(stroke(1))]}"##
            try expectErrorShape(try await post(many), status: .unprocessableContent, code: "invalid_drawing")
            let huge = ##"{"version": 1, "width": 100, "height": 100, "actions": [\##((1...8).map(stroke).joined(separator: ","))]}"##
            try expectErrorShape(try await post(huge), status: .contentTooLarge, code: "body_too_large")
            // 5,000 fills of the biggest paper: within the counts, far over what a drawing may cost to draw.
            let fills = Array(repeating: ##"{"type": "fill", "at": [5, 5], "color": "#ff0000"}"##, count: 5_000).joined(separator: ",")
            let costly = try await post(##"{"version": 1, "width": 4096, "height": 4096, "actions": [\##(fills)]}"##)
            try expectErrorShape(costly, status: .unprocessableContent, code: "drawing_too_costly")
            #expect(String(buffer: costly.body).contains("12583%"))
            #expect(try await app.services.coloring.count(childId: try #require(tablet.childId(app)), in: FamilyScope(familyId: try await tablet.familyId(app))) == 0)

            // Another family's child cannot see, change or delete this one's picture.
            let created = try await Self.upload(tablet, .post, "/api/coloring/drawings", try Self.drawing([Self.scribble]))
            let id = try created.decoded(DrawingView.self).id
            let stranger = try await app.setUpStrangerFamily(child: true)
            try await stranger.expectError(.get, "/api/coloring/drawings/\(id)", status: .notFound, code: "not_found")
            try expectErrorShape(try await Self.upload(stranger, .put, "/api/coloring/drawings/\(id)", try Self.drawing([])),
                                 status: .notFound, code: "not_found")
            try await stranger.expectError(.delete, "/api/coloring/drawings/\(id)", status: .notFound, code: "not_found")
            try await stranger.expectError(.get, "/api/coloring/drawings/\(id)/export", status: .notFound, code: "not_found")
            #expect(try await stranger.decoded(ColoringController.DrawingList.self, .get, "/api/coloring/drawings").drawings.isEmpty)
            try await app.passGate(stranger)
            _ = try await stranger.json(.post, "/api/parent/unlock", ["password": TestApp.password], expect: .noContent)
            try await stranger.expectError(.get, "/api/parent/coloring/children/\(try #require(tablet.childId(app)))/settings",
                                           status: .notFound, code: "not_found")
            #expect(try await Self.open(tablet, id).view.revision == 1)
        }
    }

    @Test(arguments: TestDatabase.all)
    func parentsTurnOffStampsSavingAndExport(_ db: TestDatabase) async throws {
        try await TestApp.run(db, openSignup: true) { app in
            let (tablet, miaId) = try await SpellflareRouteTests.child(app)
            let created = try await Self.upload(tablet, .post, "/api/coloring/drawings", try Self.drawing([Self.scribble, Self.dog]))
            let id = try created.decoded(DrawingView.self).id

            struct Settings: Codable { let stamps: Bool; let saving: Bool; let export: Bool; let kidsMode: Bool }
            try await tablet.expectError(.put, "/api/parent/coloring/children/\(miaId)/settings",
                                         Settings(stamps: false, saving: false, export: false, kidsMode: false), status: .forbidden, code: "parent_locked")
            try await app.passGate(tablet)
            _ = try await tablet.json(.post, "/api/parent/unlock", ["password": TestApp.password], expect: .noContent)
            _ = try await tablet.json(.put, "/api/parent/coloring/children/\(miaId)/settings",
                                      Settings(stamps: false, saving: true, export: false, kidsMode: true), expect: .ok)
            let me = try await Self.me(tablet)
            #expect(me.stamps.isEmpty)
            #expect(me.settings.kidsMode == true)
            // The picture with its old stamp can still be saved; a new stamp cannot.
            let more = try Self.drawing([Self.scribble, Self.dog, .background(RGBA(251, 232, 112))])
            #expect(try await Self.upload(tablet, .put, "/api/coloring/drawings/\(id)", more).status == .ok)
            let anotherDog = try Self.drawing([Self.scribble, Self.dog, Self.dog])
            try expectErrorShape(try await Self.upload(tablet, .put, "/api/coloring/drawings/\(id)", anotherDog), status: .forbidden, code: "stamps_off")
            try await tablet.expectError(.get, "/api/coloring/drawings/\(id)/export", status: .forbidden, code: "export_off")

            _ = try await tablet.json(.put, "/api/parent/coloring/children/\(miaId)/settings",
                                      Settings(stamps: true, saving: false, export: true, kidsMode: false), expect: .ok)
            try expectErrorShape(try await Self.upload(tablet, .post, "/api/coloring/drawings", try Self.drawing([Self.scribble])),
                                 status: .forbidden, code: "saving_off")
            try await tablet.expectError(.post, "/api/coloring/drawings/\(id)/duplicate", status: .forbidden, code: "saving_off")
            #expect(try await tablet.request(.get, "/api/coloring/drawings/\(id)/export").status == .ok)
            // The child switches Kids Mode on from the canvas.
            let kids = try await tablet.decoded(ColoringSettingsView.self, .put, "/api/coloring/kids-mode", ["on": true])
            #expect(kids.kidsMode == true && kids.saving == false)
        }
    }

    @Test(arguments: TestDatabase.all)
    func pagesAndStampPictures(_ db: TestDatabase) async throws {
        try await TestApp.run(db, openSignup: true) { app in
            let (tablet, _) = try await SpellflareRouteTests.child(app)
            let page = try await tablet.decoded(ColoringController.PageResponse.self, .get, "/api/coloring/pages/cat")
            #expect(page.width == 1024 && page.outline.isEmpty == false)
            try await tablet.expectError(.get, "/api/coloring/pages/dragon", status: .notFound, code: "not_found")
            let bee = try await tablet.request(.get, "/api/coloring/stamps/\("🐝".addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!)")
            if Services.emojiFont != nil {
                #expect(bee.status == .ok && bee.headers[.contentType] == "image/png")
                #expect(try PNGDecoder.decode(Data(buffer: bee.body)).width >= 100)
            }
            try await tablet.expectError(.get, "/api/coloring/stamps/A", status: .notFound, code: "not_found")
        }
    }
}

extension Browser {
    /// The child picked on this device and its family (read through the API).
    func childId(_ app: TestApp) async throws -> ChildID? {
        try await decoded(AccountController.SessionResponse.self, .get, "/api/session").child?.id
    }

    func familyId(_ app: TestApp) async throws -> FamilyID {
        let id = try await childId(app)!
        return try await app.services.database.sql.raw("SELECT family_id FROM children WHERE id = \(bind: id)").first()!
            .decode(column: "family_id", as: FamilyID.self)
    }
}
