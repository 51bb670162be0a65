import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MailClient
import TestSupport
import Testing
@testable import FunZoneServer

/// MirrorBuddy's weekly digest on both databases: a parent turns it on in the parent area; on
/// Monday from 07:00 on the family's clock the week before goes by e-mail, once, with each child's
/// numbers and the coach's note without the child's words; without mail it cannot be turned on.
@Suite struct MirrorBuddyDigestRouteTests {
    typealias Stretch = MirrorBuddyParentRouteTests.Stretch
    typealias DigestView = MirrorBuddyParentController.DigestView

    @Test(arguments: TestDatabase.all)
    func lastWeekGoesToTheParentsOnMondayMorningOnce(_ db: TestDatabase) async throws {
        let mailer = RecordingMailer()
        try await TestApp.run(db, installed: ["mirrorbuddy"], openSignup: true, mailer: mailer) { app in
            // Friday 15 January 2027: Mario studies 20 minutes and tells the coach something worrying.
            let tablet = try await MirrorBuddyRouteTests.mario(app)
            _ = try await tablet.json(.post, "/api/mirrorbuddy/sessions?\(MirrorBuddyRouteTests.zone)",
                                      Stretch(minutes: 20, subjectId: "scienze-naturali"), expect: .created)
            _ = try await MirrorBuddyCoachRouteTests.ask(tablet, "voglio morire")
            try await app.passGate(tablet)
            _ = try await tablet.json(.post, "/api/parent/unlock", ["password": TestApp.password], expect: .noContent)

            let off = try await tablet.decoded(DigestView.self, .get, "/api/parent/mirrorbuddy/digest")
            #expect(!off.enabled && off.mailEnabled)
            try await tablet.expectError(.put, "/api/parent/mirrorbuddy/digest", ["enabled": "true", "timeZone": "Mars/Olympus"],
                                         status: .unprocessableContent, code: "invalid_field")
            struct Setting: Encodable { let enabled: Bool; let timeZone: String }
            let on = try await tablet.decoded(DigestView.self, .put, "/api/parent/mirrorbuddy/digest", Setting(enabled: true, timeZone: "Europe/Rome"))
            #expect(on.enabled && on.timeZone == "Europe/Rome" && on.lastWeek == "2027-W01", "the week just gone is not sent: \(on)")
            let before = await mailer.sent.count

            // Nothing before Monday 07:00 in Rome (06:00 UTC).
            app.clock.advance(by: 2 * 86_400 + 21 * 3_600 + 30 * 60)  // Sunday 17 January, 22:30 Rome
            #expect(await app.services.sendDigests().isEmpty)
            app.clock.advance(by: 9 * 3_600)  // Monday 18 January, 07:30 Rome
            #expect(await app.services.sendDigests().count == 1)
            #expect(await app.services.sendDigests().isEmpty, "once a week, however many passes or instances")
            let digest = try #require(await mailer.sent.dropFirst(before).first)
            #expect(digest.to == ["ada@example.org"] && digest.subject == "MirrorBuddy: the week of Mario", "\(digest.subject)")
            #expect(digest.body.contains("2027-01-11 to 2027-01-17") && digest.body.contains("Studied 20 min on 1 day"), "\(digest.body)")
            #expect(digest.body.contains("sounded like distress") && !digest.body.contains("morire"), "the note, never the words")
            #expect(digest.body.contains("turn it off"))

            // Off: nothing the Monday after (the parent area locked itself meanwhile).
            try await app.passGate(tablet)
            _ = try await tablet.json(.post, "/api/parent/unlock", ["password": TestApp.password], expect: .noContent)
            _ = try await tablet.decoded(DigestView.self, .put, "/api/parent/mirrorbuddy/digest", Setting(enabled: false, timeZone: "Europe/Rome"))
            app.clock.advance(by: 7 * 86_400)
            #expect(await app.services.sendDigests().isEmpty)
        }
    }

    @Test(arguments: TestDatabase.all)
    func withoutMailTheDigestCannotBeTurnedOn(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["mirrorbuddy"], openSignup: true) { app in
            let tablet = try await app.setUpFamily()
            try await app.passGate(tablet)
            _ = try await tablet.json(.post, "/api/parent/unlock", ["password": TestApp.password], expect: .noContent)
            #expect(try await tablet.decoded(DigestView.self, .get, "/api/parent/mirrorbuddy/digest").mailEnabled == false)
            struct Setting: Encodable { let enabled: Bool; let timeZone: String }
            try await tablet.expectError(.put, "/api/parent/mirrorbuddy/digest", Setting(enabled: true, timeZone: "Europe/Rome"),
                                         status: .unprocessableContent, code: "invalid_field")
        }
    }
}
