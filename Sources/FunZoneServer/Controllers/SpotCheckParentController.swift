import Foundation
import Hummingbird
import Logging
import SpotCheck
import Storage

/// SpotCheck in the parent area: the family's phones, their pairing codes, rules and activity.
/// Everything is scoped to the signed-in family; a phone's token and secret never reach this side.
struct SpotCheckParentController {
    let services: Services

    static let maximumDevices = 20

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        let parentArea = api.parentArea(services)
        parentArea.get("parent/spotcheck/devices", use: devices)
        parentArea.post("parent/spotcheck/devices", use: create)
        parentArea.patch("parent/spotcheck/devices/:deviceId", use: rename)
        parentArea.delete("parent/spotcheck/devices/:deviceId", use: remove)
        parentArea.post("parent/spotcheck/devices/:deviceId/pairing-code", use: pairingCode)
        parentArea.get("parent/spotcheck/devices/:deviceId/policy", use: policy)
        parentArea.patch("parent/spotcheck/devices/:deviceId/policy", use: savePolicy)
        parentArea.get("parent/spotcheck/devices/:deviceId/events", use: events)
    }

    struct DeviceList: Codable { let devices: [DeviceView] }

    @Sendable func devices(_ request: Request, caller: Parent) async throws -> Reply<DeviceList> {
        let session = caller.session
        let now = services.clock.now()
        return Reply(DeviceList(devices: try await services.spotcheck.devices(in: session.scope).map { DeviceView($0, now: now) }))
    }

    struct NameRequest: Codable { let name: String }
    struct CreateResponse: Codable { let device: DeviceView; let pairing: PairingView }

    /// A new phone with the default rules (hotspot off all day, password rotated, 2 h gap) and its first pairing code.
    @Sendable func create(_ request: Request, caller: Parent) async throws -> Reply<CreateResponse> {
        let session = caller.session
        let body = try await request.decodeJSON(NameRequest.self, context: caller.context)
        let name = try SpotCheckDeviceController.deviceName(body.name) ?? ""
        guard try await services.spotcheck.devices(in: session.scope).count < Self.maximumDevices else {
            throw APIError(.tooManyDevices, "A family can manage up to \(Self.maximumDevices) phones.")
        }
        let now = services.clock.now()
        let device = SpotCheckDevice(id: services.ids.make(), familyId: session.familyId, name: name, createdAt: now)
        try await services.spotcheck.insert(device, in: session.scope)
        let pairing = try await newPairingCode(deviceId: device.id, in: session.scope, now: now, logger: caller.context.logger)
        return Reply(CreateResponse(device: DeviceView(device, now: now), pairing: pairing), status: .created)
    }

    @Sendable func rename(_ request: Request, caller: Parent) async throws -> Reply<DeviceView> {
        let (session, id) = try await deviceId(caller)
        let body = try await request.decodeJSON(NameRequest.self, context: caller.context)
        let name = try SpotCheckDeviceController.deviceName(body.name) ?? ""
        guard try await services.spotcheck.rename(id: id, in: session.scope, name: name) else { throw APIError.notFound("phone") }
        return try await deviceResponse(id: id, in: session.scope)
    }

    @Sendable func remove(_ request: Request, caller: Parent) async throws -> NoContent {
        let (session, id) = try await deviceId(caller)
        guard try await services.spotcheck.delete(id: id, in: session.scope) else { throw APIError.notFound("phone") }
        return NoContent()
    }

    /// A new code for the phone (first pairing, or pairing it again); the phone's earlier unused code stops working.
    @Sendable func pairingCode(_ request: Request, caller: Parent) async throws -> Reply<PairingView> {
        let (session, id) = try await deviceId(caller)
        guard try await services.spotcheck.device(id: id, in: session.scope) != nil else { throw APIError.notFound("phone") }
        return Reply(try await newPairingCode(deviceId: id, in: session.scope, now: services.clock.now(), logger: caller.context.logger), status: .created)
    }

    @Sendable func policy(_ request: Request, caller: Parent) async throws -> Reply<PolicyView> {
        let (session, id) = try await deviceId(caller)
        guard let device = try await services.spotcheck.device(id: id, in: session.scope) else { throw APIError.notFound("phone") }
        return Reply(PolicyView(device.policy, now: services.clock.now()))
    }

    /// Quiet time is sent whole or as null (off); a field left out keeps its value.
    struct PolicyPatch: Decodable {
        struct Quiet: Decodable { let start: String; let end: String; let timeZone: String }
        let hotspotOff: Bool?
        let rotatePassword: Bool?
        let quietHours: Quiet??
        let gapMs: Int64?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            hotspotOff = try container.decodeIfPresent(Bool.self, forKey: .hotspotOff)
            rotatePassword = try container.decodeIfPresent(Bool.self, forKey: .rotatePassword)
            quietHours = container.contains(.quietHours) ? .some(try container.decodeIfPresent(Quiet.self, forKey: .quietHours)) : .none
            gapMs = try container.decodeIfPresent(Int64.self, forKey: .gapMs)
        }

        enum CodingKeys: String, CodingKey { case hotspotOff, rotatePassword, quietHours, gapMs }
    }

    /// Changes the rules, validated whole: one bad field and nothing changes.
    @Sendable func savePolicy(_ request: Request, caller: Parent) async throws -> Reply<PolicyView> {
        let (session, id) = try await deviceId(caller)
        let patch = try await request.decodeJSON(PolicyPatch.self, context: caller.context)
        guard let device = try await services.spotcheck.device(id: id, in: session.scope) else { throw APIError.notFound("phone") }
        var policy = device.policy
        if let hotspotOff = patch.hotspotOff { policy.hotspotOff = hotspotOff }
        if let rotatePassword = patch.rotatePassword { policy.rotatePassword = rotatePassword }
        if case .some(let quiet) = patch.quietHours {
            policy.quietHours = try quiet.map { try QuietHours(start: $0.start, end: $0.end, timeZone: $0.timeZone) }
        }
        if let gapMs = patch.gapMs {
            policy = try DevicePolicy(hotspotOff: policy.hotspotOff, rotatePassword: policy.rotatePassword, quietHours: policy.quietHours,
                                      gap: TimeInterval(gapMs) / 1000)
        }
        guard try await services.spotcheck.savePolicy(policy, id: id, in: session.scope) else { throw APIError.notFound("phone") }
        return Reply(PolicyView(policy, now: services.clock.now()))
    }

    struct EventsPage: Codable {
        let events: [EventView]
        /// Pass as `before` for the next (older) page; null on the last page.
        let next: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(events, forKey: .events)
            try container.encode(next, forKey: .next)
        }
    }

    /// The phone's activity, newest first, a page at a time (`limit` 1–100, default 20; `before` from the last page).
    @Sendable func events(_ request: Request, caller: Parent) async throws -> Reply<EventsPage> {
        let (session, id) = try await deviceId(caller)
        guard try await services.spotcheck.device(id: id, in: session.scope) != nil else { throw APIError.notFound("phone") }
        let query = request.uri.queryParameters
        let limit = try query.get("limit").map { text in
            guard let value = Int(text), (1...100).contains(value) else { throw APIError.invalid("limit", "limit must be 1 to 100.") }
            return value
        } ?? 20
        let before = try query.get("before").map(Self.cursor)
        let events = try await services.spotcheck.events(deviceId: id, in: session.scope, before: before, limit: limit + 1)
        let page = Array(events.prefix(limit))
        // The cursor on the wire is "<receivedAt in milliseconds>_<id>".
        let next = events.count > limit ? page.last.map { "\($0.receivedAt.millis)_\($0.id)" } : nil
        return Reply(EventsPage(events: page.map(EventView.init), next: next))
    }

    private static func cursor(_ text: String) throws -> (receivedAt: Date, id: String) {
        let parts = text.split(separator: "_", maxSplits: 1)
        guard parts.count == 2, let millis = Int64(parts[0]), parts[1].count <= 64 else {
            throw APIError.invalid("before", "before must be the \"next\" value of the previous page.")
        }
        // A cursor past every stored time lists what any larger one would; the bound (2^53 ms) keeps the conversion exact.
        let bound: Int64 = 1 << 53
        return (Date(millis: min(max(millis, -bound), bound)), String(parts[1]))
    }

    private func newPairingCode(deviceId: DeviceID, in scope: FamilyScope, now: Date, logger: Logger) async throws -> PairingView {
        var generator = SystemRandomNumberGenerator()  // a secret: never the injected randomness
        let expiresAt = now.addingTimeInterval(PairingCode.lifetime)
        // A collision with another live code is one in a billion; a second draw settles it. After
        // three failed writes (a collision each time, or the database refusing) the parent is told
        // to try again (503), and the cause goes to the log.
        for attempt in 1...3 {
            let code = PairingCode.random(using: &generator)
            do {
                try await services.spotcheck.replacePairingCode(deviceId: deviceId, in: scope, codeHash: Tokens.hash(code.value),
                                                                now: now, expiresAt: expiresAt)
                return PairingView(code: code.value, expiresAt: expiresAt, ttlMinutes: Int(PairingCode.lifetime / 60),
                                   url: "\(services.network.baseURL)/spotcheck/#pair=\(code.value)")
            } catch {
                logger.warning("spotcheck: could not store a pairing code", metadata: ["attempt": "\(attempt)", "error": "\(error)"])
            }
        }
        throw APIError(.pairingUnavailable)
    }

    private func deviceResponse(id: DeviceID, in scope: FamilyScope) async throws -> Reply<DeviceView> {
        guard let device = try await services.spotcheck.device(id: id, in: scope) else { throw APIError.notFound("phone") }
        return Reply(DeviceView(device, now: services.clock.now()))
    }

    private func deviceId(_ caller: Parent) async throws -> (CurrentSession, DeviceID) {
        let session = caller.session
        let id: DeviceID = try caller.context.parameters.id("deviceId")
        guard id.rawValue.count <= 64 else { throw APIError.notFound("phone") }
        return (session, id)
    }
}
