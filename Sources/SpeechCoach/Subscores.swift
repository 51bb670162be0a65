import Foundation

/// The nine subscores, 0–100; nil where the take gives no data for one (or tracking is off).
public struct Subscores: Codable, Equatable, Sendable {
    public var clarity: Int?
    public var pace: Int?
    public var fillers: Int?
    public var pauses: Int?
    public var vocalVariety: Int?
    public var delivery: Int?
    public var vocabulary: Int?
    public var structure: Int?
    public var relevance: Int?

    public init() {}

    public subscript(dimension: Dimension) -> Int? {
        get {
            switch dimension {
            case .clarity: clarity
            case .pace: pace
            case .fillers: fillers
            case .pauses: pauses
            case .vocalVariety: vocalVariety
            case .delivery: delivery
            case .vocabulary: vocabulary
            case .structure: structure
            case .relevance: relevance
            }
        }
        set {
            switch dimension {
            case .clarity: clarity = newValue
            case .pace: pace = newValue
            case .fillers: fillers = newValue
            case .pauses: pauses = newValue
            case .vocalVariety: vocalVariety = newValue
            case .delivery: delivery = newValue
            case .vocabulary: vocabulary = newValue
            case .structure: structure = newValue
            case .relevance: relevance = newValue
            }
        }
    }
}

extension Subscores {
    /// Every subscore the take's measurements allow (§2.12), rounded to whole points. `voicedRatio` is the
    /// pitch tracker's; pauses and fillers are left out when the person does not track them.
    init(of analysis: TakeAnalysis, voicedRatio: Double?, trackPauses: Bool) {
        self.init()
        let words = analysis.words.filter { !$0.isFiller }
        let text = analysis.textQuality, wpm = analysis.wpm, volume = analysis.volume, pitch = analysis.pitch
        func round(_ value: Double) -> Int { Int(value.rounded()) }
        clarity = round(SubscoreFormulas.clarity(
            voicedRatio: voicedRatio, meanConfidence: Statistics.mean(words.map(\.confidence)),
            durationCV: Statistics.variation(words.map { $0.end - $0.start }), authority: text.authority, hedgeRatio: text.hedgeRatio,
            speakingWPM: wpm.speaking, target: wpm.target))
        pace = round(SubscoreFormulas.pace(speakingWPM: wpm.speaking, target: wpm.target,
                                           rateVariationScore: analysis.pace.rateVariationScore, fluency: analysis.fluency.score))
        if analysis.fillers.tracked {
            fillers = round(SubscoreFormulas.fillers(ratio: analysis.fillers.ratio, hedgeRatio: text.hedgeRatio, weakRatio: text.weakRatio))
        }
        if trackPauses {
            pauses = round(SubscoreFormulas.pauses(analysis.pauses, speakingWPM: wpm.speaking, target: wpm.target,
                                                   fillerRatio: analysis.fillers.ratio))
        }
        // The monotone score's stand-in 30 (too few loud frames) is no measurement: left out of vocal variety.
        vocalVariety = SubscoreFormulas.vocalVariety(
            pitchVariation: pitch?.variationScore, monotone: volume?.amplitudeVariation == nil ? nil : volume?.monotoneScore,
            rateVariation: analysis.pace.rateVariationScore, pitchEnergy: pitch?.pitchEnergyScore).map(round)
        if let volume, !words.isEmpty {
            // The original's content density: distinct content words ÷ words · 130, at most 100.
            let density = min(100, Double(Set(words.map(\.text).filter(EnglishWords.isContent)).count) / Double(words.count) * 130)
            delivery = round(SubscoreFormulas.delivery(volume: volume, contentDensity: density, emphasisPerMinute: analysis.emphasis.perMinute,
                                                       engagement: text.engagement))
        }
        vocabulary = round(SubscoreFormulas.vocabulary(analysis.vocabulary, powerRatio: text.powerRatio))
        structure = analysis.structure.map { round(SubscoreFormulas.structure($0, text: text)) }
        relevance = analysis.relevance.score.map(round)
    }
}

/// The subscore formulas of §2.12, each from the metrics it reads.
enum SubscoreFormulas {
    /// Pace: a Gaussian (σ 55) around the target, of speaking-time WPM (defect 5: the original used whole-take
    /// WPM, so dead air read as slow speech); rate variation replaces 18 % of it and fluency 14 % when present.
    static func pace(speakingWPM: Double, target: Int, rateVariationScore: Double?, fluency: Double?) -> Double {
        let offset = speakingWPM - Double(target)
        let gaussian = 100 * exp(-offset * offset / (2 * 55 * 55))
        var share = 1.0, others = 0.0
        if let rateVariationScore { others += 0.18 * rateVariationScore; share -= 0.18 }
        if let fluency { others += 0.14 * fluency; share -= 0.14 }
        return Statistics.clamp(gaussian * share + others)
    }

