import Foundation
import Spelling

// Spellflare's rows as SQL returns them: times in milliseconds since 1970, flags 0/1, a game's
// state as the JSON of its `SpellingSession`, a word list's words one per line. Only
// SpellingStore sees them.

struct SpellingPlayerRow: Decodable {
    let childId: ChildID
    let familyId: FamilyID
    let name: String
    let grade: Int
    let voice: String?
    let updatedAt: Int64

    var value: SpellingPlayer {
        SpellingPlayer(childId: childId, familyId: familyId, name: name, grade: grade, voice: voice, updatedAt: Date(millis: updatedAt))
    }
}

struct SpellingGameRow: Decodable {
    let id: String
    let familyId: FamilyID
    let childId: ChildID
    let state: String
    let answers: Int
    let startedAt: Int64
    let finishedAt: Int64?
    let epoch: Int

    func value() throws -> SpellingGame {
        SpellingGame(id: id, familyId: familyId, childId: childId, state: try StoredGameState.game(state), answers: answers,
                     startedAt: Date(millis: startedAt), finishedAt: finishedAt.map(Date.init(millis:)), epoch: epoch)
    }
}

/// A game's state in its TEXT column.
enum StoredGameState {
    static func text(_ game: SpellingSession) throws -> String {
        String(decoding: try JSONEncoder().encode(game), as: UTF8.self)
    }

    static func game(_ text: String) throws -> SpellingSession {
        try JSONDecoder().decode(SpellingSession.self, from: Data(text.utf8))
    }
}

struct SpellingResultRow: Decodable {
    let word: String
    let grade: Int
    let level: Int
    let firstTry: Int
    let answeredAt: Int64
    let seconds: Double

    var value: WordResult {
        WordResult(word: word, grade: grade, level: level, firstTry: firstTry != 0, at: Date(millis: answeredAt), seconds: seconds)
    }
}

struct SpellingWordRow: Decodable {
    let word: String
    let attempts: Int
    let misses: Int
    let box: Int
    let lastSeen: Int64?
    let due: Int64?

    var value: WordHistory {
        WordHistory(word: word, attempts: attempts, misses: misses, lastSeen: lastSeen.map(Date.init(millis:)), box: box,
                    due: due.map(Date.init(millis:)))
    }
}

struct SpellingListRow: Decodable {
    let id: String
    let familyId: FamilyID
    let name: String
    let words: String
    let createdAt: Int64

    var value: SpellingList {
        SpellingList(id: id, familyId: familyId, name: name, words: StoredWords.list(words), createdAt: Date(millis: createdAt))
    }
}

/// A word list's words in one TEXT column, one per line.
enum StoredWords {
    static func text(_ words: [String]) -> String { words.joined(separator: "\n") }
    static func list(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }
}
