import Foundation

/// A plain energy check: does any 10 ms frame of 16 kHz audio rise above a whisper?
public enum SpeechActivity {
    /// -50 dBFS: well under quiet speech into a laptop microphone, above digital silence and hiss.
    public static let threshold = 0.00316

    public static func hasSpeech(_ samples: [Int16], frame: Int = 160) -> Bool {
        guard samples.count >= frame else { return false }
        return samples.withUnsafeBufferPointer { buffer in
            stride(from: 0, to: buffer.count - frame + 1, by: frame).contains { start in
                meanSquare(buffer, start..<start + frame).squareRoot() / 32768 > threshold
            }
        }
    }

    /// Seconds from the start of the first 10 ms frame loud enough to be speech to the end of the
    /// last one; nil when no frame is. Loud enough: within 30 dB of the loudest frame and 12 dB
    /// above the quietest tenth of the frames (the room's noise floor).
    public static func speechSpan(_ samples: [Int16], frame: Int = 160, sampleRate: Double = 16_000) -> Range<Double>? {
        let count = samples.count / frame
        guard count > 0 else { return nil }
        let levels: [Double] = samples.withUnsafeBufferPointer { buffer in
            (0..<count).map { index in 10 * log10(meanSquare(buffer, index * frame..<(index + 1) * frame) + 1) }
        }
        let floor = levels.sorted()[count / 10]
        let loud = max(levels.max()! - 30, floor + 12)
        guard let first = levels.firstIndex(where: { $0 > loud }), let last = levels.lastIndex(where: { $0 > loud }) else { return nil }
        return Double(first * frame) / sampleRate..<Double((last + 1) * frame) / sampleRate
    }

    /// The mean of the squared samples in `range`.
    private static func meanSquare(_ buffer: UnsafeBufferPointer<Int16>, _ range: Range<Int>) -> Double {
        var sum = 0.0
        for index in range { sum += Double(buffer[index]) * Double(buffer[index]) }
        return sum / Double(range.count)
    }
}
