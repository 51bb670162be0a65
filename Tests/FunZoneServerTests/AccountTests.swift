import Foundation
import HTTPTypes
import Hub
import Hummingbird
import HummingbirdTesting
import NIOCore
import Storage
import Testing
@testable import FunZoneServer

@Suite struct AccountRouteTests {
    @Test(arguments: TestDatabase.all)
    func firstRunSetUpThenSignupCloses(_ db: TestDatabase) async throws {
        try await TestApp.run(db) { app in
            let visitor = app.user()
            let session = try await visitor.session()
            #expect(session.setupNeeded == true)
            #expect(session.signedIn == false)

            let parent = try await app.setUpFamily()
            let signedIn = try await parent.session()
            #expect(signedIn.signedIn == true)
            #expect(signedIn.parentUnlocked == true)
            #expect(signedIn.family?.name == "Rossi")

            // The session cookie is HttpOnly and SameSite=Strict.
            let response = try await app.user().request(.post, "/api/signin", json: ["email": "ada@example.org", "password": TestApp.password])
            let cookie = response.headers[values: .setCookie].first { $0.hasPrefix("fz_session=") } ?? ""
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
            // Signing in puts the device in kid mode: the parent area still needs the gate and the password.
            #expect(String(buffer: response.body).contains("\"parentUnlocked\":false"))

            // A second family cannot sign up on a home server.
            try await app.user().expectError(.post, "/api/setup", ["familyName": "Other", "parentName": "Bo", "email": "bo@example.org",
                                                                   "password": TestApp.password], status: .forbidden, code: "signup_closed")
            #expect(try await app.services.families.familyCount() == 1)
        }
    }

