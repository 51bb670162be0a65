import Crypto
import Foundation

/// Seals device secrets with the server's key (AES-GCM) before they are stored, so a copy of the
/// database alone neither signs in as a phone nor forges its signed requests.
public struct SecretSealer: Sendable {
    private let keyBytes: [UInt8]

    public init(key: SymmetricKey) { keyBytes = key.withUnsafeBytes { Array($0) } }

    private var key: SymmetricKey { SymmetricKey(data: keyBytes) }

    /// A key for one run (tests): secrets sealed with it open only in this process.
    public static func ephemeral() -> SecretSealer { SecretSealer(key: SymmetricKey(size: .bits256)) }

    /// The key in `FUNZONE_SECRET_KEY` (base64 of 32 bytes), else the one in `file`, made on first use
    /// (readable by the server's user only). Several instances must share one key.
    public static func load(environment: [String: String], file: URL) throws -> SecretSealer {
        if let text = environment["FUNZONE_SECRET_KEY"], !text.isEmpty {
            guard let data = Data(base64Encoded: text), data.count == 32 else {
                throw SealerError.badKey("FUNZONE_SECRET_KEY must be 32 bytes in base64 (openssl rand -base64 32).")
            }
            return SecretSealer(key: SymmetricKey(data: data))
        }
        if let existing = try read(file) { return existing }
        let fresh = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Another instance starting at the same moment may write its key first: then both use that one.
        if try PrivateFiles.createIfAbsent(fresh.base64EncodedString(), at: file) { return SecretSealer(key: SymmetricKey(data: fresh)) }
        guard let winner = try read(file) else { throw SealerError.badKey("Could not write the key file \(file.path).") }
        return winner
    }

    private static func read(_ file: URL) throws -> SecretSealer? {
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        guard let decoded = Data(base64Encoded: String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)),
              decoded.count == 32 else { throw SealerError.badKey("\(file.path) does not hold a 32-byte base64 key.") }
        return SecretSealer(key: SymmetricKey(data: decoded))
    }

    public enum SealerError: Error, CustomStringConvertible {
        case badKey(String)
        public var description: String { switch self { case .badKey(let why): why } }
    }

    public func seal(_ secret: String) throws -> String {
        guard let combined = try AES.GCM.seal(Array(secret.utf8), using: key).combined else { throw SealerError.badKey("sealing failed") }
        return combined.base64EncodedString()
    }

    /// The secret, or nil when it was sealed with another key or altered.
    public func open(_ sealed: String) -> String? {
        guard let data = Data(base64Encoded: sealed), let box = try? AES.GCM.SealedBox(combined: data),
              let plain = try? AES.GCM.open(box, using: key) else { return nil }
        return String(decoding: plain, as: UTF8.self)
    }
}
