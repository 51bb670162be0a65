import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The reverse proxies `--trust-proxy` names (addresses and CIDR ranges, IPv4 and IPv6). Only a
/// connection from one of them may say who the client is (`X-Forwarded-For`) and whether it came
/// by HTTPS (`X-Forwarded-Proto`); anyone else's headers are ignored.
public struct TrustedProxies: Sendable, Equatable, CustomStringConvertible {
    struct Range: Sendable, Equatable {
        let bytes: [UInt8]  // 4 or 16
        let prefix: Int

        func contains(_ address: [UInt8]) -> Bool {
            guard address.count == bytes.count else { return false }
            var left = prefix
            for (mine, theirs) in zip(bytes, address) where left > 0 {
                let bits = min(8, left)
                let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
                if mine & mask != theirs & mask { return false }
                left -= bits
            }
            return true
        }
    }

    let ranges: [Range]
    public let description: String

    /// No proxy is trusted: the client is whoever opened the connection.
    public static let none = TrustedProxies(ranges: [], description: "")

    private init(ranges: [Range], description: String) {
        self.ranges = ranges
        self.description = description
    }

    public struct Invalid: Error, CustomStringConvertible {
        public let description: String
    }

    /// Parses "10.0.0.0/8,127.0.0.1,fd00::/8": addresses and ranges separated by commas.
    public init(parsing list: String) throws {
        var ranges: [Range] = []
        for item in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !item.isEmpty {
            let parts = item.split(separator: "/", maxSplits: 1).map(String.init)
            guard let bytes = Self.bytes(parts[0]) else {
                throw Invalid(description: "--trust-proxy: \(item) is not an IP address or a CIDR range such as 10.0.0.0/8")
            }
            let width = bytes.count * 8
            let prefix = parts.count == 2 ? Int(parts[1]) : width
            guard let prefix, (0...width).contains(prefix) else {
                throw Invalid(description: "--trust-proxy: the prefix of \(item) must be 0 to \(width)")
            }
            ranges.append(Range(bytes: bytes, prefix: prefix))
        }
        guard !ranges.isEmpty else { throw Invalid(description: "--trust-proxy needs the proxy's address, e.g. 127.0.0.1 or 10.0.0.0/8") }
        self.init(ranges: ranges, description: list)
    }

    public var isEmpty: Bool { ranges.isEmpty }

    /// Whether `address` (as a socket or a header writes it) is one of the trusted proxies.
    public func contains(_ address: String?) -> Bool {
        guard !ranges.isEmpty, let address, let bytes = Self.bytes(address) else { return false }
        return ranges.contains { $0.contains(bytes) }
    }

    /// Who the client is: the connection's peer, unless the peer is a trusted proxy; then the
    /// rightmost `X-Forwarded-For` entry that is not a trusted proxy (each proxy appends the address
    /// it saw, so entries left of that one were written by the client and prove nothing).
    public func client(peer: String?, forwardedFor: String?) -> String {
        let peer = peer ?? "unknown"
        guard contains(peer), let forwardedFor else { return peer }
        let hops = forwardedFor.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        for hop in hops.reversed() where !contains(hop) {
            // Our proxy writes a real address there; anything else is a misconfigured proxy, and
            // its requests share the proxy's own key rather than one a client could vary.
            return Self.bytes(hop) == nil ? peer : hop
        }
        return hops.first ?? peer
    }

    /// The key a client is counted under by rate limits: an IPv4 address as it is, an IPv6 address
    /// by its /64 (one home or one stranger's machine holds a whole /64 and can pick any address in it).
    public static func limitKey(_ address: String) -> String {
        guard let bytes = bytes(address) else { return address }
        if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
        return stride(from: 0, to: 8, by: 2).map { String(Int(bytes[$0]) << 8 | Int(bytes[$0 + 1]), radix: 16) }.joined(separator: ":") + "::/64"
    }

    /// The address's 4 or 16 bytes; an IPv4 address mapped into IPv6 gives its 4. Brackets, a port
    /// after an IPv4 address and an IPv6 zone are dropped.
    static func bytes(_ text: String) -> [UInt8]? {
        var address = text
        if address.hasPrefix("["), let end = address.firstIndex(of: "]") { address = String(address[address.index(after: address.startIndex)..<end]) }
        if let zone = address.firstIndex(of: "%") { address = String(address[..<zone]) }
        if address.filter({ $0 == ":" }).count == 1, let colon = address.firstIndex(of: ":") { address = String(address[..<colon]) }
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 { return withUnsafeBytes(of: v4) { Array($0) } }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, address, &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF { return Array(bytes[12...]) }
        return bytes
    }
}
