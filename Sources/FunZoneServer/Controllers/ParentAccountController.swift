import Foundation
import Hub
import Hummingbird
import Logging
import MailClient
import Storage

/// A parent's own account: change the e-mail, name or password, remove another parent, and the
/// "forgot password" path (a one-time link by e-mail, or in the server's log on a home server
/// with no mail set up: whoever reads it has the machine, and so the data, already).
struct ParentAccountController {
    let services: Services
    let logger: Logger

    static let resetLifetime: TimeInterval = 30 * 60
    static let resetsPerAddress = RateLimit(limit: 5, window: 15 * 60)
    static let resetsPerAccount = RateLimit(limit: 3, window: 60 * 60)

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        let parentArea = api.parentArea(services)
        parentArea.patch("parent/me", use: updateMe)
        parentArea.delete("parent/parents/:parentId", use: removeParent)
        api.post("password/forgot", use: forgot)
        api.post("password/reset", use: reset)
    }

    struct UpdateMe: Codable {
        /// Needed for every change, even with the parent area open: a child at an open tablet cannot take the account.
        let currentPassword: String
        let email: String?
        let name: String?
        let password: String?
        /// With a new password: also sign out every other device (the kids' tablets too). Without
        /// it they stay signed in for the kids, and their parent area asks for the new password.
        let signOutOtherDevices: Bool?
    }

    struct MeView: Codable { let id: ParentID; let name: String; let email: String }

    @Sendable func updateMe(_ request: Request, caller: Parent) async throws -> Reply<MeView> {
        let session = caller.session
        let body = try await request.decodeJSON(UpdateMe.self, context: caller.context)
        guard let me = try await services.families.parent(id: session.parentId, in: session.scope) else { throw APIError.unauthorized }
        try await services.countAttempt(Services.passwordAttemptsKey(session), limit: .signInPerAccount)
        guard try await services.hasher.verify(body.currentPassword, hash: me.passwordHash) else {
            throw APIError(.wrongPassword)
        }
        try await services.rateLimits.clear(key: Services.passwordAttemptsKey(session))
        // Validate everything before changing anything.
        let email = try body.email.map { try Account.normalizedEmail($0) }
        let name = try body.name.map { try Account.validatedName($0) }
        if let password = body.password { try Account.validatePassword(password) }
        if let email, email != me.email { try await services.families.setEmail(parentId: me.id, in: me.scope, email: email) }
        if let name { try await services.families.setName(parentId: me.id, in: me.scope, name: name) }
        if let password = body.password {
            try await services.families.setPassword(parentId: me.id, hash: try await services.hasher.hash(password), keepingSession: session.tokenHash,
                                                    signOutOthers: body.signOutOtherDevices ?? false)
        }
        services.cache.invalidate(me.scope)
        guard let updated = try await services.families.parent(id: me.id, in: me.scope) else { throw APIError.unauthorized }
        return Reply(MeView(id: updated.id, name: updated.name, email: updated.email))
    }

    struct RemoveRequest: Codable { let confirm: Bool }

    /// Removes another parent of the family (or oneself, when another remains) and signs them out.
    @Sendable func removeParent(_ request: Request, caller: Parent) async throws -> NoContent {
        let session = caller.session
        let id: ParentID = try caller.context.parameters.id("parentId")
        let body = try await request.decodeJSON(RemoveRequest.self, context: caller.context)
        guard body.confirm else { throw APIError.invalid("confirm", "Send confirm: true to remove a parent.") }
        guard try await services.families.parent(id: id, in: session.scope) != nil else { throw APIError.notFound("parent") }
        guard try await services.families.removeParent(id: id, in: session.scope) else {
            throw APIError(.lastParent)
        }
        services.cache.invalidate(session.scope)
        return NoContent()
    }

    struct ForgotRequest: Codable { let email: String }
    struct ForgotResponse: Codable {
        /// Where the link went: "email" when mail is set up; else "server-log" on a home server (its
        /// owner reads the log), "unavailable" on a hosted one (no link is made: the host resets
        /// it). Said whatever the address, so it tells no one which addresses have accounts.
        let delivery: String
    }

    /// Always 202, whether or not the address has an account.
    @Sendable func forgot(_ request: Request, context: AppRequestContext) async throws -> Reply<ForgotResponse> {
        try await services.countAttempt("password-forgot:\(services.clientAddress(request, context))", limit: Self.resetsPerAddress)
        let body = try await request.decodeJSON(ForgotRequest.self, context: context)
        let email = try Account.normalizedEmail(body.email)
        let byMail = services.mailer.isEnabled
        let delivery = byMail ? "email" : services.options.openSignup ? "unavailable" : "server-log"
        if delivery != "unavailable", let parent = try await services.families.parent(email: email) {
            try await services.countAttempt("password-forgot:account:\(parent.id)", limit: Self.resetsPerAccount)
            let token = Tokens.make()
            let now = services.clock.now()
            try await services.families.createPasswordReset(tokenHash: Tokens.hash(token), parentId: parent.id, now: now,
                                                            expires: now.addingTimeInterval(Self.resetLifetime))
            let link = "\(services.network.baseURL)/reset/#token=\(token)"
            if byMail {
                try? await services.mailer.send(MailMessage(
                    to: [parent.email], subject: "Reset your Kids Fun Zone password",
                    body: "Someone (hopefully you) asked to reset the password of \(parent.email).\n\nOpen this link within 30 minutes to choose a new one:\n\(link)\n\nIf it wasn't you, ignore this mail: nothing changes."))
            } else {
                // A home server with no mail: the link goes where only the machine's owner looks.
                logger.notice("Password reset for \(parent.email): open \(link) within 30 minutes (or run `funzone reset-password --email \(parent.email)`).")
            }
        }
        return Reply(ForgotResponse(delivery: delivery), status: .accepted)
    }

    struct ResetRequest: Codable { let token: String; let password: String }

    @Sendable func reset(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await services.countAttempt("password-reset:\(services.clientAddress(request, context))", limit: Self.resetsPerAddress)
        let body = try await request.decodeJSON(ResetRequest.self, context: context)
        try Account.validatePassword(body.password)
        guard body.token.count <= 128, let parent = try await services.families.redeemPasswordReset(
            tokenHash: Tokens.hash(body.token), newHash: try await services.hasher.hash(body.password), now: services.clock.now())
        else {
            throw APIError(.resetLinkInvalid)
        }
        services.cache.invalidate(parent.scope)
        return JSONResponse.noContent()
    }
}
