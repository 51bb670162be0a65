import Foundation
import SpeechCoach

/// One recorded talk: what was said, how it went and where its recording is. `features` are what
/// the coach heard (words, fillers, levels, pitch), kept so a newer algorithm can redo the
/// analysis (`funzone speakup reanalyze`) even when the recording itself was not kept.
public struct SpeakUpTake: Sendable, Equatable {
    public let id: SpeakUpTakeID
    public let familyId: FamilyID
    public let childId: ChildID
    public var title: String
    public let promptId: String?
    public let createdAt: Date
    /// Length of the recording.
    public let seconds: Double
    public var wordCount: Int
    public var wpm: Double
    public var fillerCount: Int
    /// The overall score (coach mode), or nil (Show & Tell shows stars).
    public var score: Int?
    /// 1–5 in Show & Tell, nil in coach mode.
    public var stars: Int?
    public var favorite: Bool
    /// The words as heard, for search and the list.
    public let transcript: String
    public let features: TakeFeatures
    public var analysis: TakeAnalysis
    /// The Ogg Opus recording, nil when it was not kept.
    public var audioKey: String?
    public var audioBytes: Int64

    public init(id: SpeakUpTakeID, familyId: FamilyID, childId: ChildID, title: String, promptId: String?, createdAt: Date, seconds: Double,
                wordCount: Int, wpm: Double, fillerCount: Int, score: Int?, stars: Int?, favorite: Bool = false, transcript: String,
                features: TakeFeatures, analysis: TakeAnalysis, audioKey: String?, audioBytes: Int64) {
        self.id = id
        self.familyId = familyId
        self.childId = childId
        self.title = title
        self.promptId = promptId
        self.createdAt = createdAt
        self.seconds = seconds
        self.wordCount = wordCount
        self.wpm = wpm
        self.fillerCount = fillerCount
        self.score = score
        self.stars = stars
        self.favorite = favorite
        self.transcript = transcript
        self.features = features
        self.analysis = analysis
        self.audioKey = audioKey
        self.audioBytes = audioBytes
    }
}

/// A take in a list: no transcript, features or analysis.
public struct SpeakUpTakeSummary: Sendable, Equatable {
    public let id: SpeakUpTakeID
    public let title: String
    public let promptId: String?
    public let createdAt: Date
    public let seconds: Double
    public let wordCount: Int
    public let wpm: Double
    public let fillerCount: Int
    public let score: Int?
    public let stars: Int?
    public let favorite: Bool
    public let hasAudio: Bool
    /// The words around a search match.
    public let snippet: String?
}

/// Where a page of takes ends: the next page starts before it.
public struct SpeakUpTakeCursor: Sendable, Equatable {
    public let createdAt: Date
    public let id: SpeakUpTakeID
    public init(createdAt: Date, id: SpeakUpTakeID) {
        self.createdAt = createdAt
        self.id = id
    }
}

/// One take as history's charts, heatmap and streak see it.
public struct SpeakUpTakePoint: Sendable, Equatable {
    public let id: SpeakUpTakeID
    public let promptId: String?
    public let createdAt: Date
    public let seconds: Double
    public let wordCount: Int
    public let wpm: Double
    public let fillerCount: Int
    public let score: Int?
    public let stars: Int?
    public let digest: TakeDigest
    /// When the speaker first listened back to it.
    public let listenedAt: Date?
}

/// Words to look for in transcripts: letters, digits and apostrophes only, at most 8 words, so a
/// search can never be a query of its own (FTS5 syntax, tsquery operators).
public struct SearchQuery: Sendable, Equatable {
    public let words: [String]

    public init?(_ raw: String) {
        let words = raw.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "'") }.map(String.init).filter { !$0.isEmpty }
        guard !words.isEmpty else { return nil }
        self.words = Array(words.prefix(8))
    }

    /// The words ANDed for PostgreSQL's to_tsquery, the last one as a prefix (as `fts5`).
    var tsquery: String {
        // An elided word ("l'acqua") is two words here, as both full-text searches read it.
        let plain = words.flatMap { $0.split(separator: "'").map { $0.filter { $0.isLetter || $0.isNumber } } }.filter { !$0.isEmpty }
        return plain.enumerated().map { $0 == plain.count - 1 ? $1 + ":*" : $1 }.joined(separator: " & ")
    }
    /// Each word quoted for FTS5 (implicit AND); the last one also matches as a prefix, so a search finds what is being typed.
    var fts5: String {
        words.enumerated().map { index, word in
            let quoted = "\"\(word.replacingOccurrences(of: "\"", with: ""))\""
            return index == words.count - 1 ? quoted + "*" : quoted
        }.joined(separator: " ")
    }
}
