import Foundation
import NIOCore

/// How other devices of the home reach this server, and the one place every link or address
/// handed to another device comes from: the configured public URL, else the HTTPS address on the
/// LAN, never loopback (on a child's phone, 127.0.0.1 is the phone).
public struct HomeNetwork: Sendable {
    /// `--public-url`: the address a reverse proxy or a family's own certificate serves.
    public let publicURL: String?
    /// This machine's LAN addresses, most likely to be the home network first.
    public let addresses: [String]
    /// This machine's names (`hostname`, `hostname.local`).
    public let names: [String]
    /// The HTTPS port, or nil when the server serves no HTTPS itself.
    public let httpsPort: Int?
    /// The plain HTTP port (certificate downloads for a device that does not trust us yet).
    public let httpPort: Int

    public init(publicURL: String? = nil, addresses: [String], names: [String], httpsPort: Int?, httpPort: Int) {
        self.publicURL = publicURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        self.addresses = addresses
        self.names = names
        self.httpsPort = httpsPort
        self.httpPort = httpPort
    }

    /// What tests and a machine with no network use.
    public static let none = HomeNetwork(addresses: [], names: [], httpsPort: nil, httpPort: 8080)

    /// The base URL (no trailing slash) another device opens: links, QR codes, the Shortcut's `apiBaseURL`.
    public var baseURL: String {
        if let publicURL { return publicURL }
        let host = addresses.first.map(Self.urlHost) ?? names.last ?? "localhost"
        if let httpsPort { return "https://\(host)\(httpsPort == 443 ? "" : ":\(httpsPort)")" }
        return "http://\(host)\(httpPort == 80 ? "" : ":\(httpPort)")"
    }

    /// Every address a device on the LAN could use (the first is `baseURL`), for the parent's page.
    public var alternatives: [String] {
        guard publicURL == nil else { return [baseURL] }
        let hosts = addresses.map(Self.urlHost) + names
        let (scheme, port) = httpsPort.map { ("https", $0) } ?? ("http", httpPort)
        return hosts.map { "\(scheme)://\($0):\(port)" }
    }

    /// The plain-HTTP address of the device set-up page, reachable before the device trusts our authority.
    public var setupURL: String {
        guard publicURL == nil, httpsPort != nil else { return baseURL + "/setup/" }
        let host = addresses.first.map(Self.urlHost) ?? names.last ?? "localhost"
        return "http://\(host)\(httpPort == 80 ? "" : ":\(httpPort)")/setup/"
    }

    static func urlHost(_ address: String) -> String { address.contains(":") ? "[\(address)]" : address }

    /// Reads this machine's interfaces: IPv4 first (private ranges first), then global IPv6;
    /// loopback, link-local and container bridges are left out.
    public static func discover(publicURL: String?, httpsPort: Int?, httpPort: Int) -> HomeNetwork {
        let devices = (try? System.enumerateDevices()) ?? []
        var v4: [(rank: Int, text: String)] = [], v6: [String] = []
        for device in devices {
            guard !isVirtual(device.name), let address = device.address?.ipAddress else { continue }
            if address.contains(":") {
                let lower = address.lowercased()
                if lower == "::1" || lower.hasPrefix("fe80") { continue }
                v6.append(address)
            } else {
                if address.hasPrefix("127.") || address.hasPrefix("169.254.") { continue }
                v4.append((rank: isPrivate(address) ? 0 : 1, text: address))
            }
        }
        let addresses = v4.sorted { $0.rank < $1.rank }.map(\.text) + v6
        var hostname = [CChar](repeating: 0, count: 256)
        gethostname(&hostname, hostname.count)
        let name = String(cString: hostname).lowercased()
        let names = name.isEmpty || name == "localhost" ? [] : (name.hasSuffix(".local") ? [name] : [name, "\(name).local"])
        return HomeNetwork(publicURL: publicURL, addresses: Array(NSOrderedSet(array: addresses)) as? [String] ?? addresses,
                           names: names, httpsPort: httpsPort, httpPort: httpPort)
    }

    static func isVirtual(_ interface: String) -> Bool {
        ["lo", "docker", "br-", "virbr", "veth", "cni", "flannel", "tun", "tap"].contains { interface.hasPrefix($0) }
    }

    static func isPrivate(_ address: String) -> Bool {
        let parts = address.split(separator: ".").compactMap { Int($0) }
        guard parts.count == 4 else { return false }
        return parts[0] == 10 || (parts[0] == 172 && (16...31).contains(parts[1])) || (parts[0] == 192 && parts[1] == 168)
    }

    /// Whether a URL's host names this machine only (`localhost`, 127.x, ::1): no other device can use it.
    public static func isLoopbackHost(_ host: String) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        return host == "localhost" || host.hasSuffix(".localhost") || isLoopback(host)
    }

    /// Whether an address is this machine talking to itself (it may use plain HTTP).
    static func isLoopback(_ address: String?) -> Bool {
        guard let address else { return false }
        return address.hasPrefix("127.") || address == "::1" || address.hasPrefix("::ffff:127.")
    }
}
