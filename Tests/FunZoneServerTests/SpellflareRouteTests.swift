import Foundation
import HTTPTypes
import Hub
import Hummingbird
import HummingbirdTesting
import NIOCore
import Speech
import Spelling
import Storage
import TestSupport
import Testing
@testable import FunZoneServer

struct GradeLevelBody: Codable { let grade: Int; let level: Int }
struct GradeEpochBody: Codable { let grade: Int; let epoch: Int }
struct SyncBody: Codable {
    let completed: [GradeLevelBody]
    let current: [GradeLevelBody]
    var epochs: [GradeEpochBody]? = nil
}
struct AnswerBody: Codable {
    let seq: Int
    var answer: String?
    var giveUp: Bool?
    var seconds: Double?
}
struct PlayerBody: Codable { let name: String; let grade: Int; let voice: String? }
struct ListBody: Codable { let name: String; let text: String }

/// A child on a tablet, playing Spellflare through the API.
struct Speller {
    typealias Game = SpellflareController.SessionView
    let device: Browser

    func start(grade: Int, level: Int) async throws -> Game {
        try await device.decoded(Game.self, .post, "/api/spellflare/sessions", GradeLevelBody(grade: grade, level: level), expect: .created)
    }

    func answer(_ game: Game, _ body: AnswerBody, expect status: HTTPResponse.Status = .ok) async throws -> SpellflareController.AnswerResponse {
        try await device.decoded(SpellflareController.AnswerResponse.self, .post, "/api/spellflare/sessions/\(game.id)/answers", body,
                                 expect: status)
    }

    /// Answers the current word right on the first try; returns the new game state.
    func spellRight(_ game: Game) async throws -> Game {
        let word = game.words[game.position]
        let answered = try await answer(game, AnswerBody(seq: game.answers, answer: " \(word.uppercased()) ", seconds: 4))
        #expect(answered.outcome == "correct" && answered.firstTry == true)
        return answered.session
    }

    func me() async throws -> SpellflareController.MeResponse {
        try await device.decoded(SpellflareController.MeResponse.self, .get, "/api/spellflare/me")
    }

    func progress(grade: Int) async throws -> ProgressView.Grade {
        try await me().progress.grades.first { $0.grade == grade }!
    }
}

@Suite struct SpellflareRouteTests {
    static func child(_ app: TestApp, name: String = "Mia", grade: Int = 2) async throws -> (Browser, String) {
        let tablet = try await app.setUpFamily()
        let id = try await app.addChild(tablet, name: name, grade: grade)
        _ = try await tablet.json(.post, "/api/kids/select", ["childId": id], expect: .ok)
        return (tablet, id)
    }

