import Foundation
import HTTPTypes
import Hub
import Hummingbird
import NIOCore
import Speech
import SpeechCoach
import Storage
import TextRules

/// SpeakUp for the person speaking (a child, a teen or a parent's own profile): today's prompt,
/// recording a take and its analysis, the takes with search, history and settings. Show & Tell
/// (grades 1–4) gets stars and one kind tip instead of numbers.
struct SpeakUpController {
    let services: Services

    /// Takes a family may record in a window: each one keeps a core busy for a while.
    static let takesPerFamily = RateLimit(limit: 30, window: 600)
    static let pageSize = 50

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        let kid = api.app("speakup", services: services).kid(services)
        kid.get("me", use: me)
        kid.get("prompts/today", use: todaysPrompt)
        SpeakUpPromptsController(services: services).addRoutes(to: kid)
        SpeakUpPracticeController(services: services).addRoutes(to: kid)
        SpeakUpCourse(services: services).addRoutes(to: kid)
        SpeakUpHabits(services: services).addRoutes(to: kid)
        SpeakUpExports(services: services).addRoutes(to: kid)
        SpeakUpChallenges(services: services).addRoutes(to: kid)
        kid.get("settings", use: settings)
        kid.put("settings", use: saveSettings)
        kid.post("takes", use: record)
        kid.get("takes", use: list)
        kid.get("takes/:takeId", use: take)
        kid.get("takes/:takeId/audio", use: audio)
        kid.patch("takes/:takeId", use: update)
        kid.delete("takes/:takeId", use: delete)
        kid.get("history", use: history)
        // A WebSocket (see SpeakUpLive); a plain GET answers why none was opened.
        kid.get("live", use: SpeakUpLive(services: services).plainGet)
    }

    // MARK: - Today

    struct MeResponse: Codable {
        struct Today: Codable {
            let prompt: SpeakUpView.Prompt
            let streak: PracticeCalendar.Streak
            let week: Week
            let averageScore: Int?
            let bestScore: Int?
            let takes: Int
        }
        struct Week: Codable { let sessions: Int; let goal: Int }
        struct Storage: Codable { let usedBytes: Int64; let limitBytes: Int64; let keepRecordings: Bool }

        let speaker: SpeakUpView.Speaker
        let settings: SpeakUpView.Settings
        let today: Today
        let storage: Storage
    }

    @Sendable func me(_ request: Request, caller: Kid) async throws -> Reply<MeResponse> {
        let (session, child) = (caller.session, caller.child)
        let calendar = try SpeakUpView.calendar(request.uri.queryParameters.get("tz"), now: services.clock.now())
        let profile = try await services.speakUp.settings(childId: child.id, in: session.scope)
        let points = try await services.speakUp.points(childId: child.id, in: session.scope)
        let scores = points.compactMap(\.score)
        let recent = Array(scores.suffix(20))
        let prompt = try await todaysPrompt(for: child, reroll: 0, calendar: calendar, in: session.scope)
        return Reply(MeResponse(
            speaker: SpeakUpView.Speaker(name: child.name, grade: child.grade, mode: SpeakUpView.mode(grade: child.grade)),
            settings: SpeakUpView.Settings(profile.settings),
            today: .init(prompt: SpeakUpView.Prompt(prompt), streak: calendar.streak(points.map(\.createdAt)),
                         week: .init(sessions: calendar.thisWeek(points.map(\.createdAt)), goal: PracticeCalendar.weeklyGoal),
                         averageScore: SpeakUpView.roundedMean(recent),
                         bestScore: scores.max(), takes: points.count),
            storage: .init(usedBytes: try await services.speakUp.audioBytes(childId: child.id, in: session.scope),
                           limitBytes: SpeakUpLimits.storedAudioBytesPerProfile, keepRecordings: profile.keepRecordings)))
    }

    @Sendable func todaysPrompt(_ request: Request, caller: Kid) async throws -> Reply<SpeakUpView.Prompt> {
        let query = request.uri.queryParameters
        guard let reroll = Int(query.get("reroll") ?? "0"), (0...1000).contains(reroll) else {
            throw APIError.invalid("reroll", "reroll must be a whole number from 0 to 1000.")
        }
        let calendar = try SpeakUpView.calendar(query.get("tz"), now: services.clock.now())
        return Reply(SpeakUpView.Prompt(try await todaysPrompt(for: caller.child, reroll: reroll, calendar: calendar, in: caller.session.scope)))
    }

    private func todaysPrompt(for child: Child, reroll: Int, calendar: PracticeCalendar, in scope: FamilyScope) async throws -> SpeakingPrompt {
        let answered = Set(try await services.speakUp.answeredPrompts(childId: child.id, in: scope))
        return PromptLibrary.standard.today(speaker: child.id.rawValue, day: calendar.today, reroll: reroll,
                                            kids: SpeakUpView.mode(grade: child.grade) == .showAndTell, answered: answered)
    }

    // MARK: - Settings

    struct SettingsRequest: Codable {
        let targetWPM: Int?
        let learnTarget: Bool?
        let countdown: Int?
        let defaultSeconds: Int?
        let timerEnd: SpeakUpSettings.TimerEnd?
        let fillers: SpeakUpView.Settings.Fillers?
        let weights: [String: Int]?
        let trackPauses: Bool?
        let trackFillers: Bool?
    }

    @Sendable func settings(_ request: Request, caller: Kid) async throws -> Reply<SpeakUpView.Settings> {
        Reply(SpeakUpView.Settings(try await services.speakUp.settings(childId: caller.child.id, in: caller.session.scope).settings))
    }

    /// Changes what the body names; weights must be all nine and total 100 %. Behind the parent gate
    /// (a fresh gate pass, spent by a save that succeeds, or the open parent area), as every setting is.
    @Sendable func saveSettings(_ request: Request, caller: Kid) async throws -> Reply<SpeakUpView.Settings> {
        let (session, child) = (caller.session, caller.child)
        let body = try await request.decodeJSON(SettingsRequest.self, context: caller.context)
        let usesGatePass = try services.requireGrownUp(session)
        var settings = try await services.speakUp.settings(childId: child.id, in: session.scope).settings
        if let value = body.targetWPM { settings.coach.targetWPM = value }
        if let value = body.learnTarget { settings.coach.autoPace = value }
        if let value = body.countdown { settings.countdown = value }
        if let value = body.defaultSeconds { settings.defaultSeconds = value }
        if let value = body.timerEnd { settings.timerEnd = value }
        if let value = body.trackPauses { settings.coach.trackPauses = value }
        if let value = body.trackFillers { settings.coach.trackFillers = value }
        if let fillers = body.fillers {
            settings.coach.fillers = FillerLists(alwaysFillers: fillers.always, contextFillers: fillers.context, removedDefaults: fillers.removed)
        }
        if let weights = body.weights {
            var table: [SpeechCoach.Dimension: Int] = [:]
            for (name, value) in weights {
                guard let dimension = SpeechCoach.Dimension(rawValue: name) else { throw APIError.invalid("weights", "There is no score part \"\(name.prefix(30))\".") }
                table[dimension] = value
            }
            guard table.count == SpeechCoach.Dimension.allCases.count else {
                throw APIError.invalid("weights", "Give all nine weights: \(SpeechCoach.Dimension.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            settings.coach.weights = ScoreWeights(table)
        }
        let valid = try settings.validated()
        try await services.speakUp.saveSettings(valid, childId: child.id, in: session.scope, now: services.clock.now())
        if usesGatePass { try await services.spendGatePass(session) }
        return Reply(SpeakUpView.Settings(valid))
    }

    // MARK: - Takes

    struct TakeList: Codable {
        let takes: [SpeakUpView.Summary]
        let next: String?
    }

    @Sendable func list(_ request: Request, caller: Kid) async throws -> Reply<TakeList> {
        let query = request.uri.queryParameters
        let limit = min(Self.pageSize, max(1, Int(query.get("limit") ?? "") ?? Self.pageSize))
        let favorites: Bool
        switch query.get("filter") ?? "all" {
        case "all": favorites = false
        case "favorites": favorites = true
        default: throw APIError.invalid("filter", "filter must be all or favorites.")
        }
        let search = try query.get("q").flatMap { raw -> SearchQuery? in
            guard TextRules.fits(raw, characters: 200) else { throw APIError.invalid("q", "Search for at most 200 characters.") }
            return SearchQuery(raw)
        }
        let cursor = try query.get("before").map(Self.cursor)
        let takes = try await services.speakUp.takes(childId: caller.child.id, in: caller.session.scope, query: search, favoritesOnly: favorites,
                                                     before: cursor, limit: limit)
        let next = takes.count == limit ? takes.last.map { "\($0.createdAt.timeIntervalSince1970)_\($0.id)" } : nil
        return Reply(TakeList(takes: takes.map(SpeakUpView.Summary.init), next: next))
    }

    static func cursor(_ raw: String) throws -> SpeakUpTakeCursor {
        let parts = raw.split(separator: "_", maxSplits: 1).map(String.init)
        guard parts.count == 2, let seconds = Double(parts[0]), seconds.isFinite, abs(seconds) < 1e11 else {
            throw APIError.invalid("before", "before must be the next value a list answered.")
        }
        return SpeakUpTakeCursor(createdAt: Date(timeIntervalSince1970: seconds), id: SpeakUpTakeID(parts[1]))
    }

    @Sendable func take(_ request: Request, caller: Kid) async throws -> Reply<SpeakUpView.Take> {
        let (session, child) = (caller.session, caller.child)
        guard let take = try await services.speakUp.take(id: try caller.context.parameters.id("takeId"), childId: child.id, in: session.scope)
        else { throw APIError.notFound("take") }
        return Reply(try await SpeakUpTakeViews(services: services).view(of: take, child: child, in: session.scope))
    }

    /// The recording as Ogg Opus, or `?format=wav` for a browser that cannot play Opus.
    @Sendable func audio(_ request: Request, caller: Kid) async throws -> Response {
        try await SpeakUpTakeViews(services: services).recording(request, takeId: try caller.context.parameters.id("takeId"),
                                                                 childId: caller.child.id, in: caller.session.scope)
    }

    struct UpdateRequest: Codable {
        let title: String?
        let favorite: Bool?
    }

    @Sendable func update(_ request: Request, caller: Kid) async throws -> Reply<SpeakUpView.Summary> {
        let (session, child) = (caller.session, caller.child)
        let id: SpeakUpTakeID = try caller.context.parameters.id("takeId")
        let body = try await request.decodeJSON(UpdateRequest.self, context: caller.context)
        let title = try body.title.map { raw in
            let title = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !title.isEmpty, TextRules.fits(title, characters: 80) else { throw APIError.invalid("title", "A title has 1 to 80 characters.") }
            return title
        }
        guard try await services.speakUp.update(id: id, childId: child.id, in: session.scope, title: title, favorite: body.favorite),
              let summary = try await services.speakUp.summary(id: id, childId: child.id, in: session.scope)
        else { throw APIError.notFound("take") }
        return Reply(SpeakUpView.Summary(summary))
    }

    /// Deletes the take and its recording.
    @Sendable func delete(_ request: Request, caller: Kid) async throws -> NoContent {
        let (session, child) = (caller.session, caller.child)
        let result = try await services.speakUp.delete(id: try caller.context.parameters.id("takeId"), childId: child.id, in: session.scope)
        guard result.deleted else { throw APIError.notFound("take") }
        if let key = result.audioKey { try await services.blobs.delete(key: key) }
        return NoContent()
    }

    // MARK: - History

    @Sendable func history(_ request: Request, caller: Kid) async throws -> Reply<SpeakUpHistory> {
        let query = request.uri.queryParameters
        let calendar = try SpeakUpView.calendar(query.get("tz"), now: services.clock.now())
        let days: Int?
        switch query.get("range") ?? "30" {
        case "7": days = 7
        case "30": days = 30
        case "90": days = 90
        case "all": days = nil
        default: throw APIError.invalid("range", "range must be 7, 30, 90 or all.")
        }
        let points = try await services.speakUp.points(childId: caller.child.id, in: caller.session.scope)
        return Reply(SpeakUpHistory(points, calendar: calendar, days: days))
    }
}
