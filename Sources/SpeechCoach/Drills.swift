import Foundation

/// SpeakUp's four drills: short recordings with one thing to practise, heard live and judged at the
/// end on the whole recording (the coach's own analysis of it), each result kept.
///
/// Better than the original (speakup.md §1.11): a drill needs real speech to pass (silence passed
/// its filler drill and hit every pause marker), Pace Control aims at the speaker's own target pace
/// (the original's was fixed at 150), and pause markers are judged against the speaker's own
/// loudness instead of a fixed −40 dB that depends on the microphone.
public struct Drill: Codable, Equatable, Sendable, Identifiable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case fillerElimination = "filler-elimination"
        case paceControl = "pace-control"
        case pausePractice = "pause-practice"
        case impromptuSprint = "impromptu-sprint"
    }

    public let id: Kind
    public let title: String
    public let emoji: String
    public let seconds: Int
    /// What passing takes, in a line.
    public let goal: String
    public let instructions: String
    /// Seconds into the drill at which the speaker should pause (Pause Practice only).
    public let markers: [Double]

    /// Fewer words than this is not a try at the drill (about 45 words a minute).
    public var minimumWords: Int { Int((Double(seconds) * 0.75).rounded()) }
}

/// One drill's outcome, as kept and shown.
public struct DrillResult: Codable, Equatable, Sendable {
    public var drill: Drill.Kind
    /// 0–100.
    public var score: Int
    public var passed: Bool
    /// One line on how it went, for the person.
    public var verdict: String
    public var seconds: Double
    public var words: Int
    public var fillers: Int
    /// The fillers heard, in order ("um", "like").
    public var fillerWords: [String]
    /// Speaking pace (words a minute of speaking time), when words were heard.
    public var wpm: Int?
    /// The pace aimed at (Pace Control).
    public var targetWPM: Int?
    /// Per marker, whether the speaker paused there (Pause Practice).
    public var markerHits: [Bool]?
    /// The topic talked about (Impromptu Sprint).
    public var topic: String?
}

public enum Drills {
    /// A marker's window: from half a second before it to two and a half after.
    public static let markerWindow = (before: 0.5, after: 2.5)
    /// A pause at a marker: at least this much quiet inside its window.
    public static let markerPause = 0.8
    /// Quieter than the speaker's own speech level by this much (dB) is quiet.
    public static let quietBelowSpeech = 18.0
    /// A drill's recording may run this much past its length (the page stops it on time).
    public static let slackSeconds = 5.0
    /// Pace Control passes from this score (within about 30 words a minute of the target).
    public static let pacePass = 70

    public static let all: [Drill] = [
        Drill(id: .fillerElimination, title: "Filler Elimination", emoji: "🚫", seconds: 15,
              goal: "15 seconds without a single um, uh or like.",
              instructions: "Talk about your day for 15 seconds. When you feel an “um” coming, close your mouth and pause instead.", markers: []),
        Drill(id: .paceControl, title: "Pace Control", emoji: "🎚️", seconds: 60,
              goal: "A minute at your own target pace.",
              instructions: "Explain something you know well for a minute. Watch the pace meter and keep it inside the green band.", markers: []),
        Drill(id: .pausePractice, title: "Pause Practice", emoji: "⏸️", seconds: 45,
              goal: "Pause at two of the three markers, and keep talking between them.",
              instructions: "Describe a place you love. When the marker lights up, finish your sentence and stay quiet for a breath.",
              markers: [10, 22, 34]),
        Drill(id: .impromptuSprint, title: "Impromptu Sprint", emoji: "⚡", seconds: 30,
              goal: "30 seconds on a surprise topic, at most 2 fillers.",
              instructions: "You get a topic you did not choose. Say what you think, one reason and one example. No planning, just start.",
              markers: []),
    ]

    /// Topics for Impromptu Sprint, in our own words.
    public static let topics: [String] = [
        "The best invention of the last hundred years", "Why everyone should learn to cook", "A rule you would change at school",
        "The perfect weekend", "Cats or dogs, and why", "What makes a good friend", "The most useful thing you own",
        "If you could live in any city", "A skill you want to learn this year", "Why sleep matters", "The best book you have read",
        "Should homework exist?", "What you would do with an extra hour a day", "A place everyone should visit",
        "The hardest thing about being your age", "Your favourite season and why", "A job you would love to try for a day",
        "What makes a great teacher", "Phones at the dinner table", "Something you changed your mind about",
        "The best meal you can make", "Why music matters", "A tradition in your family", "What you would invent",
    ]

    public static func drill(_ kind: Drill.Kind) -> Drill { all.first { $0.id == kind }! }

