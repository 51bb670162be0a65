import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Storage
import Study
import TestSupport
import Testing
@testable import FunZoneServer

/// MirrorBuddy's mind maps on both databases: one tap makes a material's map (the same map on the
/// second tap, a new one on "rebuild"), edits are saved whole at the revision read (a save from a
/// second device that read an older revision is map_changed), the map exports as Markdown, OPML and
/// SVG; a map of 10,000 nodes, a cycle or another family's map changes nothing.
@Suite struct MirrorBuddyMapRouteTests {
    typealias NewMaterial = MirrorBuddyRouteTests.NewMaterial
    typealias MapView = MirrorBuddyMaps.MapView

    struct Save: Encodable { let revision: Int; var title: String? = nil; let nodes: [MindMap.Node] }

    static func notes(_ tablet: Browser) async throws -> MirrorBuddyView.MaterialView {
        try await tablet.decoded(MirrorBuddyView.MaterialView.self, .post, "/api/mirrorbuddy/materials",
                                 NewMaterial(title: "La fotosintesi", subjectId: "scienze-naturali", text: StudyNotes.italian), expect: .created)
    }

    @Test(arguments: TestDatabase.all)
    func aMaterialsMapIsMadeEditedAndExported(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["mirrorbuddy"], openSignup: true) { app in
            let tablet = try await MirrorBuddyRouteTests.mario(app)
            let notes = try await Self.notes(tablet)
            let made = try await tablet.decoded(MapView.self, .post, "/api/mirrorbuddy/materials/\(notes.id)/mind-map", expect: .created)
            #expect(made.title == "La fotosintesi" && made.materialId == notes.id && made.subjectId == "scienze-naturali" && made.revision == 1)
            #expect(made.nodes.first?.label == "La fotosintesi" && (3...6).contains(made.nodes.filter { $0.parentId == made.nodes[0].id }.count))
            let again = try await tablet.decoded(MapView.self, .post, "/api/mirrorbuddy/materials/\(notes.id)/mind-map")
            #expect(again.id == made.id, "the second tap opens the same map")

            // Mario renames a branch, adds a detail, colours the root; saved at revision 1.
            var nodes = made.nodes
            nodes[1].label = "Le foglie"
            nodes[0].colour = .viola
            nodes.append(MindMap.Node(id: "mine-1", parentId: nodes[1].id, label: "Ci sono gli stomi"))
            let saved = try await tablet.decoded(MapView.self, .put, "/api/mirrorbuddy/maps/\(made.id)", Save(revision: 1, nodes: nodes))
            #expect(saved.revision == 2 && saved.nodes.contains { $0.id == "mine-1" && $0.parentId == nodes[1].id } && saved.nodes[0].colour == .viola)
            // The other device still has revision 1: its save is refused, nothing lost.
            try await tablet.expectError(.put, "/api/mirrorbuddy/maps/\(made.id)", Save(revision: 1, nodes: made.nodes), status: .conflict, code: "map_changed")
            #expect(try await tablet.decoded(MapView.self, .get, "/api/mirrorbuddy/maps/\(made.id)") .nodes == saved.nodes)

            // Exports.
            let markdown = try await tablet.request(.get, "/api/mirrorbuddy/maps/\(made.id)/export?format=markdown")
            #expect(markdown.status == .ok && markdown.headers[.contentType] == "text/markdown; charset=utf-8")
            #expect(markdown.headers[.contentDisposition] == "attachment; filename=\"la-fotosintesi.md\"")
            #expect(String(buffer: markdown.body).hasPrefix("# La fotosintesi\n\n- Le foglie\n"))
            let opml = try await tablet.request(.get, "/api/mirrorbuddy/maps/\(made.id)/export?format=opml")
            #expect(opml.status == .ok && String(buffer: opml.body).contains("<outline text=\"Le foglie\">"))
            let svg = try await tablet.request(.get, "/api/mirrorbuddy/maps/\(made.id)/export?format=svg")
            #expect(svg.status == .ok && svg.headers[.contentType] == "image/svg+xml" && String(buffer: svg.body).contains("#9013FE"))
            try await tablet.expectError(.get, "/api/mirrorbuddy/maps/\(made.id)/export?format=pdf", status: .unprocessableContent, code: "invalid_field")

            // Rebuilt from the material: a new map replaces the edited one.
            let rebuilt = try await tablet.decoded(MapView.self, .post, "/api/mirrorbuddy/materials/\(notes.id)/mind-map?rebuild=true", expect: .created)
            #expect(rebuilt.id != made.id && rebuilt.revision == 1)
            let list = try await tablet.decoded(MirrorBuddyMaps.ListResponse.self, .get, "/api/mirrorbuddy/maps")
            #expect(list.maps.map(\.id) == [rebuilt.id] && list.maps[0].nodes == rebuilt.nodes.count)
            try await tablet.expectError(.get, "/api/mirrorbuddy/maps/\(made.id)", status: .notFound, code: "not_found")

            // The material deleted: the map stays, no longer tied to it.
            #expect(try await tablet.request(.delete, "/api/mirrorbuddy/materials/\(notes.id)").status == .noContent)
            #expect(try await tablet.decoded(MapView.self, .get, "/api/mirrorbuddy/maps/\(rebuilt.id)").materialId == nil)
            #expect(try await tablet.request(.delete, "/api/mirrorbuddy/maps/\(rebuilt.id)").status == .noContent)
            #expect(try await tablet.decoded(MirrorBuddyMaps.ListResponse.self, .get, "/api/mirrorbuddy/maps").maps.isEmpty)
        }
    }

    @Test(arguments: TestDatabase.all)
    func badTreesAndAnotherFamilyChangeNothing(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["mirrorbuddy"], openSignup: true) { app in
            let tablet = try await MirrorBuddyRouteTests.mario(app)
            let notes = try await Self.notes(tablet)
            let made = try await tablet.decoded(MapView.self, .post, "/api/mirrorbuddy/materials/\(notes.id)/mind-map", expect: .created)
            let root = made.nodes[0]
            let huge = [root] + (0..<10_000).map { MindMap.Node(id: "n\($0)x", parentId: root.id, label: "nodo \($0)") }
            let response = try await tablet.request(.put, "/api/mirrorbuddy/maps/\(made.id)", json: Save(revision: 1, nodes: huge))
            #expect([.contentTooLarge, .unprocessableContent].contains(response.status), "10,000 nodes: \(response.status)")
            let invalid = { (nodes: [MindMap.Node]) in
                try await tablet.expectError(.put, "/api/mirrorbuddy/maps/\(made.id)", Save(revision: 1, nodes: nodes),
                                             status: .unprocessableContent, code: "invalid_field")
            }
            try await invalid(Array(huge.prefix(600)))
            try await invalid([root, MindMap.Node(id: "a", parentId: "b", label: "a"), MindMap.Node(id: "b", parentId: "a", label: "b")])
            try await invalid(made.nodes + [MindMap.Node(id: "second-root", parentId: nil, label: "Due")])
            try await invalid([root, MindMap.Node(id: "x", parentId: root.id, label: String(repeating: "p", count: 81))])
            try await tablet.expectError(.put, "/api/mirrorbuddy/maps/\(made.id)", ["revision": 1], status: .unprocessableContent, code: "invalid_field")
            #expect(try await tablet.decoded(MapView.self, .get, "/api/mirrorbuddy/maps/\(made.id)").nodes == made.nodes, "nothing changed")
            try await tablet.expectError(.post, "/api/mirrorbuddy/materials/nope/mind-map", status: .notFound, code: "not_found")

            let other = try await MirrorBuddyRouteTests.stranger(app)
            #expect(try await other.decoded(MirrorBuddyMaps.ListResponse.self, .get, "/api/mirrorbuddy/maps").maps.isEmpty)
            try await other.expectError(.get, "/api/mirrorbuddy/maps/\(made.id)", status: .notFound, code: "not_found")
            try await other.expectError(.put, "/api/mirrorbuddy/maps/\(made.id)", Save(revision: 1, nodes: [root]), status: .notFound, code: "not_found")
            try await other.expectError(.get, "/api/mirrorbuddy/maps/\(made.id)/export?format=svg", status: .notFound, code: "not_found")
            try await other.expectError(.delete, "/api/mirrorbuddy/maps/\(made.id)", status: .notFound, code: "not_found")
            try await other.expectError(.post, "/api/mirrorbuddy/materials/\(notes.id)/mind-map", status: .notFound, code: "not_found")
            #expect(try await tablet.decoded(MapView.self, .get, "/api/mirrorbuddy/maps/\(made.id)").revision == 1)
        }
    }
}
