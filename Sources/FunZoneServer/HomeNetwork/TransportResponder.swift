import Foundation
import HTTPTypes
import Hummingbird

/// Puts each request's transport in its context, and sends a device on the LAN that came over
/// plain HTTP to the HTTPS address: a page on the LAN without HTTPS gets no microphone.
///
/// This machine itself (loopback) may keep using plain HTTP, and so may a trusted reverse proxy
/// that terminates TLS (`X-Forwarded-Proto: https` then marks the request secure). The device
/// set-up page and the authority's certificate stay on plain HTTP: a device fetches them before it
/// trusts our certificate.
enum TransportResponder {
    static let plainPaths = ["/setup/", "/shared/", "/ca.crt", "/ca.pem", "/kids-fun-zone.mobileconfig", "/healthz", "/healthz/live", "/healthz/ready", "/api/connect"]

    static func isPlainPath(_ path: String) -> Bool {
        plainPaths.contains { $0.hasSuffix("/") ? path.hasPrefix($0) || path + "/" == $0 : path == $0 }
    }

    static func make(_ router: RouterResponder<AppRequestContext>, secure: Bool, network: HomeNetwork,
                     proxies: TrustedProxies) -> CallbackResponder<AppRequestContext> {
        CallbackResponder { request, context in
            var context = context
            if secure {
                context.isSecure = true
            } else if proxies.contains(context.remoteAddress?.ipAddress) {
                // The proxy says who the device is and how it reached it; it sends no one to HTTPS itself.
                context.viaTrustedProxy = true
                context.isSecure = request.headers[HTTPField.Name("X-Forwarded-Proto")!]?.lowercased() == "https"
            } else if let location = redirect(request, remoteAddress: context.remoteAddress?.ipAddress, network: network) {
                return Response(status: .permanentRedirect, headers: [.location: location, .cacheControl: "no-store"])
            }
            return try await router.respond(to: request, context: context)
        }
    }

    /// Where a plain-HTTP request should go instead, or nil to serve it here.
    static func redirect(_ request: Request, remoteAddress: String?, network: HomeNetwork) -> String? {
        guard network.baseURL.hasPrefix("https://"), !HomeNetwork.isLoopback(remoteAddress) else { return nil }
        let path = request.uri.path
        if isPlainPath(path) { return nil }
        // The front door typed by hand: the set-up page first, which checks whether this device
        // trusts our certificate and goes on to HTTPS at once when it does (no browser warning
        // for a device that has not installed it yet).
        if path == "/", network.publicURL == nil, network.httpsPort != nil { return "/setup/?from=home" }
        let target = request.uri.description.hasPrefix("/") ? request.uri.description : "/"
        if network.publicURL == nil, let httpsPort = network.httpsPort, let host = knownHost(request.head.authority, network: network) {
            return "https://\(host):\(httpsPort)\(target)"
        }
        return network.baseURL + target
    }

    /// The host the device typed, when it is one of ours (so a phone that used the name keeps it);
    /// anything else goes to the base URL rather than where a forged Host header says.
    static func knownHost(_ authority: String?, network: HomeNetwork) -> String? {
        guard var host = authority?.lowercased() else { return nil }
        if host.hasPrefix("[") { host = String(host.dropFirst().prefix { $0 != "]" }) } else if let colon = host.lastIndex(of: ":") {
            host = String(host[..<colon])
        }
        guard network.addresses.map({ $0.lowercased() }).contains(host) || network.names.contains(host) else { return nil }
        return HomeNetwork.urlHost(host)
    }
}
