import Foundation
import Spelling
import Storage

extension SpellflareController {
    /// Records the next answer to a game: applies it, writes the result and the word's history
    /// (first tries only), completes the level and opens the next when the game is passed now. One
    /// write, refused when another answer to the same game got there first.
    func record(_ body: AnswerRequest, to stored: SpellingGame, scope: FamilyScope) async throws -> AnswerResponse {
        var game = stored.state
        guard let word = game.currentWord, !game.isOver else { throw SpellingError.sessionOver }
        let now = services.clock.now()
        let answeredAt = Self.plausible(body.answeredAt, now: now)
        let wasPassed = game.isPassed
        let giveUp = body.giveUp ?? false
        let outcome: String
        var firstTry: Bool?
        if giveUp {
            _ = try game.giveUp()
            outcome = "gaveUp"
            firstTry = false
        } else {
            switch try game.answer(body.answer ?? "") {
            case .correct(let first): outcome = "correct"; firstTry = first
            case .incorrect: outcome = "incorrect"
            }
        }
        var write = SpellingStore.AnswerWrite(state: game, finishedAt: game.isOver ? now : nil)
        if let firstTry {
            write.result = SpellingAnswer(id: services.ids.next(), result: WordResult(
                word: word, grade: game.grade, level: game.level, firstTry: firstTry, at: answeredAt,
                seconds: min(max(0, body.seconds ?? 0), 3600)))
            var history = try await services.spelling.word(word, childId: stored.childId, in: scope) ?? WordHistory(word: word)
            history.record(firstTry: firstTry, at: answeredAt)
            write.word = history
        }
        let levelComplete = game.isPassed && !wasPassed
        if levelComplete {
            write.completed = GradeLevel(grade: game.grade, level: game.level)
            if game.level < SpellingProgress.levels.upperBound {
                write.nextLevel = GradeLevel(grade: game.grade, level: game.level + 1)
            }
        }
        guard try await services.spelling.saveAnswer(sessionId: stored.id, childId: stored.childId, in: scope,
                                                     expectedAnswers: stored.answers, gameEpoch: stored.epoch, write, now: now) else {
            throw APIError(.answerOutOfOrder, "Another answer to this game arrived at the same time. Reload the game.")
        }
        return AnswerResponse(outcome: outcome, firstTry: firstTry, word: giveUp ? word : nil,
                              session: SessionView(id: stored.id, game, answers: stored.answers + 1), levelComplete: levelComplete, duplicate: false)
    }
}
