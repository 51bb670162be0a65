import Foundation
import PropertyBased
import SpotCheck
import Testing

@Suite struct PairingCodeTests {
    @Test("what a person types is read leniently", arguments: [("k7pm 3qxa", "K7PM3QXA"), ("K7PM-3QXA", "K7PM3QXA"), (" k7pm3qxa ", "K7PM3QXA")])
    func typedCodes(_ typed: String, _ value: String) {
        #expect(PairingCode(typed: typed)?.value == value)
    }

    @Test("codes that cannot exist are refused before any lookup", arguments: ["", "K7P3QX", "K7PM3QX", "K7PM3QXAB", "K7PM3QX0", "K7PM3QXI", "K7PM3QX1", "OOOOOOOO", "K7PM3QX!", "K7PM3QXÉ"])
    func impossibleCodes(_ typed: String) {
        #expect(PairingCode(typed: typed) == nil)
    }

    @Test func randomCodesAreWellFormedAndVaried() async {
        await propertyCheck(input: Gen.int(in: 0...Int.max)) { seed in
            var generator = Xoshiro(seed: (UInt64(seed), 11, 13, 17))
            let codes = (0..<50).map { _ in PairingCode.random(using: &generator) }
            for code in codes {
                #expect(PairingCode(typed: code.value) == code)
                #expect(code.description.count == 9 && code.description.split(separator: " ").map(\.count) == [4, 4])
            }
            #expect(Set(codes).count > 45)
        }
    }

    @Test func theCodeSpaceAndTheGuessingOdds() {
        #expect(PairingCode.space == 1_099_511_627_776)
        // 10,000 addresses at 10 guesses per 10 minutes each, for a year, against one code live all along.
        let chance = PairingCode.guessChance(attempts: 10_000 * 60 * 24 * 365, liveCodes: 1)
        #expect(chance > 4.7e-3 && chance < 4.8e-3)
        #expect(PairingCode.guessChance(attempts: 0, liveCodes: 5) == 0)
    }
}
