import Foundation
import Hummingbird
import NIOCore

/// What a tablet or phone needs to join: the address to open, and our certificate authority to
/// install (a `.crt` for Android and desktops, a configuration profile for iPad and iPhone).
/// Public and reachable over plain HTTP: a device fetches these before it trusts us, and none of
/// it is secret (the authority's key never leaves the server).
struct HomeNetworkController {
    let services: Services

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("api/connect", use: connect)
        router.get("ca.crt", use: certificateDER)
        router.get("ca.pem", use: certificatePEM)
        router.get("kids-fun-zone.mobileconfig", use: profile)
    }

    struct ConnectView: Codable {
        /// The address to open on the device (HTTPS on the LAN, or the configured public URL).
        let url: String
        /// Every address that reaches this server from the LAN.
        let alternatives: [String]
        /// The plain-HTTP page that installs the certificate on a new device.
        let setupURL: String
        let https: Bool
        /// Our authority's SHA-256 fingerprint, to compare on the device; nil when we use none.
        let fingerprint: String?
        let authorityName: String?
    }

    @Sendable func connect(_ request: Request, context: AppRequestContext) async throws -> Reply<ConnectView> {
        let network = services.network
        return Reply(ConnectView(
            url: network.baseURL, alternatives: network.alternatives, setupURL: network.setupURL,
            https: network.baseURL.hasPrefix("https://"), fingerprint: try services.authority?.fingerprint,
            authorityName: services.authority.map { String(describing: $0.certificate.subject) }))
        .with(.cacheControl, "no-store")
    }

    @Sendable func certificateDER(_ request: Request, context: AppRequestContext) async throws -> Response {
        let authority = try requireAuthority()
        return download(try authority.certificateDER, type: "application/x-x509-ca-cert", name: "kids-fun-zone-ca.crt")
    }

    @Sendable func certificatePEM(_ request: Request, context: AppRequestContext) async throws -> Response {
        let authority = try requireAuthority()
        return download(Array(try authority.certificatePEM.utf8), type: "application/x-pem-file", name: "kids-fun-zone-ca.pem")
    }

    /// An iOS configuration profile carrying the authority (Settings shows it under "Profile Downloaded").
    @Sendable func profile(_ request: Request, context: AppRequestContext) async throws -> Response {
        let authority = try requireAuthority()
        return download(try ConfigurationProfile.make(for: authority), type: "application/x-apple-aspen-config",
                        name: "kids-fun-zone.mobileconfig")
    }

    private func requireAuthority() throws -> HomeAuthority {
        guard let authority = services.authority else {
            throw APIError(.noAuthority)
        }
        return authority
    }

    private func download(_ bytes: [UInt8], type: String, name: String) -> Response {
        Response(status: .ok, headers: [.contentType: type, .contentDisposition: "attachment; filename=\"\(name)\"", .cacheControl: "no-store"],
                 body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}

/// The `.mobileconfig` an iPad or iPhone installs: one certificate payload with our authority.
enum ConfigurationProfile {
    static func make(for authority: HomeAuthority) throws -> [UInt8] {
        let der = try authority.certificateDER
        // Identifiers derived from the authority, so downloading it again replaces the profile instead of adding one.
        let seed = try authority.fingerprint.replacingOccurrences(of: ":", with: "")
        func uuid(_ offset: Int) -> String {
            let hex = Array(seed.dropFirst(offset).prefix(32))
            return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(hex[$0]) }.joined(separator: "-")
        }
        let certificatePayload: [String: Any] = [
            "PayloadCertificateFileName": "kids-fun-zone-ca.crt",
            "PayloadContent": Data(der),
            "PayloadDescription": "Lets this device open Kids Fun Zone on your home network over HTTPS.",
            "PayloadDisplayName": "Kids Fun Zone home authority",
            "PayloadIdentifier": "org.kidsfunzone.authority.\(uuid(0))",
            "PayloadType": "com.apple.security.root",
            "PayloadUUID": uuid(0),
            "PayloadVersion": 1,
        ]
        let profile: [String: Any] = [
            "PayloadContent": [certificatePayload],
            "PayloadDescription": "Installs the certificate authority of the Kids Fun Zone server in your home. It is used only for that server.",
            "PayloadDisplayName": "Kids Fun Zone",
            "PayloadIdentifier": "org.kidsfunzone.profile.\(uuid(32))",
            "PayloadOrganization": "Kids Fun Zone",
            "PayloadRemovalDisallowed": false,
            "PayloadType": "Configuration",
            "PayloadUUID": uuid(32),
            "PayloadVersion": 1,
        ]
        return Array(try PropertyListSerialization.data(fromPropertyList: profile, format: .xml, options: 0))
    }
}
