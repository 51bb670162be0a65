import Foundation

/// The code a second parent types to join a family: ten characters a person can read aloud.
public enum InviteCode {
    /// No 0/O, 1/I/L: nothing to confuse when copying by hand.
    public static let alphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")
    public static let length = 10
    public static let lifetime: TimeInterval = 7 * 24 * 3600

    /// "ABCDE-FGHJK"
    public static func make(using generator: inout some RandomNumberGenerator) -> String {
        let chars = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
        return String(chars[0..<5]) + "-" + String(chars[5...])
    }

    /// Upper-cased with spaces and dashes removed, or `HubError.invalidInviteCode`.
    public static func normalized(_ raw: String) throws(HubError) -> String {
        let code = raw.uppercased().filter { $0 != "-" && !$0.isWhitespace }
        guard code.count == length, code.allSatisfy({ alphabet.contains($0) }) else { throw .invalidInviteCode }
        return code
    }
}
