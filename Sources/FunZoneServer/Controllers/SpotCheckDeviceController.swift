import Foundation
import HTTPTypes
import Hub
import Hummingbird
import NIOCore
import SpotCheck
import Storage

/// The endpoints a child's phone calls: the iOS Shortcut (`/policy`, `/events`) and the child setup
/// page (`/pair`, `/device`, `/device/unlock`). Exactly the seed's contract: a phone authenticates
/// with `Authorization: Bearer <deviceSecret>` (and may add `X-Device-Token`), or signs the request
/// (X-Device-Token, X-TS, X-Signature); no cookies, so no CSRF token.
struct SpotCheckDeviceController {
    let services: Services

    /// Tries per address (an IPv6 client by its /64). There is no server-wide budget of wrong codes:
    /// a guesser with many addresses would spend it and every family's right code would be refused
    /// with it. What bounds such a guesser is the code space (`PairingCode`: 32⁸ codes, each good for
    /// 10 minutes): 10,000 addresses guessing at this rate for a year would pair with a code that was
    /// live the whole year with a chance of about 1 in 200 (Benchmarks/spotcheck-policy.sh prints the figures).
    static let pairingPerAddress = RateLimit(limit: 10, window: 10 * 60)
    static let unlockPerDevice = RateLimit(limit: 5, window: 15 * 60)
    static let eventsPerDevice = RateLimit(limit: 60, window: 60)
    /// A Shortcut's report is a few hundred bytes.
    static let maximumEventBytes = 16 * 1024
    /// A policy fetch moves "last seen" at most this often, so a busy phone costs one read, not a write.
    static let checkInResolution: TimeInterval = 60

    func addRoutes(to router: Router<AppRequestContext>) {
        router.post("pair", use: pair)
        let phone = AccessGroup<Phone>(routes: router.group()) { request, context in
            // The signature covers the body, so the body is read here, before the handler.
            let body = Array(buffer: try await request.collectBody(upTo: Self.maximumEventBytes))
            return Phone(device: try await authenticate(request, body: body), body: body, context: context)
        }
        phone.get("policy", use: policy)
        phone.post("events", use: events)
        phone.get("device", use: device)
        phone.post("device/unlock", use: unlock)
    }

    // MARK: Pairing

    struct PairRequest: Codable {
        let code: String
        let name: String?
    }

    struct PairResponse: Codable {
        let deviceId: DeviceID
        let name: String
        let deviceToken: String
        let deviceSecret: String
        /// Where the Shortcut calls this server (hotspot-config.json's `apiBaseURL`): never loopback.
        let apiBaseURL: String
    }

    /// Redeems a parent's pairing code; the phone's credentials are answered once and never again.
    @Sendable func pair(_ request: Request, context: AppRequestContext) async throws -> Reply<PairResponse> {
        let now = services.clock.now()
        try await services.countAttempt("spotcheck-pair:\(services.clientAddress(request, context))", limit: Self.pairingPerAddress)
        let body = try await request.decodeJSON(PairRequest.self, context: context)
        let name = try body.name.flatMap { try Self.deviceName($0, optional: true) }
        guard let code = PairingCode(typed: body.code) else { try Self.refuse(.unknown) }
        let token = Tokens.make(bytes: 16)
        let secret = Tokens.make(bytes: 32)
        let outcome = try await services.spotcheck.redeem(
            codeHash: Tokens.hash(code.value), now: now, name: name, deviceToken: token, secretHash: Tokens.hash(secret),
            secretSealed: try services.sealer.seal(secret), pairedEventId: services.ids.next())
        guard case .paired(let device) = outcome else { try Self.refuse(outcome) }
        // The phone's earlier secret stops working at once on this instance.
        services.cache.invalidate(device.scope)
        return Reply(PairResponse(deviceId: device.id, name: device.name, deviceToken: token, deviceSecret: secret,
                                  apiBaseURL: services.network.baseURL))
    }

