import Hummingbird
import NIOConcurrencyHelpers

/// A known address asked with a method it does not take (a POST to a GET route, TRACE) is
/// answered 405 `method_not_allowed` with the methods it takes in `Allow`, where the router alone
/// answers 404 (and the session's CSRF check, which runs first, 403). A GET or HEAD is looked at
/// only when the router found nothing for it; another method before the session's checks.
struct MethodNotAllowed: RouterMiddleware {
    typealias Context = AppRequestContext

    /// The router's routes, as paths of segments and their methods; filled once the routes are added.
    final class Routes: Sendable {
        private let table = NIOLockedValueBox<[(segments: [String], method: String)]>([])

        func fill(from routes: [(path: String, method: String)]) {
            table.withLockedValue { $0 = routes.map { (Self.segments($0.path), $0.method) } }
        }

        /// The methods the routes matching `path` take, in a stable order; empty when none matches.
        func methods(for path: String) -> [String] {
            let asked = Self.segments(path)
            let methods = table.withLockedValue { table in table.filter { Self.matches($0.segments, asked) }.map(\.method) }
            var allowed = Set(methods)
            if allowed.contains("GET") { allowed.insert("HEAD") }
            return allowed.sorted()
        }

        static func segments(_ path: String) -> [String] {
            (path.split(separator: "?", maxSplits: 1).first ?? "").split(separator: "/").map(String.init)
        }

        /// A pattern's `:name` or `{name}` or `*` takes any one segment, a `**` the rest.
        static func matches(_ pattern: [String], _ asked: [String]) -> Bool {
            if pattern.last == "**" { return asked.count >= pattern.count - 1 && zip(pattern.dropLast(), asked).allSatisfy(segment) }
            return pattern.count == asked.count && zip(pattern, asked).allSatisfy(segment)
        }

        private static func segment(_ pair: (String, String)) -> Bool {
            pair.0 == pair.1 || pair.0 == "*" || pair.0.hasPrefix(":") || pair.0.hasPrefix("{")
        }
    }

    let routes: Routes

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if request.method != .get && request.method != .head { try refuse(request) }
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            try refuse(request)
            throw error
        }
    }

    /// Throws 405 when the address is known and does not take the request's method.
    private func refuse(_ request: Request) throws {
        let allowed = routes.methods(for: request.uri.path)
        guard !allowed.isEmpty, !allowed.contains(request.method.rawValue) else { return }
        throw APIError(.methodNotAllowed, "This address takes \(allowed.joined(separator: ", ")).", allow: allowed.joined(separator: ", "))
    }
}
