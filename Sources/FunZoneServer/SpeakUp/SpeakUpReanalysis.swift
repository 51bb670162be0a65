import Foundation
import Hub
import SpeechCoach
import Storage

/// `funzone speakup reanalyze`: redoes stored analyses after the coach's algorithm changed, from
/// each take's kept features (words, fillers, levels, pitch), so takes whose recording was not
/// kept are redone too. Each take is judged with the speaker's current settings, the pace target
/// it was scored against and the coaching focus of the takes before it.
public enum SpeakUpReanalysis {
    public struct Report: Sendable, Equatable {
        public var seen = 0
        public var redone = 0
        /// "take id: why" for each take left as it was.
        public var failed: [String] = []
    }

    /// Takes at an older version than the coach's (every take with `all`), a page at a time.
    public static func run(database: Database, all: Bool) async throws -> Report {
        let takes = SpeakUpStore(database: database), children = ChildStore(database: database)
        var report = Report()
        var after: SpeakUpTakeID?
        while true {
            let page = try await takes.allTakes(after: after, limit: 100)
            guard let last = page.last else { break }
            after = last.id
            for take in page {
                report.seen += 1
                guard all || take.analysis.version < TakeAnalysis.currentVersion else { continue }
                do {
                    try await redo(take, takes: takes, children: children)
                    report.redone += 1
                } catch {
                    report.failed.append("\(take.id): \(error)")
                }
            }
        }
        return report
    }

    static func redo(_ take: SpeakUpTake, takes: SpeakUpStore, children: ChildStore) async throws {
        let scope = FamilyScope(familyId: take.familyId)
        let profile = try await takes.settings(childId: take.childId, in: scope)
        var settings = profile.settings.coach
        (settings.autoPace, settings.targetWPM, settings.learnedWPM) = (false, take.analysis.wpm.target, nil)
        let earlier = try await takes.recentDigests(childId: take.childId, in: scope, before: take.createdAt, limit: CoachPlan.window)
        let focus = CoachPlan.focus(history: earlier.map(\.planSample), weights: settings.weights)
        let prompt = try await take.promptId.asyncFlatMap { try await takes.prompt(id: $0, childId: take.childId, in: scope)?.text }
        let analysis = try Coach.analyze(take.features.input(prompt: prompt, settings: settings, focus: focus))
        var stars: Int?
        if take.stars != nil, let child = try await children.child(id: take.childId, in: scope) {
            stars = try ShowAndTell.result(for: analysis, grade: child.grade).stars
        }
        try await takes.saveAnalysis(analysis, stars: stars, id: take.id, in: scope)
    }
}
