import Hummingbird

/// Guards every route of one kids' app: a child a parent has hidden the app from gets 403
/// `app_hidden` from all of them, not just a missing tile (the page then shows "ask a grown-up").
/// A device with no child picked is left to the routes themselves (they need a child).
struct AppVisibilityMiddleware: RouterMiddleware {
    let appId: String
    let services: Services

    func handle(_ request: Request, context: AppRequestContext,
                next: (Request, AppRequestContext) async throws -> Response) async throws -> Response {
        if let session = context.session, let childId = session.stored.childId,
           try await services.children.hiddenApps(childId: childId, in: session.scope).contains(appId) {
            throw APIError.appHidden
        }
        return try await next(request, context)
    }
}

extension RouterGroup where Context == AppRequestContext {
    /// The routes of one kids' app, refused to a child it is hidden from.
    func app(_ appId: String, services: Services) -> RouterGroup<Context> {
        group(RouterPath(appId)).add(middleware: AppVisibilityMiddleware(appId: appId, services: services))
    }
}
