import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Storage
import Study
import Testing
@testable import FunZoneServer

/// MirrorBuddy's settings, profiles, subjects and study time on both databases: Mario's MirrorBuddy
/// starts in Italian with the 11 subjects; a profile merges onto his settings and a change by hand
/// clears its mark; his own subjects can go only when empty; study time counts only if it could have
/// happened. Another family sees none of it.
@Suite struct MirrorBuddyRouteTests {
    static let zone = "tz=Europe%2FRome"

    /// A family with Mario (grade 8) picked on the tablet.
    static func mario(_ app: TestApp) async throws -> Browser {
        let tablet = try await app.setUpFamily()
        let mario = try await app.addChild(tablet, name: "Mario", grade: 8)
        _ = try await tablet.json(.post, "/api/kids/select", ["childId": mario], expect: .ok)
        return tablet
    }

    /// Another family's device with its own student picked.
    static func stranger(_ app: TestApp) async throws -> Browser {
        let other = try await app.setUpFamily(email: "bo@example.org", family: "Bianchi")
        let bo = try await app.addChild(other, name: "Bo", grade: 8)
        _ = try await other.json(.post, "/api/kids/select", ["childId": bo], expect: .ok)
        return other
    }

    static func me(_ device: Browser) async throws -> MirrorBuddyController.MeResponse {
        try await device.decoded(MirrorBuddyController.MeResponse.self, .get, "/api/mirrorbuddy/me?\(zone)")
    }

    struct Preset: Encodable { let preset: String }

