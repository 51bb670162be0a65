import Foundation
import PropertyBased
import SpotCheck
import Testing

@Suite struct PairingCodeTests {
    @Test("what a person types is read leniently", arguments: [("k7p 3qx", "K7P3QX"), ("K7P-3QX", "K7P3QX"), (" k7p3qx ", "K7P3QX")])
    func typedCodes(_ typed: String, _ value: String) {
        #expect(PairingCode(typed: typed)?.value == value)
    }

    @Test("codes that cannot exist are refused before any lookup", arguments: ["", "K7P3Q", "K7P3QXX", "K7P3Q0", "K7P3QI", "K7P3Q1", "OOOOOO", "K7P3Q!", "K7P3QÉ"])
    func impossibleCodes(_ typed: String) {
        #expect(PairingCode(typed: typed) == nil)
    }

    @Test func randomCodesAreWellFormedAndVaried() async {
        await propertyCheck(input: Gen.int(in: 0...Int.max)) { seed in
            var generator = SplitMix(seed: UInt64(seed))
            let codes = (0..<50).map { _ in PairingCode.random(using: &generator) }
            for code in codes {
                #expect(PairingCode(typed: code.value) == code)
                #expect(code.description.count == 7)
            }
            #expect(Set(codes).count > 45)
        }
    }

    @Test func theCodeSpaceAndTheGuessingOdds() {
        #expect(PairingCode.space == 1_073_741_824)
        // 300 guesses against one live code.
        let chance = PairingCode.guessChance(attempts: 300, liveCodes: 1)
        #expect(chance > 2.79e-7 && chance < 2.80e-7)
        #expect(PairingCode.guessChance(attempts: 0, liveCodes: 5) == 0)
    }
}

/// A small seeded generator for repeatable draws.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
