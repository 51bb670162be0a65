import Foundation
import Hub
import Hummingbird
import Storage

/// Child profiles: parents manage them; on a family device a child picks their avatar (kid mode).
struct ChildrenController {
    let services: Services

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        let signedIn = api.signedIn()
        signedIn.get("kids", use: kids)
        signedIn.post("kids/select", use: select)
        signedIn.post("kids/leave", use: leave)
        let parentArea = api.parentArea(services)
        parentArea.get("parent/children", use: list)
        parentArea.post("parent/children", use: create)
        parentArea.patch("parent/children/:childId", use: update)
        parentArea.delete("parent/children/:childId", use: delete)
        parentArea.put("parent/children/:childId/apps/:appId", use: setAppHidden)
    }

    // MARK: - Kid mode

    struct KidsResponse: Codable { let children: [ChildView]; let avatars: [String] }

    /// The avatar picker: any signed-in family device, no password.
    @Sendable func kids(_ request: Request, caller: SignedIn) async throws -> Reply<KidsResponse> {
        let session = caller.session
        let children = try await services.children.children(in: session.scope)
        return Reply(KidsResponse(children: children.map(ChildView.init), avatars: ChildProfile.avatars))
    }

    struct SelectRequest: Codable { let childId: ChildID }

    /// A child taps their avatar; handing the device to a child also closes the parent area.
    @Sendable func select(_ request: Request, caller: SignedIn) async throws -> Reply<ChildView> {
        let session = caller.session
        let body = try await request.decodeJSON(SelectRequest.self, context: caller.context)
        guard let child = try await services.children.child(id: body.childId, in: session.scope) else {
            throw APIError.notFound("child")
        }
        try await services.sessions.setChild(child.id, tokenHash: session.tokenHash)
        try await services.sessions.setParentActive(nil, tokenHash: session.tokenHash)
        return Reply(ChildView(child))
    }

    @Sendable func leave(_ request: Request, caller: SignedIn) async throws -> NoContent {
        let session = caller.session
        try await services.sessions.setChild(nil, tokenHash: session.tokenHash)
        return NoContent()
    }

    // MARK: - Parent area

    struct ChildDetail: Codable {
        let id: ChildID
        let name: String
        let grade: Int
        let avatar: String
        let hiddenApps: [String]
    }

    struct ChildList: Codable { let children: [ChildDetail] }

    @Sendable func list(_ request: Request, caller: Parent) async throws -> Reply<ChildList> {
        let session = caller.session
        var details: [ChildDetail] = []
        for child in try await services.children.children(in: session.scope) {
            let hidden = try await services.children.hiddenApps(childId: child.id, in: session.scope)
            details.append(ChildDetail(id: child.id, name: child.name, grade: child.grade, avatar: child.avatar,
                                       hiddenApps: hidden.sorted()))
        }
        return Reply(ChildList(children: details))
    }

    struct ChildRequest: Codable {
        let name: String
        let grade: Int
        let avatar: String
    }

    static let maximumChildren = 12

    @Sendable func create(_ request: Request, caller: Parent) async throws -> Reply<ChildView> {
        let session = caller.session
        let body = try await request.decodeJSON(ChildRequest.self, context: caller.context)
        let id: ChildID = services.ids.make()
        let profile = try ChildProfile.validated(id: id.rawValue, name: body.name, grade: body.grade, avatar: body.avatar)
        guard try await services.children.children(in: session.scope).count < Self.maximumChildren else {
            throw APIError(.tooManyChildren, "A family can have up to \(Self.maximumChildren) children.")
        }
        let child = Child(id: id, familyId: session.familyId, name: profile.name, grade: profile.grade,
                          avatar: profile.avatar, createdAt: services.clock.now())
        try await services.children.insert(child, in: session.scope)
        return Reply(ChildView(child), status: .created)
    }

    struct ChildPatch: Codable {
        let name: String?
        let grade: Int?
        let avatar: String?
    }

    @Sendable func update(_ request: Request, caller: Parent) async throws -> Reply<ChildView> {
        let session = caller.session
        let id: ChildID = try caller.context.parameters.id("childId")
        let patch = try await request.decodeJSON(ChildPatch.self, context: caller.context)
        guard let current = try await services.children.child(id: id, in: session.scope) else { throw APIError.notFound("child") }
        let profile = try ChildProfile.validated(id: id.rawValue, name: patch.name ?? current.name, grade: patch.grade ?? current.grade,
                                                 avatar: patch.avatar ?? current.avatar)
        let child = Child(id: id, familyId: session.familyId, name: profile.name, grade: profile.grade,
                          avatar: profile.avatar, createdAt: current.createdAt)
        guard try await services.children.update(child, in: session.scope) else { throw APIError.notFound("child") }
        return Reply(ChildView(child))
    }

    struct DeleteRequest: Codable { let confirm: Bool }

    /// Deletes a child and all their data; the body must say `{"confirm": true}`.
    @Sendable func delete(_ request: Request, caller: Parent) async throws -> NoContent {
        let session = caller.session
        let id: ChildID = try caller.context.parameters.id("childId")
        let body = try await request.decodeJSON(DeleteRequest.self, context: caller.context)
        guard body.confirm else {
            throw APIError.invalid("confirm", "Deleting a child removes all their data; send {\"confirm\": true}.")
        }
        guard let left = try await services.children.delete(id: id, in: session.scope) else {
            throw APIError.notFound("child")
        }
        // A photo or PDF still being read stops; then the files their rows pointed at go.
        for material in left.materialIds { await services.reading.cancel(materialId: material) }
        let keys = left.blobKeys + left.drawings.map { ColoringController.thumbnailKey($0.id, $0.revision) }
        for key in keys {
            do { try await services.blobs.delete(key: key) } catch {
                services.log.warning("could not delete a stored file after deleting a child", metadata: ["error": "\(error)"])
            }
        }
        return NoContent()
    }

    struct HiddenRequest: Codable { let hidden: Bool }
    struct HiddenResponse: Codable { let appId: String; let hidden: Bool }

    @Sendable func setAppHidden(_ request: Request, caller: Parent) async throws -> Reply<HiddenResponse> {
        let session = caller.session
        let childId: ChildID = try caller.context.parameters.id("childId")
        let app = try services.registry.app(id: try caller.context.parameters.require("appId"))
        let body = try await request.decodeJSON(HiddenRequest.self, context: caller.context)
        guard try await services.children.child(id: childId, in: session.scope) != nil else { throw APIError.notFound("child") }
        try await services.children.setHidden(body.hidden, appId: app.id, childId: childId, in: session.scope)
        return Reply(HiddenResponse(appId: app.id, hidden: body.hidden))
    }
}
