import Foundation
import Testing
@testable import Speech

/// 16 kHz samples: `quiet` of ±amplitude noise, then a 440 Hz tone from `start` to `end` seconds.
private func toneIn(noise amplitude: Int, tone: Double, from start: Double, to end: Double, length: Double = 2) -> [Int16] {
    var state: UInt32 = 12345
    return (0..<Int(length * 16_000)).map { index in
        state ^= state << 13; state ^= state >> 17; state ^= state << 5
        let noise = amplitude == 0 ? 0 : Int(state % UInt32(2 * amplitude + 1)) - amplitude
        let time = Double(index) / 16_000
        let voice = time >= start && time < end ? Int(tone * sin(2 * .pi * 440 * time)) : 0
        return Int16(clamping: noise + voice)
    }
}

@Suite struct SpeechSpanTests {
    @Test func theSpanIsWhereTheSoundIs() throws {
        let span = try #require(SpeechActivity.speechSpan(toneIn(noise: 65, tone: 8_000, from: 0.5, to: 1.3)))
        #expect(abs(span.lowerBound - 0.5) <= 0.01 && abs(span.upperBound - 1.3) <= 0.01)
    }

    @Test func aQuietVoiceOverAQuietRoomStillHasItsSpan() throws {
        // Peak about −40 dBFS over a −60 dBFS floor: the 30 dB window alone would take in the hiss.
        let span = try #require(SpeechActivity.speechSpan(toneIn(noise: 30, tone: 330, from: 0.8, to: 1.1)))
        #expect(abs(span.lowerBound - 0.8) <= 0.01 && abs(span.upperBound - 1.1) <= 0.01)
    }

    @Test func silenceAndNoiseAloneHaveNoSpan() {
        #expect(SpeechActivity.speechSpan([]) == nil)
        #expect(SpeechActivity.speechSpan([Int16](repeating: 0, count: 16_000)) == nil)
        #expect(SpeechActivity.speechSpan(toneIn(noise: 65, tone: 0, from: 0, to: 0)) == nil)
    }

    @Test func coverageIsTheWordsShareOfTheSpeech() throws {
        let samples = toneIn(noise: 65, tone: 8_000, from: 0.5, to: 1.5)
        let words = [RecognizedWord(word: "più", start: 1.0, end: 1.2, confidence: 1), RecognizedWord(word: "lento", start: 1.2, end: 1.5, confidence: 1)]
        #expect(abs(try #require(PocketSphinxDecoder.coverage(of: words, in: samples)) - 0.5) < 0.02)
        #expect(PocketSphinxDecoder.coverage(of: [], in: samples) == nil)
    }
}
