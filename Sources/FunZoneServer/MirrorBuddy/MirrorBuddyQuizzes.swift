import Foundation
import Hummingbird
import Storage
import Study

/// Quizzes made by the server from the student's own cards and materials (`Study.QuizBuilder`, no
/// model), answered one question at a time, and the mastery per subject the answers build
/// (`Study.Mastery`), which the parent diary reads.
struct MirrorBuddyQuizzes {
    let services: Services

    func addRoutes(to kid: AccessGroup<Kid>) {
        kid.get("quizzes", use: list)
        kid.post("quizzes", use: start)
        kid.get("quizzes/:quizId", use: quiz)
        kid.post("quizzes/:quizId/hint", use: hint)
        kid.post("quizzes/:quizId/answers", use: answer)
        kid.get("mastery", use: mastery)
    }

    struct ListResponse: Codable { let quizzes: [MirrorBuddyView.QuizSummaryView] }

    @Sendable func list(_ request: Request, caller: Kid) async throws -> Reply<ListResponse> {
        let quizzes = try await services.mirrorBuddy.quizzes(childId: caller.child.id, in: caller.session.scope)
        return Reply(ListResponse(quizzes: quizzes.map(MirrorBuddyView.QuizSummaryView.init)))
    }

    /// What a quiz is made from: a material (with the cards made from it), a subject (its cards and
    /// its five newest materials) or, with neither, all the student's cards and newest materials.
    struct StartRequest: Codable {
        let materialId: String?
        let subjectId: String?
    }

    /// Materials a subject's (or an everything) quiz reads: the newest.
    static let materialsPerQuiz = 5

    @Sendable func start(_ request: Request, caller: Kid) async throws -> Reply<MirrorBuddyView.QuizView> {
        let body = try await request.decodeJSON(StartRequest.self, context: caller.context, limit: 1024)
        let (child, scope, now) = (caller.child, caller.session.scope, services.clock.now())
        let settings = try await MirrorBuddyController.settings(of: caller, services: services)
        var materials: [StudyMaterial] = [], cards: [Flashcard], title: String, subjectId: String?, materialId: String? = nil
        if let id = body.materialId {
            guard let material = try await services.mirrorBuddy.material(id: String(id.prefix(80)), childId: child.id, in: scope) else {
                throw APIError.notFound("material")
            }
            guard material.status == .ready else { throw APIError(.notEnoughToQuiz, "This material is not ready yet: wait until its text is read.") }
            (materials, title, subjectId, materialId) = ([material], material.title, material.subjectId, material.id)
            cards = try await services.mirrorBuddy.cards(childId: child.id, in: scope, materialId: material.id)
        } else {
            subjectId = try await MirrorBuddySubjects.existing(body.subjectId.map { String($0.prefix(80)) }, caller: caller, services: services)
            let subjects = try await services.mirrorBuddy.subjects(childId: child.id, in: scope)
            let names = subjects.first { $0.id == subjectId }?.names
            title = names.map { settings.language == .it ? $0.it : $0.en } ?? (settings.language == .it ? "Ripasso" : "Review")
            cards = try await services.mirrorBuddy.cards(childId: child.id, in: scope, subjectId: subjectId)
            var filter = MaterialFilter(subjectId: subjectId)
            filter.limit = 40
            for summary in try await services.mirrorBuddy.materials(childId: child.id, in: scope, filter: filter)
            where summary.status == .ready && materials.count < Self.materialsPerQuiz {
                if let material = try await services.mirrorBuddy.material(id: summary.id, childId: child.id, in: scope) { materials.append(material) }
            }
        }
        let language = materials.count == 1 ? materials[0].language : settings.language
        let answers = try await services.mirrorBuddy.quizAnswers(childId: child.id, in: scope)
        // The subject's difficulty sets the mix of questions; a quiz on everything gets the middle one.
        let difficulty = subjectId.flatMap { Mastery.bySubject(answers)[$0]?.difficulty } ?? 1
        let random = services.random
        let questions = QuizBuilder.build(materials: materials.map { QuizMaterial(id: $0.id, text: $0.text, language: $0.language, subjectId: $0.subjectId) },
                                          cards: cards, language: language, difficulty: difficulty, random: { random.unitInterval() })
        guard questions.count >= Quizzes.minQuestions else {
            throw APIError(.notEnoughToQuiz, "There is not enough here for a quiz yet (\(questions.count) question(s), at least \(Quizzes.minQuestions)): add more text or some flashcards first.")
        }
        let quiz = StoredQuiz(id: services.ids.next(), subjectId: subjectId, materialId: materialId, title: title, language: language,
                              questions: questions, createdAt: now)
        try await services.mirrorBuddy.addQuiz(quiz, childId: child.id, in: scope)
        return Reply(MirrorBuddyView.QuizView(quiz), status: .created)
    }

    @Sendable func quiz(_ request: Request, caller: Kid) async throws -> Reply<MirrorBuddyView.QuizView> {
        Reply(MirrorBuddyView.QuizView(try await existing(request, caller: caller)))
    }

