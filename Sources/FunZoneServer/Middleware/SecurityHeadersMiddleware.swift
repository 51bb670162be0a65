import HTTPTypes
import Hummingbird

/// A strict Content-Security-Policy and friends on every response: our pages load nothing from
/// anywhere else and run no inline script.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    static var policy: String { policy(images: "'self' data: blob:") }

    /// The device set-up page may load one picture from the HTTPS address: that is how it tells
    /// whether this device trusts our certificate yet.
    static var setupPolicy: String { policy(images: "'self' data: blob: https:") }

    static func policy(images: String) -> String {
        [
            "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src \(images)",
            "media-src 'self' blob:", "connect-src 'self'", "font-src 'self'", "object-src 'none'",
            "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
        ].joined(separator: "; ")
    }

    static func isParentArea(_ path: String) -> Bool {
        path == "/parent" || path.hasPrefix("/parent/") || path.hasPrefix("/api/parent/")
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.contentSecurityPolicy] = request.uri.path.hasPrefix("/setup/") ? Self.setupPolicy : Self.policy
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        response.headers[HTTPField.Name("Permissions-Policy")!] = "microphone=(self), camera=(), geolocation=()"
        response.headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        // The parent area is never kept by the browser: Back after handing the tablet to a child
        // must not show it from the cache (nor from the back-forward cache).
        if Self.isParentArea(request.uri.path) { response.headers[.cacheControl] = "no-store" }
        return response
    }
}
