import Foundation
import Hummingbird
import Storage

/// Coloring Fun in the parent area: per child, whether stamps, saving and export are allowed,
/// and whether the child starts in Kids Mode.
struct ColoringParentController {
    let services: Services

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        let parentArea = api.parentArea(services)
        parentArea.get("parent/coloring/children/:childId/settings", use: settings)
        parentArea.put("parent/coloring/children/:childId/settings", use: saveSettings)
    }

    @Sendable func settings(_ request: Request, caller: Parent) async throws -> Response {
        let (session, childId) = try await child(caller)
        return try JSONResponse.make(try await services.coloring.settings(childId: childId, in: session.scope))
    }

    @Sendable func saveSettings(_ request: Request, caller: Parent) async throws -> Response {
        let (session, childId) = try await child(caller)
        let body = try await request.decodeJSON(ColoringSettingsRow.self, context: caller.context)
        try await services.coloring.saveSettings(body, childId: childId, in: session.scope, now: services.clock.now())
        return try JSONResponse.make(body)
    }

    private func child(_ caller: Parent) async throws -> (CurrentSession, String) {
        let session = caller.session
        let childId = try caller.context.parameters.require("childId")
        guard try await services.children.child(id: childId, in: session.scope) != nil else { throw APIError.notFound("child") }
        return (session, childId)
    }
}
