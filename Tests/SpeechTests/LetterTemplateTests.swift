import Foundation
import Testing
@testable import Speech

@Suite("spelling by voice: template features")
struct LetterFeatureTests {
    /// `frames` frames of 13 cepstra where cepstrum d of frame t is `value(t, d)`.
    func cepstra(_ frames: Int, _ value: (Int, Int) -> Float) -> [Float] {
        (0..<frames).flatMap { t in (0..<13).map { d in value(t, d) } }
    }

    @Test("the speaker's mean is over the letters' speech only, not the pauses")
    func meanOverSpeech() {
        // Frames 0–9 pause (all 100), 10–19 speech (all 2), 20–29 speech (all 4).
        let values = cepstra(30) { t, _ in t < 10 ? 100 : t < 20 ? 2 : 4 }
        #expect(LetterFeatures.speakerMean(values, cores: [10...19, 20...29]) == [Float](repeating: 3, count: 13))
        // A core running past the recording counts the frames there are.
        #expect(LetterFeatures.speakerMean(values, cores: [25...40]) == [Float](repeating: 4, count: 13))
        #expect(LetterFeatures.speakerMean([], cores: [0...3]) == [Float](repeating: 0, count: 13))
    }

    @Test("features: cepstra 1–12 less the mean, then deltas; context of 8 frames, cut at the edges")
    func letterFeatures() throws {
        // Cepstrum d rises by d per frame; c0 (loudness) is left out of the features.
        let values = cepstra(40) { t, d in Float(t * d) + (d == 0 ? 1000 : 0) }
        let mean = [Float](repeating: 5, count: 13)
        let features = LetterFeatures.letter(values, core: 10...20, mean: mean)
        #expect(features.count == (28 - 2 + 1) * 24)  // frames 2…28
        let first = Array(features[0..<24])
        #expect(first[0] == Float(2 * 1) - 5)  // frame 2, cepstrum 1
        #expect(first[11] == Float(2 * 12) - 5)  // frame 2, cepstrum 12
        // Inside the span the delta of a straight line is its slope: (1·1 + 2·2)·2·d / 10 = d.
        let middle = Array(features[(10 * 24)..<(11 * 24)])
        for d in 1...12 { #expect(abs(middle[11 + d] - Float(d)) < 1e-4) }
        // At the edge the frame is repeated, so the slope looks smaller.
        #expect(first[12] < 1)
        // Near the start of the recording the context stops at frame 0.
        #expect(LetterFeatures.letter(values, core: 3...6, mean: mean).count == (14 - 0 + 1) * 24)
        #expect(LetterFeatures.letter(values, core: 50...60, mean: mean).isEmpty)
    }
}

@Suite("spelling by voice: template matching")
struct LetterTemplateTests {
    /// A bank of two letters: "a" is a rising line, "b" a falling one (24 values per frame).
    func bank() -> LetterTemplates {
        func ramp(_ frames: Int, up: Bool) -> [Float] {
            (0..<frames).flatMap { t in [Float](repeating: Float(up ? t : frames - t), count: 24) }
        }
        let templates = [ramp(10, up: true), ramp(14, up: true), ramp(8, up: true), ramp(10, up: false), ramp(12, up: false), ramp(9, up: false)]
        return LetterTemplates(letters: [0, 0, 0, 1, 1, 1], lengths: templates.map { $0.count / 24 }, frames: templates.flatMap { $0 },
                               scale: [Float](repeating: 1, count: 24))
    }

    @Test("a letter is nearest the templates of the same shape, whatever its length")
    func nearestTemplatesWin() {
        let bank = bank()
        let query = (0..<20).flatMap { t in [Float](repeating: Float(t) / 2, count: 24) }  // "a", slowly
        let distances = bank.distances(query, wanted: [0, 1])
        #expect(distances[0] < distances[1])
        #expect(distances[2] == LetterTemplates.notCompared)
        // Only the letters asked for are compared.
        #expect(bank.distances(query, wanted: [1])[0] == LetterTemplates.notCompared)
        #expect(bank.distances([], wanted: [0]) == [Double](repeating: LetterTemplates.notCompared, count: 26))
    }

    @Test("a template compared with itself is at distance 0")
    func identity() {
        let frames = (0..<10).flatMap { t in [Float](repeating: Float(t), count: 24) }
        let bank = LetterTemplates(letters: [3], lengths: [10], frames: frames, scale: [Float](repeating: 1, count: 24))
        #expect(bank.distances(frames, wanted: [3])[3] == 0)
    }

    @Test("the bank's file round-trips; a cut, altered or foreign file is not read")
    func fileFormat() throws {
        let bank = bank()
        let data = bank.encoded()
        let read = try #require(LetterTemplates(encoded: data))
        #expect(read.count == 6 && read.frames == bank.frames && read.scale == bank.scale && read.lengths == bank.lengths)
        #expect(LetterTemplates(encoded: data.dropLast(4)) == nil)
        #expect(LetterTemplates(encoded: data + Data([0])) == nil)
        #expect(LetterTemplates(encoded: Data("not a bank".utf8)) == nil)
        var otherVersion = data
        otherVersion[4] = 9
        #expect(LetterTemplates(encoded: otherVersion) == nil)
    }

    @Test("the espeak-ng voices: 4 accents × 12 variants × 2 speeds, none of them flite's")
    func voices() {
        #expect(LetterTemplates.voices.count == 96)
        #expect(Set(LetterTemplates.voices.map { "\($0.voice)/\($0.speed)" }).count == 96)
    }
}
