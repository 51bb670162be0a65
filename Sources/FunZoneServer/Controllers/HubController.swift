import Foundation
import Hub
import Hummingbird
import Storage

/// The child's home screen: greeting, tiles and whether house ads show.
struct HubController {
    let services: Services

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        api.get("hub", use: hub)
        api.get("apps", use: apps)
    }

    struct HubResponse: Codable {
        let child: ChildView
        let tiles: [HubTile]
        let adsRemoved: Bool
    }

    @Sendable func hub(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (session, child) = try await services.requireChild(context)
        async let hidden = services.children.hiddenApps(childId: child.id, familyId: session.familyId)
        async let statuses = services.requests.latestStatuses(childId: child.id, familyId: session.familyId)
        async let owned = services.purchases.ownedProducts(familyId: session.familyId)
        let latest = try await statuses.compactMapValues(AppRequest.Status.init(rawValue:))
        let tiles = services.registry.tiles(hidden: try await hidden, latestRequests: latest)
        return try JSONResponse.make(HubResponse(child: ChildView(child), tiles: tiles,
                                                 adsRemoved: Entitlements(owned: try await owned).adsRemoved))
    }

    /// Every app in the registry (the parent screens list them to hide per child).
    @Sendable func apps(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try context.requireSession()
        return try JSONResponse.make(["apps": services.registry.apps])
    }
}