    @Test(arguments: TestDatabase.all)
    func onboardingSavesTheNameGradeAndVoice(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["spellflare"], openSignup: true) { app in
            let (tablet, _) = try await Self.child(app, name: "Mia", grade: 3)
            let fresh = try await Speller(device: tablet).me()
            #expect(fresh.player.onboarded == false && fresh.player.name == "Mia" && fresh.player.grade == 3)
            #expect(fresh.adsRemoved == false)
            try await tablet.expectError(.put, "/api/spellflare/player", PlayerBody(name: "Mimi", grade: 8, voice: nil),
                                         status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.put, "/api/spellflare/player", PlayerBody(name: "  ", grade: 2, voice: nil),
                                         status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.put, "/api/spellflare/player", PlayerBody(name: "Mimi", grade: 2, voice: "flite:nobody"),
                                         status: .unprocessableContent, code: "invalid_field")
            #expect(try await Speller(device: tablet).me().player.onboarded == false)
            _ = try await tablet.json(.put, "/api/spellflare/player", PlayerBody(name: " Mimi ", grade: 2, voice: "flite:kal16"), expect: .ok)
            let saved = try await Speller(device: tablet).me().player
            #expect(saved.name == "Mimi" && saved.grade == 2 && saved.voice == "flite:kal16" && saved.onboarded == true)

            // A teen's or a parent's "8+ / adult" profile plays Spellflare's top grade.
            let parent = try await app.setUpFamily(email: "leo@example.org", family: "Bianchi")
            let teenId = try await app.addChild(parent, name: "Leo", grade: ChildProfile.adult)
            _ = try await parent.json(.post, "/api/kids/select", ["childId": teenId], expect: .ok)
            #expect(try await Speller(device: parent).me().player.grade == 7)
        }
    }

    @Test(arguments: TestDatabase.all)
    func tenRightAnswersPassTheLevelAndUnlockTheNext(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["spellflare"], openSignup: true) { app in
            let (tablet, childId) = try await Self.child(app)
            let speller = Speller(device: tablet)
            var game = try await speller.start(grade: 2, level: 1)
            let words = game.words
            #expect(words.count == SpellingSession.wordCount && Set(words).count == words.count)
            #expect(Set(words).isSubset(of: Set(WordBank.candidates(grade: 2, level: 1))))

            // A wrong answer, then right: a miss on the first try.
            let firstWord = words[0]
            let wrong = try await speller.answer(game, AnswerBody(seq: 0, answer: firstWord + "x"))
            #expect(wrong.outcome == "incorrect" && wrong.levelComplete == false)
            game = wrong.session
            #expect(game.triesOnWord == 1 && game.position == 0)
            let right = try await speller.answer(game, AnswerBody(seq: 1, answer: firstWord))
            #expect(right.outcome == "correct" && right.firstTry == false)
            game = right.session

            // Giving up returns the word for spelling out; it comes back three words later.
            let secondWord = words[1]
            let gaveUp = try await speller.answer(game, AnswerBody(seq: 2, giveUp: true))
            #expect(gaveUp.outcome == "gaveUp" && gaveUp.word == secondWord)
            game = gaveUp.session
            #expect(game.words[2 + SpellingSession.comeBackAfter] == secondWord)

            var completedAt: Int?
            for _ in 0..<9 {
                let answered = try await speller.answer(game, AnswerBody(seq: game.answers, answer: game.words[game.position], seconds: 3))
                if answered.levelComplete { completedAt = answered.session.correctCount }
                game = answered.session
            }
            #expect(completedAt == 10 && game.passed && game.over)
            try await tablet.expectError(.post, "/api/spellflare/sessions/\(game.id)/answers",
                                         AnswerBody(seq: game.answers, answer: "cat"), status: .conflict, code: "game_over")

            let grade2 = try await speller.progress(grade: 2)
            #expect(grade2.completedLevels == [1] && grade2.currentLevel == 2)
            #expect(try await speller.progress(grade: 3).currentLevel == 1)
            // The game reloads as it was left.
            let reloaded = try await tablet.decoded(Speller.Game.self, .get, "/api/spellflare/sessions/\(game.id)")
            #expect(reloaded.correctCount == 10 && reloaded.answers == 12)

            // Results and word histories were written: the missed words come back for review.
            let results = try await app.services.spelling.results(childId: ChildID(childId), in: FamilyScope(familyId: try await familyId(app, childId)))
            #expect(results.count == 11 && results.filter { !$0.firstTry }.map(\.word).sorted() == [firstWord, secondWord].sorted())
            // Both are due the next day: the miss at once, the word that came back right a day later.
            app.clock.advance(by: 86_400 + 1)
            let next = try await speller.start(grade: 2, level: 2)
            #expect(Set(next.words).isSuperset(of: [firstWord, secondWord]))
        }
    }

    @Test(arguments: TestDatabase.all)
    func badGamesAndAnswersAreRefusedAndChangeNothing(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["spellflare"], openSignup: true) { app in
            let (tablet, miaId) = try await Self.child(app)
            let speller = Speller(device: tablet)
            try await tablet.expectError(.post, "/api/spellflare/sessions", GradeLevelBody(grade: 8, level: 1), status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.post, "/api/spellflare/sessions", GradeLevelBody(grade: 0, level: 1), status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.post, "/api/spellflare/sessions", GradeLevelBody(grade: 2, level: 51), status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.post, "/api/spellflare/sessions", GradeLevelBody(grade: 2, level: 0), status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.post, "/api/spellflare/sessions", GradeLevelBody(grade: 2, level: 2), status: .forbidden, code: "level_locked")
            try await tablet.expectError(.post, "/api/spellflare/sessions", ["grade": "two", "level": "1"], status: .unprocessableContent, code: "invalid_field")
            let familyId = try await familyId(app, miaId)
            #expect(try await sessionCount(app) == 0)

            let game = try await speller.start(grade: 2, level: 1)
            let gameURI = "/api/spellflare/sessions/\(game.id)/answers"
            try await tablet.expectError(.post, gameURI, AnswerBody(seq: 0), status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.post, gameURI, AnswerBody(seq: 0, answer: String(repeating: "a", count: 61)),
                                         status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.post, gameURI, AnswerBody(seq: 1, answer: "cat"), status: .conflict, code: "answer_out_of_order")
            try await tablet.expectError(.post, "/api/spellflare/sessions/nope/answers", AnswerBody(seq: 0, answer: "cat"), status: .notFound, code: "not_found")

            // Another child of the family, on another tablet, cannot answer Mia's game.
            try await app.passGate(tablet)
            _ = try await tablet.json(.post, "/api/parent/unlock", ["password": TestApp.password], expect: .noContent)
            let leo = try await app.addChild(tablet, name: "Leo", grade: 2)
            _ = try await tablet.json(.post, "/api/kids/select", ["childId": miaId], expect: .ok)
            let other = app.user()
            _ = try await other.json(.post, "/api/signin", ["email": "ada@example.org", "password": TestApp.password], expect: .ok)
            _ = try await other.json(.post, "/api/kids/select", ["childId": leo], expect: .ok)
            try await other.expectError(.post, gameURI, AnswerBody(seq: 0, answer: game.words[0]), status: .notFound, code: "not_found")
            try await other.expectError(.get, "/api/spellflare/sessions/\(game.id)", status: .notFound, code: "not_found")
            // Nor can another family.
            let stranger = try await app.setUpStrangerFamily(child: true)
            try await stranger.expectError(.post, gameURI, AnswerBody(seq: 0, answer: "cat"), status: .notFound, code: "not_found")

            let reloaded = try await tablet.decoded(Speller.Game.self, .get, "/api/spellflare/sessions/\(game.id)")
            #expect(reloaded.answers == 0 && reloaded.position == 0)
            #expect(try await app.services.spelling.results(childId: ChildID(miaId), in: FamilyScope(familyId: familyId)).isEmpty)

            // An outbox replaying an answer the server already has gets the state back, counted once.
            let first = try await speller.answer(game, AnswerBody(seq: 0, answer: game.words[0]))
            let replay = try await speller.answer(game, AnswerBody(seq: 0, answer: game.words[0]))
            #expect(first.duplicate == false && replay.duplicate == true)
            #expect(replay.session.correctCount == 1)
            #expect(try await app.services.spelling.results(childId: ChildID(miaId), in: FamilyScope(familyId: familyId)).count == 1)
        }
    }

    @Test(arguments: TestDatabase.all)
    func offlineProgressMergesWithoutLosingALevel(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["spellflare"], openSignup: true) { app in
            let (tablet, _) = try await Self.child(app)
            let speller = Speller(device: tablet)
            // Online, level 1 is passed on this tablet.
            var game = try await speller.start(grade: 2, level: 1)
            for _ in 0..<10 { game = try await speller.spellRight(game) }
            // An offline tablet comes back with levels 1–3 done on its own and sends them (current 4).
            let merged = try await tablet.decoded(ProgressView.self, .post, "/api/spellflare/progress/sync",
                                                  SyncBody(completed: [.init(grade: 2, level: 2), .init(grade: 2, level: 3), .init(grade: 5, level: 1)],
                                                           current: [.init(grade: 2, level: 4), .init(grade: 5, level: 2)]))
            let grades = merged.grades
            #expect(grades[1].completedLevels == [1, 2, 3] && grades[1].currentLevel == 4)
            #expect(grades[4].completedLevels == [1] && grades[4].currentLevel == 2)
            // A stale device that only knew level 1 sends that late: nothing goes backwards.
            let stale = try await tablet.decoded(ProgressView.self, .post, "/api/spellflare/progress/sync",
                                                 SyncBody(completed: [.init(grade: 2, level: 1)], current: [.init(grade: 2, level: 2)]))
            #expect(stale.grades[1].currentLevel == 4)
            #expect(stale.grades[1].completedLevels == [1, 2, 3])
            // Out-of-range levels are refused whole.
            try await tablet.expectError(.post, "/api/spellflare/progress/sync",
                                         SyncBody(completed: [.init(grade: 2, level: 9), .init(grade: 2, level: 51)], current: []),
                                         status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.post, "/api/spellflare/progress/sync",
                                         SyncBody(completed: [], current: [.init(grade: 9, level: 3)]), status: .unprocessableContent, code: "invalid_field")
            #expect(try await speller.progress(grade: 2).completedLevels == [1, 2, 3])
            // Level 4 can now be started; 5 cannot.
            _ = try await speller.start(grade: 2, level: 4)
            try await tablet.expectError(.post, "/api/spellflare/sessions", GradeLevelBody(grade: 2, level: 5), status: .forbidden, code: "level_locked")
        }
    }

    @Test(arguments: TestDatabase.all)
    func resettingProgressNeedsTheParentGate(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["spellflare"], openSignup: true) { app in
            let (tablet, _) = try await Self.child(app)
            let speller = Speller(device: tablet)
            _ = try await tablet.json(.post, "/api/spellflare/progress/sync",
                                      SyncBody(completed: [.init(grade: 2, level: 1), .init(grade: 3, level: 1)],
                                               current: [.init(grade: 2, level: 2), .init(grade: 3, level: 2)]), expect: .ok)
            try await tablet.expectError(.post, "/api/spellflare/progress/reset", ["grade": 2], status: .forbidden, code: "gate_required")
            #expect(try await speller.progress(grade: 2).currentLevel == 2)
            try await app.passGate(tablet)
            try await tablet.expectError(.post, "/api/spellflare/progress/reset", ["grade": 12], status: .unprocessableContent, code: "invalid_field")
            let grades = try await tablet.decoded(ProgressView.self, .post, "/api/spellflare/progress/reset", ["grade": 2]).grades
            #expect(grades[1].completedLevels == [] && grades[1].currentLevel == 1)
            #expect(grades[2].completedLevels == [1], "other grades are kept")
            #expect(grades[1].epoch == 1 && grades[2].epoch == 0)
            // The pass was spent.
            try await tablet.expectError(.post, "/api/spellflare/progress/reset", ["grade": 3], status: .forbidden, code: "gate_required")
        }
    }

    @Test(arguments: TestDatabase.all)
    func progressFromBeforeAResetDoesNotComeBack(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["spellflare"], openSignup: true) { app in
            let (tablet, _) = try await Self.child(app)
            let speller = Speller(device: tablet)
            _ = try await tablet.json(.post, "/api/spellflare/progress/sync",
                                      SyncBody(completed: [.init(grade: 2, level: 1), .init(grade: 2, level: 2)], current: [.init(grade: 2, level: 3)]),
                                      expect: .ok)
            // A game of level 3 begun before the reset, nine words in.
            var game = try await speller.start(grade: 2, level: 3)
            for _ in 0..<9 { game = try await speller.spellRight(game) }
            try await app.passGate(tablet)
            _ = try await tablet.json(.post, "/api/spellflare/progress/reset", ["grade": 2], expect: .ok)
            // A stale tablet (it never saw the reset, so it sends no epoch) syncs what it had,
            // plus a level of another grade: grade 2 stays reset, grade 4 merges.
            let stale = try await tablet.decoded(ProgressView.self, .post, "/api/spellflare/progress/sync",
                                                 SyncBody(completed: [.init(grade: 2, level: 1), .init(grade: 2, level: 2), .init(grade: 4, level: 1)],
                                                          current: [.init(grade: 2, level: 3), .init(grade: 4, level: 2)]))
            let grades = stale.grades
            #expect(grades[1].completedLevels == [] && grades[1].currentLevel == 1 && grades[1].epoch == 1)
            #expect(grades[3].completedLevels == [1])
            // The old game's tenth word passes it, but completes nothing in the reset grade.
            _ = try await speller.spellRight(game)
            #expect(try await speller.progress(grade: 2).completedLevels == [])
            #expect(try await speller.progress(grade: 2).currentLevel == 1)
            // Progress made after the reset (the device sends epoch 1) merges as usual.
            let fresh = try await tablet.decoded(ProgressView.self, .post, "/api/spellflare/progress/sync",
                                                 SyncBody(completed: [.init(grade: 2, level: 1)], current: [.init(grade: 2, level: 2)],
                                                          epochs: [.init(grade: 2, epoch: 1)]))
            #expect(fresh.grades[1].completedLevels == [1])
            // Bad epochs are refused whole.
            try await tablet.expectError(.post, "/api/spellflare/progress/sync",
                                         SyncBody(completed: [.init(grade: 3, level: 1)], current: [], epochs: [.init(grade: 9, epoch: 0)]),
                                         status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.post, "/api/spellflare/progress/sync",
                                         SyncBody(completed: [.init(grade: 3, level: 1)], current: [], epochs: [.init(grade: 3, epoch: -1)]),
                                         status: .unprocessableContent, code: "invalid_field")
            #expect(try await speller.progress(grade: 3).completedLevels == [])
        }
    }

    @Test(arguments: TestDatabase.all)
    func parentsWordListsAreValidatedAssignedAndPractised(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["spellflare"], openSignup: true) { app in
            let (tablet, miaId) = try await Self.child(app)
            try await tablet.expectError(.get, "/api/parent/spellflare/lists", status: .forbidden, code: "parent_locked")
            try await app.passGate(tablet)
            _ = try await tablet.json(.post, "/api/parent/unlock", ["password": TestApp.password], expect: .noContent)

            let huge = String(repeating: "word\n", count: 10_000)
            try await tablet.expectError(.post, "/api/parent/spellflare/lists", ListBody(name: "Huge", text: huge),
                                         status: .unprocessableContent, code: "invalid_word_list")
            try await tablet.expectError(.post, "/api/parent/spellflare/lists", ListBody(name: "Bad", text: "rocket\nr0cket\n"),
                                         status: .unprocessableContent, code: "invalid_word_list")
            try await tablet.expectError(.post, "/api/parent/spellflare/lists", ListBody(name: "", text: "rocket"),
                                         status: .unprocessableContent, code: "invalid_word_list")
            let enormous = try await tablet.request(.post, "/api/parent/spellflare/lists",
                                                    json: ListBody(name: "Enormous", text: String(repeating: "a", count: 200_000)))
            try expectErrorShape(enormous, status: .contentTooLarge, code: "body_too_large")
            #expect(try await tablet.decoded(SpellflareParentController.WordLists.self, .get, "/api/parent/spellflare/lists").lists.isEmpty)

            let list = try await tablet.decoded(SpellflareParentController.ListView.self, .post, "/api/parent/spellflare/lists",
                                                ListBody(name: "Space week", text: "word\nRocket, planet\n\ncomet;orbit\nrocket"), expect: .created)
            #expect(list.words == ["rocket", "planet", "comet", "orbit"] && list.name == "Space week")
            let listId = list.id
            try await tablet.expectError(.put, "/api/parent/spellflare/children/\(miaId)/lists", ["listIds": ["nope"]], status: .notFound, code: "not_found")
            try await tablet.expectError(.put, "/api/parent/spellflare/children/nobody/lists", ["listIds": [listId]], status: .notFound, code: "not_found")
            _ = try await tablet.json(.put, "/api/parent/spellflare/children/\(miaId)/lists", ["listIds": [listId]], expect: .ok)
            let lists = try await tablet.decoded(SpellflareParentController.WordLists.self, .get, "/api/parent/spellflare/lists").lists
            #expect(lists.first?.childIds == [ChildID(miaId)])

            // Another family sees none of it and cannot assign it.
            let stranger = try await app.setUpStrangerFamily()
            #expect(try await stranger.decoded(SpellflareParentController.WordLists.self, .get, "/api/parent/spellflare/lists").lists.isEmpty)
            try await stranger.expectError(.delete, "/api/parent/spellflare/lists/\(listId)", status: .notFound, code: "not_found")

            _ = try await tablet.json(.post, "/api/kids/select", ["childId": miaId], expect: .ok)
            #expect(try await Speller(device: tablet).me().assignedWords == 4)
            let game = try await Speller(device: tablet).start(grade: 2, level: 1)
            #expect(Set(game.words).isSuperset(of: ["rocket", "planet", "comet", "orbit"]))
        }
    }

    @Test(arguments: TestDatabase.all)
    func theParentReportShowsAccuracyTroubleWordsTimeAndStreak(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["spellflare"], openSignup: true) { app in
            let (tablet, miaId) = try await Self.child(app)
            let speller = Speller(device: tablet)
            var game = try await speller.start(grade: 2, level: 1)
            let missed = game.words[0]
            game = try await speller.answer(game, AnswerBody(seq: 0, giveUp: true, seconds: 20)).session
            for _ in 0..<3 { game = try await speller.spellRight(game) }
            app.clock.advance(by: 86_400)
            game = try await speller.start(grade: 2, level: 1)
            game = try await speller.spellRight(game)

            try await app.passGate(tablet)
            _ = try await tablet.json(.post, "/api/parent/unlock", ["password": TestApp.password], expect: .noContent)
            try await tablet.expectError(.get, "/api/parent/spellflare/children/\(miaId)/report?timeZone=Mars/Base", status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.get, "/api/parent/spellflare/children/nobody/report", status: .notFound, code: "not_found")
            let report = try await tablet.decoded(SpellflareParentController.ReportView.self, .get,
                                                  "/api/parent/spellflare/children/\(miaId)/report?timeZone=Europe/Rome")
            #expect(report.overall.answered == 5 && report.overall.firstTry == 4)
            #expect(report.troubleWords.first?.word == missed)
            #expect(abs(report.secondsPractised - 36) < 0.001)
            #expect(report.streakDays == 2)
            #expect(report.byGrade.map(\.grade) == [2])
            let stranger = try await app.setUpStrangerFamily()
            try await stranger.expectError(.get, "/api/parent/spellflare/children/\(miaId)/report", status: .notFound, code: "not_found")
        }
    }
}

private func familyId(_ app: TestApp, _ childId: String) async throws -> FamilyID {
    try await app.services.database.sql.raw("SELECT family_id FROM children WHERE id = \(bind: childId)").first()!
        .decode(column: "family_id", as: FamilyID.self)
}

private func sessionCount(_ app: TestApp) async throws -> Int {
    try await app.services.database.sql.raw("SELECT COUNT(*) AS n FROM spelling_sessions").first()!.decode(column: "n", as: Int.self)
}

extension TestApp {
    /// A second family (the app must allow sign-up), its parent area open; with `child`, a child of theirs is playing.
    func setUpStrangerFamily(child: Bool = false) async throws -> Browser {
        let device = try await setUpFamily(email: "bo@example.org", family: "Bianchi")
        if child {
            let id = try await addChild(device, name: "Bo", grade: 2)
            _ = try await device.json(.post, "/api/kids/select", ["childId": id], expect: .ok)
        }
        return device
    }
}
