/// One scored side of a take; the raw values are the JSON keys of `scores.subscores`.
public enum Dimension: String, Codable, CaseIterable, Sendable, Comparable {
    case clarity, pace, fillers, pauses, vocalVariety, delivery, vocabulary, structure, relevance

    public static func < (lhs: Dimension, rhs: Dimension) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// How much each subscore counts in the overall score, in whole percent. The original's defaults; a person may
/// change them, but each stays within 0…30 % and together they make exactly 100 %.
public struct ScoreWeights: Codable, Equatable, Sendable {
    public static let allowed = 0...30

    public var clarity = 18
    public var pace = 12
    public var fillers = 14
    public var pauses = 12
    public var vocalVariety = 12
    public var delivery = 10
    public var vocabulary = 8
    public var structure = 8
    public var relevance = 6

    public static let `default` = ScoreWeights()

    public init() {}

    /// Weights from a table; dimensions left out weigh 0.
    public init(_ table: [Dimension: Int]) {
        for dimension in Dimension.allCases { self[dimension] = table[dimension] ?? 0 }
    }

    public subscript(dimension: Dimension) -> Int {
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

    public var total: Int { Dimension.allCases.reduce(0) { $0 + self[$1] } }

    /// The weights unchanged, or the first rule they break (range first, in dimension order, then the total).
    public func validated() throws(CoachError) -> ScoreWeights {
        for dimension in Dimension.allCases where !Self.allowed.contains(self[dimension]) {
            throw .weightOutOfRange(dimension, self[dimension])
        }
        guard total == 100 else { throw .weightsDoNotTotal100(total) }
        return self
    }
}
