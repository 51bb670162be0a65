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

    @Sendable func settings(_ request: Request, caller: Parent) async throws -> Reply<ColoringSettingsView> {
        let (session, childId) = try await child(caller)
        return Reply(ColoringSettingsView(try await services.coloring.settings(childId: childId, in: session.scope)))
    }

    @Sendable func saveSettings(_ request: Request, caller: Parent) async throws -> Reply<ColoringSettingsView> {
        let (session, childId) = try await child(caller)
        let body = try await request.decodeJSON(ColoringSettingsView.self, context: caller.context)
        try await services.coloring.saveSettings(body.settings, childId: childId, in: session.scope, now: services.clock.now())
        return Reply(body)
    }

    private func child(_ caller: Parent) async throws -> (CurrentSession, ChildID) {
        let session = caller.session
        let childId: ChildID = try caller.context.parameters.id("childId")
        guard try await services.children.child(id: childId, in: session.scope) != nil else { throw APIError.notFound("child") }
        return (session, childId)
    }
}

/// What a parent allows one child in Coloring Fun, as the API shows and takes it (every field is
/// required in a PUT: the page always sends the whole set).
struct ColoringSettingsView: Codable, Equatable {
    let stamps: Bool
    let saving: Bool
    let export: Bool
    let kidsMode: Bool

    init(_ settings: ColoringSettings) {
        stamps = settings.stamps
        saving = settings.saving
        export = settings.export
        kidsMode = settings.kidsMode
    }

    var settings: ColoringSettings { ColoringSettings(stamps: stamps, saving: saving, export: export, kidsMode: kidsMode) }
}
