import Foundation
import Logging
import MailClient
import ServiceLifecycle
import Storage
import Study

/// MirrorBuddy's weekly digest by e-mail: every quarter of an hour, for each family with the digest
/// on, once its Monday has reached 07:00 on its own clock, last week's diary of each child goes to
/// the parents (`Study.StudyDigest`). Only with mail set up; one instance claims each week.
struct DigestService: Service {
    let services: Services
    let logger: Logger
    static let interval: Duration = .seconds(900)

    func run() async throws {
        guard services.mailer.isEnabled else { return }
        try await repeatUntilShutdown(every: Self.interval) { await services.sendDigests(logger: logger) }
    }
}

extension Services {
    /// The hour of Monday from which last week's digest goes.
    static let digestHour = 7

    /// One pass: sends every digest that is due; returns the families it went to.
    @discardableResult
    func sendDigests(logger: Logger = Logger(label: "funzone.digest")) async -> [FamilyScope] {
        guard mailer.isEnabled else { return [] }
        var sent: [FamilyScope] = []
        do {
            for (scope, setting) in try await mirrorBuddy.digestFamilies() {
                let days = StudyDays(timeZone: TimeZone(identifier: setting.timeZone) ?? .gmt, now: clock.now())
                guard let lastWeek = Self.dueWeek(days) else { continue }
                guard setting.lastWeek.map({ $0 < days.weekKey(lastWeek) }) ?? true,
                      try await mirrorBuddy.claimDigest(week: days.weekKey(lastWeek), in: scope, now: days.now) else { continue }
                do {
                    try await mailDigest(scope, week: lastWeek, days: days)
                    sent.append(scope)
                } catch {
                    logger.warning("could not send a weekly digest", metadata: ["error": "\(error)"])
                }
            }
        } catch {
            logger.warning("the weekly digest pass failed", metadata: ["error": "\(error)"])
        }
        return sent
    }

    /// A moment in last week once this week's Monday has reached `digestHour`; nil before.
    static func dueWeek(_ days: StudyDays) -> Date? {
        let calendar = days.calendar
        guard let monday = calendar.dateInterval(of: .weekOfYear, for: days.now)?.start,
              let opens = calendar.date(byAdding: .hour, value: digestHour, to: monday), days.now >= opens else { return nil }
        return calendar.date(byAdding: .day, value: -3, to: monday)
    }

    func mailDigest(_ scope: FamilyScope, week: Date, days: StudyDays) async throws {
        var children: [StudyDigest.Child] = []
        for child in try await self.children.children(in: scope) {
            let diary = try await MirrorBuddyParentController.diary(of: child, in: scope, week: week, days: days, services: self)
            let names = Dictionary(diary.subjects.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
            let mastery = diary.mastery.filter { $0.status != .attempted && $0.status != .notStarted }
                .map { (subject: names[$0.subjectId ?? ""] ?? "No subject", status: $0.status.rawValue) }
            // A child who never opened MirrorBuddy is left out.
            guard diary.week.minutes > 0 || diary.materials > 0 || diary.cards > 0 || !mastery.isEmpty || !diary.coachNotes.isEmpty else { continue }
            children.append(StudyDigest.Child(name: child.name, week: diary.week, mastery: mastery, subjectNames: names,
                                              coachNotes: diary.coachNotes.count))
        }
        guard !children.isEmpty, let first = children.first?.week.days.first?.date, let last = children.first?.week.days.last?.date else { return }
        let parents = try await families.parents(in: scope)
        let link = network.addresses.isEmpty && network.publicURL == nil ? nil : network.baseURL + "/parent/"
        try await mailer.send(MailMessage(to: parents.map(\.email), subject: StudyDigest.subject(children),
                                          body: StudyDigest.text(children, weekLabel: "\(first) to \(last)", areaLink: link)))
    }
}
