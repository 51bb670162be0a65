import Foundation
import Hub
import HTTPTypes
import Hummingbird
import Storage

/// Who may do what: kid mode, parent area, gate passes. Every route states its level through one of these.
extension Services {
    /// The signed-in device with a child picked.
    func requireChild(_ context: AppRequestContext) async throws -> (CurrentSession, Child) {
        let session = try context.requireSession()
        guard let childId = session.stored.childId,
              let child = try await children.child(id: childId, in: session.scope)
        else { throw APIError.noChild }
        return (session, child)
    }

    /// The signed-in device with the parent area open; keeps it open for another 15 idle minutes,
    /// unless a page's timer (not the parent) made the request.
    func requireParent(_ context: AppRequestContext) async throws -> CurrentSession {
        let session = try context.requireSession()
        let now = clock.now()
        let lastActivity = session.stored.parentActiveAt
        guard ParentAccess.isUnlocked(lastActivity: lastActivity, now: now) else { throw APIError.parentLocked }
        if let lastActivity, now.timeIntervalSince(lastActivity) > 15, !context.isBackgroundRefresh {
            try await sessions.setParentActive(now, tokenHash: session.tokenHash)
        }
        return session
    }

    /// Whether this device passed the parent gate within the last few minutes.
    func hasGatePass(_ session: CurrentSession) -> Bool {
        ParentAccess.isGatePassValid(passedAt: session.stored.gatePassedAt, now: clock.now())
    }

    /// A grown-up action on a kid's screen (a purchase, a reset): needs a fresh gate pass on this
    /// device or the open parent area. Returns whether a gate pass was used (spend it with
    /// `spendGatePass` once the action is done).
    func requireGrownUp(_ session: CurrentSession) throws -> Bool {
        let parentOpen = ParentAccess.isUnlocked(lastActivity: session.stored.parentActiveAt, now: clock.now())
        guard hasGatePass(session) || parentOpen else {
            throw APIError(.gateRequired)
        }
        return !parentOpen
    }

    func spendGatePass(_ session: CurrentSession) async throws {
        try await sessions.consumeGatePass(tokenHash: session.tokenHash)
    }

    /// The parent of the session's family whose password this is, or 401 `wrong_password`.
    /// Wrong guesses are counted per device (this session), cleared on success: a child guessing
    /// on the family tablet locks that tablet for a while, never the parent's own phone.
    func familyParent(password: String, session: CurrentSession) async throws -> ParentAccount {
        try await countAttempt(Self.passwordAttemptsKey(session), limit: .signInPerAccount)
        for parent in try await families.parents(in: session.scope)
        where try await hasher.verify(password, hash: parent.passwordHash) {
            try await rateLimits.clear(key: Self.passwordAttemptsKey(session))
            return parent
        }
        throw APIError(.wrongPassword)
    }

    static func passwordAttemptsKey(_ session: CurrentSession) -> String { "password:device:\(session.tokenHash)" }

    /// The parent with this e-mail and password, or nil. An unknown e-mail is checked against a dummy
    /// hash, so timing does not reveal which e-mails exist.
    func parent(email: String, password: String) async throws -> ParentAccount? {
        let parent = try await families.parent(email: email)
        let valid = try await hasher.verify(password, hash: parent?.passwordHash ?? hasher.dummyHash)
        return valid ? parent : nil
    }

    /// The caller's address for rate limits: the socket's, or behind a trusted proxy the rightmost
    /// X-Forwarded-For entry no trusted proxy wrote; an IPv6 address by its /64.
    func clientAddress(_ request: Request, _ context: AppRequestContext) -> String {
        let peer = context.remoteAddress?.ipAddress
        guard context.viaTrustedProxy else { return TrustedProxies.limitKey(peer ?? "unknown") }
        return TrustedProxies.limitKey(options.trustedProxies.client(peer: peer, forwardedFor: request.headers[HTTPField.Name("X-Forwarded-For")!]))
    }

    /// Counts an attempt at something guessable; throws 429 once the limit is passed.
    func countAttempt(_ key: String, limit: RateLimit) async throws {
        let now = clock.now()
        let (count, windowStart) = try await rateLimits.hit(key: key, window: limit.window, now: now)
        if count > limit.limit, let wait = limit.retryAfter(count: count, windowStart: windowStart, now: now) {
            throw APIError.rateLimited(retryAfter: wait)
        }
    }
}

extension Response {
    /// Sets the session cookie (HttpOnly, SameSite=Strict), or clears it when `token` is nil.
    mutating func setSessionCookie(_ token: String?, secure: Bool) {
        setCookie(.session(token, secure: secure))
    }
}

extension Cookie {
    /// The session cookie; nil clears it.
    static func session(_ token: String?, secure: Bool) -> Cookie {
        Cookie(name: SessionMiddleware.sessionCookie, value: token ?? "", maxAge: token == nil ? 0 : Int(Services.sessionLifetime),
               path: "/", secure: secure, httpOnly: true, sameSite: .strict)
    }
}
