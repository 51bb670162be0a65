import Foundation
import SQLKit
import SpeechCoach

// SpeakUp's rows as stored: times in milliseconds, flags 0/1, features and analysis as JSON text.

extension SpeakUpTake {
    init(row: any SQLRow) throws {
        let decoder = JSONDecoder()
        self.init(id: try row.decode(column: "id", as: SpeakUpTakeID.self), familyId: try row.decode(column: "family_id", as: FamilyID.self),
                  childId: try row.decode(column: "child_id", as: ChildID.self), title: try row.decode(column: "title", as: String.self),
                  promptId: try row.decode(column: "prompt_id", as: String?.self),
                  createdAt: Date(millis: try row.decode(column: "created_at", as: Int64.self)),
                  seconds: try row.decode(column: "seconds", as: Double.self), wordCount: try row.decode(column: "word_count", as: Int.self),
                  wpm: try row.decode(column: "wpm", as: Double.self), fillerCount: try row.decode(column: "filler_count", as: Int.self),
                  score: try row.decode(column: "score", as: Int?.self), stars: try row.decode(column: "stars", as: Int?.self),
                  favorite: try row.decode(column: "favorite", as: Int.self) != 0,
                  transcript: try row.decode(column: "transcript", as: String.self),
                  features: try decoder.decode(TakeFeatures.self, from: Data(try row.decode(column: "features", as: String.self).utf8)),
                  analysis: try decoder.decode(TakeAnalysis.self, from: Data(try row.decode(column: "analysis", as: String.self).utf8)),
                  audioKey: try row.decode(column: "audio_key", as: String?.self),
                  audioBytes: try row.decode(column: "audio_bytes", as: Int64.self))
    }
}

extension SpeakUpTakeSummary {
    static let columns = "t.id, t.title, t.prompt_id, t.created_at, t.seconds, t.word_count, t.wpm, t.filler_count, t.score, t.stars, t.favorite, t.audio_key"

    init(row: any SQLRow) throws {
        id = try row.decode(column: "id", as: SpeakUpTakeID.self)
        title = try row.decode(column: "title", as: String.self)
        promptId = try row.decode(column: "prompt_id", as: String?.self)
        createdAt = Date(millis: try row.decode(column: "created_at", as: Int64.self))
        seconds = try row.decode(column: "seconds", as: Double.self)
        wordCount = try row.decode(column: "word_count", as: Int.self)
        wpm = try row.decode(column: "wpm", as: Double.self)
        fillerCount = try row.decode(column: "filler_count", as: Int.self)
        score = try row.decode(column: "score", as: Int?.self)
        stars = try row.decode(column: "stars", as: Int?.self)
        favorite = try row.decode(column: "favorite", as: Int.self) != 0
        hasAudio = try row.decode(column: "audio_key", as: String?.self) != nil
        snippet = try row.decode(column: "snippet", as: String?.self)
    }
}

extension SpeakUpTakePoint {
    init(row: any SQLRow) throws {
        id = try row.decode(column: "id", as: SpeakUpTakeID.self)
        promptId = try row.decode(column: "prompt_id", as: String?.self)
        createdAt = Date(millis: try row.decode(column: "created_at", as: Int64.self))
        seconds = try row.decode(column: "seconds", as: Double.self)
        wordCount = try row.decode(column: "word_count", as: Int.self)
        wpm = try row.decode(column: "wpm", as: Double.self)
        fillerCount = try row.decode(column: "filler_count", as: Int.self)
        score = try row.decode(column: "score", as: Int?.self)
        stars = try row.decode(column: "stars", as: Int?.self)
        digest = try JSONDecoder().decode(TakeDigest.self, from: Data(try row.decode(column: "digest", as: String.self).utf8))
        listenedAt = try row.decode(column: "listened_at", as: Int64?.self).map(Date.init(millis:))
    }
}

/// The JSON columns of a take, encoded once.
struct TakeColumns {
    let features: String
    let analysis: String
    let digest: String
    init(_ take: SpeakUpTake) throws {
        features = String(decoding: try JSONEncoder.speakUp.encode(take.features), as: UTF8.self)
        analysis = String(decoding: try JSONEncoder.speakUp.encode(take.analysis), as: UTF8.self)
        digest = String(decoding: try JSONEncoder.speakUp.encode(TakeDigest(take.analysis)), as: UTF8.self)
    }
}

extension JSONEncoder {
    /// Stored JSON: compact and stable (sorted keys), so equal analyses are equal text.
    static let speakUp: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()
}

