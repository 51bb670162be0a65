import Foundation
import SQLKit
import Study

/// A stored quiz: its questions with their answers, and what the student did so far.
public struct StoredQuiz: Sendable, Equatable {
    public let id: String
    public let subjectId: String?
    public let materialId: String?
    public let title: String
    public let language: StudyLanguage
    public let questions: [QuizQuestion]
    public let createdAt: Date
    public var finishedAt: Date?
    public var answers: [QuizAnswer]
    /// The questions whose hint was shown before they were answered.
    public var hinted: Set<Int>
    public var xp: Int

    public init(id: String, subjectId: String?, materialId: String?, title: String, language: StudyLanguage, questions: [QuizQuestion],
                createdAt: Date, finishedAt: Date? = nil, answers: [QuizAnswer] = [], hinted: Set<Int> = [], xp: Int = 0) {
        (self.id, self.subjectId, self.materialId, self.title, self.language, self.questions) = (id, subjectId, materialId, title, language, questions)
        (self.createdAt, self.finishedAt, self.answers, self.hinted, self.xp) = (createdAt, finishedAt, answers, hinted, xp)
    }

    public var correct: Int { answers.filter(\.correct).count }
}

/// What a list of quizzes shows.
public struct QuizSummary: Sendable, Equatable {
    public let id: String
    public let title: String
    public let subjectId: String?
    public let materialId: String?
    public let questions: Int
    public let answered: Int
    public let correct: Int
    public let createdAt: Date
    public let finishedAt: Date?
}

/// The answer to an answer: the quiz after it, or why not.
public enum QuizAnswerOutcome: Sendable, Equatable {
    case answered(StoredQuiz)
    case alreadyAnswered(StoredQuiz)
    case finished
    case notFound
}

extension MirrorBuddyStore {
    // MARK: - Quizzes

    /// Adds a quiz, keeping the student's newest `Quizzes.limit`.
    public func addQuiz(_ quiz: StoredQuiz, childId: ChildID, in scope: FamilyScope) async throws {
        let questions = String(decoding: try JSONEncoder().encode(quiz.questions), as: UTF8.self)
        try await database.transaction { sql in
            try await sql.raw("UPDATE children SET name = name WHERE id = \(bind: childId) AND family_id = \(bind: scope.familyId)").run()
            let count = try await sql.raw("""
                SELECT COUNT(*) AS n FROM mirrorbuddy_quizzes WHERE family_id = \(bind: scope.familyId) AND child_id = \(bind: childId)
                """).first()?.decode(column: "n", as: Int.self) ?? 0
            // The newest quizzes are kept: the oldest go, with their answers (mastery reads the last
            // 20 answers; the XP they earned stays in the ledger).
            let oldest = count < Quizzes.limit ? [] : try await sql.raw("""
                SELECT id FROM mirrorbuddy_quizzes WHERE family_id = \(bind: scope.familyId) AND child_id = \(bind: childId)
                ORDER BY created_at, id LIMIT \(bind: count - Quizzes.limit + 1)
                """).all().map { try $0.decode(column: "id", as: String.self) }
            for id in oldest {
                for table in ["mirrorbuddy_quiz_answers", "mirrorbuddy_quiz_hints", "mirrorbuddy_quizzes"] {
                    let key = table == "mirrorbuddy_quizzes" ? "id" : "quiz_id"
                    try await sql.raw("""
                        DELETE FROM \(unsafeRaw: table) WHERE \(unsafeRaw: key) = \(bind: id) AND family_id = \(bind: scope.familyId) AND child_id = \(bind: childId)
                        """).run()
                }
            }
            try await sql.raw("""
                INSERT INTO mirrorbuddy_quizzes (id, family_id, child_id, subject_id, material_id, title, language, questions, question_count, created_at)
                SELECT \(bind: quiz.id), family_id, id, \(bind: quiz.subjectId), \(bind: quiz.materialId), \(bind: quiz.title),
                    \(bind: quiz.language.rawValue), \(bind: questions), \(bind: quiz.questions.count), \(bind: quiz.createdAt.millis)
                FROM children WHERE id = \(bind: childId) AND family_id = \(bind: scope.familyId)
                """).run()
        }
    }

