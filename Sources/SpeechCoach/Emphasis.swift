/// Words the speaker stressed.
public struct EmphasisReport: Codable, Equatable, Sendable {
    /// How the stressed words were found.
    public enum Method: String, Codable, Sendable {
        /// Pitch above 1.2× and level 6 dB above the ±2.5 s around the word.
        case pitchAndLevel
        /// No signal: a word held longer than mean + 1.2 SD with a pause of 0.2 s next to it.
        case duration
    }

    /// One stressed word and when it was said.
    public struct Moment: Codable, Equatable, Sendable {
        public var text: String
        public var at: Double
    }

    public var method: Method
    public var count: Int
    /// Per speaking minute.
    public var perMinute: Double
    /// 25 for each quarter of the take that has one (30 when there is at most one).
    public var distribution: Double
    public var moments: [Moment]
}

enum EmphasisFinder {
    static let around = 2.5

    static func report(words: [Token], tokens: [Token], levels: [Double]?, pitch: [Double]?, duration: Double,
                       speakingSeconds: Double) -> EmphasisReport {
        let method: EmphasisReport.Method
        let moments: [EmphasisReport.Moment]
        if let levels, let pitch, !levels.isEmpty, pitch.contains(where: { $0 > 0 }) {
            method = .pitchAndLevel
            moments = bySignal(words: words, levels: levels, pitch: pitch)
        } else {
            method = .duration
            moments = byDuration(words: words, tokens: tokens)
        }
        var quarters: Set<Int> = []
        for moment in moments where duration > 0 { quarters.insert(min(3, Int(moment.at / duration * 4))) }
        return EmphasisReport(method: method, count: moments.count,
                              perMinute: words.isEmpty ? 0 : Double(moments.count) / (max(speakingSeconds, 1) / 60),
                              distribution: moments.count <= 1 ? 30 : Double(quarters.count) * 25, moments: moments)
    }

    /// Running sums over frames that count (speech-level frames, voiced pitch frames) make each local mean O(1).
    private struct Sums {
        var total: [Double] = [0]
        var count: [Int] = [0]

        init(_ values: [Double], counts: (Double) -> Bool) {
            total.reserveCapacity(values.count + 1)
            for value in values {
                let used = counts(value)
                total.append(total.last! + (used ? value : 0))
                count.append(count.last! + (used ? 1 : 0))
            }
        }

        func mean(_ range: Range<Int>) -> Double? {
            let n = count[range.upperBound] - count[range.lowerBound]
            return n > 0 ? (total[range.upperBound] - total[range.lowerBound]) / Double(n) : nil
        }
    }

    static func bySignal(words: [Token], levels: [Double], pitch: [Double]) -> [EmphasisReport.Moment] {
        let levelSums = Sums(levels) { $0 > VolumeReport.silence }
        let pitchSums = Sums(pitch) { $0 > 0 }
        func frames(_ from: Double, _ to: Double, step: Double, count: Int) -> Range<Int> {
            let low = min(count, max(0, Int(from / step)))
            return low..<min(count, max(low, Int((to / step).rounded(.up))))
        }
        return words.compactMap { word in
            let ownLevels = frames(word.start, word.end, step: VolumeReport.frameSeconds, count: levels.count)
            let ownPitch = frames(word.start, word.end, step: PitchReport.frameSeconds, count: pitch.count)
            guard let wordPitch = pitchSums.mean(ownPitch), let wordLevel = levels[ownLevels].max(),
                  let localPitch = pitchSums.mean(frames(word.start - around, word.end + around, step: PitchReport.frameSeconds, count: pitch.count)),
                  let localLevel = levelSums.mean(frames(word.start - around, word.end + around, step: VolumeReport.frameSeconds, count: levels.count)),
                  wordPitch > 1.2 * localPitch, wordLevel > localLevel + 6
            else { return nil }
            return EmphasisReport.Moment(text: word.text, at: word.start)
        }
    }

    static func byDuration(words: [Token], tokens: [Token]) -> [EmphasisReport.Moment] {
        let durations = words.map(\.duration)
        guard durations.count >= 3, let mean = Statistics.mean(durations), let deviation = Statistics.standardDeviation(durations),
              deviation > 0 else { return [] }
        var moments: [EmphasisReport.Moment] = []
        for (index, token) in tokens.enumerated() where !token.isFiller && token.duration > mean + 1.2 * deviation {
            let before = index == 0 || Gaps.silence(from: tokens[index - 1].end, to: token.start) >= 0.2
            let after = index == tokens.count - 1 || Gaps.silence(from: token.end, to: tokens[index + 1].start) >= 0.2
            if before || after { moments.append(EmphasisReport.Moment(text: token.text, at: token.start)) }
        }
        return moments
    }
}
