import Foundation
import Testing

@testable import Audio

@Suite("Pitch track: normalised autocorrelation every 10 ms")
struct PitchTrackTests {
    /// The target: pitch error on synthetic tones ≤ 2 %.
    static let tolerance = 0.02

    @Test("tones from 80 to 440 Hz, pure and harmonic-rich, quiet to loud: median within 2 %, every voiced frame too",
          arguments: [80.0, 110, 150, 220, 300, 440], TestSignal.Shape.allCases)
    func tones(frequency: Double, shape: TestSignal.Shape) throws {
        for peak in [0.1, 0.4, 0.95] {
            let track = PitchTrack(samples: TestSignal.tone(frequency, shape: shape, peak: peak))
            let median = try #require(track.medianHertz, "\(peak): nothing voiced")
            #expect(abs(median - frequency) / frequency <= Self.tolerance, "peak \(peak): median \(median) Hz")
            // Interpolating the peak between lags is what keeps this well under 2 % at short lags (440 Hz is a
            // lag of 36.4 samples: rounding it alone could be 1.4 % off); measured worst 0.3 %.
            #expect(abs(median - frequency) / frequency <= 0.005, "peak \(peak): median \(median) Hz")
            let voiced = track.hertz.filter { $0 > 0 }
            let wrong = voiced.filter { abs($0 - frequency) / frequency > Self.tolerance }
            #expect(wrong.count == 0, "peak \(peak): \(wrong.count) frames off, e.g. \(wrong.prefix(3))")
            // 100 frames, the first and the last one or two cannot hold 30 ms.
            #expect(voiced.count >= 95, "peak \(peak): \(voiced.count) voiced")
            #expect(track.voicedRatio >= 0.95, "peak \(peak): voiced ratio \(track.voicedRatio)")
        }
    }

    @Test("other sample rates: the same tone gives the same pitch", arguments: [8_000.0, 22_050, 48_000])
    func sampleRates(rate: Double) throws {
        let samples = TestSignal.tone(180, shape: .sawtooth, peak: 0.5, rate: rate)
        let track = PitchTrack(samples: samples, sampleRate: rate)
        #expect(track.hertz.count == Int((Double(samples.count) / (rate / 100)).rounded(.up)))
        let median = try #require(track.medianHertz)
        #expect(abs(median - 180) / 180 <= Self.tolerance, "\(median) Hz")
    }

    @Test("a range the 30 ms window cannot show, or a tiny sample rate, gives an unvoiced track instead of a crash")
    func unreachableRanges() {
        let tone = TestSignal.tone(30, shape: .sawtooth)
        #expect(PitchTrack(samples: tone, range: 20...40).hertz.allSatisfy { $0 == 0 })
        #expect(PitchTrack(samples: tone, range: 450...450).hertz.count == 100)
        #expect(PitchTrack(samples: Array(tone.prefix(4_000)), sampleRate: 4_000).hertz.count == 100)
    }

    @Test("digital silence: no voiced frame, and a voiced ratio of 0 rather than NaN")
    func silence() {
        let track = PitchTrack(samples: TestSignal.silence(seconds: 2))
        #expect(track.hertz.count == 200)
        #expect(track.hertz.allSatisfy { $0 == 0 })
        #expect(track.voicedRatio == 0)
        #expect(track.medianHertz == nil)
    }

    @Test("a clear tone under the silence floor (-40 dBFS) is not voiced")
    func belowTheFloor() {
        let quiet = TestSignal.tone(150, peak: 0.01)  // -43 dBFS RMS
        #expect(dBFS(quiet) < PitchTrack.silenceFloor)
        let track = PitchTrack(samples: quiet)
        #expect(track.hertz.allSatisfy { $0 == 0 })
        #expect(track.voicedRatio == 0)
        // Just above the floor it is.
        #expect(PitchTrack(samples: TestSignal.tone(150, peak: 0.02)).voicedRatio > 0.95)
    }

    @Test("white noise is heard but mostly unvoiced", arguments: [0.05, 0.3, 0.9])
    func whiteNoise(peak: Double) {
        let track = PitchTrack(samples: TestSignal.noise(peak: peak, seconds: 3))
        #expect(track.voicedRatio < 0.05, "voiced ratio \(track.voicedRatio)")
    }

