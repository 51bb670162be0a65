import Foundation

/// Where and how to deliver mail:
/// - `smtp://[user:password@]host[:port]?from=kids@example.org`: port 25 by default, upgraded with
///   STARTTLS whenever the server offers it. The password is sent only over TLS, or in the clear to
///   a relay on this machine (loopback), whose onward delivery is its own business.
/// - `smtps://…`: TLS from the first byte (port 465 by default).
/// - `&ca=/path/ca.pem`: trust this certificate authority instead of the system's (a relay with a
///   private certificate). The server's certificate is always checked against its name.
/// - Mail (a child's name and words) crosses a network only encrypted: a server elsewhere that
///   offers no STARTTLS gets nothing, unless the URL says `&tls=optional` (then the message, never
///   the password, may go in the clear).
public struct SMTPConfiguration: Sendable, Equatable {
    public enum Security: Sendable, Equatable {
        /// Plain connection, upgraded by STARTTLS when the server offers it.
        case startTLS
        /// TLS from the start (SMTPS).
        case implicitTLS
    }

    public let host: String
    public let port: Int
    public let username: String?
    public let password: String?
    public let from: String
    public let security: Security
    /// A PEM file of certificate authorities to trust instead of the system's.
    public let trustedAuthorities: String?
    /// Whether a server elsewhere that offers no STARTTLS may get the message in the clear.
    public let allowsPlainText: Bool

    public enum ConfigurationError: Error, Equatable, CustomStringConvertible {
        case invalidURL(String)

        public var description: String {
            switch self { case .invalidURL(let why): "invalid SMTP URL: \(why)" }
        }
    }

    public init(url: String) throws {
        let usage = "expected smtp[s]://[user:password@]host[:port]?from=address[&ca=/path/ca.pem][&tls=required|optional]"
        guard let components = URLComponents(string: url), let scheme = components.scheme,
              scheme == "smtp" || scheme == "smtps",
              let host = components.host, !host.isEmpty,
              let from = components.queryItems?.first(where: { $0.name == "from" })?.value, from.contains("@")
        else { throw ConfigurationError.invalidURL(usage) }
        let tls = components.queryItems?.first(where: { $0.name == "tls" })?.value ?? "required"
        guard tls == "required" || tls == "optional" else { throw ConfigurationError.invalidURL("tls must be required or optional") }
        let authorities = components.queryItems?.first(where: { $0.name == "ca" })?.value
        if let authorities, !FileManager.default.isReadableFile(atPath: authorities) {
            throw ConfigurationError.invalidURL("the certificate authority file \(authorities) cannot be read")
        }
        self.host = host
        self.security = scheme == "smtps" ? .implicitTLS : .startTLS
        self.port = components.port ?? (scheme == "smtps" ? 465 : 25)
        self.username = components.user?.removingPercentEncoding
        self.password = components.password?.removingPercentEncoding
        self.from = from
        self.trustedAuthorities = authorities
        self.allowsPlainText = tls == "optional"
    }

    /// Whether the password may be sent: over TLS, or in the clear to this machine only.
    public func mayAuthenticate(encrypted: Bool) -> Bool { encrypted || isLoopback }

    /// Whether the message may be sent: over TLS, to this machine, or where `&tls=optional` allows it.
    public func maySend(encrypted: Bool) -> Bool { encrypted || isLoopback || allowsPlainText }

    /// Whether the server is this machine, where a password in the clear never crosses a network.
    public var isLoopback: Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || (isIPv4Address && host.hasPrefix("127."))
    }

    /// The name to send for SNI and check the certificate against; nil for an IP address, whose
    /// certificate is checked against the address itself.
    var serverName: String? { isIPv4Address || host.contains(":") ? nil : host }

    private var isIPv4Address: Bool {
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets.allSatisfy { UInt8($0) != nil }
    }
}
