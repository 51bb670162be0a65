/// The verdict word for an overall score.
public enum Verdict: String, Codable, Sendable {
    case needsWork = "Needs work"
    case developing = "Developing"
    case solid = "Solid"
    case strong = "Strong"

    /// < 40, 40–59, 60–79, ≥ 80.
    public init(score: Int) {
        self = score >= 80 ? .strong : score >= 60 ? .solid : score >= 40 ? .developing : .needsWork
    }
}

/// The overall score and how it was reached.
public struct ScoreReport: Codable, Equatable, Sendable {
    /// 0–100.
    public var overall: Int
    public var subscores: Subscores
    public var verdict: Verdict
    /// Weighted mean of the subscores present, before the substance multiplier and the gate's cap.
    public var weightedMean: Double
    public var substanceMultiplier: Double
    /// The gibberish gate's cap, when it applied.
    public var cap: Int?
    /// No words, or nothing but fillers: every score is 0.
    public var zeroGated: Bool
    public var weights: ScoreWeights
}

/// §2.13: zero gate, weighted mean over the subscores present (weights renormalised), × substance
/// multiplier, truncated, then the gibberish cap.
enum OverallScore {
    static let substanceMultiplier = Curve([(0, 0.10), (10, 0.25), (30, 0.65), (50, 0.88), (75, 0.97), (100, 1.00)])

    static func zero(weights: ScoreWeights) -> ScoreReport {
        var subscores = Subscores()
        for dimension in Dimension.allCases { subscores[dimension] = 0 }
        return ScoreReport(overall: 0, subscores: subscores, verdict: .needsWork, weightedMean: 0, substanceMultiplier: 0,
                           cap: nil, zeroGated: true, weights: weights)
    }

    static func report(subscores: Subscores, weights: ScoreWeights, substance: Double, cap: Int?) -> ScoreReport {
        let mean = weightedMean(subscores, weights: weights)
        let multiplier = substanceMultiplier(substance)
        var overall = Int(mean * multiplier)
        if let cap { overall = min(overall, cap) }
        overall = min(100, max(0, overall))
        return ScoreReport(overall: overall, subscores: subscores, verdict: Verdict(score: overall), weightedMean: mean,
                           substanceMultiplier: multiplier, cap: cap, zeroGated: false, weights: weights)
    }

    /// Subscores that are nil drop out and the rest are renormalised; if every present one weighs 0, a plain mean.
    static func weightedMean(_ subscores: Subscores, weights: ScoreWeights) -> Double {
        let present = Dimension.allCases.compactMap { dimension in subscores[dimension].map { (Double($0), Double(weights[dimension])) } }
        guard !present.isEmpty else { return 0 }
        let total = present.reduce(0) { $0 + $1.1 }
        guard total > 0 else { return present.reduce(0) { $0 + $1.0 } / Double(present.count) }
        return present.reduce(0) { $0 + $1.0 * $1.1 } / total
    }
}
