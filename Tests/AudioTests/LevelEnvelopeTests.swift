import Foundation
import Testing

@testable import Audio

@Suite("Level envelope: dBFS every 50 ms")
struct LevelEnvelopeTests {
    @Test("a full-scale sine is -3.01 dBFS, half its amplitude -9.03", arguments: [(1.0, -3.01), (0.5, -9.03), (0.1, -23.01)])
    func sines(peak: Double, expected: Double) {
        // 1 kHz: exactly 50 periods per 50 ms frame.
        let envelope = LevelEnvelope(samples: TestSignal.tone(1_000, peak: peak))
        #expect(envelope.levels.count == 20)
        for level in envelope.levels { #expect(abs(level - expected) <= 0.1, "\(level)") }
    }

    @Test("a full-scale square wave is 0 dBFS; digital silence is the -120 floor")
    func extremes() {
        let square = (0..<1_600).map { $0 % 40 < 20 ? Int16.max : Int16.min }
        for level in LevelEnvelope(samples: square).levels { #expect(abs(level) < 0.01, "\(level)") }
        #expect(LevelEnvelope(samples: TestSignal.silence(seconds: 1)).levels == [Double](repeating: -120, count: 20))
        #expect(LevelEnvelope(samples: [1]).levels == [LevelEnvelope.dBFS(meanSquare: 1)])
        #expect(LevelEnvelope(samples: [1]).levels[0] > -120)
    }

    @Test("frames are ceil(samples / 800); a short last frame is measured over its own samples",
          arguments: [(0, 0), (1, 1), (799, 1), (800, 1), (801, 2), (16_000, 20), (16_001, 21)])
    func frameCounts(count: Int, frames: Int) {
        let constant = [Int16](repeating: 16_384, count: count)  // -6.02 dBFS in every frame, however short
        let envelope = LevelEnvelope(samples: constant)
        #expect(envelope.levels.count == frames)
        for level in envelope.levels { #expect(abs(level + 6.02) < 0.01) }
    }

    @Test("frames follow the sample rate: 50 ms is 2,400 samples at 48 kHz")
    func otherRates() {
        let envelope = LevelEnvelope(samples: [Int16](repeating: 1_000, count: 4_801), sampleRate: 48_000)
        #expect(envelope.levels.count == 3)
    }

    @Test("a tone after a silence shows where it starts, to the frame")
    func onset() {
        let envelope = LevelEnvelope(samples: TestSignal.silence(seconds: 0.5) + TestSignal.tone(1_000, peak: 0.5, seconds: 0.5))
        #expect(envelope.levels[0..<10].allSatisfy { $0 == -120 })
        #expect(envelope.levels[10..<20].allSatisfy { abs($0 + 9.03) < 0.1 })
    }

    @Test("agrees with a direct RMS computation on noise")
    func matchesDirectRMS() {
        let noise = TestSignal.noise(peak: 0.7, seconds: 0.05)
        #expect(abs(LevelEnvelope(samples: noise).levels[0] - dBFS(noise)) < 1e-9)
    }
}
