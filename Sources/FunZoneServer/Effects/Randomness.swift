import Foundation
import NIOConcurrencyHelpers
import Storage

/// Where new rows' ids come from: random UUIDs when serving, a counter in tests (so a test can
/// name the id a route will make).
public struct IDGenerator: Sendable {
    public let next: @Sendable () -> String

    public init(next: @escaping @Sendable () -> String) { self.next = next }

    /// A new id of the kind the caller needs (`let id: ChildID = ids.make()`).
    public func make<Subject>() -> Identifier<Subject> { Identifier(next()) }

    public static let live = IDGenerator { UUID().uuidString.lowercased() }

    /// "id-1", "id-2", …: a test's ids, in the order the routes make them.
    public static func counting(prefix: String = "id") -> IDGenerator {
        let count = NIOLockedValueBox(0)
        return IDGenerator { "\(prefix)-\(count.withLockedValue { $0 += 1; return $0 })" }
    }
}

/// The chance in play: the parent gate's question, the words a game picks. The system's generator
/// when serving, a seeded one in tests. Secrets (session tokens, reset links, invite and pairing
/// codes, phones' keys) never come from here: they always use the system's generator, so no
/// configuration can make them guessable.
public struct Randomness: Sendable {
    let next: @Sendable () -> UInt64

    public init(next: @escaping @Sendable () -> UInt64) { self.next = next }

    public static let live = Randomness {
        var system = SystemRandomNumberGenerator()
        return system.next()
    }

    /// The same numbers for the same seed (SplitMix64), shared safely across concurrent requests.
    public static func seeded(_ seed: UInt64) -> Randomness {
        let state = NIOLockedValueBox(seed)
        return Randomness {
            state.withLockedValue { state in
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
        }
    }

    /// A number in 0..<1 (53 random bits), for the domain's `random: () -> Double` parameters.
    func unitInterval() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// A generator for the domain's `using:` parameters.
    var generator: Generator { Generator(source: self) }

    struct Generator: RandomNumberGenerator {
        let source: Randomness
        mutating func next() -> UInt64 { source.next() }
    }
}
