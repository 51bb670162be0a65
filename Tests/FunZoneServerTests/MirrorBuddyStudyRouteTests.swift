import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Storage
import Study
import Testing
@testable import FunZoneServer

/// MirrorBuddy's materials and tasks on both databases: text becomes a material at once, found by a
/// word of its title or text, narrowed by subject and day, read with its sentences and words; tasks
/// fall in their sections on Mario's calendar, give XP once, and give it back when opened again.
/// Bad input changes nothing; another family sees and touches nothing.
@Suite struct MirrorBuddyStudyRouteTests {
    typealias NewMaterial = MirrorBuddyRouteTests.NewMaterial
    static let zone = MirrorBuddyRouteTests.zone

    static let revolution = """
        La Rivoluzione francese cominciò nel 1789. Il re Luigi XVI convocò gli Stati generali a Versailles.

        Il 14 luglio il popolo di Parigi prese la Bastiglia. Fu l'inizio di un'epoca nuova per l'Europa.
        """
    static let photosynthesis = "Photosynthesis turns light into food. Plants take in carbon dioxide and give out oxygen."

    static func list(_ device: Browser, _ query: String = "") async throws -> [MirrorBuddyView.MaterialSummaryView] {
        try await device.decoded(MirrorBuddyMaterials.ListResponse.self, .get, "/api/mirrorbuddy/materials?\(zone)\(query)").materials
    }

