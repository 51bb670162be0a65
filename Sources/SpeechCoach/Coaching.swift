/// One piece of advice about a take.
public struct CoachingTip: Codable, Equatable, Sendable {
    /// What a tip is for.
    public enum Kind: String, Codable, Sendable {
        /// Something to work on, with its evidence.
        case fix
        /// Something that went well.
        case win
        /// The take could not be judged (no words, or gated as unintelligible).
        case caveat
        /// Nothing stood out to fix.
        case clean
    }

    public var kind: Kind
    public var dimension: Dimension
    public var title: String
    /// Plain words naming the evidence ("3 fillers in 10 seconds around 0:42").
    public var message: String
    /// A moment of the take the person can play back, in seconds.
    public var evidenceAt: Double?
    public var practice: PracticeRoute
}

/// §2.14's tips: at most three; one candidate per dimension scoring under 85 (structure also when the
/// substance is under 60), sorted by weighted deficit (85 − score)·weight, the plan's focus pinned first;
/// a free slot gets a win; nothing to fix gives a "clean take".
public enum Coaching {
    public static let maximumTips = 3
    static let mastery = 85

    public static func tips(for analysis: TakeAnalysis, focus: CoachFocus? = nil) -> [CoachingTip] {
        if let caveat = caveat(analysis) { return [caveat] }
        let weights = analysis.scores.weights
        let subscores = analysis.scores.subscores
        var candidates: [(tip: CoachingTip, deficit: Double)] = []
        for dimension in Dimension.allCases {
            guard let score = subscores[dimension] else { continue }
            let weak = score < mastery || (dimension == .structure && analysis.fluency.substance < 60)
            guard weak else { continue }
            let technique = Technique.for(dimension)
            let evidence = CoachingEvidence.evidence(for: dimension, in: analysis)
                ?? Evidence(message: "\(name(dimension).capitalizedFirst) scored \(score): \(technique.howTo).", at: nil)
            let tip = CoachingTip(kind: .fix, dimension: dimension, title: technique.name, message: evidence.message,
                                  evidenceAt: evidence.at, practice: technique.practice)
            candidates.append((tip, Double(mastery - score) * Double(weights[dimension])))
        }
        candidates.sort { a, b in
            if (a.tip.dimension == focus?.dimension) != (b.tip.dimension == focus?.dimension) { return a.tip.dimension == focus?.dimension }
            if a.deficit != b.deficit { return a.deficit > b.deficit }
            let wa = weights[a.tip.dimension], wb = weights[b.tip.dimension]
            return wa != wb ? wa > wb : a.tip.dimension < b.tip.dimension
        }
        var tips = candidates.prefix(maximumTips).map(\.tip)
        if tips.count < maximumTips, let win = win(analysis, focus: focus) { tips.append(win) }
        if !tips.contains(where: { $0.kind == .fix }) { tips.append(clean(analysis)) }
        return Array(tips.prefix(maximumTips))
    }

    /// A take with no words, or one the gate judged unintelligible, gets one tip saying so, and nothing else:
    /// advice on pace or vocabulary would be advice on noise.
    static func caveat(_ a: TakeAnalysis) -> CoachingTip? {
        if a.scores.zeroGated {
            if let filler = a.fillers.items.first {
                return CoachingTip(kind: .caveat, dimension: .fillers, title: "Only fillers came through",
                                   message: "We heard “\(filler.text)” but no words. Take a breath and say one full sentence.",
                                   evidenceAt: filler.start, practice: .fillerDrill)
            }
            return CoachingTip(kind: .caveat, dimension: .clarity, title: "No words heard",
                               message: "We didn't hear any words. Check the microphone, come closer and speak up.",
                               evidenceAt: nil, practice: .warmUp)
        }
        guard a.gate.cap != nil, let reason = a.gate.reason else { return nil }
        return CoachingTip(kind: .caveat, dimension: .clarity, title: "We couldn't make this out", message: reason,
                           evidenceAt: a.words.first?.start, practice: .readAloud)
    }

    /// The focus improving, else the strongest subscore at 85 or more (ties: higher weight, then name).
    static func win(_ a: TakeAnalysis, focus: CoachFocus?) -> CoachingTip? {
        if let focus, focus.trend == .improving, let change = focus.change {
            return CoachingTip(kind: .win, dimension: focus.dimension, title: "Getting better",
                               message: "Your \(name(focus.dimension)) score is up \(Int(change.rounded())) points over your recent takes. Keep going.",
                               evidenceAt: nil, practice: focus.technique.practice)
        }
        let weights = a.scores.weights
        let strong = Dimension.allCases.compactMap { dimension in a.scores.subscores[dimension].map { (dimension, $0) } }
            .filter { $0.1 >= mastery }
            .max { x, y in (x.1, weights[x.0], y.0.rawValue) < (y.1, weights[y.0], x.0.rawValue) }
        guard let (dimension, score) = strong else { return nil }
        return CoachingTip(kind: .win, dimension: dimension, title: "A strength",
                           message: "\(name(dimension).capitalizedFirst) was a strength in this take (\(score)). Keep it.",
                           evidenceAt: nil, practice: Technique.for(dimension).practice)
    }

    static func clean(_ a: TakeAnalysis) -> CoachingTip {
        CoachingTip(kind: .clean, dimension: .structure, title: "Clean take",
                    message: "Nothing stood out to fix. Try a harder prompt or a longer take next.",
                    evidenceAt: nil, practice: .impromptuDrill)
    }

    /// A dimension in words a person uses.
    public static func name(_ dimension: Dimension) -> String {
        dimension == .vocalVariety ? "vocal variety" : dimension.rawValue
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