    /// The student's quizzes, newest first.
    public func quizzes(childId: ChildID, in scope: FamilyScope, limit: Int = 50) async throws -> [QuizSummary] {
        try await sql.raw("""
            SELECT q.id, q.title, q.subject_id, q.material_id, q.question_count, q.created_at, q.finished_at,
                (SELECT COUNT(*) FROM mirrorbuddy_quiz_answers a WHERE a.quiz_id = q.id) AS answered,
                (SELECT COUNT(*) FROM mirrorbuddy_quiz_answers a WHERE a.quiz_id = q.id AND a.correct = 1) AS right_answers
            FROM mirrorbuddy_quizzes q WHERE q.child_id = \(bind: childId) AND q.family_id = \(bind: scope.familyId)
            ORDER BY q.created_at DESC, q.id DESC LIMIT \(bind: limit)
            """).all().map { row in
            QuizSummary(id: try row.decode(column: "id", as: String.self), title: try row.decode(column: "title", as: String.self),
                        subjectId: try row.decode(column: "subject_id", as: String?.self), materialId: try row.decode(column: "material_id", as: String?.self),
                        questions: try row.decode(column: "question_count", as: Int.self), answered: try row.decode(column: "answered", as: Int.self),
                        correct: try row.decode(column: "right_answers", as: Int.self),
                        createdAt: Date(millis: try row.decode(column: "created_at", as: Int64.self)),
                        finishedAt: try row.decode(column: "finished_at", as: Int64?.self).map(Date.init(millis:)))
        }
    }

    public func quiz(id: String, childId: ChildID, in scope: FamilyScope) async throws -> StoredQuiz? {
        try await Self.quiz(id: id, childId: childId, in: scope, sql: sql)
    }

    static func quiz(id: String, childId: ChildID, in scope: FamilyScope, sql: any SQLDatabase) async throws -> StoredQuiz? {
        guard let row = try await sql.raw("""
            SELECT * FROM mirrorbuddy_quizzes WHERE id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
            """).first() else { return nil }
        let answers = try await sql.raw("""
            SELECT position, given, correct, at FROM mirrorbuddy_quiz_answers
            WHERE quiz_id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId) ORDER BY position
            """).all().map { row in
            QuizAnswer(position: try row.decode(column: "position", as: Int.self), given: try row.decode(column: "given", as: String.self),
                       correct: try row.decode(column: "correct", as: Int.self) != 0, at: Date(millis: try row.decode(column: "at", as: Int64.self)))
        }
        let hinted = try await sql.raw("""
            SELECT position FROM mirrorbuddy_quiz_hints WHERE quiz_id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
            """).all().map { try $0.decode(column: "position", as: Int.self) }
        let questions = try JSONDecoder().decode([QuizQuestion].self, from: Data(try row.decode(column: "questions", as: String.self).utf8))
        return StoredQuiz(id: try row.decode(column: "id", as: String.self), subjectId: try row.decode(column: "subject_id", as: String?.self),
                          materialId: try row.decode(column: "material_id", as: String?.self), title: try row.decode(column: "title", as: String.self),
                          language: StudyLanguage(rawValue: try row.decode(column: "language", as: String.self)) ?? .it, questions: questions,
                          createdAt: Date(millis: try row.decode(column: "created_at", as: Int64.self)),
                          finishedAt: try row.decode(column: "finished_at", as: Int64?.self).map(Date.init(millis:)), answers: answers,
                          hinted: Set(hinted), xp: try row.decode(column: "xp", as: Int.self))
    }

