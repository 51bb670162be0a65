import Crypto
import Foundation

/// The optional HMAC a phone may add to a request so a copied request cannot be sent again or altered:
/// HMAC-SHA256 with the device secret over "timestamp\nMETHOD\npath\nbody", sent as lower-case hex
/// in X-Signature with the timestamp (milliseconds since 1970) in X-TS.
public struct RequestSignature: Equatable, Sendable {
    /// How far the phone's clock may be from the server's.
    public static let allowedSkew: TimeInterval = 5 * 60

    public let timestamp: Int64
    public let hex: String

    public init(timestamp: Int64, hex: String) {
        self.timestamp = timestamp
        self.hex = hex
    }

    /// Why a signature is refused.
    public enum Failure: Error, Equatable, Sendable {
        case malformed
        case skewed
        case mismatch
    }

    /// The exact bytes that are signed.
    public static func message(timestamp: Int64, method: String, path: String, body: [UInt8]) -> [UInt8] {
        Array("\(timestamp)\n\(method.uppercased())\n\(path)\n".utf8) + body
    }

    /// Signs a request as the phone (and the tests) do.
    public static func sign(secret: String, timestamp: Int64, method: String, path: String, body: [UInt8]) -> RequestSignature {
        let mac = HMAC<SHA256>.authenticationCode(for: message(timestamp: timestamp, method: method, path: path, body: body),
                                                  using: SymmetricKey(data: Array(secret.utf8)))
        return RequestSignature(timestamp: timestamp, hex: mac.map { String(format: "%02x", $0) }.joined())
    }

    /// Reads the two headers; nil when either is missing or not a number / not hex.
    public init?(timestampHeader: String?, signatureHeader: String?) {
        guard let timestampHeader, let signatureHeader, let timestamp = Int64(timestampHeader.trimmingCharacters(in: .whitespaces)) else { return nil }
        let hex = signatureHeader.trimmingCharacters(in: .whitespaces).lowercased()
        guard hex.count == 64, hex.allSatisfy(\.isHexDigit) else { return nil }
        self.init(timestamp: timestamp, hex: hex)
    }

    /// Why the signature does not hold for this request at `now`, or nil when it does. Replays are the
    /// caller's to refuse (it keeps the seen signatures).
    public func failure(secret: String, method: String, path: String, body: [UInt8], now: Date) -> Failure? {
        guard hex.count == 64, let sent = Self.bytes(hex) else { return .malformed }
        let sentAt = Date(timeIntervalSince1970: Double(timestamp) / 1000)
        guard abs(now.timeIntervalSince(sentAt)) <= Self.allowedSkew else { return .skewed }
        let valid = HMAC<SHA256>.isValidAuthenticationCode(sent, authenticating: Self.message(timestamp: timestamp, method: method, path: path, body: body),
                                                           using: SymmetricKey(data: Array(secret.utf8)))
        return valid ? nil : .mismatch
    }

    private static func bytes(_ hex: String) -> [UInt8]? {
        var bytes = [UInt8]()
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        return bytes
    }
}
