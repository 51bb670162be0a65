import Foundation
import HTTPTypes
import Hub
import Hummingbird
import MailClient
import Speech
import Storage
import Study
import TextRules

/// The coach, "ask me about your materials", with no model: a question is checked for the
/// child-safety concerns, then answered with the best passages of the student's own materials
/// (BM25 over stemmed terms, `Study.StudyCoach`), with where each came from. A message of distress
/// gets a fixed caring reply and leaves the parents a note (the kind and the time, never the words),
/// e-mailed when mail is set up. Nothing the student asks is stored.
struct MirrorBuddyCoach {
    let services: Services

    /// Questions a minute per student: a child tapping "dimmi di più" is far below it.
    static let perStudent = RateLimit(limit: 30, window: 60)
    /// Materials whose passages are made on one request, and the time that may take, at most: the
    /// rest are made on the next (a student who pasted 200 materials at once waits a little each time).
    static let indexedPerRequest = 40
    static let indexingBudget: TimeInterval = 3
    /// One note a day for the same worry.
    static let alertQuiet: TimeInterval = 86_400
    static let voiceSeconds: TimeInterval = 15

    func addRoutes(to kid: AccessGroup<Kid>) {
        kid.get("coach", use: start)
        kid.post("coach/ask", use: ask)
        kid.post("coach/voice", use: voice)
    }

    struct StartResponse: Codable {
        let language: StudyLanguage
        let welcome: String
        let prompts: [String: [String]]
        let suggestions: [String]
        let materials: Int
    }

    /// The screen's opening: the greeting for the time of day, the canned prompts, questions to tap
    /// from the student's own headings. Makes the passages of new materials meanwhile.
    @Sendable func start(_ request: Request, caller: Kid) async throws -> Reply<StartResponse> {
        let days = try MirrorBuddyView.days(request.uri.queryParameters.get("tz"), now: services.clock.now())
        let language = try await MirrorBuddyController.settings(of: caller, services: services).language
        try await index(caller)
        let (topics, materials) = try await services.mirrorBuddy.coachTopics(childId: caller.child.id, in: caller.session.scope, limit: 4)
        let hour = days.calendar.component(.hour, from: days.now)
        var prompts: [String: [String]] = [:]
        for (name, kind) in CoachLines.prompts { prompts[name] = CoachLines.lines(kind, language) }
        return Reply(StartResponse(language: language, welcome: CoachLines.text(.welcome(.init(hour: hour)), language: language),
                                   prompts: prompts, suggestions: topics.map { StudyCoach.suggestion(about: $0, in: language) },
                                   materials: materials))
    }

    struct AskRequest: Codable {
        let message: String
        let context: StudyCoach.Context?
        let variant: Int?
    }

    struct SourceView: Codable {
        let materialId: String
        let title: String
        let subjectId: String?
        let position: Int
        let heading: String?
        let text: String

        init(materialId: String, title: String, subjectId: String?, position: Int, heading: String?, text: String) {
            (self.materialId, self.title, self.subjectId, self.position, self.heading, self.text) = (materialId, title, subjectId, position, heading, text)
        }

        /// A found passage, as the page gets it.
        init(_ found: StudyCoach.Found) {
            self.init(materialId: found.materialId, title: found.materialTitle, subjectId: found.subjectId, position: found.position,
                      heading: found.heading, text: found.text)
        }

