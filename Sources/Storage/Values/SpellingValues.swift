import Foundation
import Spelling

/// Spellflare's settings for one child: the name it uses, the grade and the voice that says the words.
public struct SpellingPlayer: Sendable, Equatable {
    public let childId: ChildID
    public let familyId: FamilyID
    public let name: String
    public let grade: Int
    public let voice: String?
    public let updatedAt: Date

    public init(childId: ChildID, familyId: FamilyID, name: String, grade: Int, voice: String?, updatedAt: Date) {
        self.childId = childId
        self.familyId = familyId
        self.name = name
        self.grade = grade
        self.voice = voice
        self.updatedAt = updatedAt.roundedToMillis
    }
}

/// One game of a level: the game itself, how many answers were applied to it (so a device
/// replaying its outbox cannot apply one twice) and the grade's reset epoch when it began.
public struct SpellingGame: Sendable, Equatable {
    public let id: String
    public let familyId: FamilyID
    public let childId: ChildID
    public let state: SpellingSession
    public let answers: Int
    public let startedAt: Date
    public let finishedAt: Date?
    public let epoch: Int

    public init(id: String, familyId: FamilyID, childId: ChildID, state: SpellingSession, answers: Int, startedAt: Date, finishedAt: Date?,
                epoch: Int = 0) {
        self.id = id
        self.familyId = familyId
        self.childId = childId
        self.state = state
        self.answers = answers
        self.startedAt = startedAt.roundedToMillis
        self.finishedAt = finishedAt?.roundedToMillis
        self.epoch = epoch
    }
}

/// An answered word for the parent's report, kept under its own id (so an answer written twice is kept once).
public struct SpellingAnswer: Sendable, Equatable {
    public let id: String
    public let result: WordResult

    public init(id: String, result: WordResult) {
        self.id = id
        self.result = result
    }
}

/// A parent's word list.
public struct SpellingList: Sendable, Equatable {
    public let id: String
    public let familyId: FamilyID
    public let name: String
    public let words: [String]
    public let createdAt: Date

    public init(id: String, familyId: FamilyID, name: String, words: [String], createdAt: Date) {
        self.id = id
        self.familyId = familyId
        self.name = name
        self.words = words
        self.createdAt = createdAt.roundedToMillis
    }
}

/// A grade and level pair, as progress is stored.
public struct GradeLevel: Codable, Sendable, Hashable {
    public let grade: Int
    public let level: Int
    public init(grade: Int, level: Int) {
        self.grade = grade
        self.level = level
    }
}

/// A grade's reset count (see `SpellingProgress.epochs`).
public struct GradeEpoch: Codable, Sendable, Hashable {
    public let grade: Int
    public let epoch: Int
    public init(grade: Int, epoch: Int) {
        self.grade = grade
        self.epoch = epoch
    }
}