    @Test("a glide from 100 to 300 Hz is followed frame by frame", arguments: TestSignal.Shape.allCases)
    func glide(shape: TestSignal.Shape) {
        let seconds = 2.0
        let track = PitchTrack(samples: TestSignal.glide(from: 100, to: 300, seconds: seconds, shape: shape))
        var followed = 0, voiced = 0
        for (index, hertz) in track.hertz.enumerated() where hertz > 0 {
            voiced += 1
            let expected = 100 + 200 * (Double(index) + 0.5) * PitchTrack.hopSeconds / seconds
            if abs(hertz - expected) / expected <= Self.tolerance { followed += 1 }
        }
        #expect(voiced >= 190, "\(voiced) of 200 frames voiced")
        #expect(followed == voiced, "\(voiced - followed) voiced frames off by more than 2 %")
    }

    @Test("speech-like: a tone, a pause, another tone; the pause is unvoiced and does not lower the voiced ratio")
    func tonePauseTone() {
        let samples = TestSignal.tone(120, shape: .pulse) + TestSignal.silence(seconds: 1) + TestSignal.tone(240, shape: .pulse)
        let track = PitchTrack(samples: samples)
        #expect(track.hertz[105..<195].allSatisfy { $0 == 0 })
        #expect(abs(track.hertz[50] - 120) < 2.4 && abs(track.hertz[250] - 240) < 4.8)
        #expect(track.voicedRatio > 0.95)
    }

    @Test("frame count is ceil(samples / 160) at 16 kHz; frames that cannot hold 30 ms are 0",
          arguments: [0, 1, 159, 160, 161, 479, 480, 16_001])
    func frameCounts(count: Int) {
        let samples = Array(TestSignal.tone(200, shape: .sawtooth, seconds: 2).prefix(count))
        let track = PitchTrack(samples: samples)
        #expect(track.hertz.count == (count + 159) / 160)
        if let first = track.hertz.first { #expect(first == 0) }
        if count >= 480 { #expect(track.hertz.last == 0) }
    }

    @Test("a lone frame an octave off its neighbours is put back; a real octave change is kept")
    func octaveJumps() {
        let range = 75.0...500
        let jump = [Double](repeating: 200, count: 20) + [400, 101] + [Double](repeating: 200, count: 20)
        let fixed = PitchTracker.withoutOctaveJumps(jump, range: range)
        #expect(fixed[20] == 200 && fixed[21] == 202)
        let change = [Double](repeating: 150, count: 50) + [Double](repeating: 300, count: 50)
        #expect(PitchTracker.withoutOctaveJumps(change, range: range) == change)
        // Halving 160 Hz would leave 75–500 Hz only if the neighbours sat below it; at 80 they do not.
        let low = [Double](repeating: 80, count: 20) + [160] + [Double](repeating: 80, count: 20)
        #expect(PitchTracker.withoutOctaveJumps(low, range: range)[20] == 80)
        #expect(PitchTracker.withoutOctaveJumps(low, range: 100...500)[20] == 160)
    }

    @Test("the 5-point median drops blips, fills short gaps and keeps steps")
    func smoothing() {
        #expect(PitchTracker.smoothed([0, 0, 200, 210, 0, 0, 0]) == [0, 0, 0, 0, 0, 0, 0])
        #expect(PitchTracker.smoothed([200, 200, 200, 0, 200, 200, 200]) == [200, 200, 200, 200, 200, 200, 200])
        #expect(PitchTracker.smoothed([100, 100, 100, 300, 100, 100]) == [100, 100, 100, 100, 100, 100])
        #expect(PitchTracker.smoothed([100, 100, 100, 200, 200, 200]) == [100, 100, 100, 200, 200, 200])
    }

    @Test("parabolic interpolation finds the vertex of a sampled parabola")
    func parabola() {
        // y = 1 - (x - 0.3)^2 sampled at -1, 0, 1.
        let (offset, peak) = PitchTracker.parabolicOffset(1 - 1.69, 1 - 0.09, 1 - 0.49)
        #expect(abs(offset - 0.3) < 1e-6 && abs(Double(peak) - 1) < 1e-6)
    }

    @Test("encodes as the contract's JSON keys and decodes to the same value")
    func codable() throws {
        let track = PitchTrack(samples: TestSignal.tone(200, seconds: 0.2))
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(track)) as? [String: Any]
        #expect(Set(json?.keys ?? [:].keys) == ["hertz", "voicedRatio"])
        #expect(try JSONDecoder().decode(PitchTrack.self, from: JSONEncoder().encode(track)) == track)
    }
}
