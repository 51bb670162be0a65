import Foundation
import Hummingbird
import SpeechCoach
import Storage

/// SpeakUp's course (`Course`): the weeks with where the person is, and ticking a reading or a
/// review. Practices, drills and exercises are never ticked: they complete on what the server
/// kept (a take that meets the practice, a drill that passed, an exercise finished), so the course
/// moves on only when the work was done.
struct SpeakUpCourse {
    let services: Services

    func addRoutes(to kid: AccessGroup<Kid>) {
        kid.get("course", use: course)
        kid.post("course/:activityId/done", use: tick)
    }

    struct CourseResponse: Codable {
        let weeks: [CurriculumWeek]
        let progress: CurriculumProgress
    }

    @Sendable func course(_ request: Request, caller: Kid) async throws -> Reply<CourseResponse> {
        Reply(CourseResponse(weeks: Course.weeks, progress: try await progress(caller)))
    }

    /// Ticks a reading, or a review once there are takes enough to look back on; its week must be open.
    @Sendable func tick(_ request: Request, caller: Kid) async throws -> Reply<CurriculumProgress> {
        let id = try caller.context.parameters.require("activityId")
        guard let activity = Course.activity(id: id) else {
            throw APIError(.notFound, "There is no lesson activity \"\(id.prefix(40))\".")
        }
        guard activity.isTicked else {
            throw APIError.invalid("activity", "\(activity.title) completes on its own when the server has your \(activity.kind.rawValue): there is nothing to tick.")
        }
        let before = try await progress(caller)
        guard let state = before.state(of: id), state.status != .locked else { throw APIError(.lessonLocked) }
        if state.status == .done { return Reply(before) }
        if let needed = activity.reviewTakes {
            let takes = try await services.speakUp.takeCount(childId: caller.child.id, in: caller.session.scope)
            guard takes >= needed else {
                throw APIError(.reviewNeedsTakes, "This review looks back on \(needed) \(needed == 1 ? "take" : "takes"); you have \(takes) so far.")
            }
        }
        try await services.speakUp.tick(activityId: id, at: services.clock.now(), childId: caller.child.id, in: caller.session.scope)
        return Reply(try await progress(caller))
    }

    private func progress(_ caller: Kid) async throws -> CurriculumProgress {
        let evidence = try await services.speakUp.courseEvidence(childId: caller.child.id, in: caller.session.scope)
        return CurriculumRules.progress(of: Course.weeks, evidence: evidence)
    }
}
