import Hummingbird
import Storage

/// A signed-in family device (any of its screens).
struct SignedIn: Sendable {
    let session: CurrentSession
    let context: AppRequestContext
}

/// A device with a child picked: the kids' screens.
struct Kid: Sendable {
    let session: CurrentSession
    let child: Child
    let context: AppRequestContext
}

/// A device with the parent area open (checked, and kept open, before the handler runs).
struct Parent: Sendable {
    let session: CurrentSession
    let context: AppRequestContext
}

/// A paired phone (SpotCheck's Shortcut and setup page): authenticated by its secret or its
/// request signature, which covers `body` (read before the handler for that reason).
struct Phone: Sendable {
    let device: SpotCheckDevice
    let body: [UInt8]
    let context: AppRequestContext
}

/// The routes of one access level. A handler registered here receives its caller, resolved before
/// it runs: a caller who does not qualify is refused (401 not signed in, 403 no child picked or
/// parent area locked) and the handler never runs. A handler cannot be written without saying
/// which caller it serves, so no route can forget its check; `RouteTableTests` walks every route.
struct AccessGroup<Caller: Sendable> {
    let routes: RouterGroup<AppRequestContext>
    let resolve: @Sendable (Request, AppRequestContext) async throws -> Caller

    @discardableResult func get<Output: ResponseGenerator>(_ path: RouterPath = "", use handler: @escaping @Sendable (Request, Caller) async throws -> Output) -> Self {
        on(path, .get, handler)
    }
    @discardableResult func post<Output: ResponseGenerator>(_ path: RouterPath = "", use handler: @escaping @Sendable (Request, Caller) async throws -> Output) -> Self {
        on(path, .post, handler)
    }
    @discardableResult func put<Output: ResponseGenerator>(_ path: RouterPath = "", use handler: @escaping @Sendable (Request, Caller) async throws -> Output) -> Self {
        on(path, .put, handler)
    }
    @discardableResult func patch<Output: ResponseGenerator>(_ path: RouterPath = "", use handler: @escaping @Sendable (Request, Caller) async throws -> Output) -> Self {
        on(path, .patch, handler)
    }
    @discardableResult func delete<Output: ResponseGenerator>(_ path: RouterPath = "", use handler: @escaping @Sendable (Request, Caller) async throws -> Output) -> Self {
        on(path, .delete, handler)
    }

    private func on<Output: ResponseGenerator>(_ path: RouterPath, _ method: HTTPRequest.Method,
                                               _ handler: @escaping @Sendable (Request, Caller) async throws -> Output) -> Self {
        let resolve = self.resolve
        routes.on(path, method: method) { request, context in
            try await handler(request, try await resolve(request, context))
        }
        return self
    }
}

extension RouterGroup where Context == AppRequestContext {
    /// Routes for any signed-in device of a family.
    func signedIn() -> AccessGroup<SignedIn> {
        AccessGroup(routes: self) { _, context in SignedIn(session: try context.requireSession(), context: context) }
    }

    /// Routes for the child picked on this device.
    func kid(_ services: Services) -> AccessGroup<Kid> {
        AccessGroup(routes: self) { _, context in
            let (session, child) = try await services.requireChild(context)
            return Kid(session: session, child: child, context: context)
        }
    }

    /// Routes of the parent area.
    func parentArea(_ services: Services) -> AccessGroup<Parent> {
        AccessGroup(routes: self) { _, context in Parent(session: try await services.requireParent(context), context: context) }
    }
}
