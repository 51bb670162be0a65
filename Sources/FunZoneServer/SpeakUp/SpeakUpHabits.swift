import Foundation
import Hummingbird
import SpeechCoach
import Storage

/// What builds a habit: goals the speaker sets (`Goals`), today's challenge (`DailyChallenge`), the
/// streak's milestones and the achievements (`Achievements`), all judged from what the server kept;
/// and the one thing only the page knows, that the speaker listened back to a take (Brave Listener).
struct SpeakUpHabits {
    let services: Services

    func addRoutes(to kid: AccessGroup<Kid>) {
        kid.get("habits", use: habits)
        kid.post("goals", use: addGoal)
        kid.delete("goals/:goalId", use: deleteGoal)
        kid.post("takes/:takeId/listened", use: listened)
    }

    struct GoalView: Codable {
        let id: String
        let kind: GoalTemplate.Kind
        let title: String
        let emoji: String
        let unit: String
        let startedAt: Date
        let endsAt: Date
        let progress: GoalProgress
    }

    struct ChallengeView: Codable {
        let day: String
        let challenge: DailyChallenge
        /// The take that met it today.
        let takeId: String?
    }

    struct AchievementView: Codable {
        let achievement: Achievement
        let state: AchievementState
    }

    struct HabitsResponse: Codable {
        let templates: [GoalTemplate]
        /// Active goals first, then the last 20 reached or missed.
        let goals: [GoalView]
        /// Nil for Show & Tell (its challenges need numbers).
        let challenge: ChallengeView?
        let streak: PracticeCalendar.Streak
        /// The streak milestones reached by the longest run so far.
        let milestones: [Int]
        let achievements: [AchievementView]
    }

    @Sendable func habits(_ request: Request, caller: Kid) async throws -> Reply<HabitsResponse> {
        let calendar = try SpeakUpView.calendar(request.uri.queryParameters.get("tz"), now: services.clock.now())
        let kids = SpeakUpPromptsController.forKids(caller.child)
        let (record, goals) = try await record(caller, calendar: calendar)
        let categories = PromptLibrary.standard.categories(forKids: kids).map(\.id)
        // Brave Listener needs a recording to listen to.
        let keeps = try await services.speakUp.settings(childId: caller.child.id, in: caller.session.scope).keepRecordings
        let achievements = Achievements.forSpeaker(kids: kids, categories: categories.count).filter { keeps || $0.id != .braveListener }
        let states = Achievements.states(achievements, record: record, categories: Set(categories), calendar: calendar)
        let streak = calendar.streak(record.takes.map(\.at))
        let today = calendar.today
        let challenge = kids ? nil
            : ChallengeView(day: today, challenge: DailyChallenge.of(day: today),
                            takeId: DailyChallenge.completion(on: today, takes: record.takes, calendar: calendar)?.id)
        let ordered = goals.filter { $0.progress.status == .active } + goals.filter { $0.progress.status != .active }.prefix(20)
        return Reply(HabitsResponse(templates: Goals.templates, goals: ordered, challenge: challenge, streak: streak,
                                    milestones: PracticeCalendar.milestones.filter { $0 <= streak.longest },
                                    achievements: zip(achievements, states).map(AchievementView.init)))
    }

    struct AddGoalRequest: Codable { let kind: String }

