import Hummingbird
import NIOCore
import Synchronization

/// Whose request a piece of costly work is for: the family (or, signed out, the address) that
/// `FairShare` shares slots by, and the connection whose closing means nobody waits for the answer
/// any more. Set for every API request by `WorkOwnerMiddleware`, read by the shares through a task
/// local, so the speech engines and the renderer need not be told who calls them.
struct WorkOwner: Sendable {
    /// The answer's client has gone: the work it asked for is dropped.
    struct Gone: Error {}

    @TaskLocal static var current: WorkOwner?

    let key: String
    /// Completes when the request's client has gone.
    let closed: EventLoopFuture<Void>?

    init(key: String, closed: EventLoopFuture<Void>?) {
        self.key = key
        self.closed = closed
    }

    /// The owner of a request's work: its family when signed in, else its address.
    init(_ request: Request, context: AppRequestContext, services: Services) {
        key = context.session.map { "family:\($0.familyId.rawValue)" } ?? "address:\(services.clientAddress(request, context))"
        closed = context.connectionClosed
    }

    /// Calls `gone` once when the connection closes, unless `stop()` was called first. (A future's
    /// callbacks cannot be removed: the one left on a kept-alive connection holds only the emptied
    /// watch, not `gone` and what it captured.)
    func watchGone(_ gone: @escaping @Sendable () -> Void) -> GoneWatch? {
        guard let closed else { return nil }
        let watch = GoneWatch(gone)
        closed.whenComplete { _ in watch.fire() }
        return watch
    }

    /// `work`, cancelled (and answered `Gone`) as soon as the owner's connection closes.
    static func whileClientStays<T: Sendable>(_ owner: WorkOwner?, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
        guard let owner, owner.closed != nil else { return try await work() }
        let task = Task { try await work() }
        let watch = owner.watchGone { task.cancel() }
        defer { watch?.stop() }
        return try await withTaskCancellationHandler {
            let result = await task.result
            if watch?.hasFired == true, case .failure = result { throw Gone() }
            return try result.get()
        } onCancel: {
            task.cancel()
        }
    }
}

/// A watch on a connection that can be stopped (an EventLoopFuture's callbacks cannot be removed).
final class GoneWatch: Sendable {
    private let gone: Mutex<(@Sendable () -> Void)?>
    private let fired = Atomic(false)

    init(_ gone: @escaping @Sendable () -> Void) { self.gone = Mutex(gone) }

    /// The connection closed while watched.
    var hasFired: Bool { fired.load(ordering: .acquiring) }

    /// No call after this; what the call would have used is let go.
    func stop() { _ = gone.withLock { $0.take() } }

    fileprivate func fire() {
        guard let call = gone.withLock({ $0.take() }) else { return }
        fired.store(true, ordering: .releasing)
        call()
    }
}

/// Tells the costly work of each API request whose it is (see `WorkOwner`): after the session
/// middleware, so a signed-in device's work counts against its family.
struct WorkOwnerMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let services: Services

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try await WorkOwner.$current.withValue(WorkOwner(request, context: context, services: services)) {
            try await next(request, context)
        }
    }
}