    private static func refuse(_ outcome: PairingRedemption) throws -> Never {
        switch outcome {
        case .expired:
            throw APIError(.pairingCodeExpired)
        case .used:
            throw APIError(.pairingCodeUsed)
        case .unknown, .paired:
            throw APIError(.pairingCodeInvalid)
        }
    }

    // MARK: The Shortcut

    struct PolicyResponse: Codable {
        struct Actions: Codable { let setHotspotOff: Bool; let rotatePassword: Bool }
        struct Quiet: Codable { let start: String; let end: String; let tz: String }
        let enforce: Bool
        let actions: Actions
        let quietHours: Quiet?

        /// `quietHours` is always there, null when quiet time is off, as the Shortcut reads it.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(enforce, forKey: .enforce)
            try container.encode(actions, forKey: .actions)
            try container.encode(quietHours, forKey: .quietHours)
        }
    }

    /// What the Shortcut should do now. Also the phone's heartbeat.
    @Sendable func policy(_ request: Request, caller: Phone) async throws -> Reply<PolicyResponse> {
        let device = caller.device
        let now = services.clock.now()
        try await checkIn(device, now: now)
        let policy = device.policy
        return Reply(PolicyResponse(
            enforce: policy.isEnforced(at: now),
            actions: .init(setHotspotOff: policy.hotspotOff, rotatePassword: policy.rotatePassword),
            quietHours: policy.quietHours.map { .init(start: $0.start.description, end: $0.end.description, tz: $0.timeZone.identifier) }))
    }

    /// A run's report from the Shortcut: kept in the activity, counted for the setup checklist.
    struct Received: Codable { let ok: Bool }

    @Sendable func events(_ request: Request, caller: Phone) async throws -> Reply<Received> {
        try request.requireJSON()
        let (device, bytes) = (caller.device, caller.body)
        try await services.countAttempt("spotcheck-events:\(device.id)", limit: Self.eventsPerDevice)
        let report = try JSONDecoder.api.decodeBody(ShortcutReport.self, from: Data(bytes)).validated()
        let now = services.clock.now()
        let event = SpotCheckEvent(id: services.ids.next(), deviceId: device.id, familyId: device.familyId, kind: .shortcut,
                                   receivedAt: now, runAt: report.runAt, trigger: report.trigger, shortcutVersion: report.shortcutVersion,
                                   actions: report.actionsAttempted ?? [], ok: report.succeeded, errors: report.result?.errors ?? [])
        try await services.spotcheck.record(run: event, device: device, now: now, backEventId: services.ids.next())
        services.cache.invalidate(device.scope)
        return Reply(Received(ok: true), status: .created)
    }

    // MARK: The child setup page

    struct DeviceResponse: Codable {
        let deviceId: DeviceID
        let name: String
        let pairedAt: Date?
        let lastSeenAt: Date?
        let lastRunAt: Date?
        let runs: Int
        let status: DeviceStatus
    }

    /// The setup checklist's signals: paired, the Shortcut's runs, the last check-in.
    @Sendable func device(_ request: Request, caller: Phone) async throws -> Reply<DeviceResponse> {
        let device = caller.device
        return Reply(DeviceResponse(
            deviceId: device.id, name: device.name, pairedAt: device.pairedAt, lastSeenAt: device.lastSeenAt,
            lastRunAt: device.lastRunAt, runs: device.runs, status: device.status(now: services.clock.now())))
    }

    struct UnlockRequest: Codable {
        let email: String
        let password: String
    }

    /// Opens the child phone's setup screens again: only a parent of the phone's family, by password.
    @Sendable func unlock(_ request: Request, caller: Phone) async throws -> NoContent {
        let device = caller.device
        try await services.countAttempt("spotcheck-unlock:\(device.id)", limit: Self.unlockPerDevice)
        try request.requireJSON()
        let body = try JSONDecoder.api.decodeBody(UnlockRequest.self, from: Data(caller.body))
        let email = (try? Account.normalizedEmail(body.email)) ?? body.email.lowercased()
        guard let parent = try await services.parent(email: email, password: body.password), parent.familyId == device.familyId else {
            throw APIError(.wrongCredentials, "That e-mail and password do not match a parent of this family.")
        }
        return NoContent()
    }

    // MARK: Device authentication

    private static let unauthorized = APIError(.deviceUnauthorized)

    /// The phone making the request, from its Bearer secret or its signature (checked when sent: skew, HMAC, replay).
    /// Only the `phone` access group calls it, before the handler.
    private func authenticate(_ request: Request, body: [UInt8]) async throws -> SpotCheckDevice {
        let headers = request.headers
        let token = headers[HTTPField.Name("X-Device-Token")!]?.trimmingCharacters(in: .whitespaces)
        let bearer = headers[.authorization].flatMap(Self.bearer)
        let signatureSent = headers[HTTPField.Name("X-Signature")!] != nil
        let device: SpotCheckDevice
        if let bearer {
            guard bearer.count <= 128, let found = try await phone(secretHash: Tokens.hash(bearer), isRead: request.method == .get) else {
                throw Self.unauthorized
            }
            if let token, !token.isEmpty, !Tokens.constantTimeEqual(token, found.deviceToken ?? "") { throw Self.unauthorized }
            device = found
        } else if let token, !token.isEmpty, token.count <= 128, signatureSent, let found = try await services.spotcheck.device(token: token) {
            device = found
        } else {
            throw Self.unauthorized
        }
        if signatureSent { try await checkSignature(request, body: body, device: device) }
        return device
    }

    private func checkSignature(_ request: Request, body: [UInt8], device: SpotCheckDevice) async throws {
        let headers = request.headers
        guard let signature = RequestSignature(timestampHeader: headers[HTTPField.Name("X-TS")!], signatureHeader: headers[HTTPField.Name("X-Signature")!]) else {
            throw APIError(.signatureInvalid, "X-TS must be milliseconds since 1970 and X-Signature 64 hex digits.")
        }
        guard let sealed = device.secretSealed, let secret = services.sealer.open(sealed) else { throw Self.unauthorized }
        switch signature.failure(secret: secret, method: request.method.rawValue, path: request.uri.path, body: body, now: services.clock.now()) {
        case nil: break
        case .skewed:
            throw APIError(.signatureSkewed)
        case .malformed, .mismatch:
            throw APIError(.signatureInvalid)
        }
        guard try await services.spotcheck.rememberSignature(signature.hex, deviceId: device.id, now: services.clock.now()) else {
            throw APIError(.signatureReplayed)
        }
    }

    /// The phone with this secret. A read may come from the short-lived cache (the Shortcut's GET /policy
    /// is the busiest route); a write always sees the phone as stored.
    private func phone(secretHash: String, isRead: Bool) async throws -> SpotCheckDevice? {
        let now = services.clock.now()
        if isRead, let cached = services.cache.phone(secretHash: secretHash, now: now) { return cached }
        let found = try await services.spotcheck.device(secretHash: secretHash)
        if isRead, let found { services.cache.store(phone: found, now: now) }
        return found
    }

    private func checkIn(_ device: SpotCheckDevice, now: Date) async throws {
        let fresh = device.lastSeenAt.map { now.timeIntervalSince($0) < Self.checkInResolution } ?? false
        guard !fresh || device.tamperAt != nil else { return }
        try await services.spotcheck.checkIn(device: device, now: now, backEventId: services.ids.next())
        services.cache.store(phone: device.checkedIn(at: now), now: now)
    }

    private static func bearer(_ header: String) -> String? {
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let value = parts[1].trimmingCharacters(in: .whitespaces)
        return value.isEmpty ? nil : value
    }

    /// A phone's name: the suite's name rule (trimmed, no control characters), at most 40 characters.
    static func deviceName(_ text: String, optional: Bool = false) throws -> String? {
        if optional && text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return nil }
        do {
            return try Account.validatedName(text, maxLength: 40)
        } catch {
            throw APIError.invalid("name", "Name the phone in 1 to 40 characters.")
        }
    }
}