    /// 100·max(0, 1 − log2(1 + 8r)), r = filler ratio + min(0.02, 0.35·hedge ratio) + min(0.02, 0.5·weak-phrase ratio).
    static func fillers(ratio: Double, hedgeRatio: Double, weakRatio: Double) -> Double {
        let r = ratio + min(0.02, 0.35 * hedgeRatio) + min(0.02, 0.5 * weakRatio)
        return Statistics.clamp(100 * max(0, 1 - log2(1 + 8 * r)))
    }

    /// The original's pause rules, plus −2 for each hesitation under 1.2 s (at most −10): the original had no
    /// short hesitations (its hesitations were all long), and a pause inside a phrase reads as disfluency.
    static func pauses(_ report: PauseReport, speakingWPM: Double, target: Int, fillerRatio: Double) -> Double {
        let target = Double(target)
        guard report.count > 0 else { return speakingWPM > target + 20 ? 50 : 65 }
        var score = 72 + 4 * Double(report.strategicMedium) + 6 * Double(report.strategicLong) - 8 * Double(min(4, report.longHesitations))
        score -= 2 * Double(min(5, report.hesitation - report.longHesitations))
        if fillerRatio < 0.03 && report.count > 2 { score += 8 }
        if report.perMinute < 3 { score -= 6 }
        if report.perMinute > 18 { score -= 1.5 * (report.perMinute - 18) }
        if speakingWPM > target + 10 { score += 2 * Double(report.strategic) }
        return Statistics.clamp(score)
    }

    /// Voiced-frame part 0.30, recogniser-confidence part 0.25 (one missing: the other takes 0.55), word-duration
    /// steadiness 0.15, authority 0.15, few hedges 0.05, and up to 5 points for a pace near the target.
    static func clarity(voicedRatio: Double?, meanConfidence: Double?, durationCV: Double?, authority: Double, hedgeRatio: Double,
                        speakingWPM: Double, target: Int) -> Double {
        let voiced = voicedRatio.map { Statistics.clamp(140 * $0 + 55) }
        let heard = meanConfidence.map { Statistics.clamp(120 * $0 - 10) }
        var score = switch (voiced, heard) {
        case let (voiced?, heard?): 0.30 * voiced + 0.25 * heard
        case let (voiced?, nil): 0.55 * voiced
        case let (nil, heard?): 0.55 * heard
        case (nil, nil): 0.55 * 70
        }
        score += 0.15 * Statistics.clamp((1 - 0.35 * (durationCV ?? 0)) * 100)
        score += 0.15 * authority + 0.05 * (100 - min(12, 180 * hedgeRatio))
        score += max(0, 5 - abs(speakingWPM - Double(target)) / 20)
        return Statistics.clamp(score)
    }

    /// Weighted mean of the parts present: pitch variation 0.40, monotone 0.25, rate variation 0.15, pitch–energy 0.20.
    static func vocalVariety(pitchVariation: Double?, monotone: Double?, rateVariation: Double?, pitchEnergy: Double?) -> Double? {
        let parts = [(pitchVariation, 0.40), (monotone, 0.25), (rateVariation, 0.15), (pitchEnergy, 0.20)]
            .compactMap { value, weight in value.map { ($0, weight) } }
        guard !parts.isEmpty else { return nil }
        return parts.reduce(0) { $0 + $1.0 * $1.1 } / parts.reduce(0) { $0 + $1.1 }
    }

    /// Needs the level envelope. Energy 0.25, monotone 0.25, content density 0.10, emphasis rate (5 a minute = full)
    /// 0.15, energy arc 0.20, engagement 0.05; missing parts count 50.
    static func delivery(volume: VolumeReport, contentDensity: Double, emphasisPerMinute: Double?, engagement: Double) -> Double {
        let emphasis = emphasisPerMinute.map { min(1, $0 / 5) * 100 } ?? 50
        return Statistics.clamp(0.25 * volume.energyScore + 0.25 * volume.monotoneScore + 0.10 * contentDensity
            + 0.15 * emphasis + 0.20 * (volume.arc?.score ?? 50) + 0.05 * engagement)
    }

    /// 0.6·(complexity + min(8, 3·practice-word uses) + min(5, 150·power-word ratio)) + 0.4·sophistication.
    static func vocabulary(_ report: VocabularyReport, powerRatio: Double) -> Double {
        let base = report.complexity + min(8, 3 * Double(report.bankWordUses)) + min(5, 150 * powerRatio)
        return Statistics.clamp(0.6 * Statistics.clamp(base) + 0.4 * report.sophistication)
    }

    /// Sentence score + min(12, 4·devices) + min(8, 0.8·transition variety) + 0.2·(conciseness − 50) + 0.15·(engagement − 50).
    static func structure(_ report: StructureReport, text: TextQualityReport) -> Double {
        Statistics.clamp(report.sentenceScore + min(12, 4 * Double(text.devices)) + min(8, 0.8 * Double(text.transitionVariety))
            + 0.2 * (text.conciseness - 50) + 0.15 * (text.engagement - 50))
    }
}
