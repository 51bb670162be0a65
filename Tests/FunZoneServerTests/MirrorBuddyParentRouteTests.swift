import Foundation
import SQLKit
import Storage
import Study
import TestSupport
import Testing
@testable import FunZoneServer

/// MirrorBuddy's parent diary on both databases: after Mario studies science for 20 minutes, adds
/// his notes, reviews three cards and passes a quiz, his parent sees the week (minutes by day and by
/// subject, the streak calendar, cards, quizzes, mastery) and the week before, empty. Bad weeks (and
/// next week) are refused; another family, a signed-out browser and a locked parent area see nothing.
/// The parent downloads all of it as one file, then deletes it.
@Suite struct MirrorBuddyParentRouteTests {
    struct Stretch: Encodable { let minutes: Double; let subjectId: String }
    typealias NewCards = MirrorBuddyCardRouteTests.NewCards
    typealias Sides = MirrorBuddyCardRouteTests.Sides

    @Test(arguments: TestDatabase.all)
    func aParentSeesTheWeekAndTheWeekBefore(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["mirrorbuddy"], openSignup: true) { app in
            let (tablet, _, quiz, questions) = try await MirrorBuddyQuizRouteTests.quizOnNotes(app)
            for (position, question) in questions.enumerated() {
                _ = try await MirrorBuddyQuizRouteTests.answer(tablet, quiz.id, position, question.answer)
            }
            _ = try await tablet.json(.post, "/api/mirrorbuddy/sessions?\(MirrorBuddyRouteTests.zone)",
                                      Stretch(minutes: 20, subjectId: "scienze-naturali"), expect: .created)
            _ = try await tablet.decoded(MirrorBuddyCards.AddResponse.self, .post, "/api/mirrorbuddy/cards",
                                         NewCards(subjectId: "scienze-naturali", cards: [Sides(front: "a?", back: "A"), Sides(front: "b?", back: "B"),
                                                                                          Sides(front: "c?", back: "C")]), expect: .created)
            for card in try await MirrorBuddyCardRouteTests.session(tablet).cards {
                _ = try await MirrorBuddyCardRouteTests.answer(tablet, card, "good")
            }

            try await app.passGate(tablet)
            _ = try await tablet.json(.post, "/api/parent/unlock", ["password": TestApp.password], expect: .noContent)
            struct Children: Decodable { struct Child: Decodable { let id: String; let name: String }; let children: [Child] }
            let mario = try #require(try await tablet.decoded(Children.self, .get, "/api/parent/children").children.first { $0.name == "Mario" })
            let path = "/api/parent/mirrorbuddy/children/\(mario.id)/diary"
            let diary = try await tablet.decoded(MirrorBuddyParentController.DiaryResponse.self, .get, "\(path)?tz=Europe/Rome")
            let week = diary.week
            // 1,800,000,000 s is Friday 15 January 2027: the week of Monday the 11th.
            #expect(week.week == "2027-W02" && week.days.map(\.date).first == "2027-01-11" && week.days.count == 7)
            #expect(week.days[4].minutes == 20 && week.minutes == 20 && week.sessions == 1 && week.days[4].counted)
            #expect(week.bySubject.map(\.subjectId) == ["scienze-naturali"])
            #expect(week.streak.current == 1 && week.streakStatus == .starting)
            #expect(week.calendar.count == 28 && week.calendar.last?.date == "2027-01-17" && week.calendar.filter(\.counted).count == 1)
            #expect(week.materialsAdded == 1 && week.cards.reviewed == 3 && week.cards.answers == 3 && week.cards.retention == nil,
                    "new cards are not yet learnt")
            #expect(week.quizzes.finished == 1 && week.quizzes.passed == 1 && week.quizzes.bestScore == 1)
            #expect(diary.mastery.map(\.subjectId) == ["scienze-naturali"] && diary.mastery[0].attempts == questions.count)
            #expect(diary.materials == 1 && diary.cards == 3 && diary.nextWeek == nil && diary.previousWeek == "2027-01-04")
            #expect(diary.subjects.contains { $0.id == "scienze-naturali" && $0.name == "Natural Science" })
            #expect(diary.progress.xp > 0)

            let before = try await tablet.decoded(MirrorBuddyParentController.DiaryResponse.self, .get, "\(path)?tz=Europe/Rome&week=2027-01-06")
            #expect(before.week.week == "2027-W01" && before.week.minutes == 0 && before.week.quizzes.finished == 0 && before.week.cards.reviewed == 0)
            #expect(before.nextWeek == "2027-01-11" && before.week.calendar.filter(\.counted).isEmpty)

