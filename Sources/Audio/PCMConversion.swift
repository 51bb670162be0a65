import Foundation

/// Decoding WAV sample data, mixing to mono, resampling and encoding 16-bit WAV: what turns any
/// WAV a browser or a user sends into the 16 kHz mono 16-bit audio the recogniser reads.
public enum PCMConversion {
    /// The samples of `data` (described by `info`) mixed down to mono, as floats in -1…1.
    public static func monoSamples(_ data: Data, info: WAVInfo) -> [Float] {
        let channels = info.channels, bytesPerSample = info.bitsPerSample / 8
        let frames = info.frameCount
        var mono = [Float](repeating: 0, count: frames)
        data.withUnsafeBytes { raw in
            let base = raw.baseAddress!.advanced(by: info.dataRange.lowerBound)
            let scale = 1 / Float(channels)
            for frame in 0..<frames {
                var sum: Float = 0
                for channel in 0..<channels {
                    let at = base.advanced(by: (frame * channels + channel) * bytesPerSample)
                    sum += sample(at, bits: info.bitsPerSample, encoding: info.encoding)
                }
                mono[frame] = sum * scale
            }
        }
        return mono
    }

    /// One little-endian sample at `pointer` as a float in -1…1.
    @inline(__always)
    static func sample(_ pointer: UnsafeRawPointer, bits: Int, encoding: WAVInfo.Encoding) -> Float {
        switch (encoding, bits) {
        case (.pcmInteger, 8): return (Float(pointer.load(as: UInt8.self)) - 128) / 128
        case (.pcmInteger, 16): return Float(Int16(littleEndian: pointer.loadUnaligned(as: Int16.self))) / 32768
        case (.pcmInteger, 24):
            let b0 = Int32(pointer.load(fromByteOffset: 0, as: UInt8.self))
            let b1 = Int32(pointer.load(fromByteOffset: 1, as: UInt8.self))
            let b2 = Int32(pointer.load(fromByteOffset: 2, as: Int8.self))
            return Float(b2 << 16 | b1 << 8 | b0) / 8_388_608
        case (.pcmInteger, 32): return Float(Int32(littleEndian: pointer.loadUnaligned(as: Int32.self))) / 2_147_483_648
        case (.pcmFloat, 32): return Float(bitPattern: UInt32(littleEndian: pointer.loadUnaligned(as: UInt32.self)))
        case (.pcmFloat, 64): return Float(Double(bitPattern: UInt64(littleEndian: pointer.loadUnaligned(as: UInt64.self))))
        default: return 0
        }
    }

    /// Resamples with a windowed-sinc (Blackman) low-pass at the lower Nyquist frequency, so
    /// downsampling 44.1/48 kHz speech does not fold high frequencies into the speech band. The
    /// kernel is tabulated once (64 points per source sample) and read with linear interpolation.
    public static func resample(_ input: [Float], from sourceRate: Int, to targetRate: Int, halfWidth: Int = 16) -> [Float] {
        guard sourceRate != targetRate, !input.isEmpty else { return input }
        let ratio = Double(targetRate) / Double(sourceRate)
        let cutoff = min(1.0, ratio)  // as a fraction of the source Nyquist
        let outputCount = Int((Double(input.count) * ratio).rounded(.down))
        let width = Double(halfWidth) / cutoff  // taps on each side, in source samples
        let steps = 64.0
        let table: [Double] = (0...Int(width * steps) + 1).map { i in
            let x = Double(i) / steps
            guard x <= width else { return 0 }
            let sinc = x == 0 ? 1.0 : sin(.pi * x * cutoff) / (.pi * x * cutoff)
            let position = (x / width + 1) / 2
            return sinc * (0.42 - 0.5 * cos(2 * .pi * position) + 0.08 * cos(4 * .pi * position))
        }
        var output = [Float](repeating: 0, count: outputCount)
        input.withUnsafeBufferPointer { samples in
            table.withUnsafeBufferPointer { kernel in
                for index in 0..<outputCount {
                    let center = Double(index) / ratio
                    let first = max(0, Int((center - width).rounded(.up)))
                    let last = min(samples.count - 1, Int((center + width).rounded(.down)))
                    guard first <= last else { continue }
                    var sum = 0.0, weightSum = 0.0
                    for k in first...last {
                        let position = abs(Double(k) - center) * steps
                        let slot = Int(position)
                        let fraction = position - Double(slot)
                        let weight = kernel[slot] + (kernel[min(slot + 1, kernel.count - 1)] - kernel[slot]) * fraction
                        sum += Double(samples[k]) * weight
                        weightSum += weight
                    }
                    output[index] = Float(weightSum == 0 ? 0 : sum / weightSum)
                }
            }
        }
        return output
    }

    /// Floats in -1…1 to 16-bit integers, clipped.
    public static func int16(_ samples: [Float]) -> [Int16] {
        samples.map { Int16(max(-32768, min(32767, ($0 * 32768).rounded()))) }
    }

    /// Any accepted WAV → 16 kHz mono 16-bit samples (what pocketsphinx reads).
    public static func speechSamples(_ data: Data, info: WAVInfo, rate: Int = 16_000) -> [Int16] {
        let mono = monoSamples(data, info: info)
        if info.sampleRate == rate && info.encoding == .pcmInteger && info.bitsPerSample == 16 && info.channels == 1 {
            return int16(mono)
        }
        return int16(resample(mono, from: info.sampleRate, to: rate))
    }

    /// A 16-bit mono PCM WAV file.
    public static func wav(_ samples: [Int16], sampleRate: Int) -> Data {
        var data = Data(capacity: 44 + samples.count * 2)
        func append32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        func append16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8)); append32(UInt32(36 + samples.count * 2)); data.append(contentsOf: Array("WAVE".utf8))
        data.append(contentsOf: Array("fmt ".utf8)); append32(16); append16(1); append16(1)
        append32(UInt32(sampleRate)); append32(UInt32(sampleRate * 2)); append16(2); append16(16)
        data.append(contentsOf: Array("data".utf8)); append32(UInt32(samples.count * 2))
        samples.withUnsafeBufferPointer { buffer in
            for sample in buffer { append16(UInt16(bitPattern: sample)) }
        }
        return data
    }
}
