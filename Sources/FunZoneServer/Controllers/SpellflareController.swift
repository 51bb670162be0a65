import Foundation
import Hub
import Hummingbird
import Speech
import Spelling
import Storage
import TextRules

/// Spellflare for the child playing: their player card and progress, games of a level, answers
/// (replayable from an offline outbox), progress merging and the gated reset.
struct SpellflareController {
    let services: Services

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        let api = api.app("spellflare", services: services)
        let kid = api.kid(services)
        kid.get("me", use: me)
        kid.put("player", use: savePlayer)
        kid.post("sessions", use: start)
        kid.get("sessions/:sessionId", use: session)
        kid.post("sessions/:sessionId/answers", use: answer)
        kid.post("sessions/:sessionId/spoken", use: spoken)
        kid.post("progress/sync", use: sync)
        kid.post("progress/reset", use: reset)
    }

    // MARK: - Player

    struct PlayerView: Codable {
        let name: String
        let grade: Int
        let voice: String?
        /// False until the child finished onboarding (welcome, name, grade).
        let onboarded: Bool
    }

    struct MeResponse: Codable {
        let player: PlayerView
        let progress: ProgressView
        let adsRemoved: Bool
        let assignedWords: Int
    }

    @Sendable func me(_ request: Request, caller: Kid) async throws -> Reply<MeResponse> {
        let (session, child) = (caller.session, caller.child)
        let player = try await services.spelling.player(childId: child.id, in: session.scope)
        let owned = try await services.purchases.ownedProducts(in: session.scope)
        let assigned = try await services.spelling.assignedWords(childId: child.id, in: session.scope)
        return Reply(MeResponse(
            player: player.map { PlayerView(name: $0.name, grade: $0.grade, voice: $0.voice, onboarded: true) }
                ?? PlayerView(name: child.name, grade: min(child.grade, SpellingProgress.grades.upperBound), voice: nil, onboarded: false),
            progress: ProgressView(try await services.spelling.progress(childId: child.id, in: session.scope)),
            adsRemoved: owned.contains(Store.removeAds.id), assignedWords: Set(assigned).count))
    }

    struct PlayerRequest: Codable {
        let name: String
        let grade: Int
        let voice: String?
    }

    /// Onboarding and settings: the name Spellflare uses, the grade and the voice that says the words.
    @Sendable func savePlayer(_ request: Request, caller: Kid) async throws -> Reply<PlayerView> {
        let (session, child) = (caller.session, caller.child)
        let body = try await request.decodeJSON(PlayerRequest.self, context: caller.context)
        let name = try Account.validatedName(body.name, maxLength: 30)
        guard SpellingProgress.grades.contains(body.grade) else { throw SpellingError.invalidGrade(body.grade) }
        if let voice = body.voice, !(await services.speech.speaker.voices()).contains(where: { $0.id == voice }) {
            throw APIError.invalid("voice", "There is no voice \"\(voice.prefix(40))\". See /api/speech/voices.")
        }
        try await services.spelling.savePlayer(SpellingPlayer(
            childId: child.id, familyId: session.familyId, name: name, grade: body.grade, voice: body.voice,
            updatedAt: services.clock.now()), in: session.scope)
        return Reply(PlayerView(name: name, grade: body.grade, voice: body.voice, onboarded: true))
    }

    // MARK: - Games

    struct StartRequest: Codable {
        let grade: Int
        let level: Int
    }

    /// A game's state as the client shows and mirrors it (it keeps playing offline with these words).
    struct SessionView: Codable {
        let id: String
        let grade: Int
        let level: Int
        let words: [String]
        let position: Int
        let correctCount: Int
        let incorrectCount: Int
        let triesOnWord: Int
        let requiredCorrect: Int
        let comeBackAfter: Int
        let passed: Bool
        let over: Bool
        /// Answers applied so far: the `seq` the next answer must carry.
        let answers: Int

        init(id: String, _ game: SpellingSession, answers: Int) {
            self.id = id
            grade = game.grade
            level = game.level
            words = game.words
            position = game.position
            correctCount = game.correctCount
            incorrectCount = game.incorrectCount
            triesOnWord = game.triesOnWord
            requiredCorrect = SpellingSession.requiredCorrect
            comeBackAfter = SpellingSession.comeBackAfter
            passed = game.isPassed
            over = game.isOver
            self.answers = answers
        }
    }

    /// Starts a level the child has unlocked: review words due first, then the parent's list, then the word bank.
    @Sendable func start(_ request: Request, caller: Kid) async throws -> Reply<SessionView> {
        let (session, child) = (caller.session, caller.child)
        let body = try await request.decodeJSON(StartRequest.self, context: caller.context)
        try SpellingProgress.validate(grade: body.grade, level: body.level)
        let now = services.clock.now()
        let progress = try await services.spelling.progress(childId: child.id, in: session.scope)
        let histories = try await services.spelling.words(childId: child.id, in: session.scope)
        let assigned = try await services.spelling.assignedWords(childId: child.id, in: session.scope)
        var generator = services.random.generator
        let game = try SpellingSession.start(grade: body.grade, level: body.level, progress: progress, assigned: assigned,
                                             due: WordHistory.dueWords(histories, at: now), using: &generator)
        let id = services.ids.next()
        try await services.spelling.insertSession(SpellingGame(
            id: id, familyId: session.familyId, childId: child.id, state: game, answers: 0, startedAt: now, finishedAt: nil,
            epoch: progress.epoch(grade: game.grade)), in: session.scope)
        return Reply(SessionView(id: id, game, answers: 0), status: .created)
    }

    @Sendable func session(_ request: Request, caller: Kid) async throws -> Reply<SessionView> {
        let (session, child) = (caller.session, caller.child)
        let stored = try await game(caller.context, childId: child.id, in: session.scope)
        return Reply(SessionView(id: stored.id, stored.state, answers: stored.answers))
    }

    struct AnswerRequest: Codable {
        /// How many answers the device had sent for this game before this one (0 for the first).
        let seq: Int
        /// What the child typed or spelled; absent when giving up.
        let answer: String?
        let giveUp: Bool?
        /// Seconds from the word being spoken to this answer.
        let seconds: Double?
        /// When the child answered (a device sending its outbox late says when it really happened).
        let answeredAt: Date?
    }

    struct AnswerResponse: Codable {
        /// "correct", "incorrect" or "gaveUp"; absent for an answer the server already had.
        let outcome: String?
        let firstTry: Bool?
        /// The word, for spelling out after giving up.
        let word: String?
        let session: SessionView
        /// True when this answer passed the level (it is now completed and the next one unlocked).
        let levelComplete: Bool
        let duplicate: Bool
    }

    static let longestAnswer = 60

    /// Checks one answer. Answers carry a sequence number, so an outbox replaying after a lost
    /// response is answered with the current state instead of being counted twice.
    @Sendable func answer(_ request: Request, caller: Kid) async throws -> Reply<AnswerResponse> {
        let (session, child) = (caller.session, caller.child)
        let body = try await request.decodeJSON(AnswerRequest.self, context: caller.context, limit: 4096)
        guard body.giveUp == true || body.answer != nil else { throw APIError.invalid("answer", "Send the spelling, or giveUp: true.") }
        guard TextRules.fits(body.answer ?? "", characters: Self.longestAnswer) else {
            throw APIError.invalid("answer", "An answer can be at most \(Self.longestAnswer) characters.")
        }
        let stored = try await game(caller.context, childId: child.id, in: session.scope)
        if body.seq < stored.answers {  // an outbox sending again what already arrived
            return Reply(AnswerResponse(outcome: nil, firstTry: nil, word: nil,
                                        session: SessionView(id: stored.id, stored.state, answers: stored.answers),
                                        levelComplete: false, duplicate: true))
        }
        guard body.seq == stored.answers else {
            throw APIError(.answerOutOfOrder, "Answer \(body.seq) arrived before answer \(stored.answers): send them in order.")
        }
        return Reply(try await record(body, to: stored, scope: session.scope))
    }

    /// The child spelled the current word aloud (a WAV): the letters heard, and whether they spell
    /// it. Nothing is recorded: the letters become tiles the child can fix, then submit.
    @Sendable func spoken(_ request: Request, caller: Kid) async throws -> Reply<SpelledWord> {
        let (session, child) = (caller.session, caller.child)
        let stored = try await game(caller.context, childId: child.id, in: session.scope)
        guard let word = stored.state.currentWord else { throw SpellingError.sessionOver }
        let samples = try await SpeechController.recording(request, context: caller.context, services: services, in: session.scope)
        return Reply(try await services.speech.speller.spelling(samples, expected: word))
    }

    // MARK: - Progress

    /// What a device sends: its own shape, turned into the store's values once checked.
    struct SyncRequest: Codable {
        struct Level: Codable { let grade: Int; let level: Int }
        struct Epoch: Codable { let grade: Int; let epoch: Int }
        let completed: [Level]
        let current: [Level]
        /// The reset epoch per grade the device's progress belongs to (missing: never reset).
        let epochs: [Epoch]?
    }

    static let maximumSyncItems = SpellingProgress.grades.count * SpellingProgress.levels.count

    /// A device's progress (kept while it was offline) merged with the server's: completed levels
    /// are united and current levels take the furthest, so no device can lose a completed level.
    @Sendable func sync(_ request: Request, caller: Kid) async throws -> Reply<ProgressView> {
        let (session, child) = (caller.session, caller.child)
        let body = try await request.decodeJSON(SyncRequest.self, context: caller.context, limit: 64 * 1024)
        guard body.completed.count <= Self.maximumSyncItems, body.current.count <= Self.maximumSyncItems else {
            throw APIError.invalid("completed", "At most \(Self.maximumSyncItems) levels can be sent.")
        }
        for item in body.completed + body.current { try SpellingProgress.validate(grade: item.grade, level: item.level) }
        let epochs = body.epochs ?? []
        guard epochs.count <= SpellingProgress.grades.count else { throw APIError.invalid("epochs", "Send at most one epoch per grade.") }
        for item in epochs {
            guard SpellingProgress.grades.contains(item.grade) else { throw SpellingError.invalidGrade(item.grade) }
            guard item.epoch >= 0 else { throw APIError.invalid("epochs", "An epoch cannot be negative.") }
        }
        let level = { (item: SyncRequest.Level) in GradeLevel(grade: item.grade, level: item.level) }
        _ = try await services.spelling.mergeProgress(childId: child.id, in: session.scope, completed: body.completed.map(level),
                                                      current: body.current.map(level),
                                                      epochs: epochs.map { GradeEpoch(grade: $0.grade, epoch: $0.epoch) },
                                                      now: services.clock.now())
        return Reply(ProgressView(try await services.spelling.progress(childId: child.id, in: session.scope)))
    }

    struct ResetRequest: Codable { let grade: Int }

    /// Starts a grade over. Behind the parent gate: a fresh gate pass (spent here) or the open parent area.
    @Sendable func reset(_ request: Request, caller: Kid) async throws -> Reply<ProgressView> {
        let (session, child) = (caller.session, caller.child)
        let body = try await request.decodeJSON(ResetRequest.self, context: caller.context)
        guard SpellingProgress.grades.contains(body.grade) else { throw SpellingError.invalidGrade(body.grade) }
        let usesGatePass = try services.requireGrownUp(session)
        try await services.spelling.resetProgress(childId: child.id, in: session.scope, grade: body.grade,
                                                  now: services.clock.now())
        if usesGatePass { try await services.spendGatePass(session) }
        return Reply(ProgressView(try await services.spelling.progress(childId: child.id, in: session.scope)))
    }

    // MARK: - Helpers

    private func game(_ context: AppRequestContext, childId: ChildID, in scope: FamilyScope) async throws -> SpellingGame {
        let id = try context.parameters.require("sessionId")
        guard let game = try await services.spelling.session(id: id, childId: childId, in: scope) else {
            throw APIError.notFound("game")
        }
        return game
    }

    /// The device's answer time when it is believable (not in the future, at most 30 days old), otherwise now.
    static func plausible(_ date: Date?, now: Date) -> Date {
        guard let date, date <= now.addingTimeInterval(300), date >= now.addingTimeInterval(-30 * 86_400) else { return now }
        return min(date, now)
    }
}

/// Progress per grade, as every Spellflare screen reads it.
struct ProgressView: Codable {
    struct Grade: Codable {
        let grade: Int
        let currentLevel: Int
        let completedLevels: [Int]
        /// How many times the grade was reset; a device sends it back with its progress.
        let epoch: Int
    }

    let grades: [Grade]

    init(_ progress: SpellingProgress) {
        grades = SpellingProgress.grades.map {
            Grade(grade: $0, currentLevel: progress.currentLevel(grade: $0), completedLevels: progress.completedLevels(grade: $0).sorted(),
                  epoch: progress.epoch(grade: $0))
        }
    }
}
