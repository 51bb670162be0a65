/// Fluency measures from the research the original cites (phonation-time ratio, articulation rate, mean length
/// of run) and how much the take says.
public struct FluencyReport: Codable, Equatable, Sendable {
    /// Speaking time ÷ take duration (speaking time: first word to last, less pauses of 0.4 s or more).
    public var phonationRatio: Double
    /// Words per speaking minute: the classic definition (syllable counts aside), which equals speaking WPM;
    /// the original divided by the summed word durations, which the recogniser's word edges make unreliable.
    public var articulationRate: Double
    /// Mean words between pauses (≥ 0.4 s) or fillers.
    public var meanLengthOfRun: Double
    /// Phonation 0.45–0.80 → 35 + articulation 100–200 → 30 + run length (1.5 → 4, 3 → 12, 5 → 22, ≥ 8 → 35).
    public var score: Double
    /// Distinct content words per minute of the take.
    public var contentWordsPerMinute: Double
    /// 0–100: words, duration, MATTR, content density, run length (§2.10); at most 10 under 5 words or 3 s.
    public var substance: Double
}

enum FluencyMeter {
    static let runPoints = Curve([(0, 0), (1.5, 4), (3, 12), (5, 22), (8, 35)])
    static let substanceWords = Curve([(5, 0), (15, 10), (35, 18), (70, 25)])
    static let substanceSeconds = Curve([(3, 0), (10, 8), (20, 14), (40, 20)])
    static let substanceMATTR = Curve([(0.3, 0), (0.45, 5), (0.58, 12), (0.72, 20)])
    static let substanceDensity = Curve([(0, 0), (4, 5), (10, 12), (22, 20)])
    static let substanceRun = Curve([(2, 0), (5, 8), (10, 15)])

    static func report(sounds: [Sound], words: [String], duration: Double, speakingSeconds: Double, speakingWPM: Double,
                       mattr: Double) -> FluencyReport {
        let phonation = duration > 0 ? min(1, speakingSeconds / duration) : 0
        let run = meanLengthOfRun(sounds)
        let minutes = max(duration, 1) / 60
        let density = Double(Set(words.filter(EnglishWords.isContent)).count) / minutes
        let score = phonationPoints(phonation) + articulationPoints(speakingWPM) + runPoints(run)
        var substance = substanceWords(Double(words.count)) + substanceSeconds(duration) + substanceMATTR(mattr)
            + substanceDensity(density) + substanceRun(run)
        if words.count < 5 || duration < 3 { substance = min(10, substance) }
        return FluencyReport(phonationRatio: phonation, articulationRate: speakingWPM, meanLengthOfRun: run,
                             score: Statistics.clamp(score), contentWordsPerMinute: density, substance: Statistics.clamp(substance))
    }

    /// 35 inside 0.45–0.80, tapering to 0 at 0 and at 1.
    static func phonationPoints(_ ratio: Double) -> Double {
        if ratio < 0.45 { return 35 * max(0, ratio) / 0.45 }
        if ratio > 0.80 { return 35 * max(0, 1 - (ratio - 0.80) / 0.20) }
        return 35
    }

    /// 30 inside 100–200 words a minute, tapering to 0 at 0 and at 300.
    static func articulationPoints(_ wpm: Double) -> Double {
        if wpm < 100 { return 30 * max(0, wpm) / 100 }
        if wpm > 200 { return 30 * max(0, 1 - (wpm - 200) / 100) }
        return 30
    }

    /// Runs of words split by pauses of at least the pause threshold and by fillers (filled pauses break a run too).
    static func meanLengthOfRun(_ sounds: [Sound]) -> Double {
        var runs: [Int] = []
        var current = 0
        var reach: Double?
        for sound in sounds {
            if sound.isFiller || (reach.map { Gaps.silence(from: $0, to: sound.start) >= PauseReport.threshold } ?? false) {
                if current > 0 { runs.append(current) }
                current = 0
            }
            if !sound.isFiller { current += 1 }
            reach = max(reach ?? sound.end, sound.end)
        }
        if current > 0 { runs.append(current) }
        return runs.isEmpty ? 0 : Double(runs.reduce(0, +)) / Double(runs.count)
    }
}
