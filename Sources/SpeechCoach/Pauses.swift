/// One silence between two sounds of the take.
public struct Pause: Codable, Equatable, Sendable {
    /// What the silence was.
    public enum Kind: String, Codable, Sendable {
        /// At least an idea break, after a word that can end a clause, with no filler or restart around it.
        case strategic
        /// Mid-phrase (after "the", "to", "and"…), next to a filler, before a repeated word, or lost-the-thread long.
        case hesitation
        /// A breath-sized pause at a possible clause end: neither.
        case short
    }

    public var start: Double
    public var end: Double
    /// Seconds, capped at 10 (as the original) so one long silence does not swamp the averages.
    public var duration: Double
    public var kind: Kind
    /// The word before the pause (nil after a filler sound).
    public var after: String?
}

/// Pauses of the take and their counts.
public struct PauseReport: Codable, Equatable, Sendable {
    /// A pause is a silence of at least this many seconds between two sounds (the original's 0.4 s, inside the
    /// 0.25–0.5 s the literature uses; its per-minute rules were tuned at 0.4 s).
    public static let threshold = 0.4
    public static let cap = 10.0
    public static let medium = 1.2..<3.0
    public static let long = 3.0
    /// A silence this long loses the listener (comprehension drops at about 4 s): never strategic.
    public static let lostThread = 5.0

    public var items: [Pause]
    public var count: Int
    public var strategic: Int
    public var hesitation: Int
    /// 1.2–3 s and ≥ 3 s, of any kind.
    public var medium: Int
    public var long: Int
    public var strategicMedium: Int
    public var strategicLong: Int
    /// Hesitations of at least 1.2 s: the original's "long hesitation" penalty.
    public var longHesitations: Int
    public var perMinute: Double
    /// Mean of pauses up to 5 s (the original's rule), nil without any.
    public var averageSeconds: Double?
    public var longestSeconds: Double?
}

enum PauseFinder {
    /// `sounds`: every word and filler sound in time order (overlaps allowed).
    static func pauses(in sounds: [Sound]) -> [Pause] {
        guard var reach = sounds.first else { return [] }
        var found: [Pause] = []
        for (position, sound) in sounds.enumerated().dropFirst() {
            let gap = Gaps.silence(from: reach.end, to: sound.start)
            if gap >= PauseReport.threshold {
                let following = sounds[position...].first { !$0.isFiller }
                found.append(Pause(start: reach.end, end: sound.start, duration: min(gap, PauseReport.cap),
                                   kind: kind(gap: gap, before: reach, after: sound, nextWord: following?.text),
                                   after: reach.isFiller ? nil : reach.text))
            }
            if sound.end >= reach.end { reach = sound }
        }
        return found
    }

    static func kind(gap: Double, before: Sound, after: Sound, nextWord: String?) -> Pause.Kind {
        if before.isFiller || after.isFiller || gap >= PauseReport.lostThread { return .hesitation }
        if !Gaps.canEndClause(before.text) || nextWord == before.text { return .hesitation }
        return gap >= Gaps.ideaBreak ? .strategic : .short
    }

    /// `minutes`: the whole take's, as the original counted pauses per minute of recording.
    static func report(_ pauses: [Pause], minutes: Double) -> PauseReport {
        let strategic = pauses.filter { $0.kind == .strategic }
        let hesitations = pauses.filter { $0.kind == .hesitation }
        let counted = pauses.map(\.duration).filter { $0 <= 5 }
        return PauseReport(
            items: pauses, count: pauses.count, strategic: strategic.count, hesitation: hesitations.count,
            medium: pauses.filter { PauseReport.medium.contains($0.duration) }.count,
            long: pauses.filter { $0.duration >= PauseReport.long }.count,
            strategicMedium: strategic.filter { PauseReport.medium.contains($0.duration) }.count,
            strategicLong: strategic.filter { $0.duration >= PauseReport.long }.count,
            longHesitations: hesitations.filter { $0.duration >= PauseReport.medium.lowerBound }.count,
            perMinute: minutes > 0 ? Double(pauses.count) / minutes : 0,
            averageSeconds: Statistics.mean(counted), longestSeconds: pauses.map(\.duration).max())
    }
}

/// A word or a filler sound on the take's time line.
struct Sound: Equatable, Sendable {
    var start: Double
    var end: Double
    var text: String
    var isFiller: Bool

    /// The take's tokens and the fillers that cover none of them, in time order.
    static func timeline(tokens: [Token], fillers: [FillerItem]) -> [Sound] {
        var sounds = tokens.map { Sound(start: $0.start, end: $0.end, text: $0.text, isFiller: $0.isFiller) }
        for filler in fillers where FillerFinder.coveredTokens(filler, in: tokens).isEmpty {
            sounds.append(Sound(start: filler.start, end: filler.end, text: filler.text, isFiller: true))
        }
        return sounds.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
    }
}
