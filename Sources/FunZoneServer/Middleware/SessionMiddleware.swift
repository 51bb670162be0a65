import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import Storage

/// Loads the signed-in device's session from its cookie, and refuses state-changing requests
/// without the CSRF token: the session's own token when signed in, else the `fz_csrf` cookie's.
struct SessionMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let services: Services

    static let sessionCookie = "fz_session"
    static let csrfCookie = "fz_csrf"
    static let csrfHeader = HTTPField.Name("X-CSRF-Token")!
    static let backgroundHeader = HTTPField.Name("X-Background-Refresh")!

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // Static files need no session: skip the database for them.
        guard request.uri.path.hasPrefix("/api/") else { return try await next(request, context) }
        var context = context
        context.isBackgroundRefresh = request.headers[Self.backgroundHeader] == "1"
        let now = services.clock.now()
        let isRead = [.get, .head, .options].contains(request.method)
        if let token = request.cookies[Self.sessionCookie]?.value, !token.isEmpty, token.count <= 128 {
            let hash = Tokens.hash(token)
            // Reads may use the short-lived cache; a write always sees the session as stored.
            if let stored = isRead ? services.cache.session(tokenHash: hash, now: now) : nil {
                context.session = CurrentSession(tokenHash: hash, stored: stored)
            } else if let stored = try await services.sessions.find(tokenHash: hash, now: now) {
                context.session = CurrentSession(tokenHash: hash, stored: stored)
                if now.timeIntervalSince(stored.lastSeenAt) > 60 {
                    try await services.sessions.touch(tokenHash: hash, now: now, expires: now.addingTimeInterval(Services.sessionLifetime))
                }
                if isRead { services.cache.store(session: stored, now: now) }
            }
        }
        if isRead { return try await next(request, context) }

        let sent = request.headers[Self.csrfHeader] ?? ""
        let expected = context.session?.stored.csrfToken ?? request.cookies[Self.csrfCookie]?.value ?? ""
        guard !expected.isEmpty, Tokens.constantTimeEqual(sent, expected) else { throw APIError.csrf }
        // Whatever a write changes in a family, this instance's cached reads of it are dropped, even if it fails halfway.
        defer {
            if let session = context.session {
                services.cache.invalidate(tokenHash: session.tokenHash)
                services.cache.invalidate(session.scope)
            }
        }
        return try await next(request, context)
    }
}

/// Random tokens and their stored hashes.
enum Tokens {
    /// 32 random bytes, URL-safe base64 without padding.
    static func make(bytes count: Int = 32) -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// What the database keeps instead of a token: a stolen database does not sign anyone in.
    static func hash(_ token: String) -> String {
        // Runs on every API request: hex by table, not String(format:), which is slow on Linux.
        let digits = Array("0123456789abcdef".utf8)
        var hex = [UInt8]()
        hex.reserveCapacity(64)
        for byte in SHA256.hash(data: Array(token.utf8)) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let a = Array(a.utf8), b = Array(b.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
