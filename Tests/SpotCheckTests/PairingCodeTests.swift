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
            var generator = Xoshiro(seed: (UInt64(seed), 11, 13, 17))
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
