import Foundation
import Hummingbird
import SpeechCoach
import Storage

/// Family challenges: a speaker sends one of their takes on a prompt to someone else in the family as
/// a bar to beat; that person's takes on the same prompt answer it (each says whether it beat the bar;
/// one take answers every open challenge on its prompt) until one beats it or two weeks pass. The
/// challenger sees how it went.
struct SpeakUpChallenges {
    let services: Services

    func addRoutes(to kid: AccessGroup<Kid>) {
        kid.get("challenges", use: list)
        kid.post("challenges", use: send)
        kid.delete("challenges/:challengeId", use: delete)
    }

    struct ChallengeView: Codable {
        let id: String
        let from: SpeakUpView.Person?
        let to: SpeakUpView.Person?
        let promptId: String
        let promptText: String?
        let promptSeconds: Int?
        let measure: FamilyChallenge.Measure
        let target: Int
        let status: FamilyChallenge.Status
        let best: Int?
        let tries: Int
        let createdAt: Date
        let expiresAt: Date
    }

    struct ListResponse: Codable {
        /// Everyone else in the family, who can be challenged.
        let people: [SpeakUpView.Person]
        /// Sent to this speaker: open first, then the last 30 days' others.
        let incoming: [ChallengeView]
        /// Sent by this speaker in the last 30 days.
        let sent: [ChallengeView]
    }

    @Sendable func list(_ request: Request, caller: Kid) async throws -> Reply<ListResponse> {
        let (child, scope, now) = (caller.child, caller.session.scope, services.clock.now())
        let family = try await services.children.children(in: scope)
        let all = try await services.speakUp.challenges(childId: child.id, in: scope, since: now.addingTimeInterval(-30 * 86_400))
        let views = all.map { view($0, family: family, now: now) }
        let incoming = views.filter { $0.to?.id == child.id.rawValue }
        return Reply(ListResponse(people: family.filter { $0.id != child.id }.map(Self.person),
                                  incoming: incoming.filter { $0.status == .open } + incoming.filter { $0.status != .open },
                                  sent: views.filter { $0.from?.id == child.id.rawValue }))
    }

    struct SendRequest: Codable {
        let takeId: String
        let toChildId: String
    }

    /// Sends one of the speaker's takes as a challenge to someone else in the family.
    @Sendable func send(_ request: Request, caller: Kid) async throws -> Reply<ChallengeView> {
        let body = try await request.decodeJSON(SendRequest.self, context: caller.context, limit: 1024)
        let (child, scope, now) = (caller.child, caller.session.scope, services.clock.now())
        let toId = ChildID(rawValue: String(body.toChildId.prefix(80)))
        guard toId != child.id else { throw APIError.invalid("toChildId", "Challenge someone else in the family.") }
        guard let take = try await services.speakUp.take(id: SpeakUpTakeID(rawValue: String(body.takeId.prefix(80))), childId: child.id, in: scope) else {
            throw APIError.notFound("take")
        }
        guard let to = try await services.children.child(id: toId, in: scope) else { throw APIError.notFound("person") }
        guard let promptId = take.promptId, PromptLibrary.standard.prompt(id: promptId) ?? Course.prompt(id: promptId) != nil else {
            throw APIError.invalid("takeId", "A challenge needs a take on one of SpeakUp's prompts, so the other person can answer the same one.")
        }
        let bar: (measure: FamilyChallenge.Measure, target: Int)
        do {
            bar = try FamilyChallenges.bar(promptId: promptId, analysis: take.analysis, stars: take.stars)
        } catch {
            throw APIError.invalid("takeId", "That take was too short or unclear to score, so there is nothing to beat. Pick a scored one.")
        }
        let challenge = FamilyChallenge(id: services.ids.next(), fromChildId: child.id.rawValue, toChildId: to.id.rawValue, promptId: promptId,
                                        fromTakeId: take.id.rawValue, measure: bar.measure, target: bar.target, createdAt: now,
                                        expiresAt: now.addingTimeInterval(FamilyChallenges.lifetime))
        switch try await services.speakUp.addChallenge(challenge, openLimit: FamilyChallenges.openPerChallenger, in: scope) {
        case .added: break
        case .alreadyOpen: throw APIError(.challengeOpen, "\(to.name) already has your challenge on this prompt.")
        case .tooMany: throw APIError(.tooManyChallenges)
        }
        return Reply(view(challenge, family: [child, to], now: now), status: .created)
    }

    /// The challenger takes it back, or the one challenged turns it down.
    @Sendable func delete(_ request: Request, caller: Kid) async throws -> Response {
        let id = String(try caller.context.parameters.require("challengeId").prefix(80))
        guard try await services.speakUp.deleteChallenge(id: id, childId: caller.child.id, in: caller.session.scope) else { throw APIError(.notFound) }
        return Response(status: .noContent)
    }

    // MARK: - Answering

    /// A new take answers every open challenge sent to its speaker on its prompt (Mum's and Leo's alike).
    func answer(with take: SpeakUpTake, in scope: FamilyScope) async throws {
        guard let promptId = take.promptId else { return }
        for challenge in try await services.speakUp.challenges(to: take.childId, promptId: promptId, in: scope)
        where FamilyChallenges.answers(challenge, childId: take.childId.rawValue, promptId: promptId, at: take.createdAt) {
            let value = FamilyChallenges.value(of: take.analysis, stars: take.stars, in: challenge.measure)
            try await services.speakUp.answerChallenge(id: challenge.id, takeId: take.id, value: value,
                                                       beaten: FamilyChallenges.outcome(value, against: challenge.target) == .beaten,
                                                       at: take.createdAt, in: scope)
        }
    }

    /// What a take did against each challenge it answered, for its page.
    func answers(of takeId: SpeakUpTakeID, in scope: FamilyScope) async throws -> [SpeakUpView.ChallengeAnswer] {
        var answers: [SpeakUpView.ChallengeAnswer] = []
        for (challenge, value) in try await services.speakUp.challengeAnswers(takeId: takeId, in: scope) {
            let from = try await services.children.child(id: ChildID(rawValue: challenge.fromChildId), in: scope)
            answers.append(SpeakUpView.ChallengeAnswer(id: challenge.id, from: from.map(Self.person), measure: challenge.measure,
                                                       target: challenge.target, value: value,
                                                       outcome: FamilyChallenges.outcome(value, against: challenge.target)))
        }
        return answers
    }

    // MARK: - Views

    func view(_ challenge: FamilyChallenge, family: [Child], now: Date) -> ChallengeView {
        let prompt = PromptLibrary.standard.prompt(id: challenge.promptId) ?? Course.prompt(id: challenge.promptId)
        let person = { (id: String) in family.first { $0.id.rawValue == id }.map(Self.person) }
        return ChallengeView(id: challenge.id, from: person(challenge.fromChildId), to: person(challenge.toChildId), promptId: challenge.promptId,
                             promptText: prompt?.text, promptSeconds: prompt?.seconds, measure: challenge.measure, target: challenge.target,
                             status: challenge.status(at: now), best: challenge.best, tries: challenge.tries, createdAt: challenge.createdAt,
                             expiresAt: challenge.expiresAt)
    }

    static func person(_ child: Child) -> SpeakUpView.Person {
        SpeakUpView.Person(id: child.id.rawValue, name: child.name, avatar: child.avatar, showAndTell: SpeakUpView.mode(grade: child.grade) == .showAndTell)
    }
}