    @Test(arguments: TestDatabase.all)
    func settingsStartItalianAndAProfileMergesUntilAChangeByHand(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["mirrorbuddy"], openSignup: true) { app in
            let tablet = try await Self.mario(app)
            let me = try await Self.me(tablet)
            #expect(me.student.name == "Mario" && me.settings == ReadingSettings.starting(language: .it))
            #expect(me.subjects.map(\.id) == Subjects.defaults.map(\.id) && me.subjects.allSatisfy { $0.isDefault && $0.materials == 0 })
            #expect(me.profiles.map(\.id) == AccessibilityProfile.allCases && me.progress.xp == 0 && me.progress.level.level == 1)
            #expect(me.taskCounts == ["overdue": 0, "today": 0, "thisWeek": 0, "later": 0, "completed": 0])
            // A second visit does not seed the subjects twice.
            #expect(try await Self.me(tablet).subjects.count == 11)

            var dark = me.settings
            dark.theme = .dark
            _ = try await tablet.decoded(ReadingSettings.self, .put, "/api/mirrorbuddy/settings", dark)
            var wrong = dark
            wrong.textSize = 5
            try await tablet.expectError(.put, "/api/mirrorbuddy/settings", wrong, status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.put, "/api/mirrorbuddy/settings", ["ttsSpeed": "fast"], status: .unprocessableContent, code: "invalid_field")
            #expect(try await tablet.decoded(ReadingSettings.self, .get, "/api/mirrorbuddy/settings") == dark)

            // Dislessia: OpenDyslexic and wider spacing on top of his dark theme, marked as the profile.
            let dyslexia = try await tablet.decoded(ReadingSettings.self, .post, "/api/mirrorbuddy/settings/preset", Preset(preset: "dislessia"))
            #expect(dyslexia.profile == .dislessia && dyslexia.font == .opendyslexic && dyslexia.letterSpacing == 0.05 && dyslexia.lineSpacing == 1.8)
            #expect(dyslexia.theme == .dark, "a profile merges; it does not reset the rest")
            // The language alone keeps the mark; a change by hand clears it.
            var english = dyslexia
            english.language = .en
            english.profile = nil
            #expect(try await tablet.decoded(ReadingSettings.self, .put, "/api/mirrorbuddy/settings", english).profile == .dislessia)
            var ruler = english
            ruler.ruler = true
            let byHand = try await tablet.decoded(ReadingSettings.self, .put, "/api/mirrorbuddy/settings", ruler)
            #expect(byHand.profile == nil && byHand.ruler && byHand.font == .opendyslexic)
            // A page that sends only what it knows: the rest takes its default.
            let partial = try await tablet.decoded(ReadingSettings.self, .put, "/api/mirrorbuddy/settings", ["language": "en"])
            #expect(partial.language == .en && partial.font == .system && partial.theme == .standard)

            try await tablet.expectError(.post, "/api/mirrorbuddy/settings/preset", Preset(preset: "nope"), status: .unprocessableContent,
                                         code: "invalid_field")
            let recommended = try await tablet.decoded(ReadingSettings.self, .post, "/api/mirrorbuddy/settings/preset", Preset(preset: "recommended"))
            #expect(recommended.theme == .cream && recommended.lineSpacing == 2.0 && recommended.paragraphSpacing == 24 && recommended.profile == nil)
            let reset = try await tablet.decoded(ReadingSettings.self, .post, "/api/mirrorbuddy/settings/preset", Preset(preset: "reset"))
            #expect(reset == ReadingSettings.starting(language: .en), "a reset keeps the language")

            // Bo's family has its own settings.
            let other = try await Self.stranger(app)
            #expect(try await other.decoded(ReadingSettings.self, .get, "/api/mirrorbuddy/settings") == ReadingSettings.starting(language: .it))
        }
    }

    struct NewSubject: Encodable { let name: String; let colour: String; let emoji: String? }
    struct SubjectPatch: Encodable { var name: String? = nil; var colour: String? = nil; var hidden: Bool? = nil }
    struct NewMaterial: Encodable { var title: String? = nil; var subjectId: String? = nil; let text: String }

    @Test(arguments: TestDatabase.all)
    func subjectsAreRenamedReorderedHiddenAndOnlyEmptyOwnOnesDeleted(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["mirrorbuddy"], openSignup: true) { app in
            let tablet = try await Self.mario(app)
            _ = try await Self.me(tablet)
            let latin = try await tablet.decoded(MirrorBuddyView.SubjectView.self, .post, "/api/mirrorbuddy/subjects",
                                                 NewSubject(name: "  Latino  ", colour: "#3366cc", emoji: "🏺"), expect: .created)
            #expect(latin.names.it == "Latino" && latin.names.en == "Latino" && latin.colour == "#3366CC" && latin.order == 11 && !latin.isDefault)
            try await tablet.expectError(.post, "/api/mirrorbuddy/subjects", NewSubject(name: "Arte", colour: "blue", emoji: nil),
                                         status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.post, "/api/mirrorbuddy/subjects", NewSubject(name: "   ", colour: "#112233", emoji: nil),
                                         status: .unprocessableContent, code: "invalid_field")

            // A default renamed takes the one name in both languages; hidden, it stays in the list.
            let maths = try await tablet.decoded(MirrorBuddyView.SubjectView.self, .patch, "/api/mirrorbuddy/subjects/matematica",
                                                 SubjectPatch(name: "Mate", hidden: true))
            #expect(maths.names.it == "Mate" && maths.names.en == "Mate" && maths.hidden && maths.isDefault)
            // Its own name again changes nothing.
            let physics = try await tablet.decoded(MirrorBuddyView.SubjectView.self, .patch, "/api/mirrorbuddy/subjects/fisica", SubjectPatch(name: "Physics"))
            #expect(physics.names.it == "Fisica" && physics.names.en == "Physics")
            try await tablet.expectError(.patch, "/api/mirrorbuddy/subjects/nope", SubjectPatch(hidden: true), status: .notFound, code: "not_found")

            let ordered = try await tablet.decoded(MirrorBuddySubjects.SubjectsResponse.self, .put, "/api/mirrorbuddy/subjects/order",
                                                   ["ids": [latin.id, "italiano", "nope", latin.id]])
            #expect(ordered.subjects.prefix(3).map(\.id) == [latin.id, "italiano", "educazione-civica"])
            #expect(ordered.subjects.map(\.order) == Array(0..<12))

            try await tablet.expectError(.delete, "/api/mirrorbuddy/subjects/italiano", status: .conflict, code: "subject_is_default")
            let material = try await tablet.decoded(MirrorBuddyView.MaterialView.self, .post, "/api/mirrorbuddy/materials",
                                                    NewMaterial(subjectId: latin.id, text: "Gallia est omnis divisa in partes tres."), expect: .created)
            try await tablet.expectError(.delete, "/api/mirrorbuddy/subjects/\(latin.id)", status: .conflict, code: "subject_has_content")
            #expect(try await Self.me(tablet).subjects.first { $0.id == latin.id }?.materials == 1)

            // Bo cannot touch Mario's subject.
            let other = try await Self.stranger(app)
            try await other.expectError(.delete, "/api/mirrorbuddy/subjects/\(latin.id)", status: .notFound, code: "not_found")
            try await other.expectError(.patch, "/api/mirrorbuddy/subjects/\(latin.id)", SubjectPatch(name: "Mine"), status: .notFound, code: "not_found")

            _ = try await tablet.request(.delete, "/api/mirrorbuddy/materials/\(material.id)")
            let gone = try await tablet.request(.delete, "/api/mirrorbuddy/subjects/\(latin.id)")
            #expect(gone.status == .noContent)
            #expect(try await Self.me(tablet).subjects.map(\.id).contains(latin.id) == false)
        }
    }

    struct Stretch: Encodable { let minutes: Double; var subjectId: String? = nil; var pomodoro: Bool? = nil; var startedAt: String? = nil }

    @Test(arguments: TestDatabase.all)
    func studyTimeIsPlacedWhenItArrivesAndOnlyItsNewPartCounts(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["mirrorbuddy"], openSignup: true) { app in
            let tablet = try await Self.mario(app)
            let path = "/api/mirrorbuddy/sessions?\(Self.zone)"
            let earn = { (stretch: Stretch) in
                try await tablet.decoded(MirrorBuddyController.EarnedResponse.self, .post, path, stretch, expect: .created)
            }
            try await tablet.expectError(.post, path, Stretch(minutes: -1), status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.post, path, Stretch(minutes: 241), status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.post, path, Stretch(minutes: 20, subjectId: "nope"), status: .unprocessableContent, code: "invalid_field")
            app.clock.advance(by: 20 * 60)
            // The page's own start (with a browser's milliseconds) is not what places it: it ends now.
            let first = try await earn(Stretch(minutes: 20, subjectId: "storia-geografia", startedAt: "2020-01-01T00:00:00.000Z"))
            #expect(first.xp == 20 && first.progress.minutesToday == 20 && first.progress.streak.current == 1 && first.unlocked.isEmpty)
            // The same stretch again (a second tap, another device) has nothing new in it.
            try await tablet.expectError(.post, path, Stretch(minutes: 20), status: .conflict, code: "stretch_overlaps")
            // Six minutes sent five minutes after the last ended: the five new ones count.
            app.clock.advance(by: 5 * 60)
            #expect(try await earn(Stretch(minutes: 6)).progress.minutesToday == 25)

            // A Pomodoro cut short by what was counted already is plain study; a whole one earns its 15 (+10 the day's first).
            app.clock.advance(by: 20 * 60)
            #expect(try await earn(Stretch(minutes: 25, pomodoro: true)).xp == 20)
            app.clock.advance(by: 25 * 60)
            #expect(try await earn(Stretch(minutes: 25, pomodoro: true)).xp == 25 + 15 + 10)
            // 15 minutes is a whole Pomodoro only with the ADHD timer.
            app.clock.advance(by: 15 * 60)
            #expect(try await earn(Stretch(minutes: 15, pomodoro: true)).xp == 15)
            _ = try await tablet.decoded(ReadingSettings.self, .post, "/api/mirrorbuddy/settings/preset", Preset(preset: "adhd"))
            app.clock.advance(by: 15 * 60)
            #expect(try await earn(Stretch(minutes: 15, pomodoro: true)).xp == 15 + 15)
            #expect(try await tablet.decoded(MirrorBuddyView.Progress.self, .get, "/api/mirrorbuddy/progress?\(Self.zone)").xp == 20 + 5 + 20 + 50 + 15 + 30)
            let other = try await Self.stranger(app)
            #expect(try await other.decoded(MirrorBuddyView.Progress.self, .get, "/api/mirrorbuddy/progress").xp == 0)
        }
    }
}
