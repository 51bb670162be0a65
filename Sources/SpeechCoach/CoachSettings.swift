import TextRules

/// A person's analysis settings: pace target, filler lists, score weights and what is tracked.
public struct CoachSettings: Codable, Equatable, Sendable {
    /// A manual target may be set from 100 to 200 words a minute (the original's slider).
    public static let manualTargets = 100...200

    /// The manual pace target (speaking-time words a minute).
    public var targetWPM = 150
    /// Use `learnedWPM` instead of `targetWPM` once there is one (the original's "auto pace target", on by default).
    public var autoPace = true
    /// `PaceTarget.learned(from:)` over the person's earlier takes, stored by the caller.
    public var learnedWPM: Int?
    public var fillers = FillerLists()
    public var weights = ScoreWeights.default
    /// Off: pauses are still listed, but not scored or coached.
    public var trackPauses = true
    /// Off: fillers are still found (they are not words), but not scored or coached.
    public var trackFillers = true
    /// Words the person is practising (the original's vocabulary bank); each use lifts the vocabulary score.
    public var wordBank: [String] = []

    public init(targetWPM: Int = 150, autoPace: Bool = true, learnedWPM: Int? = nil, fillers: FillerLists = FillerLists(),
                weights: ScoreWeights = .default, trackPauses: Bool = true, trackFillers: Bool = true, wordBank: [String] = []) {
        self.targetWPM = targetWPM
        self.autoPace = autoPace
        self.learnedWPM = learnedWPM
        self.fillers = fillers
        self.weights = weights
        self.trackPauses = trackPauses
        self.trackFillers = trackFillers
        self.wordBank = wordBank
    }

    /// Stored settings stay readable when fields are added: a missing key takes its default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = CoachSettings()
        targetWPM = try container.decodeIfPresent(Int.self, forKey: .targetWPM) ?? defaults.targetWPM
        autoPace = try container.decodeIfPresent(Bool.self, forKey: .autoPace) ?? defaults.autoPace
        learnedWPM = try container.decodeIfPresent(Int.self, forKey: .learnedWPM)
        fillers = try container.decodeIfPresent(FillerLists.self, forKey: .fillers) ?? defaults.fillers
        weights = try container.decodeIfPresent(ScoreWeights.self, forKey: .weights) ?? defaults.weights
        trackPauses = try container.decodeIfPresent(Bool.self, forKey: .trackPauses) ?? defaults.trackPauses
        trackFillers = try container.decodeIfPresent(Bool.self, forKey: .trackFillers) ?? defaults.trackFillers
        wordBank = try container.decodeIfPresent([String].self, forKey: .wordBank) ?? defaults.wordBank
    }

    /// The target the pace score uses: the learned one when auto pace is on and one exists, else the manual one.
    public var effectiveTargetWPM: Int {
        if autoPace, let learnedWPM { return min(PaceTarget.clamp.upperBound, max(PaceTarget.clamp.lowerBound, learnedWPM)) }
        return targetWPM
    }

    /// The settings unchanged, or the first rule they break.
    public func validated() throws(CoachError) -> CoachSettings {
        guard Self.manualTargets.contains(targetWPM) else { throw .targetOutOfRange(targetWPM) }
        _ = try weights.validated()
        _ = try fillers.validated()
        return self
    }
}

/// A person's own filler lists, on top of the defaults.
public struct FillerLists: Codable, Equatable, Sendable {
    public static let maximumEntries = 50
    /// The default fillers a person may take off (`removedDefaults`), sorted.
    public static let removableDefaults = FillerVocabulary.defaults.sorted()

    /// Words or phrases that are always fillers for this person.
    public var alwaysFillers: [String] = []
    /// Words or phrases that are fillers when set off by a pause on both sides.
    public var contextFillers: [String] = []
    /// Default fillers this person does not want counted; they never match, not even when the speech module heard them.
    public var removedDefaults: [String] = []

    public init(alwaysFillers: [String] = [], contextFillers: [String] = [], removedDefaults: [String] = []) {
        self.alwaysFillers = alwaysFillers
        self.contextFillers = contextFillers
        self.removedDefaults = removedDefaults
    }

    /// A missing list is empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        alwaysFillers = try container.decodeIfPresent([String].self, forKey: .alwaysFillers) ?? []
        contextFillers = try container.decodeIfPresent([String].self, forKey: .contextFillers) ?? []
        removedDefaults = try container.decodeIfPresent([String].self, forKey: .removedDefaults) ?? []
    }

    /// Lower-cased, single-spaced; nil when it is not 1 to 3 words of letters (apostrophes and hyphens allowed).
    public static func normalized(_ entry: String) -> String? {
        let words = entry.lowercased().replacingOccurrences(of: "\u{2019}", with: "'")
            .split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard (1...3).contains(words.count), TextRules.fits(words.joined(), characters: 40) else { return nil }
        for word in words {
            guard word.contains(where: \.isLetter), word.allSatisfy({ $0.isLetter || $0 == "'" || $0 == "-" }) else { return nil }
        }
        return words.joined(separator: " ")
    }

    /// The lists normalised, or the first rule they break.
    public func validated() throws(CoachError) -> FillerLists {
        var seen: Set<String> = []
        var result = FillerLists()
        for (list, path) in [(alwaysFillers, \FillerLists.alwaysFillers), (contextFillers, \.contextFillers), (removedDefaults, \.removedDefaults)] {
            guard list.count <= Self.maximumEntries else { throw .tooManyFillers(list.count) }
            for entry in list {
                guard let clean = Self.normalized(entry) else { throw .invalidFillerEntry(entry) }
                guard seen.insert(clean).inserted else { throw .conflictingFillerEntry(clean) }
                if path == \FillerLists.removedDefaults, !FillerVocabulary.defaults.contains(clean) { throw .notADefaultFiller(clean) }
                result[keyPath: path].append(clean)
            }
        }
        return result
    }
}