    /// Counts a question's hint as taken, once, while the quiz is open and the question unanswered
    /// (a hint read after the answer costs nothing). Nil when there is no such quiz.
    public func takeHint(quizId: String, position: Int, at: Date, childId: ChildID, in scope: FamilyScope) async throws -> StoredQuiz? {
        try await database.transaction { sql in
            guard var quiz = try await Self.lockedQuiz(id: quizId, childId: childId, in: scope, sql: sql) else { return nil }
            guard quiz.finishedAt == nil, !quiz.answers.contains(where: { $0.position == position }), !quiz.hinted.contains(position) else { return quiz }
            try await sql.raw("""
                INSERT INTO mirrorbuddy_quiz_hints (quiz_id, family_id, child_id, position, at)
                VALUES (\(bind: quizId), \(bind: scope.familyId), \(bind: childId), \(bind: position), \(bind: at.millis))
                """).run()
            quiz.hinted.insert(position)
            return quiz
        }
    }

    /// Keeps one answer, in one transaction with the quiz's end when it is the last: the quiz's
    /// score, hints and XP (`xp(correct, total, hints)`), and its line in the activity ledger.
    public func answerQuiz(id: String, answer: QuizAnswer, childId: ChildID, in scope: FamilyScope,
                           xp: @escaping @Sendable (_ correct: Int, _ total: Int, _ hints: Int) -> Int) async throws -> QuizAnswerOutcome {
        try await database.transaction { sql in
            guard var quiz = try await Self.lockedQuiz(id: id, childId: childId, in: scope, sql: sql) else { return .notFound }
            if quiz.answers.contains(where: { $0.position == answer.position }) { return .alreadyAnswered(quiz) }
            guard quiz.finishedAt == nil else { return .finished }
            // Counted under the subject of what the question asks about (a quiz on everything mixes subjects).
            let subjectId = quiz.questions.indices.contains(answer.position) ? quiz.questions[answer.position].subjectId ?? quiz.subjectId : quiz.subjectId
            try await sql.raw("""
                INSERT INTO mirrorbuddy_quiz_answers (quiz_id, family_id, child_id, subject_id, position, given, correct, at)
                VALUES (\(bind: id), \(bind: scope.familyId), \(bind: childId), \(bind: subjectId), \(bind: answer.position),
                    \(bind: answer.given), \(bind: answer.correct ? 1 : 0), \(bind: answer.at.millis))
                """).run()
            quiz.answers.append(answer)
            quiz.answers.sort { $0.position < $1.position }
            guard quiz.answers.count == quiz.questions.count else { return .answered(quiz) }
            let earned = xp(quiz.correct, quiz.questions.count, quiz.hinted.count)
            try await sql.raw("""
                UPDATE mirrorbuddy_quizzes SET finished_at = \(bind: answer.at.millis), correct = \(bind: quiz.correct),
                    hints = \(bind: quiz.hinted.count), xp = \(bind: earned)
                WHERE id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
                """).run()
            try await sql.raw("""
                INSERT INTO mirrorbuddy_activity (id, family_id, child_id, kind, at, subject_id, xp, ref_id)
                VALUES (\(bind: "quiz-" + id), \(bind: scope.familyId), \(bind: childId), 'quiz', \(bind: answer.at.millis), \(bind: quiz.subjectId),
                    \(bind: earned), \(bind: id))
                """).run()
            (quiz.finishedAt, quiz.xp) = (answer.at, earned)
            return .answered(quiz)
        }
    }

    /// The quiz, read after taking its row for this transaction (a second answer or hint from
    /// another device waits for this one).
    static func lockedQuiz(id: String, childId: ChildID, in scope: FamilyScope, sql: any SQLDatabase) async throws -> StoredQuiz? {
        try await sql.raw("""
            UPDATE mirrorbuddy_quizzes SET title = title WHERE id = \(bind: id) AND child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
            """).run()
        return try await quiz(id: id, childId: childId, in: scope, sql: sql)
    }

    /// Every quiz answer, oldest first, with its subject: what mastery is read from.
    public func quizAnswers(childId: ChildID, in scope: FamilyScope) async throws -> [(subjectId: String?, correct: Bool)] {
        try await sql.raw("""
            SELECT subject_id, correct FROM mirrorbuddy_quiz_answers WHERE child_id = \(bind: childId) AND family_id = \(bind: scope.familyId)
            ORDER BY at, quiz_id, position
            """).all().map { (try $0.decode(column: "subject_id", as: String?.self), try $0.decode(column: "correct", as: Int.self) != 0) }
    }
}
