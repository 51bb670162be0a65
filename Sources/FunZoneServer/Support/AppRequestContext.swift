import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import Storage

/// The request context every route sees: the caller's address and, once the session middleware
/// has run, the signed-in family device.
public struct AppRequestContext: RequestContext, RemoteAddressRequestContext, WebSocketRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?
    /// The signed-in device's session, if any.
    var session: CurrentSession?
    /// A page's own timer made this request (`X-Background-Refresh: 1`), not a person: it does not
    /// keep the parent area open.
    var isBackgroundRefresh = false
    /// The request came over HTTPS (our listener, or a trusted proxy's `X-Forwarded-Proto`): its cookies are Secure.
    var isSecure = false
    /// The connection is one of `--trust-proxy`'s on the plain listener: its X-Forwarded-For is believed.
    var viaTrustedProxy = false
    /// Where an upgraded request's WebSocket handler is kept (SpeakUp's live recording).
    public let webSocket = WebSocketHandlerReference<AppRequestContext>()
    /// Completes when the request's client has gone (its input ended, or the connection closed):
    /// costly work for it stops then (`WorkOwner`).
    let connectionClosed: EventLoopFuture<Void>?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
        connectionClosed = ClientPresence.leaving(source.channel)
    }

    /// JSON bodies are small; uploads that need more read their body themselves.
    public var maxUploadSize: Int { 64 * 1024 }

    public var responseEncoder: JSONEncoder { .api }
    public var requestDecoder: JSONDecoder { .api }

    /// The session, or 401.
    func requireSession() throws -> CurrentSession {
        guard let session else { throw APIError.unauthorized }
        return session
    }
}

/// A session as the routes use it.
struct CurrentSession: Sendable {
    let tokenHash: String
    let stored: Session
    var familyId: FamilyID { stored.familyId }
    /// The family's rows, as this signed-in device may reach them.
    var scope: FamilyScope { FamilyScope(familyId: stored.familyId) }
    var parentId: ParentID { stored.parentId }
}

extension JSONEncoder {
    /// The API's encoder: ISO 8601 dates, sorted keys for stable output.
    static var api: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}

extension JSONDecoder {
    /// The API's decoder: ISO 8601 dates, with or without fractional seconds (a browser's
    /// `Date.toISOString()` sends milliseconds).
    static var api: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            let formatter = ISO8601DateFormatter()
            if text.contains(".") { formatter.formatOptions.insert(.withFractionalSeconds) }
            guard let date = formatter.date(from: text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected an ISO 8601 date such as 2026-03-15T10:00:00Z.")
            }
            return date
        }
        return decoder
    }
}
