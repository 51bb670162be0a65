import Foundation

/// The short code a parent reads from their screen and types on the child's phone to pair it.
/// Eight characters from 32 that cannot be confused when read aloud or typed (no 0/O, no 1/I):
/// 32⁸ ≈ 1.1 trillion codes, each live for 10 minutes and good once (the link's QR code carries it too).
public struct PairingCode: Equatable, Hashable, Sendable, CustomStringConvertible {
    public static let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
    public static let length = 8
    /// How many different codes there are.
    public static var space: Double { pow(Double(alphabet.count), Double(length)) }
    /// How long a fresh code works.
    public static let lifetime: TimeInterval = 10 * 60

    /// The code in its normal form: upper case, no separators.
    public let value: String

    /// A fresh random code.
    public static func random(using generator: inout some RandomNumberGenerator) -> PairingCode {
        PairingCode(checked: String((0..<length).map { _ in alphabet.randomElement(using: &generator)! }))
    }

    /// What a person typed: case, spaces and hyphens are ignored; nil when it cannot be a code.
    public init?(typed text: String) {
        let cleaned = text.uppercased().filter { $0 != " " && $0 != "-" }
        guard cleaned.count == Self.length, cleaned.allSatisfy(Self.alphabet.contains) else { return nil }
        value = cleaned
    }

    private init(checked value: String) { self.value = value }

    /// Shown in two groups of four, e.g. "K7PM 3QXA".
    public var description: String { String(value.prefix(4)) + " " + String(value.suffix(4)) }

    /// The chance that `attempts` random guesses hit any of `liveCodes` codes that are live at once.
    public static func guessChance(attempts: Double, liveCodes: Double) -> Double {
        1 - pow(1 - liveCodes / space, attempts)
    }
}