    /// Sets a goal from a template, starting now; one of each kind at a time.
    @Sendable func addGoal(_ request: Request, caller: Kid) async throws -> Reply<GoalView> {
        let body = try await request.decodeJSON(AddGoalRequest.self, context: caller.context)
        guard let kind = GoalTemplate.Kind(rawValue: body.kind) else {
            throw APIError.invalid("kind", "kind must be one of \(GoalTemplate.Kind.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        // The speaker's zone, as GET /habits judged the goals the page shows.
        let calendar = try SpeakUpView.calendar(request.uri.queryParameters.get("tz"), now: services.clock.now())
        let (store, child, scope) = (services.speakUp, caller.child.id, caller.session.scope)
        let running = try await store.goals(childId: child, in: scope).filter { $0.kind == kind && $0.endsAt > calendar.now }
        let takes = running.isEmpty ? [] : try await Self.facts(store.points(childId: child, in: scope))
        if running.contains(where: { Goals.progress(of: $0, takes: takes, calendar: calendar).status == .active }) {
            throw APIError(.goalActive, "You already have a \(Goals.template(kind).title) goal running.")
        }
        let now = services.clock.now()
        let goal = Goal(id: services.ids.next(), kind: kind, startedAt: now, endsAt: now.addingTimeInterval(Double(Goals.template(kind).days) * 86_400))
        try await services.speakUp.addGoal(goal, childId: caller.child.id, in: caller.session.scope)
        return Reply(Self.view(goal, progress: Goals.progress(of: goal, takes: [], calendar: calendar)), status: .created)
    }

    @Sendable func deleteGoal(_ request: Request, caller: Kid) async throws -> Response {
        let id = try caller.context.parameters.require("goalId")
        guard try await services.speakUp.deleteGoal(id: String(id.prefix(80)), childId: caller.child.id, in: caller.session.scope) else {
            throw APIError(.notFound)
        }
        return Response(status: .noContent)
    }

    /// The page started playing one of the speaker's own takes.
    @Sendable func listened(_ request: Request, caller: Kid) async throws -> Response {
        let id = SpeakUpTakeID(rawValue: String(try caller.context.parameters.require("takeId").prefix(80)))
        guard try await services.speakUp.markListened(id: id, at: services.clock.now(), childId: caller.child.id, in: caller.session.scope) else {
            throw APIError(.notFound)
        }
        return Response(status: .noContent)
    }

    /// A take's few numbers the habits are judged on.
    static func facts(_ points: [SpeakUpTakePoint]) -> [TakeFacts] {
        points.map { point in
            TakeFacts(id: point.id.rawValue, at: point.createdAt, seconds: point.seconds, words: point.wordCount, fillers: point.fillerCount,
                      score: point.score, stars: point.stars, wpm: point.digest.speakingWPM, targetWPM: point.digest.targetWPM,
                      category: point.promptId.flatMap { PromptLibrary.standard.prompt(id: $0)?.category }, listenedAt: point.listenedAt)
        }
    }

    static func view(_ goal: Goal, progress: GoalProgress) -> GoalView {
        let template = Goals.template(goal.kind)
        return GoalView(id: goal.id, kind: goal.kind, title: template.title, emoji: template.emoji, unit: template.unit,
                        startedAt: goal.startedAt, endsAt: goal.endsAt, progress: progress)
    }

    /// The speaker's record (takes, practice, course weeks, goals reached) and goals with their progress.
    func record(_ caller: Kid, calendar: PracticeCalendar) async throws -> (SpeakerRecord, [GoalView]) {
        let (store, child, scope) = (services.speakUp, caller.child.id, caller.session.scope)
        let points = try await store.points(childId: child, in: scope)
        let takes = Self.facts(points)
        let evidence = try await store.courseEvidence(childId: child, in: scope, points: points)
        let readings = try await store.passagesRead(childId: child, in: scope)
            .map { CurriculumEvidence.Finished(kind: .readAloud, itemId: $0.passage, at: $0.at, passed: true) }
        let weeks = CurriculumRules.progress(of: Course.weeks, evidence: evidence).weeks.compactMap(\.completedAt)
        let goals = try await store.goals(childId: child, in: scope).map { goal in
            Self.view(goal, progress: Goals.progress(of: goal, takes: takes, calendar: calendar))
        }
        let record = SpeakerRecord(takes: takes, practice: evidence.finished + readings, weeksDone: weeks,
                                   goalsReached: goals.compactMap(\.progress.reachedAt))
        return (record, goals)
    }
}
