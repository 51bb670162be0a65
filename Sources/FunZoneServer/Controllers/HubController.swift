import Foundation
import Hub
import Hummingbird
import NIOCore
import Storage

/// The child's home screen: greeting, tiles and whether house ads show.
struct HubController {
    let services: Services

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        let signedIn = api.signedIn()
        signedIn.get("hub", use: hub)
        signedIn.get("apps", use: apps)
    }

    struct HubResponse: Codable {
        let child: ChildView
        let tiles: [HubTile]
        let adsRemoved: Bool
    }

    @Sendable func hub(_ request: Request, caller: SignedIn) async throws -> Response {
        let session = caller.session
        guard let childId = session.stored.childId else { throw APIError.noChild }
        let now = services.clock.now()
        if let body = services.cache.hub(childId: childId, in: session.scope, now: now) {
            return JSONResponse.make(body: body)
        }
        guard let hub = try await services.hubs.snapshot(childId: childId, in: session.scope) else { throw APIError.noChild }
        let tiles = services.registry.tiles(hidden: hub.hiddenApps, latestRequests: hub.latestRequests, notes: hub.requestNotes)
        let body = ByteBuffer(bytes: try JSONEncoder.api.encode(HubResponse(
            child: ChildView(hub.child), tiles: tiles, adsRemoved: Entitlements(owned: hub.ownedProducts).adsRemoved)))
        services.cache.store(hub: body, childId: childId, in: session.scope, now: now)
        return JSONResponse.make(body: body)
    }

    /// Every app in the registry (the parent screens list them to hide per child).
    struct AppList: Codable { let apps: [MiniApp] }

    @Sendable func apps(_ request: Request, caller: SignedIn) async throws -> Reply<AppList> {
        return Reply(AppList(apps: services.registry.apps))
    }
}