            for bad in ["2027-13-01", "2027-02-30", "yesterday", "2099-01-01", "2027-01-18"] {  // the 18th: next Monday
                try await tablet.expectError(.get, "\(path)?week=\(bad)", status: .unprocessableContent, code: "invalid_field")
            }
            try await tablet.expectError(.get, "/api/parent/mirrorbuddy/children/nobody/diary", status: .notFound, code: "not_found")
            let stranger = try await app.setUpStrangerFamily()
            try await stranger.expectError(.get, path, status: .notFound, code: "not_found")
            try await app.user().expectError(.get, path, status: .unauthorized, code: "not_signed_in")
            // Back in the kids' hands, the device's parent area is locked again.
            _ = try await tablet.json(.post, "/api/kids/select", ["childId": mario.id], expect: .ok)
            try await tablet.expectError(.get, path, status: .forbidden, code: "parent_locked")
        }
    }

    @Test(arguments: TestDatabase.all)
    func aParentDownloadsEverythingThenDeletesIt(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["mirrorbuddy"], openSignup: true) { app in
            let (tablet, notes, quiz, questions) = try await MirrorBuddyQuizRouteTests.quizOnNotes(app)
            _ = try await MirrorBuddyQuizRouteTests.answer(tablet, quiz.id, 0, questions[0].answer)
            _ = try await tablet.decoded(MirrorBuddyCards.AddResponse.self, .post, "/api/mirrorbuddy/cards",
                                         NewCards(materialId: notes.id, cards: [Sides(front: "Che cos'è la linfa?", back: "Il liquido delle piante.")]),
                                         expect: .created)
            let card = try #require(try await MirrorBuddyCardRouteTests.session(tablet).cards.first)
            _ = try await MirrorBuddyCardRouteTests.answer(tablet, card, "good")
            _ = try await tablet.decoded(MirrorBuddyMaps.MapView.self, .post, "/api/mirrorbuddy/materials/\(notes.id)/mind-map", expect: .created)
            _ = try await tablet.json(.post, "/api/mirrorbuddy/tasks", ["title": "Ripassare"], expect: .created)

            // He asks the coach (his notes get their passages) and once says something worrying.
            _ = try await MirrorBuddyCoachRouteTests.ask(tablet, "cos'è la fotosintesi?")
            _ = try await MirrorBuddyCoachRouteTests.ask(tablet, "voglio morire")
            try await app.passGate(tablet)
            _ = try await tablet.json(.post, "/api/parent/unlock", ["password": TestApp.password], expect: .noContent)
            // His sister keeps a card of her own.
            let other = try await app.addChild(tablet, name: "Mia", grade: 3)
            _ = try await tablet.json(.post, "/api/kids/select", ["childId": other], expect: .ok)
            _ = try await tablet.decoded(MirrorBuddyCards.AddResponse.self, .post, "/api/mirrorbuddy/cards",
                                         NewCards(cards: [Sides(front: "2 + 2?", back: "4")]), expect: .created)
            try await app.passGate(tablet)
            _ = try await tablet.json(.post, "/api/parent/unlock", ["password": TestApp.password], expect: .noContent)
            struct Children: Decodable { struct Child: Decodable { let id: String; let name: String }; let children: [Child] }
            let mario = try #require(try await tablet.decoded(Children.self, .get, "/api/parent/children").children.first { $0.name == "Mario" })
            let base = "/api/parent/mirrorbuddy/children/\(mario.id)"

            // The file: everything he wrote, read, made and did.
            let download = try await tablet.request(.get, "\(base)/export")
            #expect(download.status == .ok && download.headers[.contentDisposition]?.contains("mirrorbuddy-mario-") == true)
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            let file = try decoder.decode(MirrorBuddyStudentData.Export.self, from: Data(buffer: download.body))
            #expect(file.format == "funzone-mirrorbuddy" && file.child == "Mario")
            #expect(file.materials.map(\.id) == [notes.id] && file.materials[0].text.contains("fotosintesi"))
            #expect(file.cards.count == 1 && file.cards[0].history.count == 1 && file.maps.count == 1 && file.tasks.count == 1)
            #expect(file.quizzes.map(\.id) == [quiz.id] && file.quizzes[0].answers.count == 1 && file.quizzes[0].questions == questions)
            #expect(file.subjects.count >= 11 && file.activity.contains { $0.kind == "material" })

            // Deleting asks for a confirmation, then takes everything of his and nothing of anyone else's.
            try await tablet.expectError(.delete, base, ["confirm": false], status: .unprocessableContent, code: "invalid_field")
            let erased = try await tablet.decoded(MirrorBuddyStudentData.Erased.self, .delete, base, ["confirm": true])
            #expect(erased.rows >= 8 && erased.files == 0, "a material, a task, a card and its answer, a map, a quiz and its answer, the ledger: \(erased.rows)")
            let after = try await tablet.request(.get, "\(base)/export")
            let empty = try decoder.decode(MirrorBuddyStudentData.Export.self, from: Data(buffer: after.body))
            #expect(empty.materials.isEmpty && empty.cards.isEmpty && empty.maps.isEmpty && empty.quizzes.isEmpty && empty.tasks.isEmpty)
            #expect(empty.activity.isEmpty && empty.settings == nil)
            let diary = try await tablet.decoded(MirrorBuddyParentController.DiaryResponse.self, .get, "\(base)/diary")
            #expect(diary.week.minutes == 0 && diary.materials == 0 && diary.mastery.isEmpty && diary.progress.xp == 0)
            #expect(try await tablet.decoded(Children.self, .get, "/api/parent/children").children.map(\.id).contains(mario.id), "the child stays")
            for table in ["mirrorbuddy_passages", "mirrorbuddy_passage_terms", "mirrorbuddy_coach_alerts"] {
                let left = try await app.services.database.sql.raw("SELECT COUNT(*) AS n FROM \(unsafeRaw: table) WHERE child_id = \(bind: mario.id)")
                    .first()?.decode(column: "n", as: Int.self)
                #expect(left == 0, "\(table) keeps nothing of his")
            }
            let hers = try decoder.decode(MirrorBuddyStudentData.Export.self,
                                          from: Data(buffer: try await tablet.request(.get, "/api/parent/mirrorbuddy/children/\(other)/export").body))
            #expect(hers.child == "Mia" && hers.cards.map(\.card.front) == ["2 + 2?"], "his sister's data stays")
            try await tablet.expectError(.delete, "/api/parent/mirrorbuddy/children/nobody", ["confirm": true], status: .notFound, code: "not_found")
            let stranger = try await app.setUpStrangerFamily()
            try await stranger.expectError(.get, "/api/parent/mirrorbuddy/children/\(other)/export", status: .notFound, code: "not_found")
            try await stranger.expectError(.delete, "/api/parent/mirrorbuddy/children/\(other)", ["confirm": true], status: .notFound, code: "not_found")
        }
    }
}
