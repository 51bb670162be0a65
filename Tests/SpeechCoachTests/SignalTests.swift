import Foundation
import Testing
@testable import SpeechCoach

@Suite("volume, energy, monotone, energy arc")
struct VolumeTests {
    @Test("energy = clamp((average dB + 40)/40)·100 over speech frames", arguments: [
        (-20.0, 50.0), (-10.0, 75.0), (0.0, 100.0), (-40.0, 0.0), (-60.0, 0.0),
    ])
    func energy(level: Double, expected: Double) throws {
        let report = try #require(VolumeMeter.report(levels: Array(repeating: level, count: 20)))
        #expect(abs(report.averageDB - level) < 1e-9 && abs(report.energyScore - expected) < 1e-9)
    }

    @Test("digital silence (−120) is no signal: it does not drag the average down")
    func floorIgnored() throws {
        let report = try #require(VolumeMeter.report(levels: Array(repeating: -120, count: 10) + Array(repeating: -20, count: 4)))
        #expect(report.averageDB == -20 && report.peakDB == -20)
        #expect(VolumeMeter.report(levels: Array(repeating: -120, count: 10)) == nil)
    }

    @Test("dynamic range = 95th − 5th percentile of the frames with signal")
    func dynamicRange() throws {
        let report = try #require(VolumeMeter.report(levels: [-60, -50, -40, -30, -20]))
        #expect(abs(report.dynamicRangeDB - 36) < 1e-9)
        #expect(abs(report.averageDB - (-40)) < 1e-9, "2 speech frames only: every frame with signal is averaged")
    }

    @Test("monotone score from the CV of linear amplitude", arguments: [
        (0.0, 20.0), (0.075, 30.0), (0.15, 40.0), (0.25, 55.0), (0.35, 70.0), (0.475, 80.0), (0.6, 90.0), (0.8, 95.0), (2.0, 100.0),
    ])
    func monotoneCurve(cv: Double, expected: Double) {
        #expect(abs(VolumeMeter.monotoneCurve(cv) - expected) < 1e-9)
    }

    @Test("amplitudes 0.1 and 0.05 alternating: CV 1/3 → 67.5; under 4 speech frames → 30")
    func monotone() throws {
        let half = 20 * log10(0.05)
        let report = try #require(VolumeMeter.report(levels: [-20, half, -20, half, -20, half]))
        #expect(abs(try #require(report.amplitudeVariation) - 1.0 / 3.0) < 1e-9)
        #expect(abs(report.monotoneScore - 67.5) < 1e-9)
        let few = try #require(VolumeMeter.report(levels: [-20, -30, -50, -60]))
        #expect(few.amplitudeVariation == nil && few.monotoneScore == 30)
    }

    @Test("energy arc: a flat take scores 70 (resolution, opening, close) and has no climax")
    func flatArc() throws {
        let arc = try #require(VolumeMeter.arc(levels: Array(repeating: -30, count: 200)))
        #expect(arc.score == 70 && !arc.hasClimax && arc.peakPosition == 0)
    }

    /// Levels whose 1 s blocks have these linear amplitudes (× 0.01).
    static func blocks(_ amplitudes: [Double]) -> [Double] {
        amplitudes.flatMap { Array(repeating: 20 * log10($0 * 0.01), count: 20) }
    }

    @Test("energy arc: a peak in the middle is a clear peak and a climax; a weak open and a fading close earn nothing")
    func peakedArc() throws {
        // Smoothed blocks 1, 1, 1, 1, 2.33, 2.33, 2.33, 0.83, 0.67, 0.5: mean 1.3, peak at 4/9.
        let arc = try #require(VolumeMeter.arc(levels: Self.blocks([1, 1, 1, 1, 1, 5, 1, 1, 0.5, 0.5])))
        #expect(arc.score == 55)
        #expect(arc.hasClimax && abs(arc.peakPosition - 4.0 / 9.0) < 1e-9)
        #expect(VolumeMeter.arc(levels: Array(repeating: -30, count: 100)) == nil, "5 s or less")
    }

    @Test("energy arc: a steady build to the end: clear peak, build-up, resolution, strong close, no climax")
    func risingArc() throws {
        let arc = try #require(VolumeMeter.arc(levels: Self.blocks((1...10).map(Double.init))))
        #expect(arc.score == 90 && !arc.hasClimax && arc.peakPosition == 1)
    }
}

@Suite("pitch: median, spread in semitones, variation, pitch–energy")
struct PitchTests {
    @Test("the median is over voiced frames only")
    func median() throws {
        let report = try #require(PitchMeter.report(hertz: [0, 100, 0, 200, 300], levels: nil, voicedRatio: nil))
        #expect(report.medianHz == 200 && report.sdSemitones == nil && abs(report.voicedRatio - 0.6) < 1e-12)
        #expect(PitchMeter.report(hertz: [0, 0, 0], levels: nil, voicedRatio: nil) == nil)
    }