    @Test(arguments: TestDatabase.all)
    func anEmailTakenOnceIsRefusedEvenWhenSignUpsRace(_ db: TestDatabase) async throws {
        try await TestApp.run(db, openSignup: true) { app in
            try await app.setUpFamily()
            try await app.user().expectError(.post, "/api/setup", ["familyName": "Other", "parentName": "Ada", "email": "ADA@example.org",
                                                                   "password": TestApp.password], status: .conflict, code: "email_taken")
            // Six sign-ups with one new address at once: one family, five clear refusals, no 500.
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<6 {
                    group.addTask {
                        let response = try await app.user().request(.post, "/api/setup", json: ["familyName": "Race \(index)", "parentName": "Bo",
                                                                                                "email": "bo@example.org", "password": TestApp.password])
                        if response.status == .conflict { try expectErrorShape(response, status: .conflict, code: "email_taken") }
                        return response.status.code
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.sorted() == [201, 409, 409, 409, 409, 409], "\(statuses)")
            #expect(try await app.services.families.familyCount() == 2, "a refused sign-up leaves no family behind")
        }
    }

    @Test(arguments: TestDatabase.all)
    func manyFamiliesSigningUpAtOnceAllGetIn(_ db: TestDatabase) async throws {
        try await TestApp.run(db, openSignup: true) { app in
            // Each sign-up writes in a transaction, then starts a session: on SQLite the writers
            // take turns for the lock, and none may starve the one holding it.
            let answers = try await withThrowingTaskGroup(of: String.self) { group in
                for index in 0..<16 {
                    group.addTask {
                        let response = try await app.user().request(.post, "/api/setup", json: ["familyName": "Family \(index)", "parentName": "Bo",
                                                                                                "email": "bo\(index)@example.org", "password": TestApp.password])
                        return response.status == .created ? "201" : "\(response.status.code) \(String(buffer: response.body))"
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers == [String](repeating: "201", count: 16), "\(answers.filter { $0 != "201" })")
            #expect(try await app.services.families.familyCount() == 16)
        }
    }

    @Test(arguments: TestDatabase.all)
    func badSignUpInputIsRefusedWithTheErrorShape(_ db: TestDatabase) async throws {
        try await TestApp.run(db) { app in
            let visitor = app.user()
            try await visitor.expectError(.post, "/api/setup", ["familyName": "R", "parentName": "A", "email": "not-an-email", "password": TestApp.password],
                                          status: .unprocessableContent, code: "invalid_field")
            try await visitor.expectError(.post, "/api/setup", ["familyName": "R", "parentName": "A", "email": "a@example.org", "password": "short"],
                                          status: .unprocessableContent, code: "invalid_field")
            try await visitor.expectError(.post, "/api/setup", ["familyName": "R"], status: .unprocessableContent, code: "invalid_field")
            let malformed = try await visitor.request(.post, "/api/setup", body: ByteBuffer(string: "{\"familyName\": "),
                                                      headers: [.contentType: "application/json"])
            try expectErrorShape(malformed, status: .badRequest, code: "malformed_json")
            let wrongType = try await visitor.request(.post, "/api/setup", body: ByteBuffer(string: "familyName=R"),
                                                      headers: [.contentType: "application/x-www-form-urlencoded"])
            try expectErrorShape(wrongType, status: .unsupportedMediaType, code: "unsupported_media_type")
            let huge = try await visitor.request(.post, "/api/setup", body: ByteBuffer(string: "{\"familyName\": \"" + String(repeating: "x", count: 70_000) + "\"}"),
                                                 headers: [.contentType: "application/json"])
            try expectErrorShape(huge, status: .contentTooLarge, code: "body_too_large")
            #expect(try await app.services.families.familyCount() == 0)
        }
    }

    @Test(arguments: TestDatabase.all)
    func signInChecksThePasswordAndIsRateLimitedPerAccount(_ db: TestDatabase) async throws {
        try await TestApp.run(db) { app in
            try await app.setUpFamily()
            let device = app.user()
            try await device.expectError(.post, "/api/signin", ["email": "nobody@example.org", "password": TestApp.password],
                                         status: .unauthorized, code: "wrong_credentials")
            for _ in 0..<5 {
                try await device.expectError(.post, "/api/signin", ["email": "ada@example.org", "password": "wrong password"],
                                             status: .unauthorized, code: "wrong_credentials")
            }
            // The sixth try is refused before the password is even checked, right or wrong.
            let limited = try await device.request(.post, "/api/signin", json: ["email": "ADA@example.org", "password": TestApp.password])
            try expectErrorShape(limited, status: .tooManyRequests, code: "rate_limited")
            #expect(Int(limited.headers[.retryAfter] ?? "") ?? 0 > 0)
            #expect(device.cookies["fz_session"] == nil)
            // After the window the right password works again.
            app.clock.advance(by: 15 * 60 + 1)
            _ = try await device.json(.post, "/api/signin", ["email": "ada@example.org", "password": TestApp.password], expect: .ok)
        }
    }

    @Test(arguments: TestDatabase.all)
    func stateChangesNeedTheCSRFToken(_ db: TestDatabase) async throws {
        try await TestApp.run(db) { app in
            let parent = try await app.setUpFamily()
            let noToken = try await parent.request(.post, "/api/parent/children", json: ChildBody(name: "Mia", grade: 2, avatar: "🦊"), sendCSRF: false)
            try expectErrorShape(noToken, status: .forbidden, code: "csrf_failed")
            let wrongToken = try await parent.request(.post, "/api/parent/children", json: ChildBody(name: "Mia", grade: 2, avatar: "🦊"),
                                                      headers: [HTTPField.Name("X-CSRF-Token")!: "forged"], sendCSRF: false)
            try expectErrorShape(wrongToken, status: .forbidden, code: "csrf_failed")
            // Signed out: the fz_csrf cookie's token is required for sign-in too.
            let visitor = app.user()
            let bare = try await visitor.request(.post, "/api/signin", json: ["email": "ada@example.org", "password": TestApp.password], sendCSRF: false)
            try expectErrorShape(bare, status: .forbidden, code: "csrf_failed")
            let kids = try await parent.decoded(ChildrenController.KidsResponse.self, .get, "/api/kids")
            #expect(kids.children.isEmpty)
        }
    }

    @Test(arguments: TestDatabase.all)
    func forgedExpiredAndSignedOutSessionsAreNotSignedIn(_ db: TestDatabase) async throws {
        try await TestApp.run(db) { app in
            let parent = try await app.setUpFamily()
            let forged = app.user()
            forged.cookies["fz_session"] = "made-up-token"
            try await forged.expectError(.get, "/api/kids", status: .unauthorized, code: "not_signed_in")

            _ = try await parent.json(.get, "/api/kids", expect: .ok)
            app.clock.advance(by: 31 * 24 * 3600)
            try await parent.expectError(.get, "/api/kids", status: .unauthorized, code: "not_signed_in")

            let again = app.user()
            _ = try await again.json(.post, "/api/signin", ["email": "ada@example.org", "password": TestApp.password], expect: .ok)
            let stolen = again.cookies["fz_session"]!
            _ = try await again.json(.post, "/api/signout", expect: .noContent)
            let replay = app.user()
            replay.cookies["fz_session"] = stolen
            try await replay.expectError(.get, "/api/kids", status: .unauthorized, code: "not_signed_in")
        }
    }

    @Test(arguments: TestDatabase.all)
    func aSecondParentJoinsWithASingleUseInvite(_ db: TestDatabase) async throws {
        try await TestApp.run(db) { app in
            let parent = try await app.setUpFamily()
            let code = try await parent.decoded(AccountController.InviteResponse.self, .post, "/api/parent/invites", expect: .created).code
            let partner = app.user()
            try await partner.expectError(.post, "/api/join", ["inviteCode": "ABCDE-FGHJK", "name": "Bo", "email": "bo@example.org", "password": TestApp.password],
                                          status: .unprocessableContent, code: "invalid_invite")
            try await partner.expectError(.post, "/api/join", ["inviteCode": "nope", "name": "Bo", "email": "bo@example.org", "password": TestApp.password],
                                          status: .unprocessableContent, code: "invalid_field")
            let joined = try await partner.decoded(AccountController.SessionResponse.self, .post, "/api/join",
                                                   ["inviteCode": code.lowercased(), "name": "Bo", "email": "bo@example.org",
                                                    "password": TestApp.password], expect: .created)
            #expect(joined.family?.name == "Rossi")
            let family = try await parent.decoded(AccountController.FamilyResponse.self, .get, "/api/parent/family")
            #expect(family.parents.count == 2)
            // Used once: the code does not work again.
            try await app.user().expectError(.post, "/api/join", ["inviteCode": code, "name": "Cy", "email": "cy@example.org", "password": TestApp.password],
                                             status: .unprocessableContent, code: "invalid_invite")
            // Expired after 7 days.
            let late = try await parent.decoded(AccountController.InviteResponse.self, .post, "/api/parent/invites", expect: .created)
            app.clock.advance(by: 7 * 24 * 3600 + 1)
            try await app.user().expectError(.post, "/api/join", ["inviteCode": late.code, "name": "Cy", "email": "cy@example.org",
                                                                  "password": TestApp.password], status: .unprocessableContent, code: "invalid_invite")
        }
    }

    @Test(arguments: TestDatabase.all)
    func anInviteIsNotSpentWhenItsAddressWasTakenMeanwhile(_ db: TestDatabase) async throws {
        try await TestApp.run(db) { app in
            let parent = try await app.setUpFamily()
            let code = try await parent.decoded(AccountController.InviteResponse.self, .post, "/api/parent/invites", expect: .created).code
            // The join checked the address; before the new parent went in, a sign-up took it.
            let late = ParentAccount(id: ParentID(UUID().uuidString.lowercased()), familyId: "", email: "ada@example.org", name: "Bo",
                                     passwordHash: "not used", createdAt: app.clock.now)
            await #expect(throws: StorageError.duplicateEmail) {
                try await app.services.families.join(inviteCodeHash: Tokens.hash(try InviteCode.normalized(code)), parent: late, now: app.clock.now)
            }
            // The code was not spent: the parent tries again with their own address.
            let joined = try await app.user().decoded(AccountController.SessionResponse.self, .post, "/api/join",
                                                      ["inviteCode": code, "name": "Bo", "email": "bo@example.org", "password": TestApp.password],
                                                      expect: .created)
            #expect(joined.family?.name == "Rossi")
            #expect(try await app.services.families.parents(in: app.services.families.parent(email: "bo@example.org")!.scope).count == 2)
        }
    }
}
