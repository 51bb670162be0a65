import Foundation
import Hummingbird
import Storage
import Study

/// MirrorBuddy for the student: who they are with their reading settings, subjects, progress and
/// task counts (`me`), the settings and the accessibility profiles, study time (the focus timer
/// and Pomodoros) and the progress it earns. Subjects, materials and tasks have controllers of their own.
struct MirrorBuddyController {
    let services: Services

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        let kid = api.app("mirrorbuddy", services: services).kid(services)
        kid.get("me", use: me)
        kid.get("settings", use: settings)
        kid.put("settings", use: saveSettings)
        kid.post("settings/preset", use: applyPreset)
        kid.get("progress", use: progress)
        kid.post("sessions", use: addStretch)
        MirrorBuddySubjects(services: services).addRoutes(to: kid)
        MirrorBuddyMaterials(services: services).addRoutes(to: kid)
        MirrorBuddyUploads(services: services).addRoutes(to: kid)
        MirrorBuddyTasks(services: services).addRoutes(to: kid)
        MirrorBuddyVoice(services: services).addRoutes(to: kid)
        MirrorBuddyCards(services: services).addRoutes(to: kid)
        MirrorBuddyMaps(services: services).addRoutes(to: kid)
        MirrorBuddyQuizzes(services: services).addRoutes(to: kid)
        MirrorBuddyCoach(services: services).addRoutes(to: kid)
        MirrorBuddyHomework(services: services).addRoutes(to: kid)
    }

    struct Profile: Codable {
        let id: AccessibilityProfile
        let icon: String
    }

    struct MeResponse: Codable {
        struct Student: Codable { let name: String; let grade: Int }
        let student: Student
        let settings: ReadingSettings
        let profiles: [Profile]
        let subjects: [MirrorBuddyView.SubjectView]
        let progress: MirrorBuddyView.Progress
        let taskCounts: [String: Int]
    }

    @Sendable func me(_ request: Request, caller: Kid) async throws -> Reply<MeResponse> {
        let (child, scope) = (caller.child, caller.session.scope)
        let days = try MirrorBuddyView.days(request.uri.queryParameters.get("tz"), now: services.clock.now())
        let settings = try await Self.settings(of: caller, services: services)
        let subjects = try await services.mirrorBuddy.subjects(childId: child.id, in: scope)
        let counts = try await services.mirrorBuddy.subjectCounts(childId: child.id, in: scope)
        let tasks = try await services.mirrorBuddy.tasks(childId: child.id, in: scope)
        var taskCounts = Dictionary(uniqueKeysWithValues: TaskSection.allCases.map { ($0.rawValue, 0) })
        for task in tasks { taskCounts[StudyTasks.section(of: task, days: days).rawValue, default: 0] += 1 }
        return Reply(MeResponse(
            student: .init(name: child.name, grade: child.grade), settings: settings,
            profiles: AccessibilityProfile.allCases.map { Profile(id: $0, icon: $0.icon) },
            subjects: subjects.map { MirrorBuddyView.SubjectView($0, counts: counts[$0.id]) },
            progress: try await Self.progress(of: caller, days: days, services: services), taskCounts: taskCounts))
    }

    /// The student's settings, or the starting ones (Italian) before any were saved.
    static func settings(of caller: Kid, services: Services) async throws -> ReadingSettings {
        try await services.mirrorBuddy.settings(childId: caller.child.id, in: caller.session.scope) ?? .starting(language: .it)
    }

    static func progress(of caller: Kid, days: StudyDays, services: Services) async throws -> MirrorBuddyView.Progress {
        let facts = try await services.mirrorBuddy.facts(childId: caller.child.id, in: caller.session.scope)
        return MirrorBuddyView.Progress(StudyProgress.summary(facts, days: days))
    }

    // MARK: - Settings

    @Sendable func settings(_ request: Request, caller: Kid) async throws -> Reply<ReadingSettings> {
        Reply(try await Self.settings(of: caller, services: services))
    }

    /// Saves the whole settings object (a key left out keeps its default); a change by hand clears the profile mark.
    @Sendable func saveSettings(_ request: Request, caller: Kid) async throws -> Reply<ReadingSettings> {
        let new = try await request.decodeJSON(ReadingSettings.self, context: caller.context, limit: 4096)
        let old = try await Self.settings(of: caller, services: services)
        let kept = try ReadingSettings.saving(new, over: old)
        try await services.mirrorBuddy.saveSettings(kept, childId: caller.child.id, in: caller.session.scope, now: services.clock.now())
        return Reply(kept)
    }

    struct PresetRequest: Codable { let preset: String }

    /// An accessibility profile merged onto the settings, the recommended reading preset, or a reset.
    @Sendable func applyPreset(_ request: Request, caller: Kid) async throws -> Reply<ReadingSettings> {
        let body = try await request.decodeJSON(PresetRequest.self, context: caller.context, limit: 256)
        guard let preset = ReadingPreset(body.preset) else {
            let names = AccessibilityProfile.allCases.map(\.rawValue) + ["recommended", "reset"]
            throw APIError.invalid("preset", "preset must be one of \(names.joined(separator: ", ")).")
        }
        let kept = preset.applied(to: try await Self.settings(of: caller, services: services))
        try await services.mirrorBuddy.saveSettings(kept, childId: caller.child.id, in: caller.session.scope, now: services.clock.now())
        return Reply(kept)
    }

    // MARK: - Progress and study time

    @Sendable func progress(_ request: Request, caller: Kid) async throws -> Reply<MirrorBuddyView.Progress> {
        let days = try MirrorBuddyView.days(request.uri.queryParameters.get("tz"), now: services.clock.now())
        return Reply(try await Self.progress(of: caller, days: days, services: services))
    }

    struct StretchRequest: Codable {
        /// The page's own record of when it began; not used (the stretch is placed as ending now).
        let startedAt: Date?
        let minutes: Double
        let subjectId: String?
        let taskId: String?
        let pomodoro: Bool?
    }

    struct EarnedResponse: Codable {
        let xp: Int
        let progress: MirrorBuddyView.Progress
        /// Badges this unlocked, by id.
        let unlocked: [StudyBadge.ID]
    }

    /// One finished stretch of study (the timer stopped, or a Pomodoro's work part ended), placed as ending now.
    @Sendable func addStretch(_ request: Request, caller: Kid) async throws -> Reply<EarnedResponse> {
        let body = try await request.decodeJSON(StretchRequest.self, context: caller.context, limit: 1024)
        let (child, scope, now) = (caller.child, caller.session.scope, services.clock.now())
        let days = try MirrorBuddyView.days(request.uri.queryParameters.get("tz"), now: now)
        try StudyStretches.check(minutes: body.minutes)
        let settings = try await Self.settings(of: caller, services: services)
        let subjectId = try await MirrorBuddySubjects.existing(body.subjectId, caller: caller, services: services)
        var taskId: String? = nil
        if let id = body.taskId {
            guard let task = try await services.mirrorBuddy.task(id: String(id.prefix(80)), childId: child.id, in: scope) else { throw APIError.notFound("task") }
            taskId = task.id
        }
        let stretch = StudyStretch(id: services.ids.next(), start: StudyStretches.start(minutes: body.minutes, now: now), minutes: body.minutes, subjectId: subjectId, taskId: taskId,
                                   pomodoro: (body.pomodoro ?? false) && StudyStretches.isWholePomodoro(minutes: body.minutes, adhd: settings.adhdMode))
        return Reply(try await Self.earning(caller: caller, days: days, services: services) {
            let adhd = settings.adhdMode
            try await services.mirrorBuddy.addStretch(stretch, childId: child.id, in: scope,
                                                      wholePomodoro: { StudyStretches.isWholePomodoro(minutes: $0, adhd: adhd) })
        }, status: .created)
    }

    /// Progress before and after `change`: the XP it earned (badges and quests included) and the badges it unlocked.
    static func earning(caller: Kid, days: StudyDays, services: Services, _ change: () async throws -> Void) async throws -> EarnedResponse {
        let facts = { try await services.mirrorBuddy.facts(childId: caller.child.id, in: caller.session.scope) }
        let before = StudyProgress.summary(try await facts(), days: days)
        try await change()
        let after = StudyProgress.summary(try await facts(), days: days)
        let was = Set(before.badges.filter { $0.unlockedAt != nil }.map(\.badge.id))
        return EarnedResponse(xp: max(0, after.xp - before.xp), progress: MirrorBuddyView.Progress(after),
                              unlocked: after.badges.filter { $0.unlockedAt != nil && !was.contains($0.badge.id) }.map(\.badge.id))
    }
}
