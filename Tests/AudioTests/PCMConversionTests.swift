import Foundation
import Testing

@testable import Audio

/// A WAV file of `frames` frames of a sine at `frequency`, in any format the parser accepts.
func sineWAV(rate: Int, channels: Int, bits: Int, float: Bool = false, seconds: Double = 0.5, frequency: Double = 440, amplitude: Double = 0.5) -> Data {
    let frames = Int(Double(rate) * seconds)
    var body = Data()
    for frame in 0..<frames {
        let value = amplitude * sin(2 * .pi * frequency * Double(frame) / Double(rate))
        for _ in 0..<channels {
            switch (float, bits) {
            case (true, 32): withUnsafeBytes(of: Float(value).bitPattern.littleEndian) { body.append(contentsOf: $0) }
            case (true, 64): withUnsafeBytes(of: value.bitPattern.littleEndian) { body.append(contentsOf: $0) }
            case (false, 8): body.append(UInt8(clamping: Int((value * 127).rounded()) + 128))
            case (false, 16): withUnsafeBytes(of: Int16(value * 32767).littleEndian) { body.append(contentsOf: $0) }
            case (false, 24):
                let v = Int32(value * 8_388_607)
                body.append(contentsOf: [UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v >> 16)])
            default: withUnsafeBytes(of: Int32(value * 2_147_483_647).littleEndian) { body.append(contentsOf: $0) }
            }
        }
    }
    var data = Data("RIFF".utf8)
    func u32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { data.append(contentsOf: $0) } }
    func u16(_ v: Int) { withUnsafeBytes(of: UInt16(v).littleEndian) { data.append(contentsOf: $0) } }
    u32(36 + body.count); data.append(contentsOf: Array("WAVEfmt ".utf8)); u32(16); u16(float ? 3 : 1); u16(channels)
    u32(rate); u32(rate * channels * bits / 8); u16(channels * bits / 8); u16(bits)
    data.append(contentsOf: Array("data".utf8)); u32(body.count); data.append(body)
    return data
}

/// Root-mean-square level of a signal.
func rms(_ samples: [Int16]) -> Double {
    (samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(1, samples.count))).squareRoot() / 32768
}

/// The strength of `frequency` in `samples` (a single DFT bin, normalised).
func tone(_ samples: [Int16], rate: Int, frequency: Double) -> Double {
    var re = 0.0, im = 0.0
    for (n, s) in samples.enumerated() {
        let phase = 2 * .pi * frequency * Double(n) / Double(rate)
        re += Double(s) * cos(phase); im += Double(s) * sin(phase)
    }
    return (re * re + im * im).squareRoot() / Double(samples.count) / 32768 * 2
}

@Suite("PCM conversion to 16 kHz mono 16-bit")
struct PCMConversionTests {
    @Test("every accepted format converts: rate, channels, bit depth, integer or float", arguments: [
        (48_000, 2, 16, false), (44_100, 1, 16, false), (8_000, 1, 8, false), (22_050, 2, 24, false),
        (16_000, 1, 32, false), (48_000, 1, 32, true), (32_000, 6, 64, true), (16_000, 1, 16, false),
    ])
    func formats(rate: Int, channels: Int, bits: Int, float: Bool) throws {
        let data = sineWAV(rate: rate, channels: channels, bits: bits, float: float)
        let info = try WAVFile.parse(data)
        let samples = PCMConversion.speechSamples(data, info: info)
        #expect(abs(samples.count - 8_000) <= 1)  // 0.5 s at 16 kHz
        // A 0.5-amplitude sine has an RMS of 0.354; the 440 Hz tone survives, nothing else appears.
        #expect(abs(rms(Array(samples.dropFirst(200).dropLast(200))) - 0.354) < 0.02, "rms \(rms(samples))")
        #expect(abs(tone(samples, rate: 16_000, frequency: 440) - 0.5) < 0.03)
    }

    @Test("downsampling removes what 16 kHz cannot hold instead of folding it into the speech band")
    func antiAliasing() throws {
        // 12 kHz at 48 kHz would alias to 4 kHz at 16 kHz without the low-pass.
        let data = sineWAV(rate: 48_000, channels: 1, bits: 16, frequency: 12_000)
        let samples = PCMConversion.speechSamples(data, info: try WAVFile.parse(data))
        #expect(rms(Array(samples.dropFirst(200).dropLast(200))) < 0.01)
        #expect(tone(samples, rate: 16_000, frequency: 4_000) < 0.01)
    }

    @Test("clipping saturates instead of wrapping")
    func mixAndClip() {
        #expect(PCMConversion.int16([1.5, -1.5, 0.25]) == [32767, -32768, 8192])
    }

    @Test("the WAV writer's output parses back to the same samples")
    func roundTrip() throws {
        let samples: [Int16] = [0, 1, -1, 32767, -32768, 1234]
        let data = PCMConversion.wav(samples, sampleRate: 16_000)
        let info = try WAVFile.parse(data)
        #expect(info.sampleRate == 16_000 && info.channels == 1 && info.bitsPerSample == 16 && info.frameCount == 6)
        #expect(PCMConversion.speechSamples(data, info: info) == samples)
    }
}
