import Foundation
import Hub
import Hummingbird
import Storage

/// The parent gate (a multiplication, three tries, then a minute's lock) and the parent password
/// that follows it to open the parent area.
struct ParentGateController {
    let services: Services

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        let signedIn = api.signedIn()
        signedIn.post("gate/challenge", use: challenge)
        signedIn.post("gate/answer", use: answer)
        signedIn.post("parent/unlock", use: unlock)
        signedIn.post("parent/lock", use: lock)
    }

    struct ChallengeResponse: Codable {
        let question: String
        let left: Int
        let right: Int
        let expiresAt: Date
    }

    @Sendable func challenge(_ request: Request, caller: SignedIn) async throws -> Reply<ChallengeResponse> {
        let session = caller.session
        let now = services.clock.now()
        var generator = services.random.generator
        let challenge = try ParentGate.challenge(state: session.stored.gate, now: now, using: &generator)
        try await services.sessions.setGateChallenge(left: challenge.left, right: challenge.right, issuedAt: now,
                                                     tokenHash: session.tokenHash)
        return Reply(ChallengeResponse(
            question: challenge.question, left: challenge.left, right: challenge.right,
            expiresAt: now.addingTimeInterval(ParentGate.challengeLifetime)), status: .created)
    }

    struct AnswerRequest: Codable { let answer: Int }
    struct AnswerResponse: Codable { let passed: Bool }

    @Sendable func answer(_ request: Request, caller: SignedIn) async throws -> Reply<AnswerResponse> {
        let session = caller.session
        let body = try await request.decodeJSON(AnswerRequest.self, context: caller.context)
        guard let challenge = session.stored.gateChallenge else { throw APIError(.gateNoQuestion) }
        let now = services.clock.now()
        let (outcome, next) = try ParentGate.answer(body.answer, to: challenge, state: session.stored.gate, now: now)
        let recorded = try await services.sessions.recordGateAnswer(
            tokenHash: session.tokenHash, answeredIssuedAt: challenge.issuedAt, failures: next.failures,
            lockedUntil: next.lockedUntil, passedAt: outcome == .passed ? now : nil)
        guard recorded else {
            throw APIError(.gateNoQuestion, "That question was already answered. Ask for a new one.")
        }
        switch outcome {
        case .passed: return Reply(AnswerResponse(passed: true))
        case .wrong(let attemptsLeft): throw HubError.wrongGateAnswer(attemptsLeft: attemptsLeft)
        case .locked(let until): throw HubError.gateLocked(until: until)
        }
    }

    struct UnlockRequest: Codable { let password: String }

    /// The parent password, accepted only just after the gate was passed on this device.
    @Sendable func unlock(_ request: Request, caller: SignedIn) async throws -> NoContent {
        let session = caller.session
        let body = try await request.decodeJSON(UnlockRequest.self, context: caller.context)
        guard services.hasGatePass(session) else {
            throw APIError(.gateRequired)
        }
        _ = try await services.familyParent(password: body.password, session: session)
        try await services.sessions.setParentActive(services.clock.now(), tokenHash: session.tokenHash)
        try await services.sessions.consumeGatePass(tokenHash: session.tokenHash)
        return NoContent()
    }

    @Sendable func lock(_ request: Request, caller: SignedIn) async throws -> NoContent {
        let session = caller.session
        try await services.sessions.setParentActive(nil, tokenHash: session.tokenHash)
        return NoContent()
    }
}
