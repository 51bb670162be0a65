/// Stretches of steady voicing: a drawn-out vowel or hum whose spectrum barely moves for longer
/// than words do. A filled pause ("uuum", "uhhh") is one; the default model does not hear it, and
/// the filler phones of `FilledPauses` miss it on voices that draw it out (flite's rms and slt),
/// so each stretch is decoded on its own with a fillers-only grammar (`FilledPauses.steady`).
/// Research: docs/research/fillers/README.md ("stationary stretches").
enum SteadyStretches {
    /// Frames per sliding window (10 ms each).
    static let window = 15
    /// A window is steady when its mean cepstral change is below this share of the recording's
    /// median change over voiced speech (so the measure does not depend on the voice).
    static let steadiness: Float = 0.65
    /// Voicing (normalised autocorrelation) at which a frame counts as voiced.
    static let voiced: Float = 0.6
    /// Frames within this many dB of the loudest count as speech.
    static let speechRange: Float = 30
    /// The shortest stretch kept, in frames: fluent speech holds a vowel for less.
    static let shortest = 35
    /// Cepstral change at a frame: over ±2 frames (1 ... 12, c0 left out).
    static let span = 2

    /// Per-frame measures of a recording on the front end's 10 ms grid.
    struct Frames {
        /// 13 cepstra per frame, frame after frame (pocketsphinx's front end, no mean removed).
        var cepstra: [Float]
        var energy: [Float]
        var voicing: [Float]

        var count: Int { energy.count }
    }

    /// Frame ranges of steady voicing at least `shortest` frames long, in time order.
    static func find(_ frames: Frames) -> [Range<Int>] {
        let count = frames.count
        guard count >= window, frames.cepstra.count >= count * 13 else { return [] }
        let change = changes(frames.cepstra, count: count)
        let loudest = frames.energy.max() ?? 0
        let voicedSpeech = (0..<count).map { frames.energy[$0] > loudest - speechRange && frames.voicing[$0] > voiced }
        let reference = (0..<count).compactMap { voicedSpeech[$0] ? change[$0] : nil }
        guard let median = median(reference), median > 0 else { return [] }
        // A frame without a change (the edges) counts as far from steady.
        let normalised = change.map { $0.map { $0 / median } ?? 9 }
        var steady = [Bool](repeating: false, count: count)
        var sum = normalised[0..<window].reduce(0, +)
        var voicedCount = voicedSpeech[0..<window].filter { $0 }.count
        for start in 0...(count - window) {
            if start > 0 {
                sum += normalised[start + window - 1] - normalised[start - 1]
                voicedCount += (voicedSpeech[start + window - 1] ? 1 : 0) - (voicedSpeech[start - 1] ? 1 : 0)
            }
            if sum / Float(window) < steadiness && Float(voicedCount) >= 0.9 * Float(window) {
                for frame in start..<(start + window) { steady[frame] = true }
            }
        }
        var stretches: [Range<Int>] = []
        var frame = 0
        while frame < count {
            guard steady[frame] else { frame += 1; continue }
            var end = frame
            while end < count && steady[end] { end += 1 }
            if end - frame >= shortest { stretches.append(frame..<end) }
            frame = end
        }
        return stretches
    }

    /// ‖c(t + 2) − c(t − 2)‖ over cepstra 1 ... 12; nil where the frames run out.
    static func changes(_ cepstra: [Float], count: Int) -> [Float?] {
        (0..<count).map { frame in
            guard frame >= span, frame + span < count else { return nil }
            var sum: Float = 0
            for dimension in 1..<13 {
                let delta = cepstra[(frame + span) * 13 + dimension] - cepstra[(frame - span) * 13 + dimension]
                sum += delta * delta
            }
            return sum.squareRoot()
        }
    }

    /// The median (the mean of the middle two for an even count), or nil for none.
    static func median(_ values: [Float]) -> Float? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