    struct HintRequest: Codable { let position: Int }
    struct HintResponse: Codable {
        let position: Int
        let hint: String
        /// Hints taken in this quiz so far (each takes a tenth off its XP).
        let hints: Int
    }

    /// A question's hint; taken before the answer, it counts against the quiz's XP (once).
    @Sendable func hint(_ request: Request, caller: Kid) async throws -> Reply<HintResponse> {
        let body = try await request.decodeJSON(HintRequest.self, context: caller.context, limit: 256)
        let quiz = try await existing(request, caller: caller)
        guard quiz.questions.indices.contains(body.position) else { throw APIError(quiz: .noSuchQuestion(body.position)) }
        guard let taken = try await services.mirrorBuddy.takeHint(quizId: quiz.id, position: body.position, at: services.clock.now(),
                                                                   childId: caller.child.id, in: caller.session.scope) else {
            throw APIError.notFound("quiz")
        }
        return Reply(HintResponse(position: body.position, hint: quiz.questions[body.position].hint, hints: taken.hinted.count))
    }

    struct AnswerRequest: Codable {
        let position: Int
        let answer: String
    }

    struct AnswerResponse: Codable {
        let position: Int
        let correct: Bool
        /// The right answer and where it comes from.
        let answer: String
        let explanation: String
        /// The quiz's end, on its last answer.
        let result: MirrorBuddyView.QuizResultView?
        /// The quiz's subject's mastery after it, on its last answer (none for a quiz on everything).
        let mastery: MirrorBuddyView.MasteryView?
        /// XP earned now (the quiz's, within the day's first 5 quizzes, and any badge's).
        let xp: Int
        /// Badges the quiz's end unlocked.
        let unlocked: [StudyBadge.ID]
        let progress: MirrorBuddyView.Progress
    }

    @Sendable func answer(_ request: Request, caller: Kid) async throws -> Reply<AnswerResponse> {
        let body = try await request.decodeJSON(AnswerRequest.self, context: caller.context, limit: 2048)
        let quiz = try await existing(request, caller: caller)
        guard quiz.questions.indices.contains(body.position) else { throw APIError(quiz: .noSuchQuestion(body.position)) }
        guard quiz.finishedAt == nil else { throw APIError(.quizFinished) }
        let question = quiz.questions[body.position]
        let given = try Quizzes.checkAnswer(body.answer, for: question)
        let (child, scope) = (caller.child, caller.session.scope)
        let now = Date(millis: services.clock.now().millis)
        let days = try MirrorBuddyView.days(request.uri.queryParameters.get("tz"), now: now)
        let answer = QuizAnswer(position: body.position, given: given, correct: Quizzes.isCorrect(given, for: question), at: now)
        var outcome = QuizAnswerOutcome.notFound
        let earned = try await MirrorBuddyController.earning(caller: caller, days: days, services: services) {
            outcome = try await services.mirrorBuddy.answerQuiz(id: quiz.id, answer: answer, childId: child.id, in: scope,
                                                                xp: { Quizzes.xp(correct: $0, total: $1, hints: $2) })
        }
        switch outcome {
        case .notFound: throw APIError.notFound("quiz")
        case .finished: throw APIError(.quizFinished)
        case .alreadyAnswered: throw APIError(.questionAnswered)
        case .answered(let after):
            var mastery: MirrorBuddyView.MasteryView? = nil
            if after.finishedAt != nil, let key = after.subjectId {
                let states = Mastery.bySubject(try await services.mirrorBuddy.quizAnswers(childId: child.id, in: scope))
                mastery = states[key].map { MirrorBuddyView.MasteryView(subjectId: key, $0) }
            }
            return Reply(AnswerResponse(position: body.position, correct: answer.correct, answer: question.answer, explanation: question.explanation,
                                        result: after.finishedAt == nil ? nil : MirrorBuddyView.QuizResultView(after), mastery: mastery,
                                        xp: earned.xp, unlocked: earned.unlocked, progress: earned.progress))
        }
    }

    struct MasteryResponse: Codable { let subjects: [MirrorBuddyView.MasteryView] }

    /// Each subject's mastery from every quiz answer, the weakest first.
    @Sendable func mastery(_ request: Request, caller: Kid) async throws -> Reply<MasteryResponse> {
        let states = Mastery.bySubject(try await services.mirrorBuddy.quizAnswers(childId: caller.child.id, in: caller.session.scope))
        let views = states.map { MirrorBuddyView.MasteryView(subjectId: $0.key, $0.value) }
            .sorted { ($0.level, $0.subjectId ?? "") < ($1.level, $1.subjectId ?? "") }
        return Reply(MasteryResponse(subjects: views))
    }

    func existing(_ request: Request, caller: Kid) async throws -> StoredQuiz {
        let id = String(try caller.context.parameters.require("quizId").prefix(80))
        guard let quiz = try await services.mirrorBuddy.quiz(id: id, childId: caller.child.id, in: caller.session.scope) else {
            throw APIError.notFound("quiz")
        }
        return quiz
    }
}
