import Foundation
import Hummingbird
import Storage
import Study

/// The homework helper (issue 25, part 5): a typed exercise split into three steps with no model
/// (`Study.HomeworkSteps`): understand the task (the sentences that ask marked, the key words), what
/// the student's own notes say about its key words, and a checklist to try and check. Never the
/// answer. Nothing the student typed is stored.
struct MirrorBuddyHomework {
    let services: Services

    func addRoutes(to kid: AccessGroup<Kid>) {
        kid.post("homework", use: steps)
    }

    struct Request: Codable { let text: String }

    struct Step: Codable {
        let number: Int
        let title: String
        let prompt: String
        let sentences: [HomeworkSteps.Sentence]?
        let keyWords: [String]?
        let notes: [MirrorBuddyCoach.SourceView]?
        let checklist: [String]?
    }

    struct StepsResponse: Codable {
        let language: StudyLanguage
        let hasNumbers: Bool
        let steps: [Step]
    }

    @Sendable func steps(_ request: Hummingbird.Request, caller: Kid) async throws -> Reply<StepsResponse> {
        let body = try await request.decodeJSON(Request.self, context: caller.context, limit: 16 * 1024)
        try await services.countAttempt("mirrorbuddy-coach:\(caller.child.id)", limit: MirrorBuddyCoach.perStudent)
        let language = try await MirrorBuddyController.settings(of: caller, services: services).language
        // "Non riesco a fare i compiti perché mio padre mi picchia": the caring reply and the note to the parents, as the coach gives them.
        if CoachSafety.concern(in: body.text) == .distress {
            await MirrorBuddyCoach(services: services).noteDistress(caller)
            throw APIError.invalid("text", CoachLines.text(.concern(.distress), language: language))
        }
        let homework: HomeworkSteps
        do {
            homework = try HomeworkSteps.make(body.text, language: language)
        } catch .empty {
            throw APIError.invalid("text", "Write or paste the exercise first.")
        } catch .tooLong {
            throw APIError.invalid("text", "An exercise is at most \(HomeworkSteps.limit) characters: paste one at a time.")
        }
        // Step 2: the student's own notes on the exercise's key words, at most three passages.
        var notes: [MirrorBuddyCoach.SourceView] = []
        if !homework.keyWords.isEmpty {
            try await MirrorBuddyCoach(services: services).index(caller)
            let analyzer = StudyTerms()
            let query = StudyCoach.Query(analyzer.queryWords(homework.keyWords.joined(separator: " ")), weight: 1)
            let found = try await services.mirrorBuddy.search(query, preferring: nil, childId: caller.child.id, in: caller.session.scope).found
            notes = found.prefix(3).map(MirrorBuddyCoach.SourceView.init)
        }
        let (one, two, three) = (HomeworkSteps.step(1, language: language), HomeworkSteps.step(2, language: language, foundNotes: !notes.isEmpty),
                                 HomeworkSteps.step(3, language: language))
        return Reply(StepsResponse(language: language, hasNumbers: homework.hasNumbers, steps: [
            Step(number: 1, title: one.title, prompt: one.prompt, sentences: homework.sentences, keyWords: homework.keyWords, notes: nil, checklist: nil),
            Step(number: 2, title: two.title, prompt: two.prompt, sentences: nil, keyWords: homework.keyWords, notes: notes, checklist: nil),
            Step(number: 3, title: three.title, prompt: three.prompt, sentences: nil, keyWords: nil, notes: nil, checklist: homework.checklist),
        ]))
    }
}
