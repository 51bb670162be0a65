import Foundation
import Hummingbird
import Speech
import SpeechCoach
import Storage

/// SpeakUp's drills: a short recording with one thing to practise (`Drills`), recorded live on
/// WS /api/speakup/live?drill=… (the counts come back as the person speaks) or, when the stream
/// broke, uploaded whole to POST /api/speakup/drills/:drillId. Either way the server hears the
/// recording, the coach analyses it, `Drills.judge` scores it, and the result is kept in the
/// practice log (History shows it); the audio is not kept.
struct SpeakUpDrills {
    let services: Services

    /// A drill and, for Impromptu Sprint, its topic.
    struct Plan: Sendable {
        let drill: Drill
        let topic: String?

        /// The longest recording the drill takes, in samples.
        var maximumSamples: Int { Int((Double(drill.seconds) + Drills.slackSeconds) * 16_000) }
    }

    func addRoutes(to kid: AccessGroup<Kid>) {
        kid.post("drills/:drillId", use: upload)
    }

    /// The drill named `id` with the topic that `topic` (an index into `Drills.topics`) picks.
    static func plan(id: String, topic: String?) throws -> Plan {
        guard let kind = Drill.Kind(rawValue: id) else {
            throw APIError.invalid("drill", "There is no drill \"\(id.prefix(40))\": \(Drill.Kind.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        guard kind == .impromptuSprint else { return Plan(drill: Drills.drill(kind), topic: nil) }
        guard let topic, let index = Int(topic), Drills.topics.indices.contains(index) else {
            throw APIError.invalid("topic", "Impromptu Sprint needs a topic: a number from 0 to \(Drills.topics.count - 1).")
        }
        return Plan(drill: Drills.drill(kind), topic: Drills.topics[index])
    }

    /// A drill's recording sent whole (a WAV of at most the drill's length and a few seconds).
    @Sendable func upload(_ request: Request, caller: Kid) async throws -> Reply<SpeakUpPracticeController.Item> {
        let plan = try Self.plan(id: try caller.context.parameters.require("drillId"), topic: request.uri.queryParameters.get("topic"))
        let (_, features) = try await SpeakUpController.heard(request, caller: caller, services: services, maximumSamples: plan.maximumSamples,
            tooLong: "\(plan.drill.title) lasts \(plan.drill.seconds) seconds: this recording is longer, so it was not judged.")
        return Reply(try await judge(plan, features: features, caller: caller), status: .created)
    }

    /// The coach's analysis of the recording with the speaker's settings (their learned pace too),
    /// judged as the drill and kept in the practice log.
    func judge(_ plan: Plan, features: TakeFeatures, caller: Kid) async throws -> SpeakUpPracticeController.Item {
        let (session, child) = (caller.session, caller.child)
        let profile = try await services.speakUp.settings(childId: child.id, in: session.scope)
        let earlier = try await services.speakUp.recentDigests(childId: child.id, in: session.scope, limit: CoachPlan.window)
        var coach = profile.settings.coach
        coach.learnedWPM = PaceTarget.learned(from: earlier.map(\.paceSample))
        let analysis = try Coach.analyze(features.input(prompt: plan.topic, settings: coach))
        let result = Drills.judge(plan.drill, analysis: analysis, levels: features.levels, topic: plan.topic)
        let practice = SpeakUpPractice(id: services.ids.next(), kind: .drill, itemId: plan.drill.id.rawValue, createdAt: services.clock.now(),
                                       seconds: (features.duration * 10).rounded() / 10, drill: result)
        try await services.speakUp.addPractice(practice, childId: child.id, in: session.scope)
        return SpeakUpPracticeController.Item(practice)
    }
}
