import Foundation
import Hub
import Hummingbird
import Storage

/// Family set-up, sign-in and sign-out, invites for a second parent, and what this device's session is.
struct AccountController {
    let services: Services

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        api.get("session", use: session)
        api.post("setup", use: setup)
        api.post("signin", use: signIn)
        api.post("signout", use: signOut)
        api.post("join", use: join)
        let parentArea = api.parentArea(services)
        parentArea.post("parent/invites", use: createInvite)
        parentArea.get("parent/family", use: family)
    }

    // MARK: - GET /api/session

    struct SessionResponse: Codable {
        let setupNeeded: Bool
        let signupOpen: Bool
        let signedIn: Bool
        let csrfToken: String
        let family: FamilyView?
        let parent: ParentView?
        let child: ChildView?
        let parentUnlocked: Bool
        let gatePassed: Bool
    }

    struct FamilyView: Codable { let id: FamilyID; let name: String }
    struct ParentView: Codable { let id: ParentID; let name: String; let email: String }

    @Sendable func session(_ request: Request, context: AppRequestContext) async throws -> Reply<SessionResponse> {
        let familyCount = try await services.families.familyCount()
        guard let session = context.session else {
            // Not signed in: hand out a CSRF token in a cookie for the sign-in and set-up forms.
            let token = request.cookies[SessionMiddleware.csrfCookie]?.value ?? Tokens.make()
            return Reply(SessionResponse(
                setupNeeded: familyCount == 0, signupOpen: familyCount == 0 || services.options.openSignup,
                signedIn: false, csrfToken: token, family: nil, parent: nil, child: nil,
                parentUnlocked: false, gatePassed: false))
            .setting(Cookie(name: SessionMiddleware.csrfCookie, value: token, path: "/",
                            secure: services.options.secureCookies || context.isSecure, httpOnly: false, sameSite: .strict))
        }
        let family = try await services.families.family(id: session.familyId)
        let parent = try await services.families.parent(id: session.parentId, in: session.scope)
        let child = try await session.stored.childId.asyncFlatMap { try await services.children.child(id: $0, in: session.scope) }
        let now = services.clock.now()
        return Reply(SessionResponse(
            setupNeeded: false, signupOpen: services.options.openSignup, signedIn: true, csrfToken: session.stored.csrfToken,
            family: family.map { FamilyView(id: $0.id, name: $0.name) },
            parent: parent.map { ParentView(id: $0.id, name: $0.name, email: $0.email) },
            child: child.map(ChildView.init),
            parentUnlocked: ParentAccess.isUnlocked(lastActivity: session.stored.parentActiveAt, now: now),
            gatePassed: services.hasGatePass(session)))
    }

    // MARK: - POST /api/setup

    struct SetupRequest: Codable {
        let familyName: String
        let parentName: String
        let email: String
        let password: String
    }

    @Sendable func setup(_ request: Request, context: AppRequestContext) async throws -> Reply<SessionResponse> {
        let body = try await request.decodeJSON(SetupRequest.self, context: context)
        let familyCount = try await services.families.familyCount()
        guard services.options.openSignup || familyCount == 0 else {
            throw APIError(.signupClosed)
        }
        let familyName = try Account.validatedName(body.familyName)
        let parent = try await newParent(familyId: services.ids.make(), name: body.parentName,
                                         email: body.email, password: body.password)
        try await services.families.createFamily(id: parent.familyId, name: familyName, parent: parent)
        return try await startSession(for: parent, status: .created, parentUnlocked: true, context: context)
    }

    // MARK: - POST /api/signin

    struct SignInRequest: Codable {
        let email: String
        let password: String
    }

    @Sendable func signIn(_ request: Request, context: AppRequestContext) async throws -> Reply<SessionResponse> {
        let body = try await request.decodeJSON(SignInRequest.self, context: context)
        let email = (try? Account.normalizedEmail(body.email)) ?? body.email.lowercased()
        let address = services.clientAddress(request, context)
        let account = "signin:account:\(email)"
        let device = KnownDevice.signInKey(request, email: email, sealer: services.sealer)
        // This address's tries at this account (a known device's own): a guesser locks out only themselves.
        let tries = device ?? "signin:pair:\(address):\(email)"
        try await services.countAttempt(tries, limit: .signInPerAccount)
        if device == nil {
            try await services.countAttempt("signin:address:\(address)", limit: .signInPerAddress)
            // Tries at the account from many addresses at once (counted before the password is
            // checked, so guesses sent together are all counted): new devices wait until it calms
            // down; the parent's own devices, known from an earlier sign-in, still get in.
            try await services.countAttempt(account, limit: .accountUnderAttack)
        }
        guard let parent = try await services.parent(email: email, password: body.password) else {
            throw APIError(.wrongCredentials)
        }
        try await services.rateLimits.clear(key: tries)
        if device == nil { try await services.rateLimits.clear(key: account) }
        let known = KnownDevice.mark(email: email, sealer: services.sealer, secure: services.options.secureCookies || context.isSecure)
        let reply = try await startSession(for: parent, status: .ok, parentUnlocked: false, context: context)
        return known.map { reply.setting($0) } ?? reply
    }

    // MARK: - POST /api/signout

    @Sendable func signOut(_ request: Request, context: AppRequestContext) async throws -> Response {
        if let session = context.session { try await services.sessions.delete(tokenHash: session.tokenHash) }
        var response = JSONResponse.noContent()
        response.setSessionCookie(nil, secure: services.options.secureCookies || context.isSecure)
        return response
    }

    // MARK: - POST /api/join

    struct JoinRequest: Codable {
        let inviteCode: String
        let name: String
        let email: String
        let password: String
    }

    @Sendable func join(_ request: Request, context: AppRequestContext) async throws -> Reply<SessionResponse> {
        let body = try await request.decodeJSON(JoinRequest.self, context: context)
        try await services.countAttempt("invite:address:\(services.clientAddress(request, context))", limit: .invitePerAddress)
        let code = try InviteCode.normalized(body.inviteCode)
        // Validate everything before spending the code.
        let parentDraft = try await newParent(familyId: "", name: body.name, email: body.email, password: body.password)
        // No look-up of the e-mail first: only a valid code's holder learns that an address has an
        // account (the join fails with email_taken and the code still works).
        guard let parent = try await services.families.join(inviteCodeHash: Tokens.hash(code), parent: parentDraft,
                                                            now: services.clock.now()) else {
            throw APIError(.invalidInvite)
        }
        return try await startSession(for: parent, status: .created, parentUnlocked: false, context: context)
    }

    // MARK: - POST /api/parent/invites

    struct InviteResponse: Codable { let code: String; let expiresAt: Date }

    @Sendable func createInvite(_ request: Request, caller: Parent) async throws -> Reply<InviteResponse> {
        let session = caller.session
        var generator = SystemRandomNumberGenerator()  // a secret: never the injected randomness
        let code = InviteCode.make(using: &generator)
        let now = services.clock.now()
        let expires = now.addingTimeInterval(InviteCode.lifetime)
        try await services.families.createInvite(codeHash: Tokens.hash(try InviteCode.normalized(code)), in: session.scope,
                                                 parentId: session.parentId, now: now, expires: expires)
        return Reply(InviteResponse(code: code, expiresAt: expires), status: .created)
    }

    // MARK: - GET /api/parent/family

    struct FamilyResponse: Codable { let family: FamilyView; let parents: [ParentView] }

    @Sendable func family(_ request: Request, caller: Parent) async throws -> Reply<FamilyResponse> {
        let session = caller.session
        guard let family = try await services.families.family(id: session.familyId) else { throw APIError.unauthorized }
        let parents = try await services.families.parents(in: session.scope)
        return Reply(FamilyResponse(family: FamilyView(id: family.id, name: family.name),
                                                    parents: parents.map { ParentView(id: $0.id, name: $0.name, email: $0.email) }))
    }

    // MARK: - Helpers

    private func newParent(familyId: FamilyID, name: String, email: String, password: String) async throws -> ParentAccount {
        let name = try Account.validatedName(name)
        let email = try Account.normalizedEmail(email)
        try Account.validatePassword(password)
        return ParentAccount(id: services.ids.make(), familyId: familyId, email: email, name: name,
                             passwordHash: try await services.hasher.hash(password), createdAt: services.clock.now())
    }

    /// A new session (never a reused one). Only first-run set-up opens the parent area at once, so
    /// the new parent can add the children; after a sign-in the device is in kid mode and the
    /// parent area asks for the gate and the password like any other time.
    private func startSession(for parent: ParentAccount, status: HTTPResponse.Status, parentUnlocked: Bool,
                              context: AppRequestContext) async throws -> Reply<SessionResponse> {
        let token = Tokens.make()
        let csrf = Tokens.make()
        let now = services.clock.now()
        if let old = context.session { try await services.sessions.delete(tokenHash: old.tokenHash) }
        try await services.sessions.create(tokenHash: Tokens.hash(token), familyId: parent.familyId, parentId: parent.id,
                                           csrfToken: csrf, now: now, expires: now.addingTimeInterval(Services.sessionLifetime),
                                           parentActiveAt: parentUnlocked ? now : nil)
        let family = try await services.families.family(id: parent.familyId)
        return Reply(SessionResponse(
            setupNeeded: false, signupOpen: services.options.openSignup, signedIn: true, csrfToken: csrf,
            family: family.map { FamilyView(id: $0.id, name: $0.name) },
            parent: ParentView(id: parent.id, name: parent.name, email: parent.email), child: nil,
            parentUnlocked: parentUnlocked, gatePassed: false), status: status)
        .setting(.session(token, secure: services.options.secureCookies || context.isSecure))
    }
}

/// A child as the API shows it.
struct ChildView: Codable, Equatable {
    let id: ChildID
    let name: String
    let grade: Int
    let avatar: String

    init(_ child: Child) {
        id = child.id
        name = child.name
        grade = child.grade
        avatar = child.avatar
    }
}

extension Optional {
    func asyncFlatMap<U>(_ transform: (Wrapped) async throws -> U?) async rethrows -> U? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