        /// A missing subject or heading is written as null, as the API says.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(materialId, forKey: .materialId)
            try container.encode(title, forKey: .title)
            try container.encode(subjectId, forKey: .subjectId)
            try container.encode(position, forKey: .position)
            try container.encode(heading, forKey: .heading)
            try container.encode(text, forKey: .text)
        }
    }

    struct ReplyView: Codable {
        let kind: String
        let concern: CoachSafety.Concern?
        let intro: String?
        let text: String
        let sources: [SourceView]
        let context: StudyCoach.Context?
        let language: StudyLanguage
        let heard: String?
        /// "notes": the text is the material's own sentences; "model": the language model worded it from them.
        var wordedBy = "notes"

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encode(concern, forKey: .concern)
            try container.encode(intro, forKey: .intro)
            try container.encode(text, forKey: .text)
            try container.encode(sources, forKey: .sources)
            try container.encode(context, forKey: .context)
            try container.encode(language, forKey: .language)
            try container.encodeIfPresent(heard, forKey: .heard)
            try container.encode(wordedBy, forKey: .wordedBy)
        }

        func heard(_ words: String) -> ReplyView {
            var reply = ReplyView(kind: kind, concern: concern, intro: intro, text: text, sources: sources, context: context, language: language,
                                  heard: words)
            reply.wordedBy = wordedBy
            return reply
        }

        func worded(_ text: String) -> ReplyView {
            var reply = ReplyView(kind: kind, concern: concern, intro: intro, text: text, sources: sources, context: context, language: language,
                                  heard: heard)
            reply.wordedBy = "model"
            return reply
        }
    }

    @Sendable func ask(_ request: Request, caller: Kid) async throws -> Reply<ReplyView> {
        let body = try await request.decodeJSON(AskRequest.self, context: caller.context, limit: 4096)
        let message = body.message.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !message.isEmpty else { throw APIError.invalid("message", "Write a question first.") }
        guard TextRules.fits(message, characters: StudyCoach.messageLimit) else {
            throw APIError.invalid("message", "A question is at most \(StudyCoach.messageLimit) characters.")
        }
        try await services.countAttempt("mirrorbuddy-coach:\(caller.child.id)", limit: Self.perStudent)
        return Reply(try await reply(to: message, context: body.context.map(Self.bounded), variant: body.variant ?? 0, caller: caller))
    }

    /// A question said aloud: English as free speech, Italian against the student's own topics
    /// (`CoachGrammar`); then answered as a written one. Nothing heard is "unclear".
    @Sendable func voice(_ request: Request, caller: Kid) async throws -> Reply<ReplyView> {
        try await services.countAttempt("mirrorbuddy-coach:\(caller.child.id)", limit: Self.perStudent)
        let samples = try await SpeechController.recording(request, context: caller.context, services: services,
                                                           in: caller.session.scope, maximumSeconds: Self.voiceSeconds)
        let language = try await MirrorBuddyController.settings(of: caller, services: services).language
        let query = request.uri.queryParameters
        // The last question comes in a header (percent-encoded), never in the address that proxies log.
        let question = request.headers[HTTPField.Name("X-Coach-Question")!].flatMap { $0.removingPercentEncoding }
        let context = Self.bounded(StudyCoach.Context(question: question, materialId: query.get("materialId"),
                                                      position: query.get("position").flatMap { Int($0) }))
        let variant = query.get("variant").flatMap { Int($0) } ?? 0
        var heard = ""
        if language == .en {
            // Free speech first; a school word it mishears ("photo sin so if") is heard again against the student's topics.
            heard = try await services.speech.recognizer.transcribe(samples, mode: .freeSpeech).text.trimmingCharacters(in: .whitespaces)
            if !heard.isEmpty {
                let reply = try await reply(to: String(heard.prefix(StudyCoach.messageLimit)), context: context, variant: variant, caller: caller)
                if reply.kind != "notFound" && reply.kind != "unclear" { return Reply(reply.heard(heard)) }
            }
        }
        if let jsgf = try await grammar(language, caller: caller).jsgf,
           case let byGrammar = try await services.speech.recognizer.transcribe(samples, mode: .grammar(jsgf, language: language == .it ? .italian : .english))
            .text.trimmingCharacters(in: .whitespaces), !byGrammar.isEmpty {
            heard = byGrammar
        }
        guard !heard.isEmpty else {
            return Reply(ReplyView(kind: "unclear", concern: nil, intro: nil, text: CoachLines.text(.unclear, language: language), sources: [],
                                   context: context, language: language, heard: ""))
        }
        let reply = try await reply(to: String(heard.prefix(StudyCoach.messageLimit)), context: context, variant: variant, caller: caller)
        return Reply(reply.heard(heard))
    }

    /// The grammar of questions about the student's own topics (their passages made first).
    func grammar(_ language: StudyLanguage, caller: Kid) async throws -> CoachGrammar {
        try await index(caller)
        let topics = try await services.mirrorBuddy.coachTopics(childId: caller.child.id, in: caller.session.scope, limit: CoachGrammar.topicLimit,
                                                                keyTerms: true).topics
        let recogniser: GrammarLanguage = language == .it ? .italian : .english
        return CoachGrammar(topics: topics, language: language, canSay: { GrammarVocabulary.canSay($0, language: recogniser) })
    }

    /// The context as the page sent it, cut to size: a place past any material's end is the end
    /// (an Int.max + 1 must not stop the server).
    static func bounded(_ context: StudyCoach.Context) -> StudyCoach.Context {
        // The last question comes back from the page: one the safety checks would have stopped is dropped, never searched or sent on.
        let question = context.question.map { String($0.prefix(StudyCoach.messageLimit)) }.flatMap { CoachSafety.concern(in: $0) == nil ? $0 : nil }
        return StudyCoach.Context(question: question,
                           materialId: context.materialId.map { String($0.prefix(80)) },
                           position: context.position.map { min(max($0, 0), Passages.limit) })
    }

    func reply(to message: String, context: StudyCoach.Context?, variant: Int, caller: Kid) async throws -> ReplyView {
        let language = try await MirrorBuddyController.settings(of: caller, services: services).language
        let (child, scope) = (caller.child.id, caller.session.scope)
        let analyzer = StudyTerms()
        func line(_ kind: CoachLines.Kind, _ name: String, concern: CoachSafety.Concern? = nil, keep: StudyCoach.Context? = nil) -> ReplyView {
            ReplyView(kind: name, concern: concern, intro: nil, text: CoachLines.text(kind, language: language, variant: variant), sources: [],
                      context: keep, language: language, heard: nil)
        }
        switch StudyCoach.understand(message, context: context, terms: analyzer) {
        case .reply(.concern(let concern)):
            if concern == .distress { await noteDistress(caller) }
            return line(.concern(concern), "concern", concern: concern)
        case .reply(let kind):
            return line(kind, kind == .thanks ? "thanks" : kind == .greeting ? "greeting" : "unclear", keep: context)
        case .next(let materialId, let after):
            guard let next = try await services.mirrorBuddy.passage(materialId: materialId, position: after + 1, childId: child, in: scope) else {
                return line(.noMore, "noMore", keep: context)
            }
            return answer(StudyCoach.Answer(text: next.text, sources: [next]), question: context?.question ?? message, intro: nil, language: language)
        case .search(let query, let preferring, let length):
            try await index(caller)
            let search = try await services.mirrorBuddy.search(query, preferring: preferring, childId: child, in: scope)
            guard let answer = StudyCoach.answer(search.found, query: query, rarity: search.rarity, passages: search.passages, length: length,
                                                 language: language, analyzer: analyzer) else {
                return line(.notFound, "notFound")
            }
            let intro = length == .short ? CoachLines.text(.simpler, language: language, variant: variant) : nil
            // "Non ho capito" alone is about the last question; "non ho capito la respirazione" is its own.
            let own = StudyCoach.ownWords(message, terms: analyzer)
            let question = length == .short && own.isEmpty ? (context?.question ?? message) : message
            var reply = self.answer(answer, question: question, intro: intro, language: language)
            if let worded = await worded(question, answer: answer, length: length, language: language, caller: caller, analyzer: analyzer) {
                reply = reply.worded(worded)
            }
            return reply
        }
    }

    func answer(_ answer: StudyCoach.Answer, question: String, intro: String?, language: StudyLanguage) -> ReplyView {
        let best = answer.sources[0]
        return ReplyView(kind: "answer", concern: nil, intro: intro, text: answer.text,
                         sources: answer.sources.map(SourceView.init),
                         context: StudyCoach.Context(question: question, materialId: best.materialId, position: best.position),
                         language: language, heard: nil)
    }

    /// Makes the passages of the student's new or changed materials, within the request's budget.
    func index(_ caller: Kid) async throws {
        let (child, scope) = (caller.child.id, caller.session.scope)
        let stale = try await services.mirrorBuddy.staleMaterials(childId: child, in: scope, limit: Self.indexedPerRequest)
        guard !stale.isEmpty else { return }
        let analyzer = StudyTerms()
        let started = Date()
        for material in stale {
            if Date().timeIntervalSince(started) > Self.indexingBudget || Task.isCancelled { break }
            let passages = Passages.indexed(title: material.title, text: material.body, language: material.language, terms: analyzer)
            do {
                try await services.mirrorBuddy.savePassages(passages, keyTerms: Passages.topics(material.body, language: material.language),
                                                            of: material, childId: child, in: scope)
            } catch {
                // One material the database refuses must not stop every question: it is left without passages.
                caller.context.logger.warning("a material's passages could not be saved", metadata: ["material": "\(material.id)", "error": "\(error)"])
                try await services.mirrorBuddy.savePassages([], keyTerms: [], of: material, childId: child, in: scope)
            }
        }
    }

    /// A note for the parents that the coach heard something worrying, once a day at most, and an
    /// e-mail when mail is set up. Never the child's words; a failure is logged, the child's reply goes on.
    func noteDistress(_ caller: Kid) async {
        let (child, scope, now) = (caller.child, caller.session.scope, services.clock.now())
        do {
            guard try await services.mirrorBuddy.addCoachAlert(id: services.ids.next(), kind: CoachSafety.Concern.distress.rawValue,
                                                               childId: child.id, in: scope, now: now, quiet: Self.alertQuiet) else { return }
            guard services.mailer.isEnabled else { return }
            let parents = try await services.families.parents(in: scope)
            try await services.mailer.send(MailMessage(to: parents.map(\.email), subject: "MirrorBuddy: please check in with \(child.name)", body: """
                While studying with MirrorBuddy's coach, \(child.name) wrote something that sounded like distress.

                The coach answered with a caring message and asked \(child.name) to talk to an adult they trust. \
                We do not keep or send what children write, so this note has no words of theirs.

                Please find a quiet moment to check in with \(child.name) today.
                """))
        } catch {
            caller.context.logger.warning("could not leave the parents the coach's note", metadata: ["error": "\(error)"])
        }
    }
}
