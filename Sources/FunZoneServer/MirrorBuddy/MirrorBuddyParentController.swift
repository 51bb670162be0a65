import Foundation
import Hummingbird
import Storage
import Study

/// MirrorBuddy in the parent area: each student's diary, a week at a time (`Study.StudyDiary`):
/// minutes a day and a subject, the streak calendar, materials, cards and how well they are
/// remembered, quizzes and mastery by subject, tasks on time or late.
struct MirrorBuddyParentController {
    let services: Services

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        let parentArea = api.parentArea(services)
        parentArea.get("parent/mirrorbuddy/children/:childId/diary", use: diary)
        MirrorBuddyStudentData(services: services).addRoutes(to: parentArea)
        parentArea.get("parent/mirrorbuddy/digest", use: digest)
        parentArea.put("parent/mirrorbuddy/digest", use: saveDigest)
    }

    struct DiaryResponse: Codable {
        let childId: ChildID
        let week: StudyWeek
        /// The Monday of the week before and after (nil after: the week shown is this one).
        let previousWeek: String
        let nextWeek: String?
        let progress: MirrorBuddyView.Progress
        let mastery: [MirrorBuddyView.MasteryView]
        let materials: Int
        let cards: Int
        let cardsDue: Int
        /// The student's subjects, to name the ids above.
        let subjects: [SubjectName]
        /// The week's notes from the coach: when the student wrote something worrying (never the words).
        let coachNotes: [CoachNote]
    }

    struct CoachNote: Codable {
        let kind: String
        let at: Date
    }

    struct SubjectName: Codable {
        let id: String
        let name: String
        let emoji: String
        let colour: String
    }

    /// `?week=2026-11-23` (any day of the week wanted; this week without it) and `?tz=` (the student's days).
    @Sendable func diary(_ request: Request, caller: Parent) async throws -> Reply<DiaryResponse> {
        let scope = caller.session.scope
        guard let child = try await services.children.child(id: try caller.context.parameters.id("childId"), in: scope) else {
            throw APIError.notFound("child")
        }
        let now = services.clock.now()
        let days = try MirrorBuddyView.days(request.uri.queryParameters.get("tz"), now: now)
        let wanted = try Self.day(request.uri.queryParameters.get("week"), days: days) ?? now
        guard days.weekStart(wanted) <= days.weekStart(now) else { throw APIError.invalid("week", "That week has not begun yet.") }
        return Reply(try await Self.diary(of: child, in: scope, week: wanted, days: days, services: services))
    }

    /// The child's diary for the week holding `wanted`, on `days`' calendar (the page's, the digest's).
    static func diary(of child: Child, in scope: FamilyScope, week wanted: Date, days: StudyDays, services: Services) async throws -> DiaryResponse {
        let now = days.now
        let monday = days.calendar.dateInterval(of: .weekOfYear, for: wanted)?.start ?? wanted
        let next = days.calendar.date(byAdding: .day, value: 7, to: monday) ?? monday
        // The progress ledger whole (the streak and its calendar); answers and quizzes of the week only.
        let (since, until) = (monday.addingTimeInterval(-86_400), next.addingTimeInterval(86_400))
        let store = services.mirrorBuddy
        let progress = try await store.facts(childId: child.id, in: scope)
        let answers = try await store.quizAnswers(childId: child.id, in: scope)
        let mastery = Mastery.bySubject(answers)
        let facts = DiaryFacts(progress: progress, tasks: try await store.tasks(childId: child.id, in: scope),
                               reviews: try await store.cardReviews(childId: child.id, in: scope, since: since, until: until),
                               quizzes: try await store.finishedQuizzes(childId: child.id, in: scope, since: since, until: until), mastery: mastery)
        let week = StudyDiary.week(of: wanted, facts, days: days)
        let counts = try await store.cardCounts(childId: child.id, in: scope, now: now)
        return DiaryResponse(
            childId: child.id, week: week,
            previousWeek: days.key(days.calendar.date(byAdding: .day, value: -7, to: monday) ?? monday),
            nextWeek: next > now ? nil : days.key(next),
            progress: MirrorBuddyView.Progress(StudyProgress.summary(progress, days: days)),
            mastery: mastery.map { MirrorBuddyView.MasteryView(subjectId: $0.key, $0.value) }
                .sorted { ($0.level, $0.subjectId ?? "") < ($1.level, $1.subjectId ?? "") },
            materials: try await store.materialCount(childId: child.id, in: scope), cards: counts.total, cardsDue: counts.due,
            subjects: try await store.subjects(childId: child.id, in: scope).map {
                SubjectName(id: $0.id, name: $0.isDefault ? $0.names.en : $0.names.it, emoji: $0.emoji, colour: $0.colour)
            },
            coachNotes: try await store.coachAlerts(childId: child.id, in: scope, since: monday, until: next).map { CoachNote(kind: $0.kind, at: $0.at) })
    }

    /// "2026-11-23" as noon of that day on the student's calendar; nil for none.
    static func day(_ text: String?, days: StudyDays) throws -> Date? {
        guard let text, !text.isEmpty else { return nil }
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard text.count == 10, parts.count == 3,
              let date = days.calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: 12)),
              days.key(date) == text else {
            throw APIError.invalid("week", "week must be a day written as 2026-11-23.")
        }
        return date
    }

    // MARK: - The weekly digest

    struct DigestView: Codable {
        let enabled: Bool
        let timeZone: String
        /// Mail is set up on this server: without it nothing can be sent.
        let mailEnabled: Bool
        /// The last week sent ("2026-W47"), if any.
        let lastWeek: String?
    }

    struct DigestRequest: Codable {
        let enabled: Bool
        let timeZone: String
    }

    @Sendable func digest(_ request: Request, caller: Parent) async throws -> Reply<DigestView> {
        let setting = try await services.mirrorBuddy.digestSetting(in: caller.session.scope)
        return Reply(DigestView(enabled: setting?.enabled ?? false, timeZone: setting?.timeZone ?? "UTC", mailEnabled: services.mailer.isEnabled,
                                lastWeek: setting?.lastWeek))
    }

    /// Turns the digest on (every Monday from 07:00 in `timeZone`, about the week before) or off.
    @Sendable func saveDigest(_ request: Request, caller: Parent) async throws -> Reply<DigestView> {
        let body = try await request.decodeJSON(DigestRequest.self, context: caller.context, limit: 1024)
        guard TimeZone(identifier: body.timeZone) != nil else { throw APIError.invalid("timeZone", "Unknown time zone \"\(body.timeZone.prefix(60))\".") }
        guard !body.enabled || services.mailer.isEnabled else {
            throw APIError.invalid("enabled", "Mail is not set up on this server (funzone serve --smtp-url), so no digest can be sent.")
        }
        let days = StudyDays(timeZone: TimeZone(identifier: body.timeZone)!, now: services.clock.now())
        // Turned on now, the first digest is about the week after the one just gone, unless that one is not due yet.
        let gone = Services.dueWeek(days).map(days.weekKey) ?? days.weekKey(days.now.addingTimeInterval(-14 * 86_400))
        try await services.mirrorBuddy.saveDigestSetting(enabled: body.enabled, timeZone: body.timeZone, lastWeek: gone,
                                                         in: caller.session.scope, now: days.now)
        return try await digest(request, caller: caller)
    }
}