    @Test(arguments: TestDatabase.all)
    func textBecomesAMaterialFoundByItsWordsAndReadBySentenceAndWord(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["mirrorbuddy"], openSignup: true) { app in
            let tablet = try await MirrorBuddyRouteTests.mario(app)
            let history = try await tablet.decoded(MirrorBuddyView.MaterialView.self, .post, "/api/mirrorbuddy/materials",
                                                   NewMaterial(subjectId: "storia-geografia", text: "\r\n" + Self.revolution + "\u{0007}\r\n"),
                                                   expect: .created)
            #expect(history.title == "La Rivoluzione francese cominciò nel 1789", "no title: the first sentence")
            #expect(history.status == .ready && history.source == .text && history.language == .it && history.text == Self.revolution)
            // Sentences and words are where the page's strings (UTF-16) have them.
            let utf16 = Array(history.text.utf16)
            let slice = { (span: MirrorBuddyView.Span) in String(decoding: utf16[span.start..<span.end], as: UTF16.self) }
            #expect(history.sentences.map(slice) == ["La Rivoluzione francese cominciò nel 1789.", "Il re Luigi XVI convocò gli Stati generali a Versailles.",
                                                     "Il 14 luglio il popolo di Parigi prese la Bastiglia.", "Fu l'inizio di un'epoca nuova per l'Europa."])
            #expect(history.words.prefix(5).map(slice) == ["La", "Rivoluzione", "francese", "cominciò", "nel"])

            app.clock.advance(by: 86_400)
            let science = try await tablet.decoded(MirrorBuddyView.MaterialView.self, .post, "/api/mirrorbuddy/materials",
                                                   NewMaterial(title: "Plants", subjectId: "scienze-naturali", text: Self.photosynthesis), expect: .created)
            #expect(science.language == .en && science.title == "Plants")

            // Bad input: nothing is made.
            try await tablet.expectError(.post, "/api/mirrorbuddy/materials", NewMaterial(text: " \n\t "), status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.post, "/api/mirrorbuddy/materials", NewMaterial(text: String(repeating: "parola ", count: 30_000)),
                                         status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.post, "/api/mirrorbuddy/materials", NewMaterial(subjectId: "nope", text: "Testo"),
                                         status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.post, "/api/mirrorbuddy/materials", NewMaterial(title: String(repeating: "t", count: 121), text: "Testo"),
                                         status: .unprocessableContent, code: "invalid_field")
            #expect(try await Self.list(tablet).map(\.id) == [science.id, history.id], "newest first")

            // Search: a word of the text, a word of the title, the last word as a prefix; every word must be there.
            #expect(try await Self.list(tablet, "&q=bastiglia").map(\.id) == [history.id])
            #expect(try await Self.list(tablet, "&q=Bastiglia").first?.snippet?.contains("Bastiglia") == true)
            #expect(try await Self.list(tablet, "&q=plants").map(\.id) == [science.id])
            #expect(try await Self.list(tablet, "&q=photosynth").map(\.id) == [science.id])
            #expect(try await Self.list(tablet, "&q=parigi%20oxygen").isEmpty)
            #expect(try await Self.list(tablet, "&subject=scienze-naturali").map(\.id) == [science.id])
            // Days on Mario's calendar: the history material was added on 15 January (Rome), the science one on the 16th.
            #expect(try await Self.list(tablet, "&since=2027-01-16").map(\.id) == [science.id])
            #expect(try await Self.list(tablet, "&until=2027-01-15").map(\.id) == [history.id])
            try await tablet.expectError(.get, "/api/mirrorbuddy/materials?since=16/01/2027", status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.get, "/api/mirrorbuddy/materials?since=2027-02-30", status: .unprocessableContent, code: "invalid_field")

            // Renamed, filed elsewhere, then under nothing; the title search follows the new title.
            struct Patch: Encodable { var title: String? = nil; var subjectId: String?? = .none
                func encode(to encoder: any Encoder) throws {
                    var c = encoder.container(keyedBy: CodingKeys.self)
                    try c.encodeIfPresent(title, forKey: .title)
                    if let subjectId { try c.encode(subjectId, forKey: .subjectId) }
                }
                enum CodingKeys: String, CodingKey { case title, subjectId }
            }
            let renamed = try await tablet.decoded(MirrorBuddyView.MaterialSummaryView.self, .patch, "/api/mirrorbuddy/materials/\(science.id)",
                                                   Patch(title: "Fotosintesi", subjectId: .some(nil)))
            #expect(renamed.title == "Fotosintesi" && renamed.subjectId == nil)
            #expect(try await Self.list(tablet, "&q=fotosintesi").map(\.id) == [science.id])

            // Bo's family: nothing to see or touch.
            let other = try await MirrorBuddyRouteTests.stranger(app)
            #expect(try await Self.list(other).isEmpty)
            #expect(try await Self.list(other, "&q=bastiglia").isEmpty)
            try await other.expectError(.get, "/api/mirrorbuddy/materials/\(history.id)", status: .notFound, code: "not_found")
            try await other.expectError(.patch, "/api/mirrorbuddy/materials/\(history.id)", Patch(title: "Mio"), status: .notFound, code: "not_found")
            try await other.expectError(.delete, "/api/mirrorbuddy/materials/\(history.id)", status: .notFound, code: "not_found")

            // Each material gave 10 XP. Deleting one added more than a day ago keeps it; one pasted and deleted at once gives it back.
            #expect(try await MirrorBuddyRouteTests.me(tablet).progress.xp == 20 + 50, "two materials and the first-material badge")
            let pasted = try await tablet.decoded(MirrorBuddyView.MaterialView.self, .post, "/api/mirrorbuddy/materials", NewMaterial(text: "Appunti veloci."),
                                                  expect: .created)
            // (A third material may also finish this week's quest, when it is one of the week's three.)
            #expect(try await MirrorBuddyRouteTests.me(tablet).progress.xp >= 80)
            #expect(try await tablet.request(.delete, "/api/mirrorbuddy/materials/\(pasted.id)").status == .noContent)
            #expect(try await MirrorBuddyRouteTests.me(tablet).progress.xp == 70)
            app.clock.advance(by: 3600)
            #expect(try await tablet.request(.delete, "/api/mirrorbuddy/materials/\(history.id)").status == .noContent)
            try await tablet.expectError(.get, "/api/mirrorbuddy/materials/\(history.id)", status: .notFound, code: "not_found")
            #expect(try await Self.list(tablet, "&q=bastiglia").isEmpty)
            #expect(try await MirrorBuddyRouteTests.me(tablet).progress.xp == 70)
        }
    }

    struct NewTask: Encodable {
        let title: String
        var due: String? = nil
        var priority: Int? = nil
        var subjectId: String? = nil
        var materialId: String? = nil
    }

    static func list(tasksOf device: Browser) async throws -> [MirrorBuddyView.TaskView] {
        try await device.decoded(MirrorBuddyTasks.ListResponse.self, .get, "/api/mirrorbuddy/tasks?\(zone)").sections.flatMap(\.tasks)
    }

    static func sections(_ device: Browser) async throws -> [TaskSection: [String]] {
        let list = try await device.decoded(MirrorBuddyTasks.ListResponse.self, .get, "/api/mirrorbuddy/tasks?\(zone)")
        #expect(list.sections.map(\.section) == TaskSection.allCases)
        return Dictionary(uniqueKeysWithValues: list.sections.map { ($0.section, $0.tasks.map(\.title)) })
    }

    @Test(arguments: TestDatabase.all)
    func tasksFallInTheirSectionsAndGiveXPOnce(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["mirrorbuddy"], openSignup: true) { app in
            let tablet = try await MirrorBuddyRouteTests.mario(app)
            // The clock reads 15 January 2027, 09:00 in Rome.
            let path = "/api/mirrorbuddy/tasks?\(Self.zone)"
            let today = try await tablet.decoded(MirrorBuddyView.TaskView.self, .post, path,
                                                 NewTask(title: "Esercizi pagina 12", due: "2027-01-15T22:59:00Z", subjectId: "matematica"), expect: .created)
            #expect(today.section == .today && today.urgency == .soon && today.priority == 3)
            _ = try await tablet.json(.post, path, NewTask(title: "Ripasso", due: "2027-01-14T22:00:00Z", priority: 5), expect: .created)
            _ = try await tablet.json(.post, path, NewTask(title: "Tema", due: "2027-01-20T17:00:00.250Z"), expect: .created)
            _ = try await tablet.json(.post, path, NewTask(title: "Leggere un libro"), expect: .created)
            try await tablet.expectError(.post, path, NewTask(title: "  "), status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.post, path, NewTask(title: "X", priority: 6), status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.post, path, NewTask(title: "X", materialId: "nope"), status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.post, path, NewTask(title: "X", due: "tomorrow"), status: .unprocessableContent, code: "invalid_field")
            #expect(try await Self.sections(tablet) == [.overdue: ["Ripasso"], .today: ["Esercizi pagina 12"], .thisWeek: ["Tema"],
                                                         .later: ["Leggere un libro"], .completed: []])
            #expect(try await MirrorBuddyRouteTests.me(tablet).taskCounts["today"] == 1)

            // Done on time: 20 + 10, and the first-task badge's 50.
            let done = try await tablet.decoded(MirrorBuddyTasks.CompleteResponse.self, .post, "/api/mirrorbuddy/tasks/\(today.id)/complete?\(Self.zone)")
            #expect(done.xp == 80 && done.unlocked == [.firstTask] && done.task.section == .completed && done.progress.streak.current == 1)
            let again = try await tablet.decoded(MirrorBuddyTasks.CompleteResponse.self, .post, "/api/mirrorbuddy/tasks/\(today.id)/complete?\(Self.zone)")
            #expect(again.xp == 0 && again.progress.xp == 80, "a second tap earns nothing")
            #expect(try await Self.sections(tablet)[.completed] == ["Esercizi pagina 12"])

            // Opened again: the XP goes back.
            let reopened = try await tablet.decoded(MirrorBuddyView.TaskView.self, .post, "/api/mirrorbuddy/tasks/\(today.id)/reopen?\(Self.zone)")
            #expect(reopened.section == .today && reopened.completedAt == nil)
            #expect(try await MirrorBuddyRouteTests.me(tablet).progress.xp == 0)

            // Past midnight in Rome (23:30 UTC) today's task is overdue; edited with no date, it is for later.
            app.clock.advance(by: 15.5 * 3600)
            #expect(try await Self.sections(tablet)[.overdue] == ["Ripasso", "Esercizi pagina 12"])
            struct NoDate: Encodable {
                func encode(to encoder: any Encoder) throws {
                    var c = encoder.container(keyedBy: Key.self)
                    try c.encodeNil(forKey: .due)
                }
                enum Key: String, CodingKey { case due }
            }
            let undated = try await tablet.decoded(MirrorBuddyView.TaskView.self, .patch, "/api/mirrorbuddy/tasks/\(today.id)?\(Self.zone)", NoDate())
            #expect(undated.due == nil && undated.section == .later && undated.title == "Esercizi pagina 12" && undated.subjectId == "matematica")
            // Undated counts as on time (and the first-task badge comes back with it).
            let late = try await tablet.decoded(MirrorBuddyTasks.CompleteResponse.self, .post, "/api/mirrorbuddy/tasks/\(today.id)/complete?\(Self.zone)")
            #expect(late.xp == 30 + 50)

            let other = try await MirrorBuddyRouteTests.stranger(app)
            #expect(try await Self.sections(other).values.allSatisfy(\.isEmpty))
            try await other.expectError(.post, "/api/mirrorbuddy/tasks/\(today.id)/complete", status: .notFound, code: "not_found")
            try await other.expectError(.patch, "/api/mirrorbuddy/tasks/\(today.id)", NewTask(title: "Mio"), status: .notFound, code: "not_found")
            try await other.expectError(.delete, "/api/mirrorbuddy/tasks/\(today.id)", status: .notFound, code: "not_found")

            // Ticked and deleted within a day: its XP goes back. A task finished more than a day before keeps its XP.
            #expect(try await tablet.request(.delete, "/api/mirrorbuddy/tasks/\(today.id)").status == .noContent)
            try await tablet.expectError(.delete, "/api/mirrorbuddy/tasks/\(today.id)", status: .notFound, code: "not_found")
            #expect(try await MirrorBuddyRouteTests.me(tablet).progress.xp == 0)
            app.clock.advance(by: 86_400)
            let essay = try #require(try await Self.list(tasksOf: tablet).first { $0.title == "Tema" })
            let finished = try await tablet.decoded(MirrorBuddyTasks.CompleteResponse.self, .post, "/api/mirrorbuddy/tasks/\(essay.id)/complete?\(Self.zone)")
            #expect(finished.xp == 30 + 50)
            app.clock.advance(by: 25 * 3600)
            #expect(try await tablet.request(.delete, "/api/mirrorbuddy/tasks/\(essay.id)").status == .noContent)
            #expect(try await MirrorBuddyRouteTests.me(tablet).progress.xp == 80, "a task finished yesterday keeps its XP")

            // Eleven tasks ticked in one day: the day's first ten earn XP.
            for number in 1...11 {
                let task = try await tablet.decoded(MirrorBuddyView.TaskView.self, .post, path, NewTask(title: "Esercizio \(number)"), expect: .created)
                _ = try await tablet.decoded(MirrorBuddyTasks.CompleteResponse.self, .post, "/api/mirrorbuddy/tasks/\(task.id)/complete?\(Self.zone)")
            }
            let progress = try await MirrorBuddyRouteTests.me(tablet).progress
            // This week's quests are chosen by the week: finishing five tasks is one of them or not.
            let quest = progress.quests.first { $0.quest.id == .taskFinisher }.map { $0.done ? $0.quest.xp : 0 } ?? 0
            #expect(progress.xp == 80 + 10 * 30 + quest)
        }
    }

    /// Reopening a done task counts against the 500 tasks to do, as adding one does.
    @Test(arguments: TestDatabase.all)
    func aDoneTaskIsNotReopenedPastTheOpenLimit(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["mirrorbuddy"], openSignup: true) { app in
            let tablet = try await MirrorBuddyRouteTests.mario(app)
            let path = "/api/mirrorbuddy/tasks?\(Self.zone)"
            let first = try await tablet.decoded(MirrorBuddyView.TaskView.self, .post, path, NewTask(title: "Primo"), expect: .created)
            _ = try await tablet.json(.post, "/api/mirrorbuddy/tasks/\(first.id)/complete?\(Self.zone)", expect: .ok)
            let scope = FamilyScope(familyId: try await tablet.familyId(app))
            let child = try #require(try await tablet.childId(app))
            for index in 0..<StudyTasks.openLimit {
                try await app.services.mirrorBuddy.addTask(StudyTask(id: "t\(index)", title: "Compito \(index)", createdAt: app.clock.now),
                                                           childId: child, in: scope)
            }
            try await tablet.expectError(.post, "/api/mirrorbuddy/tasks/\(first.id)/reopen?\(Self.zone)", status: .conflict, code: "study_full")
            _ = try await tablet.request(.delete, "/api/mirrorbuddy/tasks/t0")
            let reopened = try await tablet.decoded(MirrorBuddyView.TaskView.self, .post, "/api/mirrorbuddy/tasks/\(first.id)/reopen?\(Self.zone)")
            #expect(reopened.id == first.id && reopened.section != .completed)
        }
    }
}
