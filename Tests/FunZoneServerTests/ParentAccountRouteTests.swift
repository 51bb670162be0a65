import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MailClient
import Storage
import TestSupport
import Testing
@testable import FunZoneServer

/// A parent's own account: e-mail, name and password changes, removing a parent, a forgotten password.
struct ChangePassword: Encodable {
    let currentPassword: String
    let password: String
    let signOutOtherDevices: Bool?
}

@Suite struct ParentAccountRouteTests {
    static let newPassword = "a much better one 42"

    /// Ada (this device, parent area open) and Bo, who joined with an invite on his own phone.
    static func twoParents(_ app: TestApp) async throws -> (Browser, Browser, ParentID) {
        let ada = try await app.setUpFamily()
        let code = try await ada.decoded(AccountController.InviteResponse.self, .post, "/api/parent/invites", expect: .created).code
        let bo = app.user()
        let joined = try await bo.decoded(AccountController.SessionResponse.self, .post, "/api/join",
                                          ["inviteCode": code, "name": "Bo", "email": "bo@example.org", "password": TestApp.password],
                                          expect: .created)
        return (ada, bo, try #require(joined.parent?.id))
    }

    @Test(arguments: TestDatabase.all)
    func aParentChangesTheirEmailNameAndPasswordWithTheCurrentPassword(_ db: TestDatabase) async throws {
        try await TestApp.run(db) { app in
            let ada = try await app.setUpFamily()
            let laptop = app.user()
            _ = try await laptop.json(.post, "/api/signin", ["email": "ada@example.org", "password": TestApp.password], expect: .ok)
            try await ada.expectError(.patch, "/api/parent/me", ["currentPassword": "not it at all", "name": "Ada R."],
                                      status: .unauthorized, code: "wrong_password")
            // Nothing half-done: a bad new password refuses the whole change.
            try await ada.expectError(.patch, "/api/parent/me", ["currentPassword": TestApp.password, "email": "ada@new.example.org", "password": "short"],
                                      status: .unprocessableContent, code: "invalid_field")
            #expect(try await app.services.families.parent(email: "ada@example.org") != nil)
            let me = try await ada.decoded(ParentAccountController.MeView.self, .patch, "/api/parent/me",
                                           ["currentPassword": TestApp.password, "email": " Ada@New.Example.org ", "name": "Ada R.",
                                            "password": Self.newPassword])
            #expect(me.email == "ada@new.example.org" && me.name == "Ada R.")
            // This device stays signed in. The family laptop keeps kid mode, and its parent area asks for the new password.
            _ = try await ada.json(.get, "/api/parent/family", expect: .ok)
            #expect(try await laptop.session().signedIn == true)
            try await laptop.expectError(.get, "/api/parent/family", status: .forbidden, code: "parent_locked")
            try await app.passGate(laptop)
            try await laptop.expectError(.post, "/api/parent/unlock", ["password": TestApp.password], status: .unauthorized, code: "wrong_password")
            _ = try await laptop.json(.post, "/api/parent/unlock", ["password": Self.newPassword], expect: .noContent)
            // Asked for, every other device is signed out.
            _ = try await ada.json(.patch, "/api/parent/me", ChangePassword(currentPassword: Self.newPassword, password: Self.newPassword + "!",
                                                                           signOutOtherDevices: true), expect: .ok)
            #expect(try await laptop.session().signedIn == false)
            _ = try await ada.json(.patch, "/api/parent/me", ChangePassword(currentPassword: Self.newPassword + "!", password: Self.newPassword,
                                                                           signOutOtherDevices: nil), expect: .ok)
            try await app.user().expectError(.post, "/api/signin", ["email": "ada@example.org", "password": Self.newPassword],
                                             status: .unauthorized, code: "wrong_credentials")
            _ = try await app.user().json(.post, "/api/signin", ["email": "ada@new.example.org", "password": Self.newPassword], expect: .ok)
        }
    }

    @Test(arguments: TestDatabase.all)
    func anAddressThatHasAnAccountCannotBeTaken(_ db: TestDatabase) async throws {
        try await TestApp.run(db) { app in
            let (ada, _, _) = try await Self.twoParents(app)
            try await ada.expectError(.patch, "/api/parent/me", ["currentPassword": TestApp.password, "email": "bo@example.org"],
                                      status: .conflict, code: "email_taken")
        }
    }

    @Test(arguments: TestDatabase.all)
    func aParentIsRemovedAndSignedOutButNeverTheLastOne(_ db: TestDatabase) async throws {
        try await TestApp.run(db, openSignup: true) { app in
            let (ada, bo, boId) = try await Self.twoParents(app)
            try await ada.expectError(.delete, "/api/parent/parents/\(boId)", ["confirm": false], status: .unprocessableContent, code: "invalid_field")
            _ = try await ada.json(.delete, "/api/parent/parents/\(boId)", ["confirm": true], expect: .noContent)
            #expect(try await bo.session().signedIn == false)
            try await app.user().expectError(.post, "/api/signin", ["email": "bo@example.org", "password": TestApp.password],
                                             status: .unauthorized, code: "wrong_credentials")
            let family = try await ada.decoded(AccountController.FamilyResponse.self, .get, "/api/parent/family")
            let adaId = try #require(family.parents.first?.id)
            try await ada.expectError(.delete, "/api/parent/parents/\(adaId)", ["confirm": true], status: .conflict, code: "last_parent")
            // Another family's parent is not found, and stays.
            let other = try await app.setUpFamily(email: "cy@example.org", family: "Bianchi")
            let cyId = try #require(try await other.decoded(AccountController.FamilyResponse.self, .get, "/api/parent/family").parents.first?.id)
            try await ada.expectError(.delete, "/api/parent/parents/\(cyId)", ["confirm": true], status: .notFound, code: "not_found")
        }
    }

    @Test(arguments: TestDatabase.all)
    func aForgottenPasswordIsResetOnceByALinkThatExpires(_ db: TestDatabase) async throws {
        let mailer = RecordingMailer()
        try await TestApp.run(db, mailer: mailer, network: HomeNetworkTests.home) { app in
            let ada = try await app.setUpFamily()
            let visitor = app.user()
            // The same answer for an address with no account, and no mail.
            let unknown = try await visitor.decoded(ParentAccountController.ForgotResponse.self, .post, "/api/password/forgot",
                                                    ["email": "nobody@example.org"], expect: .accepted)
            #expect(unknown.delivery == "email")
            #expect(await mailer.sent.isEmpty)
            _ = try await visitor.json(.post, "/api/password/forgot", ["email": "ADA@example.org"], expect: .accepted)
            let mail = try #require(await mailer.sent.last)
            #expect(mail.to == ["ada@example.org"])
            let link = try #require(mail.body.split(separator: "\n").first { $0.hasPrefix("https://192.168.1.20:8443/reset/#token=") })
            let token = String(link.split(separator: "=", maxSplits: 1)[1])
            try await visitor.expectError(.post, "/api/password/reset", ["token": "made-up", "password": Self.newPassword], status: .gone, code: "reset_link_invalid")
            try await visitor.expectError(.post, "/api/password/reset", ["token": token, "password": "short"], status: .unprocessableContent, code: "invalid_field")
            _ = try await visitor.json(.post, "/api/password/reset", ["token": token, "password": Self.newPassword], expect: .noContent)
            // Good once; every device of that parent signs in again.
            try await visitor.expectError(.post, "/api/password/reset", ["token": token, "password": "yet another one 7"], status: .gone, code: "reset_link_invalid")
            #expect(try await ada.session().signedIn == false)
            _ = try await app.user().json(.post, "/api/signin", ["email": "ada@example.org", "password": Self.newPassword], expect: .ok)
            // A link is good for 30 minutes.
            _ = try await visitor.json(.post, "/api/password/forgot", ["email": "ada@example.org"], expect: .accepted)
            let late = try #require(await mailer.sent.last?.body.split(separator: "\n").first { $0.contains("#token=") })
            app.clock.advance(by: 31 * 60)
            try await visitor.expectError(.post, "/api/password/reset", ["token": String(late.split(separator: "=", maxSplits: 1)[1]),
                                                                         "password": "yet another one 7"], status: .gone, code: "reset_link_invalid")
        }
    }

    /// A hosted server (open sign-up) with no mail cannot deliver a link: it says so, and makes none.
    @Test(arguments: TestDatabase.all)
    func aHostedServerWithoutMailSaysItCannotSendALink(_ db: TestDatabase) async throws {
        try await TestApp.run(db, openSignup: true) { app in
            _ = try await app.setUpFamily()
            let answer = try await app.user().decoded(ParentAccountController.ForgotResponse.self, .post, "/api/password/forgot",
                                                      ["email": "ada@example.org"], expect: .accepted)
            #expect(answer.delivery == "unavailable")
            let unknown = try await app.user().decoded(ParentAccountController.ForgotResponse.self, .post, "/api/password/forgot",
                                                       ["email": "nobody@example.org"], expect: .accepted)
            #expect(unknown.delivery == "unavailable")
        }
    }
}
