import Foundation

/// Words a minute, two ways.
public struct WordsPerMinute: Codable, Equatable, Sendable {
    /// Words ÷ whole-take minutes (at least 1 s): what the original called WPM.
    public var overall: Double
    /// Words ÷ speaking minutes: first word's start to last word's end, less the pauses and filled pauses in
    /// between (the articulation rate). The pace score uses this one (defect 5: dead air at the start and end, and long silences, are not slow speech).
    public var speaking: Double
    public var speakingSeconds: Double
    /// The target the pace score used.
    public var target: Int
}

/// Pace over the take.
public struct PaceReport: Codable, Equatable, Sendable {
    /// One bucket of the pace chart.
    public struct Point: Codable, Equatable, Sendable {
        public var start: Double
        public var end: Double
        /// 3-point moving average of the bucket's words a minute.
        public var wpm: Double
    }

    public static let bucketSeconds = 5.0
    public static let windowSeconds = 10.0
    public static let hopSeconds = 5.0

    /// 5 s buckets by word start; a trailing bucket shorter than 2.5 s joins the one before.
    public var series: [Point]
    /// Coefficient of variation of 10 s windows (hop 5 s); nil under 10 words, 5 s of speech or two windows.
    public var rateVariation: Double?
    /// 15 + 85·exp(−(CV − 0.15)² / (2·0.08²)): some variation is good, none or a lot is not.
    public var rateVariationScore: Double?
}

enum PaceMeter {
    static func wordsPerMinute(words: Int, duration: Double, speakingSeconds: Double, target: Int) -> WordsPerMinute {
        WordsPerMinute(overall: Double(words) / (max(duration, 1) / 60),
                       speaking: words == 0 ? 0 : Double(words) / (max(speakingSeconds, 1) / 60),
                       speakingSeconds: speakingSeconds, target: target)
    }

    /// Articulation time: the first word's start to the last word's end, less every gap of at least the pause
    /// threshold between consecutive words, silent or held by fillers (speakup.md: articulation rate is non-filler
    /// words per voiced minute; an "um" is hesitation, not speech). `words` leave the fillers out, in order.
    static func speakingSeconds(words: [Token]) -> Double {
        guard let first = words.first?.start, let last = words.map(\.end).max() else { return 0 }
        let gaps = zip(words, words.dropFirst()).reduce(0.0) { sum, pair in
            let gap = pair.1.start - pair.0.end
            return gap >= PauseReport.threshold ? sum + gap : sum
        }
        return max(0, last - first - gaps)
    }

    /// `starts`: start times of the non-filler words, in order.
    static func series(starts: [Double], duration: Double) -> [PaceReport.Point] {
        guard duration > 0, !starts.isEmpty else { return [] }
        var edges: [Double] = stride(from: 0, to: duration, by: PaceReport.bucketSeconds).map { $0 }
        edges.append(duration)
        if edges.count > 2, duration - edges[edges.count - 2] < PaceReport.bucketSeconds / 2 { edges.remove(at: edges.count - 2) }
        var counts = [Int](repeating: 0, count: edges.count - 1)
        var bucket = 0
        for start in starts {
            while bucket < counts.count - 1, start >= edges[bucket + 1] { bucket += 1 }
            counts[bucket] += 1
        }
        let raw = counts.indices.map { Double(counts[$0]) / ((edges[$0 + 1] - edges[$0]) / 60) }
        return raw.indices.map { index in
            let neighbours = raw[max(0, index - 1)...min(raw.count - 1, index + 1)]
            return PaceReport.Point(start: edges[index], end: edges[index + 1], wpm: neighbours.reduce(0, +) / Double(neighbours.count))
        }
    }

    /// Windows cover the speech (first word's start to last word's end), so silence before and after is not slowness.
    static func rateVariation(starts: [Double], speechEnd: Double) -> Double? {
        guard starts.count >= 10, let first = starts.first, speechEnd - first > 5 else { return nil }
        var rates: [Double] = []
        var windowStart = first
        var low = 0
        while windowStart + PaceReport.windowSeconds <= speechEnd + 1e-9 {
            while low < starts.count, starts[low] < windowStart { low += 1 }
            var high = low
            while high < starts.count, starts[high] < windowStart + PaceReport.windowSeconds { high += 1 }
            rates.append(Double(high - low) / (PaceReport.windowSeconds / 60))
            windowStart += PaceReport.hopSeconds
        }
        guard rates.count >= 2 else { return nil }
        return Statistics.variation(rates)
    }

    static func rateVariationScore(_ cv: Double) -> Double {
        15 + 85 * exp(-(cv - 0.15) * (cv - 0.15) / (2 * 0.08 * 0.08))
    }
}
