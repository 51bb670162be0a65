import Foundation
import HTTPTypes
import Hummingbird

/// A strict Content-Security-Policy and friends on every response: our pages load nothing from
/// anywhere else and run no inline script; and HSTS for the public address's name.
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    /// One day: long enough to keep the name on HTTPS between visits, short enough that a
    /// certificate that cannot be trusted (a home authority made anew: no click-through under HSTS)
    /// locks a device out for a day at most. No includeSubDomains or preload: the name is the family's.
    static let strictTransport = "max-age=86400"

    /// The host of `--public-url` when it is an https address on the default port with a name:
    /// the one host HSTS is sent for. Browsers ignore HSTS for IP addresses (RFC 6797 §8.1), and
    /// they apply it to the host on every port, keeping the port when they upgrade (§8.3): on the
    /// home network's own names, http://kitchen.local:8080/setup/ would become https on the plain
    /// port and fail. A public address is a proxy's or the family's own name, on 443 and 80.
    let strictHost: String?

    init(network: HomeNetwork = .none) {
        strictHost = Self.strictHost(publicURL: network.publicURL)
    }

    static func strictHost(publicURL: String?) -> String? {
        guard let publicURL, let url = URL(string: publicURL), url.scheme == "https",
              let host = url.host.map({ $0.lowercased().hasSuffix(".") ? String($0.lowercased().dropLast()) : $0.lowercased() }),
              url.port == nil || url.port == 443, host.contains(where: \.isLetter), !host.contains(":"),
              host != "localhost", !host.hasSuffix(".localhost") else { return nil }
        return host
    }

    /// HSTS on an HTTPS answer to the public address's host (its authority as sent, port 443 or none).
    static func sendsStrictTransport(secure: Bool, authority: String?, strictHost: String?) -> Bool {
        guard secure, let strictHost, var host = authority?.lowercased() else { return false }
        if host.hasSuffix(":443") { host.removeLast(4) }
        if host.hasSuffix(".") { host.removeLast() }
        return host == strictHost
    }

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
        if Self.sendsStrictTransport(secure: context.isSecure, authority: request.head.authority, strictHost: strictHost) {
            response.headers[.strictTransportSecurity] = Self.strictTransport
        }
        // The parent area is never kept by the browser: Back after handing the tablet to a child
        // must not show it from the cache (nor from the back-forward cache).
        if Self.isParentArea(request.uri.path) { response.headers[.cacheControl] = "no-store" }
        return response
    }
}
