import Foundation

/// How loud a take is every 50 ms, in dBFS: what SpeakUp's coach reads for volume, energy, emphasis
/// and the energy arc.
public struct LevelEnvelope: Codable, Equatable, Sendable {
    public static let frameSeconds = 0.05
    /// The level of digital silence: a finite number, so the levels stay plain JSON and averages stay defined.
    public static let floor = -120.0

    /// dBFS of each 50 ms frame (RMS, full scale sine = -3.01, digital silence = -120 floor).
    /// Frame `i` covers `[i·0.05 s, (i+1)·0.05 s)`; a shorter last frame is measured over the samples it has,
    /// so the envelope covers the whole take (`ceil(duration / 0.05)` frames).
    public var levels: [Double]

    public init(samples: [Int16], sampleRate: Double = 16_000) {
        let frame = max(1, Int((sampleRate * Self.frameSeconds).rounded()))
        var levels: [Double] = []
        levels.reserveCapacity((samples.count + frame - 1) / frame)
        samples.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                let end = min(buffer.count, start + frame)
                // Exact in integers: a frame of 2,400 full-scale samples (48 kHz) sums to under 2^42.
                var squares: Int64 = 0
                for index in start..<end {
                    let value = Int64(buffer[index])
                    squares += value * value
                }
                levels.append(Self.dBFS(meanSquare: Double(squares) / Double(end - start)))
                start = end
            }
        }
        self.levels = levels
    }

    /// The level of a mean square of 16-bit samples, relative to a full-scale square wave (RMS 32768):
    /// the convention that puts a full-scale sine at -3.01 dBFS.
    public static func dBFS(meanSquare: Double) -> Double {
        guard meanSquare > 0 else { return floor }
        return max(floor, 10 * log10(meanSquare / (32768.0 * 32768.0)))
    }
}
