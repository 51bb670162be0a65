import Foundation

/// A plain energy check: does any 10 ms frame of 16 kHz audio rise above a whisper?
public enum SpeechActivity {
    /// -50 dBFS: well under quiet speech into a laptop microphone, above digital silence and hiss.
    public static let threshold = 0.00316

    public static func hasSpeech(_ samples: [Int16], frame: Int = 160) -> Bool {
        guard samples.count >= frame else { return false }
        return samples.withUnsafeBufferPointer { buffer in
            stride(from: 0, to: buffer.count - frame + 1, by: frame).contains { start in
                var sum = 0.0
                for index in start..<start + frame { sum += Double(buffer[index]) * Double(buffer[index]) }
                return (sum / Double(frame)).squareRoot() / 32768 > threshold
            }
        }
    }
}
