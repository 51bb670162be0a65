import Foundation

/// Spellflare's settings for one child.
public struct SpellingPlayerRow: Codable, Sendable, Equatable {
    public let childId: ChildID
    public let familyId: FamilyID
    public let name: String
    public let grade: Int
    public let voice: String?
    public let updatedAt: Int64
    public init(childId: ChildID, familyId: FamilyID, name: String, grade: Int, voice: String?, updatedAt: Int64) {
        self.childId = childId
        self.familyId = familyId
        self.name = name
        self.grade = grade
        self.voice = voice
        self.updatedAt = updatedAt
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

/// One game of a level; `state` is the domain session as JSON, `answers` counts applied answers
/// so a device replaying its outbox cannot apply one twice.
public struct SpellingSessionRow: Codable, Sendable, Equatable {
    public let id: String
    public let familyId: FamilyID
    public let childId: ChildID
    public let grade: Int
    public let level: Int
    public let state: String
    public let answers: Int
    public let startedAt: Int64
    public let finishedAt: Int64?
    /// The grade's reset epoch when the game began.
    public let epoch: Int
    public init(id: String, familyId: FamilyID, childId: ChildID, grade: Int, level: Int, state: String, answers: Int,
                startedAt: Int64, finishedAt: Int64?, epoch: Int = 0) {
        self.id = id
        self.familyId = familyId
        self.childId = childId
        self.grade = grade
        self.level = level
        self.state = state
        self.answers = answers
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.epoch = epoch
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

/// A child's stored progress: completed levels, current levels and reset epochs.
public struct StoredProgress: Sendable, Equatable {
    public let completed: [GradeLevel]
    public let current: [GradeLevel]
    public let epochs: [GradeEpoch]
}

/// One answered word.
public struct SpellingResultRow: Codable, Sendable, Equatable {
    public let id: String
    public let familyId: FamilyID
    public let childId: ChildID
    public let sessionId: String?
    public let word: String
    public let grade: Int
    public let level: Int
    public let firstTry: Bool
    public let answeredAt: Int64
    public let seconds: Double
    public init(id: String, familyId: FamilyID, childId: ChildID, sessionId: String?, word: String, grade: Int, level: Int,
                firstTry: Bool, answeredAt: Int64, seconds: Double) {
        self.id = id
        self.familyId = familyId
        self.childId = childId
        self.sessionId = sessionId
        self.word = word
        self.grade = grade
        self.level = level
        self.firstTry = firstTry
        self.answeredAt = answeredAt
        self.seconds = seconds
    }
}

/// A child's history with one word (spaced repetition).
public struct SpellingWordRow: Codable, Sendable, Equatable {
    public let word: String
    public let attempts: Int
    public let misses: Int
    public let box: Int
    public let lastSeen: Int64?
    public let due: Int64?
    public init(word: String, attempts: Int, misses: Int, box: Int, lastSeen: Int64?, due: Int64?) {
        self.word = word
        self.attempts = attempts
        self.misses = misses
        self.box = box
        self.lastSeen = lastSeen
        self.due = due
    }
}

/// A parent's word list; `words` are one per line.
public struct SpellingListRow: Codable, Sendable, Equatable {
    public let id: String
    public let familyId: FamilyID
    public let name: String
    public let words: String
    public let createdAt: Int64
    public init(id: String, familyId: FamilyID, name: String, words: String, createdAt: Int64) {
        self.id = id
        self.familyId = familyId
        self.name = name
        self.words = words
        self.createdAt = createdAt
    }
}
