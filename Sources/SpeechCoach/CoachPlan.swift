/// Where a practice tip sends the person (route ids the web pages know).
public enum PracticeRoute: String, Codable, Sendable {
    case fillerDrill, paceDrill, pauseDrill, readAloud, impromptuDrill, warmUp
}

/// A named technique and its practice route, per dimension (our wording).
public struct Technique: Codable, Equatable, Sendable {
    public var name: String
    public var howTo: String
    public var practice: PracticeRoute

    public static func `for`(_ dimension: Dimension) -> Technique {
        switch dimension {
        case .fillers: Technique(name: "Silent swap", howTo: "close your mouth and pause where the filler would go", practice: .fillerDrill)
        case .pace: Technique(name: "Breathe at idea boundaries", howTo: "take a breath at the end of each idea", practice: .paceDrill)
        case .pauses: Technique(name: "Count two after key lines", howTo: "after a line that matters, count two silently", practice: .pauseDrill)
        case .clarity: Technique(name: "Finish final consonants", howTo: "land the last sound of every word", practice: .readAloud)
        case .structure:
            Technique(name: "Point, reason, example, point", howTo: "say your point, why, an example, then the point again", practice: .impromptuDrill)
        case .vocabulary: Technique(name: "Upgrade one vague word", howTo: "swap one vague word for a precise one", practice: .impromptuDrill)
        case .relevance: Technique(name: "Answer in the first sentence", howTo: "open with your answer, then explain", practice: .impromptuDrill)
        case .delivery: Technique(name: "Stress one word per sentence", howTo: "pick the key word of each sentence and lean on it", practice: .warmUp)
        case .vocalVariety: Technique(name: "Low, middle, high", howTo: "say one line low, then middle, then high", practice: .warmUp)
        }
    }
}

/// The dimension to work on next, from the person's recent takes.
public struct CoachFocus: Codable, Equatable, Sendable {
    /// Which way the focus dimension is going.
    public enum Trend: String, Codable, Sendable { case improving, flat, slipping, holding }

    public var dimension: Dimension
    /// Mean subscore over the takes that have one.
    public var mean: Double
    /// After 4 takes: newer half vs older half, within ±3 flat; "holding" once the mean reaches 85. Nil before.
    public var trend: Trend?
    /// Newer half's mean − older half's (nil under 4 takes).
    public var change: Double?
    /// The focus mean has reached the mastery target of 85.
    public var graduating: Bool
    public var technique: Technique
    /// A filler focus names the person's top filler when it came 4 times or more.
    public var crutchWord: String?
    public var takes: Int

    public init(dimension: Dimension, mean: Double, trend: Trend?, change: Double?, graduating: Bool, technique: Technique,
                crutchWord: String?, takes: Int) {
        self.dimension = dimension
        self.mean = mean
        self.trend = trend
        self.change = change
        self.graduating = graduating
        self.technique = technique
        self.crutchWord = crutchWord
        self.takes = takes
    }
}

/// §2.14's plan: over the last 20 scored takes, the focus is the dimension with the largest
/// (85 − mean)·weight; ties go to the higher weight, then the name. A dimension needs a subscore in at
/// least half of those takes.
public enum CoachPlan {
    public static let window = 20
    public static let mastery = 85.0
    static let flatBand = 3.0

    /// What one earlier take contributes.
    public struct Sample: Codable, Equatable, Sendable {
        public var subscores: Subscores
        public var fillerWords: [String: Int]
        /// Zero-gated takes (no words) are not scored takes.
        public var scored: Bool

        public init(subscores: Subscores, fillerWords: [String: Int] = [:], scored: Bool = true) {
            self.subscores = subscores
            self.fillerWords = fillerWords
            self.scored = scored
        }

        public init(_ analysis: TakeAnalysis) {
            self.init(subscores: analysis.scores.subscores,
                      fillerWords: Dictionary(analysis.fillers.byWord.map { ($0.text, $0.count) }, uniquingKeysWith: +),
                      scored: !analysis.scores.zeroGated)
        }
    }

    public static func focus(history: [TakeAnalysis], weights: ScoreWeights = .default) -> CoachFocus? {
        focus(history: history.map(Sample.init), weights: weights)
    }

    /// `history` oldest first; nil without scored takes.
    public static func focus(history: [Sample], weights: ScoreWeights = .default) -> CoachFocus? {
        let recent = Array(history.filter(\.scored).suffix(window))
        guard !recent.isEmpty else { return nil }
        var best: (dimension: Dimension, values: [Double], deficit: Double)?
        for dimension in Dimension.allCases {
            let values = recent.compactMap { $0.subscores[dimension] }.map(Double.init)
            guard values.count * 2 >= recent.count, !values.isEmpty else { continue }
            let deficit = (mastery - Statistics.mean(values)!) * Double(weights[dimension])
            if let current = best {
                let currentWeight = weights[current.dimension], weight = weights[dimension]
                let better = deficit > current.deficit
                    || (deficit == current.deficit && (weight > currentWeight || (weight == currentWeight && dimension < current.dimension)))
                if !better { continue }
            }
            best = (dimension, values, deficit)
        }
        guard let best else { return nil }
        let mean = Statistics.mean(best.values)!
        var trend: CoachFocus.Trend?
        var change: Double?
        if best.values.count >= 4 {
            let half = best.values.count / 2
            let delta = Statistics.mean(Array(best.values.suffix(half)))! - Statistics.mean(Array(best.values.prefix(half)))!
            change = delta
            trend = delta > flatBand ? .improving : delta < -flatBand ? .slipping : .flat
        }
        if mean >= mastery { trend = .holding }
        var crutch: String?
        if best.dimension == .fillers {
            var totals: [String: Int] = [:]
            for sample in recent { for (word, count) in sample.fillerWords { totals[word, default: 0] += count } }
            if let top = totals.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }), top.value >= 4 { crutch = top.key }
        }
        return CoachFocus(dimension: best.dimension, mean: mean, trend: trend, change: change, graduating: mean >= mastery,
                          technique: .for(best.dimension), crutchWord: crutch, takes: recent.count)
    }
}
