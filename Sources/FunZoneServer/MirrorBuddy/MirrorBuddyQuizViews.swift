import Foundation
import Storage
import Study

/// Quizzes as the page reads them: a question's answer, hint and explanation only once the
/// student has answered it (or asked for the hint).
extension MirrorBuddyView {
    struct QuizView: Codable {
        let id: String
        let title: String
        let subjectId: String?
        let materialId: String?
        let language: StudyLanguage
        let createdAt: Date
        let finishedAt: Date?
        let questions: [QuestionView]
        let result: QuizResultView?

        init(_ quiz: StoredQuiz) {
            (id, title, subjectId, materialId, language, createdAt, finishedAt) =
                (quiz.id, quiz.title, quiz.subjectId, quiz.materialId, quiz.language, quiz.createdAt, quiz.finishedAt)
            let answers = Dictionary(quiz.answers.map { ($0.position, $0) }, uniquingKeysWith: { first, _ in first })
            questions = quiz.questions.enumerated().map { position, question in
                QuestionView(question, position: position, answer: answers[position], hinted: quiz.hinted.contains(position))
            }
            result = quiz.finishedAt == nil ? nil : QuizResultView(quiz)
        }
    }

    struct QuestionView: Codable {
        let position: Int
        let kind: QuizQuestion.Kind
        let prompt: String
        let options: [String]
        /// Whether the hint was taken before the answer (it lowers the quiz's XP).
        let hinted: Bool
        let hint: String?
        let answered: AnsweredView?

        init(_ question: QuizQuestion, position: Int, answer: QuizAnswer?, hinted: Bool) {
            (self.position, kind, prompt, options, self.hinted) = (position, question.kind, question.prompt, question.options, hinted)
            hint = hinted || answer != nil ? question.hint : nil
            answered = answer.map { AnsweredView(given: $0.given, correct: $0.correct, answer: question.answer, explanation: question.explanation) }
        }
    }

    struct AnsweredView: Codable {
        let given: String
        let correct: Bool
        /// The right answer.
        let answer: String
        let explanation: String
    }

    struct QuizResultView: Codable {
        let correct: Int
        let total: Int
        /// 0…1.
        let score: Double
        let passed: Bool
        let hints: Int
        let xp: Int

        init(_ quiz: StoredQuiz) {
            (correct, total, hints, xp) = (quiz.correct, quiz.questions.count, quiz.hinted.count, quiz.xp)
            score = total == 0 ? 0 : Double(correct) / Double(total)
            passed = Quizzes.passed(correct: correct, total: total)
        }
    }

    struct QuizSummaryView: Codable {
        let id: String
        let title: String
        let subjectId: String?
        let materialId: String?
        let questions: Int
        let answered: Int
        let correct: Int
        let createdAt: Date
        let finishedAt: Date?
        let passed: Bool?

        init(_ quiz: QuizSummary) {
            (id, title, subjectId, materialId, questions, answered, correct) =
                (quiz.id, quiz.title, quiz.subjectId, quiz.materialId, quiz.questions, quiz.answered, quiz.correct)
            (createdAt, finishedAt) = (quiz.createdAt, quiz.finishedAt)
            passed = quiz.finishedAt == nil ? nil : Quizzes.passed(correct: quiz.correct, total: quiz.questions)
        }
    }

    struct MasteryView: Codable {
        /// Nil: quizzes on materials and cards filed under no subject.
        let subjectId: String?
        let attempts: Int
        let correct: Int
        /// 0…1.
        let level: Double
        let status: SubjectMastery.Status
        let difficulty: Double

        init(subjectId: String, _ mastery: SubjectMastery) {
            self.subjectId = subjectId.isEmpty ? nil : subjectId
            (attempts, correct, level, status, difficulty) = (mastery.attempts, mastery.correct, mastery.level, mastery.status, mastery.difficulty)
        }
    }
}