    /// The drill's result for its recording, analysed by the coach. `levels` are the recording's
    /// dBFS per 50 ms (nil without them: markers are then judged on the gaps between words).
    public static func judge(_ drill: Drill, analysis: TakeAnalysis, levels: [Double]?, topic: String? = nil) -> DrillResult {
        let words = analysis.wordCount
        let fillers = analysis.fillers.items.map(\.text)
        let spoke = words >= drill.minimumWords
        // Pace Control is judged on the pace its meter showed (words ÷ time so far, as the page
        // sees it); the others report the speaking pace.
        let pace = drill.id == .paceControl ? analysis.wpm.overall : analysis.wpm.speaking
        let wpm = words > 0 ? Int(pace.rounded()) : nil
        var result = DrillResult(drill: drill.id, score: 0, passed: false, verdict: "", seconds: analysis.duration, words: words,
                                 fillers: fillers.count, fillerWords: fillers, wpm: wpm, targetWPM: nil, markerHits: nil, topic: topic)
        let tooQuiet = "Too few words to judge: keep talking for the whole \(drill.seconds) seconds."
        switch drill.id {
        case .fillerElimination:
            result.score = spoke ? max(0, 100 - 25 * fillers.count) : 0
            result.passed = spoke && fillers.isEmpty
            result.verdict = !spoke ? tooQuiet : fillers.isEmpty ? "Not one filler. Clean speech!"
                : "\(fillers.count) \(fillers.count == 1 ? "filler" : "fillers"): \(Self.list(fillers)). Pause instead, and try again."
        case .paceControl:
            let target = analysis.wpm.target
            result.targetWPM = target
            let score = spoke ? Self.paceScore(wpm: pace, target: target) : 0
            result.score = score
            result.passed = spoke && score >= pacePass
            let off = Int(pace.rounded()) - target
            result.verdict = !spoke ? tooQuiet : result.passed ? "Right on your pace: \(wpm ?? 0) words a minute, aiming at \(target)."
                : off > 0 ? "\(wpm ?? 0) words a minute: \(off) faster than your \(target). Slow down and let the words land."
                : "\(wpm ?? 0) words a minute: \(-off) slower than your \(target). Keep the words coming."
        case .pausePractice:
            let hits = drill.markers.map { marker in Self.pausedAt(marker, analysis: analysis, levels: levels) }
            let count = hits.filter { $0 }.count
            result.markerHits = hits
            result.score = spoke ? Int((Double(count) / Double(max(1, drill.markers.count)) * 100).rounded()) : 0
            result.passed = spoke && count >= 2
            result.verdict = !spoke ? tooQuiet : "You paused at \(count) of \(drill.markers.count) markers."
                + (result.passed ? " Pauses give the listener time to think." : " Finish the sentence as the marker lights, then stay quiet for a breath.")
        case .impromptuSprint:
            result.score = spoke ? max(50, 100 - 10 * fillers.count) : 0
            result.passed = spoke && fillers.count <= 2
            result.verdict = !spoke ? tooQuiet : result.passed ? "You kept going on a topic you did not choose. Well done!"
                : "\(fillers.count) fillers: \(Self.list(fillers)). Take a breath before each new idea."
        }
        return result
    }

    /// 100 at the target, falling as a bell curve (σ 35 words a minute).
    public static func paceScore(wpm: Double, target: Int) -> Int {
        let off = wpm - Double(target)
        return Int((100 * exp(-(off * off) / (2 * 35 * 35))).rounded())
    }

    /// Whether the speaker stayed quiet for `markerPause` seconds inside the marker's window: on the
    /// audio's level against the speaker's own speech level, or on the gaps between words without it.
    public static func pausedAt(_ marker: Double, analysis: TakeAnalysis, levels: [Double]?) -> Bool {
        let window = (marker - markerWindow.before)...(marker + markerWindow.after)
        if let levels, !levels.isEmpty {
            let frame = VolumeReport.frameSeconds
            guard let speech = Statistics.percentile(levels.sorted(), 90) else { return false }
            // The frames inside the window (a hair's allowance: 9.5 / 0.05 is 189.999…).
            let first = max(0, Int((window.lowerBound / frame + 1e-9).rounded(.down)))
            let last = min(levels.count - 1, Int((window.upperBound / frame - 1e-9).rounded(.up)) - 1)
            guard first <= last else { return false }
            var run = 0, longest = 0
            for level in levels[first...last] {
                run = level <= speech - quietBelowSpeech ? run + 1 : 0
                longest = max(longest, run)
            }
            return Double(longest) * frame >= markerPause
        }
        return analysis.pauses.items.contains { pause in
            min(pause.end, window.upperBound) - max(pause.start, window.lowerBound) >= markerPause
        }
    }

    private static func list(_ words: [String]) -> String {
        var counts: [(String, Int)] = []
        for word in words {
            if let index = counts.firstIndex(where: { $0.0 == word }) { counts[index].1 += 1 } else { counts.append((word, 1)) }
        }
        return counts.map { $0.1 > 1 ? "“\($0.0)” ×\($0.1)" : "“\($0.0)”" }.joined(separator: ", ")
    }
}
