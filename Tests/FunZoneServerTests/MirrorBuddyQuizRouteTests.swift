import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SQLKit
import Storage
import Study
import TestSupport
import Testing
@testable import FunZoneServer

/// MirrorBuddy's quizzes on both databases: Mario takes a quiz on his science notes, takes a hint,
/// gets two wrong, and sees his score, the XP it earned and his mastery of the subject. An answer
/// twice (another tab, two taps at once) counts once; a finished quiz takes no more; bad input and
/// another family change nothing.
@Suite struct MirrorBuddyQuizRouteTests {
    typealias NewMaterial = MirrorBuddyRouteTests.NewMaterial
    static let zone = MirrorBuddyRouteTests.zone

    struct Answer: Encodable { let position: Int; let answer: String }

    /// The questions with their answers, as the server keeps them (the page never gets them before answering).
    static func kept(_ app: TestApp, _ quizId: String) async throws -> [QuizQuestion] {
        let row = try await app.services.database.sql.raw("SELECT questions FROM mirrorbuddy_quizzes WHERE id = \(bind: quizId)").first()
        return try JSONDecoder().decode([QuizQuestion].self, from: Data(try #require(row).decode(column: "questions", as: String.self).utf8))
    }

    /// A wrong answer to `question`.
    static func wrong(_ question: QuizQuestion) -> String {
        question.kind == .cloze ? "zzzz" : question.options.first { $0 != question.answer }!
    }

    static func answer(_ device: Browser, _ quizId: String, _ position: Int, _ answer: String) async throws -> MirrorBuddyQuizzes.AnswerResponse {
        try await device.decoded(MirrorBuddyQuizzes.AnswerResponse.self, .post, "/api/mirrorbuddy/quizzes/\(quizId)/answers?\(zone)",
                                 Answer(position: position, answer: answer))
    }

    static func notes(_ tablet: Browser) async throws -> MirrorBuddyView.MaterialView {
        try await tablet.decoded(MirrorBuddyView.MaterialView.self, .post, "/api/mirrorbuddy/materials",
                                 NewMaterial(subjectId: "scienze-naturali", text: StudyNotes.italian), expect: .created)
    }

    /// Mario with his science notes and a quiz on them, and its questions with their answers.
    static func quizOnNotes(_ app: TestApp) async throws -> (Browser, MirrorBuddyView.MaterialView, MirrorBuddyView.QuizView, [QuizQuestion]) {
        let tablet = try await MirrorBuddyRouteTests.mario(app)
        let notes = try await Self.notes(tablet)
        let quiz = try await tablet.decoded(MirrorBuddyView.QuizView.self, .post, "/api/mirrorbuddy/quizzes", ["materialId": notes.id],
                                            expect: .created)
        return (tablet, notes, quiz, try await Self.kept(app, quiz.id))
    }

    @Test(arguments: TestDatabase.all)
    func aQuizOnAMaterialIsScoredRewardedAndBuildsMastery(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["mirrorbuddy"], openSignup: true) { app in
            let tablet = try await MirrorBuddyRouteTests.mario(app)
            let notes = try await Self.notes(tablet)
            let quiz = try await tablet.decoded(MirrorBuddyView.QuizView.self, .post, "/api/mirrorbuddy/quizzes", ["materialId": notes.id],
                                                expect: .created)
            #expect(quiz.questions.count == 10 && quiz.subjectId == "scienze-naturali" && quiz.materialId == notes.id && quiz.language == .it)
            #expect(quiz.title == notes.title && quiz.result == nil && quiz.finishedAt == nil)
            #expect(quiz.questions.allSatisfy { $0.answered == nil && $0.hint == nil && !$0.hinted }, "no answer or hint before it is asked for")
            #expect(Set(quiz.questions.map(\.kind)).count == 3, "multiple choice, true/false and cloze")
            let questions = try await Self.kept(app, quiz.id)

            // A hint for the first question, asked twice, counts once.
            let hint = try await tablet.decoded(MirrorBuddyQuizzes.HintResponse.self, .post, "/api/mirrorbuddy/quizzes/\(quiz.id)/hint", ["position": 0])
            #expect(hint.hint == questions[0].hint && hint.hints == 1)
            #expect(try await tablet.decoded(MirrorBuddyQuizzes.HintResponse.self, .post, "/api/mirrorbuddy/quizzes/\(quiz.id)/hint",
                                             ["position": 0]).hints == 1)

            // Eight right, two wrong; the page learns the right answer only with its own.
            let xpBefore = try await MirrorBuddyRouteTests.me(tablet).progress.xp
            var earned = 0
            for (position, question) in questions.enumerated() {
                let given = position == 3 || position == 6 ? Self.wrong(question) : question.answer
                let reply = try await Self.answer(tablet, quiz.id, position, given)
                #expect(reply.correct == !(position == 3 || position == 6) && reply.answer == question.answer && reply.explanation == question.explanation)
                #expect((reply.result == nil) == (position < 9), "the result comes with the last answer only")
                earned += reply.xp
                if position == 4 {
                    // Halfway, a reload shows what was answered and goes on from there.
                    let resumed = try await tablet.decoded(MirrorBuddyView.QuizView.self, .get, "/api/mirrorbuddy/quizzes/\(quiz.id)")
                    #expect(resumed.questions.map { $0.answered != nil } == Array(repeating: true, count: 5) + Array(repeating: false, count: 5))
                    #expect(resumed.questions[0].hinted && resumed.questions[0].hint != nil && resumed.questions[3].answered?.correct == false)
                    #expect(resumed.questions[5].hint == nil)
                }
                if position == 9 {
                    let result = try #require(reply.result)
                    #expect(result.correct == 8 && result.total == 10 && result.passed && result.hints == 1)
                    #expect(result.xp == 36, "50 × 0.8 × (1 − 0.1 × 1 hint)")
                    #expect(reply.xp >= 36)
                    let mastery = try #require(reply.mastery)
                    #expect(mastery.subjectId == "scienze-naturali" && mastery.attempts == 10 && mastery.correct == 8)
                    #expect(mastery.status == .proficient || mastery.status == .mastered)
                } else {
                    #expect(reply.xp == 0, "XP comes when the quiz ends")
                }
            }
            #expect(try await MirrorBuddyRouteTests.me(tablet).progress.xp == xpBefore + earned)

            // Finished: nothing more is taken, and the quiz shows its result and every answer.
            try await tablet.expectError(.post, "/api/mirrorbuddy/quizzes/\(quiz.id)/answers", Answer(position: 3, answer: questions[3].answer),
                                         status: .conflict, code: "quiz_finished")
            let done = try await tablet.decoded(MirrorBuddyView.QuizView.self, .get, "/api/mirrorbuddy/quizzes/\(quiz.id)")
            #expect(done.result?.correct == 8 && done.finishedAt != nil && done.questions.allSatisfy { $0.answered != nil && $0.hint != nil })
            let list = try await tablet.decoded(MirrorBuddyQuizzes.ListResponse.self, .get, "/api/mirrorbuddy/quizzes")
            #expect(list.quizzes.map(\.id) == [quiz.id] && list.quizzes[0].correct == 8 && list.quizzes[0].passed == true)
            let mastery = try await tablet.decoded(MirrorBuddyQuizzes.MasteryResponse.self, .get, "/api/mirrorbuddy/mastery")
            #expect(mastery.subjects.map(\.subjectId) == ["scienze-naturali"] && mastery.subjects[0].attempts == 10)

            // A second quiz on the same notes is another quiz, not the same ten in the same order.
            let again = try await tablet.decoded(MirrorBuddyView.QuizView.self, .post, "/api/mirrorbuddy/quizzes", ["materialId": notes.id],
                                                 expect: .created)
            #expect(again.id != quiz.id && again.questions.map(\.prompt) != quiz.questions.map(\.prompt))
        }
    }

    @Test(arguments: TestDatabase.all)
    func aQuizOnEverythingCountsEachAnswerUnderItsOwnSubject(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["mirrorbuddy"], openSignup: true) { app in
            let tablet = try await MirrorBuddyRouteTests.mario(app)
            _ = try await Self.notes(tablet)
            _ = try await tablet.decoded(MirrorBuddyView.MaterialView.self, .post, "/api/mirrorbuddy/materials",
                                         NewMaterial(subjectId: "inglese", text: StudyNotes.english), expect: .created)
            let quiz = try await tablet.decoded(MirrorBuddyView.QuizView.self, .post, "/api/mirrorbuddy/quizzes", [String: String](), expect: .created)
            #expect(quiz.subjectId == nil && quiz.materialId == nil && quiz.title == "Ripasso" && quiz.questions.count == 10)
            let questions = try await Self.kept(app, quiz.id)
            #expect(Set(questions.compactMap(\.subjectId)) == ["scienze-naturali", "inglese"] && questions.allSatisfy { $0.subjectId != nil })
            var last: MirrorBuddyQuizzes.AnswerResponse?
            for (position, question) in questions.enumerated() { last = try await Self.answer(tablet, quiz.id, position, question.answer) }
            #expect(last?.result?.correct == 10 && last?.mastery == nil, "no one subject's mastery for a quiz on everything")
            let mastery = try await tablet.decoded(MirrorBuddyQuizzes.MasteryResponse.self, .get, "/api/mirrorbuddy/mastery").subjects
            #expect(Set(mastery.compactMap(\.subjectId)) == ["scienze-naturali", "inglese"] && mastery.allSatisfy { $0.subjectId != nil })
            #expect(mastery.reduce(0) { $0 + $1.attempts } == 10)
        }
    }

    @Test(arguments: TestDatabase.all)
    func anAnswerCountsOnceEvenFromTwoTapsAtOnce(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["mirrorbuddy"], openSignup: true) { app in
            let (tablet, _, quiz, questions) = try await Self.quizOnNotes(app)
            async let first = tablet.request(.post, "/api/mirrorbuddy/quizzes/\(quiz.id)/answers", json: Answer(position: 0, answer: questions[0].answer))
            async let second = tablet.request(.post, "/api/mirrorbuddy/quizzes/\(quiz.id)/answers", json: Answer(position: 0, answer: Self.wrong(questions[0])))
            let statuses = [try await first.status, try await second.status]
            #expect(statuses.filter { $0 == .ok }.count == 1 && statuses.filter { $0 == .conflict }.count == 1, "\(statuses)")
            try await tablet.expectError(.post, "/api/mirrorbuddy/quizzes/\(quiz.id)/answers", Answer(position: 0, answer: questions[0].answer),
                                         status: .conflict, code: "question_answered")
            let shown = try await tablet.decoded(MirrorBuddyView.QuizView.self, .get, "/api/mirrorbuddy/quizzes/\(quiz.id)")
            #expect(shown.questions.compactMap(\.answered).count == 1)
            // A hint after the answer is free.
            #expect(try await tablet.decoded(MirrorBuddyQuizzes.HintResponse.self, .post, "/api/mirrorbuddy/quizzes/\(quiz.id)/hint",
                                             ["position": 0]).hints == 0)
        }
    }

    @Test(arguments: TestDatabase.all)
    func badInputAndAnotherFamilyChangeNothing(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["mirrorbuddy"], openSignup: true) { app in
            let (tablet, notes, quiz, questions) = try await Self.quizOnNotes(app)
            let choice = try #require(questions.firstIndex { $0.kind != .cloze })
            let path = "/api/mirrorbuddy/quizzes/\(quiz.id)/answers"
            for bad in [Answer(position: 10, answer: "x"), Answer(position: -1, answer: "x"), Answer(position: choice, answer: "not an option"),
                        Answer(position: choice, answer: "   "), Answer(position: 0, answer: String(repeating: "a", count: 201))] {
                try await tablet.expectError(.post, path, bad, status: .unprocessableContent, code: "invalid_field")
            }
            try await tablet.expectError(.post, path, ["position": "first"], status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.post, "/api/mirrorbuddy/quizzes/\(quiz.id)/hint", ["position": 12], status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.post, "/api/mirrorbuddy/quizzes/nope/answers", Answer(position: 0, answer: "x"), status: .notFound, code: "not_found")
            try await tablet.expectError(.post, "/api/mirrorbuddy/quizzes", ["materialId": "nope"], status: .notFound, code: "not_found")
            try await tablet.expectError(.post, "/api/mirrorbuddy/quizzes", ["subjectId": "nope"], status: .unprocessableContent, code: "invalid_field")
            #expect(try await tablet.decoded(MirrorBuddyView.QuizView.self, .get, "/api/mirrorbuddy/quizzes/\(quiz.id)")
                .questions.allSatisfy { $0.answered == nil && !$0.hinted })

            // Too little to ask about: a short note, or a subject with nothing in it.
            let short = try await tablet.decoded(MirrorBuddyView.MaterialView.self, .post, "/api/mirrorbuddy/materials",
                                                 NewMaterial(subjectId: "storia-geografia", text: "Roma è la capitale d'Italia."), expect: .created)
            try await tablet.expectError(.post, "/api/mirrorbuddy/quizzes", ["materialId": short.id], status: .unprocessableContent,
                                         code: "not_enough_to_quiz")
            try await tablet.expectError(.post, "/api/mirrorbuddy/quizzes", ["subjectId": "matematica"], status: .unprocessableContent,
                                         code: "not_enough_to_quiz")
            #expect(try await tablet.decoded(MirrorBuddyQuizzes.ListResponse.self, .get, "/api/mirrorbuddy/quizzes").quizzes.count == 1)

            // Bo's family sees and touches nothing of Mario's.
            let other = try await MirrorBuddyRouteTests.stranger(app)
            #expect(try await other.decoded(MirrorBuddyQuizzes.ListResponse.self, .get, "/api/mirrorbuddy/quizzes").quizzes.isEmpty)
            try await other.expectError(.get, "/api/mirrorbuddy/quizzes/\(quiz.id)", status: .notFound, code: "not_found")
            try await other.expectError(.post, path, Answer(position: 0, answer: questions[0].answer), status: .notFound, code: "not_found")
            try await other.expectError(.post, "/api/mirrorbuddy/quizzes/\(quiz.id)/hint", ["position": 0], status: .notFound, code: "not_found")
            try await other.expectError(.post, "/api/mirrorbuddy/quizzes", ["materialId": notes.id], status: .notFound, code: "not_found")
            #expect(try await other.decoded(MirrorBuddyQuizzes.MasteryResponse.self, .get, "/api/mirrorbuddy/mastery").subjects.isEmpty)
            #expect(try await tablet.decoded(MirrorBuddyView.QuizView.self, .get, "/api/mirrorbuddy/quizzes/\(quiz.id)")
                .questions.allSatisfy { $0.answered == nil && !$0.hinted })
        }
    }
}