    @Test("two notes a whole tone apart: SD 1 semitone, range 2, variation 25")
    func spread() throws {
        let upper = 200 * pow(2, 2.0 / 12)
        let report = try #require(PitchMeter.report(hertz: Array(repeating: 200, count: 50) + Array(repeating: upper, count: 50),
                                                    levels: nil, voicedRatio: 0.8))
        #expect(abs(report.medianHz - (200 + upper) / 2) < 1e-9)
        #expect(abs(try #require(report.sdSemitones) - 1) < 1e-9)
        #expect(abs(try #require(report.rangeSemitones) - 2) < 1e-9)
        #expect(abs(try #require(report.variationScore) - 25) < 1e-9)
        #expect(report.voicedRatio == 0.8, "the caller's voiced ratio wins")
    }

    @Test("octave jumps of the tracker are folded back before measuring spread")
    func octaveRepair() throws {
        let report = try #require(PitchMeter.report(hertz: Array(repeating: 200, count: 40) + Array(repeating: 400, count: 10),
                                                    levels: nil, voicedRatio: nil))
        #expect(report.sdSemitones == 0 && report.rangeSemitones == 0 && report.medianHz == 200)
    }

    @Test("variation score from the SD in semitones", arguments: [
        (0.0, 10.0), (0.5, 17.5), (1.0, 25.0), (1.5, 37.5), (3.0, 65.0), (5.0, 87.5), (7.0, 97.5), (10.0, 100.0),
    ])
    func variationCurve(sd: Double, expected: Double) {
        #expect(abs(PitchMeter.variationCurve(sd) - expected) < 1e-9)
    }

    @Test("declination: a voice falling one semitone a second")
    func declination() throws {
        let hertz = (0..<300).map { 200 * pow(2, -Double($0) * 0.01 / 12) }
        let report = try #require(PitchMeter.report(hertz: hertz, levels: nil, voicedRatio: nil))
        #expect(abs(try #require(report.declination) + 1) < 1e-9)
    }

    @Test("pitch and loudness rising together score near 100, opposite near 0; no levels, no score")
    func pitchEnergy() throws {
        let hertz = (0..<200).map { 150 + Double($0) / 2 }
        let rising = (0..<40).map { -40 + Double($0) * 0.5 }
        let together = try #require(PitchMeter.report(hertz: hertz, levels: rising, voicedRatio: nil)?.pitchEnergyScore)
        let opposite = try #require(PitchMeter.report(hertz: hertz, levels: rising.reversed(), voicedRatio: nil)?.pitchEnergyScore)
        #expect(together > 97.5 && opposite < 2.5)
        #expect(PitchMeter.report(hertz: hertz, levels: nil, voicedRatio: nil)?.pitchEnergyScore == nil)
    }

    @Test("the contour has at most 200 points")
    func contour() {
        #expect(PitchMeter.contour(Array(repeating: 150, count: 1000)).count == 200)
        #expect(PitchMeter.contour([0, 150, 150]) == [0, 150, 150])
    }
}

@Suite("emphasis")
struct EmphasisTests {
    @Test("without signal: a word held past mean + 1.2 SD with a pause beside it")
    func byDuration() throws {
        var words = (0..<9).map { TimedWord(text: "word\($0)", start: Double($0) * 0.4, end: Double($0) * 0.4 + 0.3) }
        words.insert(TimedWord(text: "really", start: 3.6, end: 4.6), at: 9)
        words.append(TimedWord(text: "done", start: 4.9, end: 5.2))
        words.remove(at: 8)
        let analysis = try Coach.analyze(TakeInput(words: words, duration: 6))
        #expect(analysis.emphasis.method == .duration)
        #expect(analysis.emphasis.moments.map(\.text) == ["really"])
        #expect(analysis.emphasis.distribution == 30)
    }

    @Test("with pitch and levels: higher and louder than the 2.5 s around it")
    func bySignal() throws {
        let script = Script("we went to the big game and won it all", word: 0.3, gap: 0.1)
        let stressed = script.words[4]  // "big"
        var levels = Array(repeating: -30.0, count: Int(script.end / 0.05) + 1)
        var pitch = Array(repeating: 150.0, count: Int(script.end / 0.01) + 1)
        for frame in Int(stressed.start / 0.05)..<Int(stressed.end / 0.05) { levels[frame] = -20 }
        for frame in Int(stressed.start / 0.01)..<Int(stressed.end / 0.01) { pitch[frame] = 200 }
        let analysis = try script.analyze(levels: levels, pitch: pitch)
        #expect(analysis.emphasis.method == .pitchAndLevel)
        #expect(analysis.emphasis.moments.map(\.text) == ["big"])
        #expect(abs(analysis.emphasis.perMinute - 1 / (analysis.wpm.speakingSeconds / 60)) < 1e-9)
    }
}
