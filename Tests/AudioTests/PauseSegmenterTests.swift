import Foundation
import Testing

@testable import Audio

@Suite("Pause segmenter: a live recording cut at its pauses")
struct PauseSegmenterTests {
    /// "Speech" (a tone at -20 dBFS) and quiet (noise at -60 dBFS), in seconds.
    static func recording(_ parts: [(speech: Bool, seconds: Double)]) -> [Int16] {
        var noise = UInt64(7)
        return parts.flatMap { part in
            (0..<Int(part.seconds * 16_000)).map { index -> Int16 in
                noise = noise &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let hiss = Double(Int64(bitPattern: noise >> 1) % 66) - 33  // about -60 dBFS
                let voice = part.speech ? 3_277 * sin(2 * .pi * 220 * Double(index) / 16_000) : 0
                return Int16(voice + hiss)
            }
        }
    }

    static func cuts(_ samples: [Int16], piece: Int) -> [Int] {
        var segmenter = PauseSegmenter()
        return stride(from: 0, to: samples.count, by: piece).flatMap { segmenter.append(Array(samples[$0..<min(samples.count, $0 + piece)])).map(\.position) }
    }

    @Test("a stretch ends 0.3 s into a pause after a second of speech, wherever the pieces break", arguments: [1, 320, 4_000, 17_777])
    func cutsAtPauses(piece: Int) {
        let samples = Self.recording([(false, 0.5), (true, 2), (false, 0.6), (true, 1.5), (false, 0.5)])
        // 2.5 s of (quiet and) speech, then 15 quiet frames: 2.8 s; then 1.5 s more and 0.3 s of pause: 4.9 s.
        #expect(Self.cuts(samples, piece: piece) == [44_800, 78_400])
    }

    @Test("short pauses, and quiet before any speech, do not end a stretch")
    func shortPausesAndLeadingQuiet() {
        #expect(Self.cuts(Self.recording([(false, 3), (true, 0.5), (false, 0.2), (true, 0.5)]), piece: 4_000).isEmpty)
        // Speech shorter than the one-second minimum stays with what follows.
        #expect(Self.cuts(Self.recording([(true, 0.4), (false, 0.5), (true, 0.5)]), piece: 4_000).isEmpty)
    }

    @Test("after 6 s a 0.12 s pause is enough; at 10 s the stretch ends, pause or not")
    func longStretches() {
        let breathing = Self.recording([(true, 6.5), (false, 0.15), (true, 1)])
        let afterBreath = 6.62 * 16_000
        #expect(Self.cuts(breathing, piece: 4_000) == [Int(afterBreath.rounded())])
        let unbroken = Self.recording([(true, 25)])
        #expect(Self.cuts(unbroken, piece: 4_000) == [160_000, 320_000])
        // How much quiet ends each stretch: 0.3 s at a pause, none when cut for its length.
        var segmenter = PauseSegmenter()
        let quiet = segmenter.append(Self.recording([(true, 2), (false, 0.6), (true, 10.5)])).map(\.quietSamples)
        #expect(quiet == [4_800, 0])
    }

    @Test("digital silence and a loud room: the floor follows the room")
    func floors() {
        #expect(PauseSegmenter.level(ArraySlice([Int16](repeating: 0, count: 320))) == -100)
        #expect(abs(PauseSegmenter.level(ArraySlice([Int16](repeating: 3_277, count: 320))) + 20) < 0.01)
        // Everything 18 dB louder (hiss at -42 dBFS): still cut 0.3 s into the pause.
        let loud = Self.recording([(true, 2), (false, 0.6), (true, 1)]).map { Int16(clamping: Int($0) * 8) }
        let intoPause = 2.3 * 16_000
        #expect(Self.cuts(loud, piece: 4_000) == [Int(intoPause.rounded())])
    }
}
