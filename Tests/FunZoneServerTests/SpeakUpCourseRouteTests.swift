import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Speech
import SpeechCoach
import TestSupport
import Testing
@testable import FunZoneServer
import Storage

/// SpeakUp's course on both databases: the weeks and where the speaker is; a reading ticked; a
/// practice completed by a take recorded for it (and not by one that misses it, which says why);
/// a drill by passing it; nothing ticked that must be earned, nothing in a locked week.
@Suite struct SpeakUpCourseRouteTests {
    static func course(_ device: Browser) async throws -> SpeakUpCourse.CourseResponse {
        try await device.decoded(SpeakUpCourse.CourseResponse.self, .get, "/api/speakup/course")
    }

    static func tick(_ device: Browser, _ id: String) async throws -> TestResponse {
        try await device.request(.post, "/api/speakup/course/\(id)/done")
    }

    static let weekOne = Course.weeks[0].lessons.flatMap(\.activities)
    /// Week 1's first practice that asks only for its length, and its first reading.
    static let baseline = weekOne.first { $0.kind == .practice && $0.practice?.maxFillers == nil && $0.practice?.paceWithin == nil
        && $0.practice?.minPauses == nil && $0.practice?.minSentences == nil }!
    static let reading = weekOne.first { $0.kind == .reading }!
    static let laterReading = Course.weeks[1].lessons.flatMap(\.activities).first { $0.kind == .reading }!

    /// `count` words a speaker might say, for the scripted recogniser.
    static func words(_ count: Int) -> String {
        let pool = ["today", "I", "want", "to", "tell", "you", "about", "my", "favourite", "place", "near", "the", "river", "where", "we", "swim"]
        return (0..<count).map { pool[$0 % pool.count] }.joined(separator: " ")
    }

    @Test(arguments: TestDatabase.all)
    func theCourseMovesOnWithTheWorkDone(_ db: TestDatabase) async throws {
        let seconds = Self.baseline.practice!.seconds
        let speech = SpeechServices(recognizer: ScriptedRecognizer(script: [Self.words(20), Self.words(seconds)]), speaker: ScriptedSpeaker())
        try await TestApp.run(db, installed: ["speakup"], speech: speech) { app in
            let (tablet, _) = try await SpeakUpRouteTests.speaker(app)
            let start = try await Self.course(tablet)
            #expect(start.weeks.count == 8 && start.weeks.allSatisfy { $0.lessons.count == 4 })
            #expect(start.progress.weeks.map(\.status) == [.open] + Array(repeating: .locked, count: 7))
            #expect(start.progress.currentLesson == "w1-l1")

            // A reading is ticked; ticking a done one again changes nothing.
            let ticked = try await Self.tick(tablet, Self.reading.id).decoded(CurriculumProgress.self)
            #expect(ticked.state(of: Self.reading.id)?.status == .done)
            app.clock.advance(by: 60)
            let again = try await Self.tick(tablet, Self.reading.id).decoded(CurriculumProgress.self)
            #expect(again.state(of: Self.reading.id)?.completedAt == ticked.state(of: Self.reading.id)?.completedAt)
            // The store renews a tick (the route asks only for one that no longer counts).
            let (leo, scope) = (try #require(try await tablet.childId(app)), FamilyScope(familyId: try await tablet.familyId(app)))
            try await app.services.speakUp.tick(activityId: Self.reading.id, at: app.clock.now, childId: leo, in: scope)
            #expect(try await app.services.speakUp.courseEvidence(childId: leo, in: scope).ticks.map(\.at) == [app.clock.now])

            // A take recorded for the practice that is too short leaves it open, and says why…
            let prompt = "course:\(Self.baseline.id)"
            let short = try await tablet.request(.post, "/api/speakup/takes?promptId=\(prompt)", body: ByteBuffer(bytes: toneWAV(seconds: 20)),
                                                 headers: [.contentType: "audio/wav"])
            #expect(short.status == .created)
            let take = try short.decoded(SpeakUpView.Take.self)
            #expect(take.prompt?.text == Self.baseline.practice?.prompt)
            let open = try await Self.course(tablet).progress.state(of: Self.baseline.id)
            #expect(open?.status == .open && open?.missing?.first?.hasPrefix("Talk for at least") == true)
            // …and one of the length completes it, naming the take.
            let full = try await tablet.request(.post, "/api/speakup/takes?promptId=\(prompt)", body: ByteBuffer(bytes: toneWAV(seconds: Double(seconds))),
                                                headers: [.contentType: "audio/wav"]).decoded(SpeakUpView.Take.self)
            let done = try await Self.course(tablet).progress.state(of: Self.baseline.id)
            #expect(done?.status == .done && done?.takeId == full.id.rawValue)
        }
    }

    @Test(arguments: TestDatabase.all)
    func whatMustBeEarnedCannotBeTicked(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["speakup"]) { app in
            let (tablet, _) = try await SpeakUpRouteTests.speaker(app)
            let before = try await Self.course(tablet).progress
            try expectErrorShape(try await Self.tick(tablet, Self.baseline.id), status: .unprocessableContent, code: "invalid_field")
            try expectErrorShape(try await Self.tick(tablet, Self.laterReading.id), status: .conflict, code: "lesson_locked")
            try expectErrorShape(try await Self.tick(tablet, "w9-l1-a1"), status: .notFound, code: "not_found")
            try expectErrorShape(try await Self.tick(tablet, String(repeating: "x", count: 300)), status: .notFound, code: "not_found")
            #expect(try await Self.course(tablet).progress == before)
            // A prompt id that names no course practice is refused like any unknown prompt.
            let response = try await tablet.request(.post, "/api/speakup/takes?promptId=course:\(Self.reading.id)",
                                                    body: ByteBuffer(bytes: toneWAV(seconds: 5)), headers: [.contentType: "audio/wav"])
            try expectErrorShape(response, status: .unprocessableContent, code: "invalid_field")
        }
    }

    @Test(arguments: TestDatabase.all)
    func eachProfileHasItsOwnCourse(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["speakup"], openSignup: true) { app in
            let tablet = try await app.setUpFamily()
            let leo = try await app.addChild(tablet, name: "Leo", grade: 6)
            try await app.passGate(tablet)
            let sam = try await app.addChild(tablet, name: "Sam", grade: 7)
            _ = try await tablet.json(.post, "/api/kids/select", ["childId": leo], expect: .ok)
            _ = try await Self.tick(tablet, Self.reading.id)
            _ = try await tablet.json(.post, "/api/kids/select", ["childId": sam], expect: .ok)
            #expect(try await Self.course(tablet).progress.state(of: Self.reading.id)?.status == .open)
            let other = try await app.setUpFamily(email: "bo@example.org", family: "Bianchi")
            let bo = try await app.addChild(other, name: "Bo", grade: 8)
            _ = try await other.json(.post, "/api/kids/select", ["childId": bo], expect: .ok)
            #expect(try await Self.course(other).progress.state(of: Self.reading.id)?.status == .open)
        }
    }
}
