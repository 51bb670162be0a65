import Foundation

/// Cuts a live recording into stretches that can be decoded one by one while the person goes on
/// talking: a stretch ends in a pause (a run of quiet 20 ms frames), so no word is cut in two.
/// Audio arrives in pieces of any size; `append` answers where stretches end (sample positions
/// from the start of the recording).
///
/// Quiet: below the room's noise floor + 12 dB (the quietest frame so far: a pause between
/// sentences is at the floor, speech 20–40 dB above it), but never above −30 dBFS (a take that
/// starts talking has no floor yet) nor below −50 dBFS (digital silence is no room).
public struct PauseSegmenter: Sendable {
    public struct Configuration: Sendable {
        /// Samples per frame (20 ms at 16 kHz).
        public var frame = 320
        /// A pause this long (frames) ends a stretch: 300 ms, shorter than the pauses between phrases.
        public var pauseFrames = 15
        /// A stretch is at least this long (frames) before a pause may end it (1 s).
        public var minimumFrames = 50
        /// Past this (frames, 6 s) a shorter pause ends the stretch (120 ms)…
        public var longFrames = 300
        public var shortPauseFrames = 6
        /// …and past this (frames, 10 s) it ends at once, pause or not.
        public var maximumFrames = 500
        public init() {}
    }

    /// Where a stretch ends (a sample position from the start of the recording), and how much
    /// quiet comes just before it (0 when the stretch was cut for its length, mid-speech).
    public struct Cut: Equatable, Sendable {
        public let position: Int
        public let quietSamples: Int

        public init(position: Int, quietSamples: Int) {
            self.position = position
            self.quietSamples = quietSamples
        }
    }

    public let configuration: Configuration
    private var pending: [Int16] = []
    /// Frames seen so far; frames since the current stretch began; the quiet run at its end.
    private var frames = 0
    private var stretchFrames = 0
    private var quietRun = 0
    private var spoke = false
    private var floor = Double.infinity

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Where stretches end, for the samples appended now.
    public mutating func append(_ samples: [Int16]) -> [Cut] {
        pending += samples
        var cuts: [Cut] = []
        let size = configuration.frame
        var offset = 0
        while pending.count - offset >= size {
            let level = Self.level(pending[offset..<offset + size])
            offset += size
            frames += 1
            stretchFrames += 1
            floor = min(floor, level)
            let quiet = level < max(-50, min(floor + 12, -30))
            quietRun = quiet ? quietRun + 1 : 0
            if !quiet { spoke = true }
            if endsHere() {
                cuts.append(Cut(position: frames * size, quietSamples: quietRun * size))
                stretchFrames = 0
                quietRun = 0
                spoke = false
            }
        }
        pending.removeFirst(offset)
        return cuts
    }

    /// Whether the stretch ends at the current frame: a long enough pause after some speech, a
    /// shorter one when it has gone on for a while, or the longest stretch allowed.
    private func endsHere() -> Bool {
        if stretchFrames >= configuration.maximumFrames { return true }
        guard spoke else { return false }
        if stretchFrames >= configuration.longFrames, quietRun >= configuration.shortPauseFrames { return true }
        return stretchFrames >= configuration.minimumFrames && quietRun >= configuration.pauseFrames
    }

    /// dBFS of a frame (−100 for digital silence).
    static func level(_ frame: ArraySlice<Int16>) -> Double {
        var sum = 0.0
        for sample in frame { sum += Double(sample) * Double(sample) }
        let rms = (sum / Double(max(1, frame.count))).squareRoot() / 32768
        return rms > 0 ? max(-100, 20 * log10(rms)) : -100
    }
}
